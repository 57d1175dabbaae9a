import Foundation
import Swivelish

/// A store for tests that makes you assert every state change and every message your effects send.
///
/// ```swift
/// @Test func incrementThenFetch() async {
///     let store = TestStore(initialState: CounterState())
///
///     store.send(CounterMessage.increment(amount: 1)) { $0.count = 1 }
///     store.send(CounterMessage.requestAndIncrement) { $0.isLoading = true }
///     await store.receive(CounterMessage.increment(amount: 42)) {
///         $0.count = 43
///         $0.isLoading = false
///     }
/// }
/// ```
///
/// ``send(_:assert:fileID:filePath:line:column:)`` applies a message and checks that the new state
/// equals the old one changed by your closure; a mismatch fails the test with a field-by-field
/// difference. Messages that effects dispatch are applied as they arrive, like a `Store` does, and
/// queue up for ``receive(_:timeout:assert:fileID:filePath:line:column:)``, which checks them in order
/// with their state changes.
///
/// By default the store is exhaustive (see ``Exhaustivity``): when the test ends (or at ``finish(timeout:fileID:filePath:line:column:)``),
/// a message not received, or an effect still running, fails the test with a message naming it.
/// Failures are reported at the line of the call that found them, through Swift Testing's
/// `Issue.record` when a Swift Testing test is running and XCTest's `XCTFail` otherwise.
///
/// Works with every kind of effect: Swivel's closure form, `Effects` combinators, async and
/// cancellable effects. Unlike a `Store`, it runs an effect's follow-up messages on the thread that
/// dispatches them; use it from one test at a time.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class TestStore<S: State & Equatable>: @unchecked Sendable {
    // `@unchecked Sendable`: the mutable properties below `lock` are guarded by it.
    private let lock = NSLock()
    private var currentState: S
    private var received: [Received] = []
    private var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiter = 0
    private var isFinished = false

    private let effects = EffectScope()
    private let creation: CallSite

    /// How strictly the store checks; see ``Exhaustivity``. May be changed during a test.
    public var exhaustivity: Exhaustivity {
        get { lock.withLock { currentExhaustivity } }
        set { lock.withLock { currentExhaustivity = newValue } }
    }
    private var currentExhaustivity: Exhaustivity

    /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and
    /// ``finish(timeout:fileID:filePath:line:column:)`` wait when not told otherwise.
    public let timeout: Duration

    /// A message an effect dispatched, with the states before and after it was applied.
    private struct Received {
        var message: any Message
        var before: S
        var after: S
    }

    /// Creates a test store holding `initialState`.
    ///
    /// - Parameters:
    ///   - initialState: The state before any message.
    ///   - exhaustivity: How strictly to check; exhaustive by default.
    ///   - timeout: How long to wait for messages and effects when a call does not say.
    ///   - fileID: Where failures found when the store is freed are reported.
    ///   - filePath: Where failures found when the store is freed are reported.
    ///   - line: Where failures found when the store is freed are reported.
    ///   - column: Where failures found when the store is freed are reported.
    public init(
        initialState: S,
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        currentState = initialState
        currentExhaustivity = exhaustivity
        self.timeout = timeout
        creation = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    deinit {
        if !isFinished {
            checkEnd(at: creation, when: "the test store was freed")
        }
        effects.cancel()
    }

    /// The current state.
    public var state: S {
        lock.withLock { currentState }
    }

    /// Applies `message`, checks the state change, and starts the message's effect.
    ///
    /// The check compares the new state with the old state changed by `expectedChange` (with
    /// ``Exhaustivity/off``, with the new state changed by it, which checks only the fields it sets).
    /// Without `expectedChange`, the state must not have changed. In exhaustive mode, every message
    /// effects dispatched earlier must have been received first.
    ///
    /// - Parameters:
    ///   - message: The message to apply.
    ///   - expectedChange: Changes the old state into the state you expect.
    ///   - fileID: The caller's file, for failures.
    ///   - filePath: The caller's file, for failures.
    ///   - line: The caller's line, for failures.
    ///   - column: The caller's column, for failures.
    public func send(
        _ message: any Message,
        assert expectedChange: ((inout S) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let (pending, exhaustivity) = lock.withLock { (received.map(\.message), currentExhaustivity) }
        if exhaustivity == .on, !pending.isEmpty {
            reportFailure(
                "Must receive \(listed(pending)) dispatched by effects before sending \(describe(message))",
                at: site)
        }
        let (before, after, effect) = lock.withLock {
            let before = currentState
            let effect = S.update(&currentState, with: message)
            return (before, currentState, effect)
        }
        check(after, from: before, expectedChange, describing: "sending \(describe(message))", at: site)
        run(effect, of: message)
    }

    /// Checks that the value at `keyPath` of the current state equals `expected`.
    ///
    /// - Parameters:
    ///   - keyPath: The value to check.
    ///   - expected: The value it should have.
    ///   - fileID: The caller's file, for failures.
    ///   - filePath: The caller's file, for failures.
    ///   - line: The caller's line, for failures.
    ///   - column: The caller's column, for failures.
    public func expect<Value: Equatable>(
        _ keyPath: KeyPath<S, Value>,
        _ expected: Value,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let actual = state[keyPath: keyPath]
        guard actual != expected else { return }
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let lines = difference(expected: expected, actual: actual, path: "\(keyPath)")
        reportFailure(
            "\(keyPath) is \(describe(actual)), expected \(describe(expected))"
                + (lines.count > 1 ? ":\n" + lines.joined(separator: "\n") : ""),
            at: site)
    }

    /// Waits for the effects still running, then checks that nothing is left: in exhaustive mode, a
    /// message not received or an effect still running after `timeout` fails the test.
    ///
    /// Effects still running are cancelled. Without this call, the same checks run (without waiting)
    /// when the test store is freed.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait for the effects; the store's ``timeout`` by default.
    ///   - fileID: The caller's file, for failures.
    ///   - filePath: The caller's file, for failures.
    ///   - line: The caller's line, for failures.
    ///   - column: The caller's column, for failures.
    public func finish(
        timeout: Duration? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = await waitUntil(timeout: timeout ?? self.timeout, orEffectsFinish: true) {
            self.effects.runningChildLabels.isEmpty
        }
        checkEnd(at: site, when: "the test finished")
        lock.withLock { isFinished = true }
        effects.cancel()
    }

    /// Forgets the messages received but not asserted, for a test that does not care about them.
    public func skipReceivedMessages() {
        lock.withLock { received.removeAll() }
    }

    // MARK: - Receiving

    /// Waits for the next message an effect dispatched and checks that it equals `expected` and
    /// changed the state as `expectedChange` says.
    ///
    /// In exhaustive mode the next message must be the expected one; with ``Exhaustivity/off``, the
    /// messages before the first match are skipped.
    ///
    /// - Parameters:
    ///   - expected: The message expected next.
    ///   - timeout: How long to wait for it; the store's ``timeout`` by default.
    ///   - expectedChange: Changes the state before the message into the state you expect after it.
    ///   - fileID: The caller's file, for failures.
    ///   - filePath: The caller's file, for failures.
    ///   - line: The caller's line, for failures.
    ///   - column: The caller's column, for failures.
    public func receive<M: Message & Equatable>(
        _ expected: M,
        timeout: Duration? = nil,
        assert expectedChange: ((inout S) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            describing: describe(expected), matching: { ($0 as? M) == expected }, timeout: timeout,
            expectedChange, at: site)
    }

    /// Waits for the next message an effect dispatched and checks that it is an `M` for which
    /// `predicate` holds (for instance, a case match) and changed the state as `expectedChange` says.
    ///
    /// ```swift
    /// await store.receive(SearchMessage.self, where: { if case .loaded = $0 { true } else { false } }) {
    ///     $0.isLoading = false
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the message expected next.
    ///   - predicate: What the message must satisfy; any `M` by default.
    ///   - timeout: How long to wait for it; the store's ``timeout`` by default.
    ///   - expectedChange: Changes the state before the message into the state you expect after it.
    ///   - fileID: The caller's file, for failures.
    ///   - filePath: The caller's file, for failures.
    ///   - line: The caller's line, for failures.
    ///   - column: The caller's column, for failures.
    public func receive<M: Message>(
        _ type: M.Type,
        where predicate: @escaping (M) -> Bool = { _ in true },
        timeout: Duration? = nil,
        assert expectedChange: ((inout S) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            describing: "a matching \(M.self)", matching: { ($0 as? M).map(predicate) ?? false },
            timeout: timeout, expectedChange, at: site)
    }

    private func receive(
        describing expected: String,
        matching matches: (any Message) -> Bool,
        timeout: Duration?,
        _ expectedChange: ((inout S) throws -> Void)?,
        at site: CallSite
    ) async {
        let deadline = ContinuousClock.now + (timeout ?? self.timeout)
        while true {
            let arrived = await waitUntil(timeout: deadline - ContinuousClock.now) {
                self.lock.withLock { !self.received.isEmpty }
            }
            guard arrived else {
                let running = effects.runningChildLabels
                reportFailure(
                    "Expected to receive \(expected), but no message arrived in time"
                        + (running.isEmpty
                            ? "; no effect is running" : "; still running: \(running.joined(separator: ", "))"),
                    at: site)
                return
            }
            let (next, exhaustivity) = lock.withLock { (received.removeFirst(), currentExhaustivity) }
            if matches(next.message) {
                check(
                    next.after, from: next.before, expectedChange, describing: "receiving \(describe(next.message))",
                    at: site)
                return
            }
            if exhaustivity == .on {
                reportFailure("Received \(describe(next.message)), expected \(expected)", at: site)
                return
            }
        }
    }

    // MARK: - Running effects

    /// Runs `effect` in a scope named after `message`, sending what it dispatches to `apply`.
    private func run(_ effect: Effect?, of message: any Message) {
        guard let effect, let scope = effects.makeChild(label: "the effect of \(describe(message))") else { return }
        let dispatcher = Dispatcher(
            send: { [weak self] message, scope in
                if !scope.isCancelled { self?.apply(message) }
            },
            scope: scope,
            schedule: { effect, dispatcher in
                effect(dispatcher)
                return true
            })
        effect(dispatcher)
        scope.close()
    }

    /// Applies a message an effect dispatched, records it for `receive`, and runs its effect.
    private func apply(_ message: any Message) {
        let (effect, waiters) = lock.withLock {
            let before = currentState
            let effect = S.update(&currentState, with: message)
            received.append(Received(message: message, before: before, after: currentState))
            defer { self.waiters = [:] }
            return (effect, Array(self.waiters.values))
        }
        for waiter in waiters { waiter.resume() }
        run(effect, of: message)
    }

    /// Waits until `condition` holds or `timeout` passes, re-checking it when a message arrives (and,
    /// with `orEffectsFinish`, when no effect is running any more); returns whether it holds.
    ///
    /// Only the end of tracked work can wake it besides a message: a closure effect may hand its
    /// `dispatch` to a callback, so "no effect running" does not mean "no message coming".
    private func waitUntil(
        timeout: Duration, orEffectsFinish: Bool = false, _ condition: @escaping @Sendable () -> Bool
    ) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let id = lock.withLock {
                    nextWaiter += 1
                    waiters[nextWaiter] = continuation
                    return nextWaiter
                }
                if orEffectsFinish {
                    effects.onIdle { [weak self] in self?.wake(id) }
                }
                Task { [weak self] in
                    try? await Task.sleep(until: deadline, clock: .continuous)
                    self?.wake(id)
                }
            }
        }
        return true
    }

    private func wake(_ id: Int) {
        lock.withLock { waiters.removeValue(forKey: id) }?.resume()
    }

    // MARK: - Checking

    private func check(
        _ actual: S, from before: S, _ expectedChange: ((inout S) throws -> Void)?, describing action: String,
        at site: CallSite
    ) {
        var expected = exhaustivity == .on ? before : actual
        do {
            try expectedChange?(&expected)
        } catch {
            reportFailure("The expected change for \(action) threw \(error)", at: site)
            return
        }
        guard expected != actual else { return }
        let lines = difference(expected: expected, actual: actual)
        reportFailure(
            "The state after \(action) is not the expected one:\n"
                + (lines.isEmpty ? "(no difference visible field by field)" : lines.joined(separator: "\n")),
            at: site)
    }

    private func checkEnd(at site: CallSite, when moment: String) {
        let (pending, exhaustivity) = lock.withLock { (received.map(\.message), currentExhaustivity) }
        guard exhaustivity == .on else { return }
        if !pending.isEmpty {
            reportFailure(
                "\(pending.count == 1 ? "A message" : "\(pending.count) messages") dispatched by effects "
                    + "\(pending.count == 1 ? "was" : "were") not received when \(moment): \(listed(pending))",
                at: site)
        }
        for running in effects.runningChildLabels.sorted() {
            reportFailure(
                "\(running.prefix(1).uppercased() + running.dropFirst()) was still running when \(moment)", at: site)
        }
    }

    private func listed(_ messages: [any Message]) -> String {
        messages.map { describe($0) }.joined(separator: ", ")
    }
}
