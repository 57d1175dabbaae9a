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
///     await store.finish()
/// }
/// ```
///
/// ``send(_:assert:fileID:filePath:line:column:)`` applies a message and checks that the new state
/// equals the old one changed by your closure; a mismatch fails the test with a field-by-field
/// difference. Messages that effects dispatch are applied as they arrive and queue up for
/// ``receive(_:timeout:assert:fileID:filePath:line:column:)``, which checks them in order with their
/// state changes. A message an effect sends that reaches no state, a late message of a child that is gone
/// (see `StoreEvent.notAppliedReason`), is not current: it does not queue, and the test does not receive it.
///
/// ## The same store as the app's
///
/// A test store runs your state in a real `Store`, so what a test sees is what the app does: messages
/// are applied one at a time under the store's lock, and effects run as the store runs them: started
/// one at a time, on the thread delivering the store's changes, in message order (an `Effects.run` body
/// then runs in its own task, beside the others), with the same cancellation (see the Thread model
/// article of Swivelish's documentation). An effect of a message you send usually runs on your test's
/// thread before `send` returns; a message an effect dispatches from a task is applied at once, and its
/// own effect runs on that task's thread. Every kind of effect works: Swivel's closure form, `Effects`
/// combinators, async and cancellable effects.
///
/// ## Exhaustivity and failures
///
/// By default the store is exhaustive (see ``Exhaustivity``): when the test ends (at
/// ``finish(timeout:fileID:filePath:line:column:)``, or when the store is freed), a message not
/// received, or an effect still running, fails the test with a message naming it.
///
/// Failures are reported at the line of the call that found them (those found when the store is freed,
/// at the line that made it), to the test that made the store, whichever thread or task finds them. That
/// test is found once, when the store is made, from what is running there:
/// - a Swift Testing test current on the task: `Issue.record`, for that test;
/// - an XCTest test case running (SwivelishTesting follows XCTest's test cases from the first test store
///   of a run on): `XCTFail`, for that test case, even from another thread;
/// - neither (the store was made in a detached task or on another thread of a Swift Testing test):
///   `Issue.record`, which fails the run and says that the store was made outside a test, `XCTFail`, and
///   standard error. A failure is never silent, but make the store in the test itself.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class TestStore<S: State & Equatable>: Sendable {
    /// The real store, holding the test's state with the recorder that sees every message applied.
    let store: Store<Recorded<S>>
    let recorder: Recorder<S>
    let reporter: FailureReporter
    private let creation: CallSite

    /// How strictly the store checks; see ``Exhaustivity``. May be changed during a test.
    public var exhaustivity: Exhaustivity {
        get { recorder.exhaustivity }
        set { recorder.exhaustivity = newValue }
    }

    /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:)`` and
    /// ``finish(timeout:fileID:filePath:line:column:)`` wait when not told otherwise.
    public let timeout: Duration

    /// Creates a test store holding `initialState`.
    ///
    /// Make it in the test itself: it reports to the test framework whose test is running here (see
    /// ``TestStore``).
    ///
    /// - Parameters:
    ///   - initialState: The state before any message.
    ///   - dependencies: What the effects read from their `dispatch`, as for a `Store`: set the values the
    ///     test replaces (a `TestClock`, a client that answers at once). A key not set gives its
    ///     `testValue`; an effect that reads one that has none fails the test, naming the key and the
    ///     message whose effect read it, and is cancelled. The clock has no test value.
    ///   - exhaustivity: How strictly to check; exhaustive by default.
    ///   - timeout: How long to wait for messages and effects when a call does not say.
    ///   - fileID: Where failures found when the store is freed are reported.
    ///   - filePath: Where failures found when the store is freed are reported.
    ///   - line: Where failures found when the store is freed are reported.
    ///   - column: Where failures found when the store is freed are reported.
    public convenience init(
        initialState: S,
        dependencies: Dependencies = Dependencies(),
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.init(
            initialState: initialState, dependencies: dependencies, exhaustivity: exhaustivity, timeout: timeout,
            reporter: FailureReporter(), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Creates a test store that reports its failures through `reporter`; `beforeWaiting` is called
    /// when a `receive` or `finish` is about to wait, for tests of the waiting.
    init(
        initialState: S,
        dependencies: Dependencies = Dependencies(),
        exhaustivity: Exhaustivity = .on,
        timeout: Duration = .seconds(1),
        reporter: FailureReporter,
        beforeWaiting: (@Sendable () -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let creation = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let reported = ReportedKeys()
        recorder = Recorder(exhaustivity: exhaustivity, beforeWaiting: beforeWaiting) { key, message in
            // Once per key: an effect that reads it in a loop says it once.
            guard reported.insert(key) else { return }
            reporter.report(
                "The effect of \(message) used \(key) with no value set for the test and no test value: "
                    + "give the TestStore one (TestStore(initialState:dependencies:)), or declare its testValue. "
                    + "The effect was cancelled.",
                at: creation)
        }
        var dependencies = dependencies
        dependencies.testContext = DependencyTestContext { key in
            // Read outside any effect of a message (effects get a context naming their message).
            guard reported.insert(key) else { return }
            reporter.report("\(key) was read with no value set for the test and no test value", at: creation)
        }
        store = Store(initialState: Recorded(base: initialState, recorder: recorder), dependencies: dependencies)
        self.reporter = reporter
        self.timeout = timeout
        self.creation = creation
    }

    deinit {
        if !recorder.isFinished {
            checkEnd(at: creation, when: "the test store was freed")
        }
        // Freeing `store` next cancels the effects still running.
    }

    /// The current state.
    public var state: S {
        store.state.base
    }

    /// Applies `message`, checks the state change, and runs the message's effect as a `Store` does.
    ///
    /// The message is applied before `send` returns, and the check compares the state it made with the
    /// state before it changed by `expectedChange` (with ``Exhaustivity/off``, with the new state
    /// changed by it, which checks only the fields it sets). Without `expectedChange`, the state must
    /// not have changed. In exhaustive mode, every message effects dispatched earlier must have been
    /// received first.
    ///
    /// The effect runs where the store runs effects: usually on this thread, before `send` returns
    /// (what it dispatches meanwhile is applied too, and waits for `receive`); on the thread that is
    /// delivering, when an effect's task is dispatching at the same time.
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
        let pending = recorder.pendingMessages
        if exhaustivity == .on, !pending.isEmpty {
            reporter.report(
                "Must receive \(listed(pending)) dispatched by effects before sending \(codeDescription(of: message))",
                at: site)
        }
        let id = recorder.makeSentID()
        store.dispatch(Sent(id: id, message: message))
        guard let applied = recorder.takeSent(id) else {
            // A store applies a message before `dispatch` returns; this is a bug of the test store.
            reporter.report("Sending \(codeDescription(of: message)) did not apply it", at: site)
            return
        }
        check(
            applied.after, from: applied.before, expectedChange, describing: "sending \(codeDescription(of: message))",
            at: site)
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
        reporter.report(
            "\(keyPath) is \(describe(actual)), expected \(describe(expected))"
                + (lines.count > 1 ? ":\n" + lines.joined(separator: "\n") : ""),
            at: site)
    }

    /// Waits for the effects still running, then checks that nothing is left: in exhaustive mode, a
    /// message not received or an effect still running after `timeout` fails the test.
    ///
    /// It returns as soon as every effect has finished (an async effect when its task has ended, a
    /// closure effect when it has returned: work it handed to a callback is not waited for). Then the
    /// effects still running are cancelled, as freeing the store would. Without this call, the same
    /// checks run (without waiting) when the test store is freed.
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
        _ = await recorder.waitForEffects(until: ContinuousClock.now + (timeout ?? self.timeout))
        checkEnd(at: site, when: "the test finished")
        recorder.isFinished = true
        store.rootEffectScope?.cancel()
    }

    /// Forgets the messages received but not asserted, for a test that does not care about them.
    public func skipReceivedMessages() {
        recorder.skipReceived()
    }

    /// The waiting done so far by `receive` and `finish`, for tests of the waiting itself.
    var waitStatistics: Recorder<S>.WaitStatistics {
        recorder.waitStatistics
    }
}
