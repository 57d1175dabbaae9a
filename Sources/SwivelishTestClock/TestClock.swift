import Foundation
import Swivelish

/// A clock whose time moves only when a test advances it, so that effects that wait (a debounce, a
/// timeout, a timer) are tested without waiting in real time.
///
/// Give it to the store as its `Dependencies.clock` of Swivelish, then advance it past the waits:
///
/// ```swift
/// let clock = TestClock()
/// let store = TestStore(initialState: SearchState(), dependencies: Dependencies { $0.clock = clock })
/// store.send(SearchMessage.queryChanged("swift")) { $0.query = "swift" }
/// await clock.advance(by: .milliseconds(300))
/// await store.receive(SearchMessage.resultsLoaded(["Swift"])) { $0.results = ["Swift"] }
/// ```
///
/// Its time starts at zero. `sleep(until:)` returns at once for a deadline that has passed; otherwise it
/// waits until ``advance(by:)`` moves the time to the deadline or past it, or until its task is
/// cancelled (it then throws `CancellationError`).
///
/// ## Time moves only when the effects are ready for it
///
/// A store that waits on this clock tells it of its effects. ``advance(by:)`` moves time only once every
/// effect committed has run, and every task that `Effects.run` started has reached a
/// sleep on this clock or ended; it then wakes the sleepers whose deadline it reaches, earliest first,
/// and waits for the same again before it looks for the next deadline, and before it returns. So a test
/// that sends a message whose effect sleeps in a task, then advances the clock, wakes that sleep, however
/// late the task starts; a timer that sleeps again after each tick ticks once per interval advanced; and
/// what the woken effects dispatch has been applied when `advance` returns.
///
/// What it cannot see it does not wait for: a task an effect starts itself (`Task { }`), and a task
/// that waits for something else than this clock (a request that never answers). For the latter,
/// `advance` waits up to `effectTimeout` of real time, then moves time anyway, saying so on standard
/// error; it does not wait again in the same call, so it wakes the sleepers it reaches without waiting
/// for them, and what they dispatch may be applied after it returns (`TestStore.receive` waits for it).
///
/// It is the module `SwivelishTestClock`, which SwivelishTesting re-exports. It links neither XCTest
/// nor Swift Testing, so an app may link it too, for a mode whose time moves only when told (a scripted
/// session, a demo).
///
/// Safe to use from any thread.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class TestClock: Clock, @unchecked Sendable {
    // `@unchecked Sendable`: every mutable property, and those of the task records, are guarded by `lock`.

    /// A moment of a ``TestClock``: the time since the clock started.
    public struct Instant: InstantProtocol, Sendable {
        /// The time since the clock started.
        public var offset: Duration

        /// Creates the instant `offset` after the clock's start.
        ///
        /// - Parameter offset: The time since the clock started.
        public init(offset: Duration = .zero) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `left` comes before `right`.
        public static func < (left: Instant, right: Instant) -> Bool {
            left.offset < right.offset
        }
    }

    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
        /// The effect task sleeping, when a store of this clock started it.
        let task: EffectTaskRecord?
    }

    /// One call of ``sleep(until:tolerance:)``: whether its task was cancelled. Guarded by the clock's lock.
    private final class PendingSleep: @unchecked Sendable {
        let id: UInt64
        var isCancelled = false

        init(id: UInt64) {
            self.id = id
        }
    }

    let lock = NSLock()
    private var time = Instant()
    private var sleepers: [UInt64: Sleeper] = [:]
    private var nextSleeper: UInt64 = 0
    /// What the stores waiting on this clock are doing (see ``EffectActivity``).
    var activity = EffectActivity()

    /// How long ``advance(by:)`` waits, in real time, for the effects to be ready (see ``TestClock``).
    public let effectTimeout: Duration

    /// How many waits for the effects have timed out so far: at most one per ``advance(by:)`` or ``run()``
    /// call. Guarded by `lock`; for the clock's own tests (wall-clock time alone cannot tell one timeout
    /// from two on a loaded machine).
    var timedOutWaits = 0

    /// Creates a clock at time zero.
    ///
    /// - Parameter effectTimeout: How long ``advance(by:)`` waits, in real time, for the effects of the
    ///   stores on this clock to run and their tasks to sleep on it or end, before it moves time anyway;
    ///   5 seconds by default.
    public init(effectTimeout: Duration = .seconds(5)) {
        self.effectTimeout = effectTimeout
    }

    /// The current time: zero plus every advance so far.
    public var now: Instant {
        lock.withLock { time }
    }

    /// The finest step of the clock: none, any duration may be advanced.
    public var minimumResolution: Duration {
        .zero
    }

    /// The number of tasks sleeping on the clock now.
    public var sleeperCount: Int {
        lock.withLock { sleepers.count }
    }

    /// Waits until the clock reaches `deadline` (at once if it has), or until the task is cancelled.
    ///
    /// A cancellation that arrives at any moment ends the wait with `CancellationError`, even one that
    /// arrives as the wait begins: the check for cancellation and the registration as a sleeper are one
    /// step under the clock's lock.
    ///
    /// - Parameters:
    ///   - deadline: When to wake up.
    ///   - tolerance: Ignored: the clock moves only when advanced.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let task = (EffectTask.current as? EffectTaskRecord).flatMap { $0.clock === self ? $0 : nil }
        let sleep = lock.withLock { () -> PendingSleep in
            nextSleeper += 1
            return PendingSleep(id: nextSleeper)
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, ready) = lock.withLock { () -> (Result<Void, any Error>?, [Waiter]) in
                    if sleep.isCancelled { return (.failure(CancellationError()), []) }
                    guard time < deadline else { return (.success(()), []) }
                    sleepers[sleep.id] = Sleeper(deadline: deadline, continuation: continuation, task: task)
                    return (nil, task.map { activity.taskSleeps($0) } ?? [])
                }
                if let outcome {
                    continuation.resume(with: outcome)
                }
                resume(ready)
            }
        } onCancel: {
            let sleeper = lock.withLock { () -> Sleeper? in
                // Before the sleeper is registered, the mark makes the registration throw instead.
                sleep.isCancelled = true
                guard let sleeper = sleepers.removeValue(forKey: sleep.id) else { return nil }
                if let task = sleeper.task { activity.taskWakes(task) }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the time forward by `duration`: once the effects are ready for it (see ``TestClock``), wakes
    /// the sleepers whose deadline it reaches, earliest first, each deadline in turn, and returns when
    /// what they did is done.
    ///
    /// Each time it waits for the effects, it waits up to ``effectTimeout`` of real time. Once a wait has
    /// timed out, the rest of the call moves time without waiting again, and says so once on standard
    /// error: an effect stuck on something else than the clock holds it back for one timeout, not one per
    /// deadline.
    ///
    /// - Parameter duration: How far to move; not negative.
    public func advance(by duration: Duration) async {
        precondition(duration >= .zero, "TestClock: cannot advance by a negative duration (\(duration))")
        var wait = EffectWait(clock: self)
        await advance(by: duration, waiting: &wait)
    }

    /// Moves the time to the latest deadline of the tasks sleeping once the effects are ready, waking them
    /// all, as ``advance(by:)`` does (it, too, stops waiting after its first timeout).
    public func run() async {
        var wait = EffectWait(clock: self)
        await wait.untilReady()
        let latest = lock.withLock { sleepers.values.map(\.deadline).max() }
        guard let latest else { return }
        await advance(by: max(.zero, now.duration(to: latest)), waiting: &wait)
    }

    private func advance(by duration: Duration, waiting wait: inout EffectWait) async {
        let target = lock.withLock { time.advanced(by: duration) }
        while true {
            await wait.untilReady()
            let due = lock.withLock { () -> [Sleeper]? in
                let earliest = sleepers.values.lazy.map(\.deadline).filter { $0 <= target }.min()
                guard let earliest else {
                    time = max(time, target)
                    return nil
                }
                time = max(time, earliest)
                let due = sleepers.filter { $0.value.deadline <= earliest }.sorted { $0.key < $1.key }
                for (id, sleeper) in due {
                    sleepers[id] = nil
                    if let task = sleeper.task { activity.taskWakes(task) }
                }
                return due.map(\.value)
            }
            guard let due else { break }
            for sleeper in due {
                sleeper.continuation.resume()
            }
        }
        await wait.untilReady()
    }

    /// The waits for the effects of one ``advance(by:)`` or ``run()``: each up to ``effectTimeout`` of real
    /// time, until one times out; the effects are then stuck (a task waits for something else than the
    /// clock), and the later waits of the same call do not wait, with one warning for them all.
    private struct EffectWait {
        let clock: TestClock
        var hasTimedOut = false

        init(clock: TestClock) {
            self.clock = clock
        }

        mutating func untilReady() async {
            guard !hasTimedOut,
                let stillBusy = await clock.effectsReady(before: .now.advanced(by: clock.effectTimeout))
            else { return }
            hasTimedOut = true
            clock.lock.withLock { clock.timedOutWaits += 1 }
            let text =
                "TestClock: waited \(clock.effectTimeout) for \(stillBusy.pendingEffects) effect(s) to run and "
                + "\(stillBusy.busyTasks) effect task(s) to sleep on the clock or end; moving time anyway\n"
            FileHandle.standardError.write(Data(text.utf8))
        }
    }
}
