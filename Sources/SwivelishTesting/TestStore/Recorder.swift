import Foundation
import Swivelish

/// What a test store's real store did, and the tasks waiting for it to do more.
///
/// ``Recorded`` writes it from `update` (with the store's lock held) and from its effects' ends (on
/// any thread); the test store reads it. It holds:
/// - the messages effects sent, with the states before and after each, until `receive` takes them;
/// - the entry of each message the test sent, until `send` reads it;
/// - the effects committed and not finished, by the message that returned them;
/// - the tasks waiting for a message or for the effects to finish, each with a timer;
/// - the test store's settings (``exhaustivity``, ``isFinished``).
///
/// Waiting never loses a wake-up: a waiter checks its condition and registers in one step under the
/// lock, and every change that may satisfy a condition wakes the waiters it satisfies, in the same step
/// as the change. A wait whose condition already holds costs no task and no timer; a waiter's timer
/// is cancelled as soon as the waiter is woken, and a waiter leaves nothing registered behind.
///
/// `@unchecked Sendable`: every mutable property is guarded by `lock`. Lock order: the store's lock,
/// then this one (``record(_:before:after:sentID:hasEffect:isCurrent:)`` runs inside `update`); nothing here
/// calls the store. Continuations are resumed and timers cancelled after unlocking, and values that
/// hold the user's states or messages leave the lock to be released by the caller.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
final class Recorder<Base: State>: @unchecked Sendable {
    /// A message applied to the state, with the states before and after it.
    struct Entry {
        let message: any Message
        let before: Base
        let after: Base
    }

    /// What a task waits for.
    enum Condition {
        /// A message an effect sent, not taken yet.
        case message
        /// No effect running: every effect committed has finished.
        case effectsFinished
    }

    /// Counts of the waiting done so far, for tests of the waiting itself.
    struct WaitStatistics: Equatable {
        /// Waits that had to suspend, each with a timer task.
        var timersStarted = 0
        /// Timers cancelled because their waiter was woken first.
        var timersCancelled = 0
        /// Timers that reached their deadline with their waiter still waiting.
        var timeouts = 0
        /// Waiters registered now.
        var waiting = 0
    }

    private struct Waiter {
        let condition: Condition
        let continuation: CheckedContinuation<Bool, Never>
        /// Stored just after the waiter registers; `nil` until then.
        var timer: Task<Void, Never>?
    }

    private let lock = NSLock()
    private var received: [Entry] = []
    private var sent: [UInt64: Entry] = [:]
    private var nextSentID: UInt64 = 0
    private var running: [UInt64: any Message] = [:]
    private var nextEffectID: UInt64 = 0
    private var waiters: [UInt64: Waiter] = [:]
    private var nextWaiterID: UInt64 = 0
    private var statistics = WaitStatistics()
    private var currentExhaustivity: Exhaustivity
    private var finished = false
    /// Called when a wait has found its condition false and is about to register, for tests that make
    /// a change arrive at that moment.
    private let beforeWaiting: (@Sendable () -> Void)?

    /// Called with the name of a dependency read without a value or a test value, and a description of
    /// the message whose effect read it.
    let reportMissingTestValue: @Sendable (_ key: String, _ message: String) -> Void

    init(
        exhaustivity: Exhaustivity, beforeWaiting: (@Sendable () -> Void)? = nil,
        reportMissingTestValue: @escaping @Sendable (_ key: String, _ message: String) -> Void = { _, _ in }
    ) {
        currentExhaustivity = exhaustivity
        self.beforeWaiting = beforeWaiting
        self.reportMissingTestValue = reportMissingTestValue
    }

    // MARK: - Settings

    /// How strictly the test store checks.
    var exhaustivity: Exhaustivity {
        get { locked { currentExhaustivity } }
        set { locked { currentExhaustivity = newValue } }
    }

    /// Whether `finish` has run its checks, so that freeing the test store does not repeat them.
    var isFinished: Bool {
        get { locked { finished } }
        set { locked { finished = newValue } }
    }

    // MARK: - Recording (from the store)

    /// Records a message the store applied: for `send` to read when the test sent it (`sentID`), for
    /// `receive` otherwise. Returns the id to report the end of its effect with, when it has one.
    ///
    /// Called by `update`, with the store's lock held.
    func record(
        _ message: any Message, before: Base, after: Base, sentID: UInt64?, hasEffect: Bool, isCurrent: Bool = true
    ) -> UInt64? {
        let entry = Entry(message: message, before: before, after: after)
        lock.lock()
        var effectID: UInt64?
        if hasEffect {
            nextEffectID += 1
            running[nextEffectID] = message
            effectID = nextEffectID
        }
        let woken: [Waiter]
        if let sentID {
            sent[sentID] = entry
            woken = []
        } else if isCurrent {
            received.append(entry)
            woken = takeWaiters(satisfied: .message)
        } else {
            woken = []  // an effect's message that reached no state: nothing for the test to receive
        }
        lock.unlock()
        wake(woken)
        return effectID
    }

    /// Records that the effect `id` has finished, or will never run.
    func effectFinished(_ id: UInt64) {
        lock.lock()
        let message = running.removeValue(forKey: id)
        let woken = running.isEmpty ? takeWaiters(satisfied: .effectsFinished) : []
        lock.unlock()
        _ = consume message  // released unlocked: it is the user's
        wake(woken)
    }

    // MARK: - Reading (from the test store)

    /// A number for a message the test sends, to find its entry with ``takeSent(_:)``.
    func makeSentID() -> UInt64 {
        locked {
            nextSentID += 1
            return nextSentID
        }
    }

    /// The entry of the message the test sent as `id`, once; `nil` if the store has not applied it.
    func takeSent(_ id: UInt64) -> Entry? {
        locked { sent.removeValue(forKey: id) }
    }

    /// The messages effects sent that no `receive` has taken yet, oldest first.
    var pendingMessages: [any Message] {
        locked { received.map(\.message) }
    }

    /// The messages whose effects are still running, in the order they were applied.
    var messagesWithRunningEffects: [any Message] {
        locked { running.sorted { $0.key < $1.key }.map(\.value) }
    }

    /// Forgets the messages effects sent that no `receive` has taken.
    func skipReceived() {
        let skipped = locked { () -> [Entry] in
            defer { received = [] }
            return received
        }
        _ = consume skipped  // released unlocked: entries hold the user's states
    }

    /// Takes the oldest message an effect sent, waiting for one until `deadline`; `nil` if none came.
    func nextReceived(waitingUntil deadline: ContinuousClock.Instant) async -> Entry? {
        while true {
            if let entry = takeReceived() {
                return entry
            }
            guard await wait(for: .message, until: deadline) else {
                return takeReceived()
            }
        }
    }

    /// Waits until every effect has finished or `deadline` passes; returns whether they have.
    func waitForEffects(until deadline: ContinuousClock.Instant) async -> Bool {
        await wait(for: .effectsFinished, until: deadline)
    }

    /// The waiting done so far.
    var waitStatistics: WaitStatistics {
        locked {
            var current = statistics
            current.waiting = waiters.count
            return current
        }
    }

    private func takeReceived() -> Entry? {
        locked { received.isEmpty ? nil : received.removeFirst() }
    }

    // MARK: - Waiting

    /// Waits until `condition` holds or `deadline` passes; returns whether it holds.
    ///
    /// The check and the registration are one step under the lock, so a change made between them
    /// cannot be missed. When the condition holds already, no continuation, task or timer is made.
    private func wait(for condition: Condition, until deadline: ContinuousClock.Instant) async -> Bool {
        if locked({ holds(condition) }) {
            return true
        }
        beforeWaiting?()
        return await withCheckedContinuation { continuation in
            let id = locked { () -> UInt64? in
                guard !holds(condition) else { return nil }
                nextWaiterID += 1
                waiters[nextWaiterID] = Waiter(condition: condition, continuation: continuation)
                statistics.timersStarted += 1
                return nextWaiterID
            }
            guard let id else {
                continuation.resume(returning: true)
                return
            }
            let timer = Task { [weak self] in
                do {
                    try await Task.sleep(until: deadline, clock: .continuous)
                } catch {
                    return  // cancelled: the waiter was woken
                }
                self?.timeOut(id)
            }
            let wokenAlready = locked { () -> Bool in
                guard waiters[id] != nil else {
                    statistics.timersCancelled += 1
                    return true
                }
                waiters[id]?.timer = timer
                return false
            }
            if wokenAlready {
                timer.cancel()
            }
        }
    }

    private func timeOut(_ id: UInt64) {
        let waiter = locked { () -> Waiter? in
            guard let waiter = waiters.removeValue(forKey: id) else { return nil }
            statistics.timeouts += 1
            return waiter
        }
        waiter?.continuation.resume(returning: false)
    }

    /// Removes the waiters for `condition`, which holds now. Call with the lock held, and ``wake(_:)``
    /// them after unlocking.
    private func takeWaiters(satisfied condition: Condition) -> [Waiter] {
        guard !waiters.isEmpty else { return [] }
        var woken: [Waiter] = []
        for (id, waiter) in waiters where waiter.condition == condition {
            waiters[id] = nil
            if waiter.timer != nil {
                statistics.timersCancelled += 1
            }
            woken.append(waiter)
        }
        return woken
    }

    /// Cancels the timers of `woken` and resumes them. Neither runs the waiting code here: a resumed
    /// task continues on its executor, a cancelled timer ends in its own task.
    private func wake(_ woken: [Waiter]) {
        for waiter in woken {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    private func holds(_ condition: Condition) -> Bool {
        switch condition {
        case .message: !received.isEmpty
        case .effectsFinished: running.isEmpty
        }
    }

    private func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// The dependencies a test store has reported, so that each is reported once.
///
/// `@unchecked Sendable`: `keys` is guarded by `lock`.
final class ReportedKeys: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: Set<String> = []

    /// Adds `key`; returns whether it was new.
    func insert(_ key: String) -> Bool {
        lock.withLock { keys.insert(key).inserted }
    }
}
