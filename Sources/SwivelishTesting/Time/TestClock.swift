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
/// clock.advance(by: .milliseconds(300))
/// await store.receive(SearchMessage.resultsLoaded(["Swift"])) { $0.results = ["Swift"] }
/// ```
///
/// Its time starts at zero. `sleep(until:)` returns at once for a deadline that has passed; otherwise it
/// waits until ``advance(by:)`` moves the time to the deadline or past it, or until its task is
/// cancelled (it then throws `CancellationError`). ``advance(by:)`` wakes every sleeper whose deadline
/// it reaches, earliest deadline first, before it returns; the woken tasks go on, on their executors,
/// right after. Safe to use from any thread.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public final class TestClock: Clock, @unchecked Sendable {
    // `@unchecked Sendable`: `time`, `sleepers` and `nextSleeper` are guarded by `lock`.

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
    }

    /// One call of ``sleep(until:tolerance:)``: whether its task was cancelled. Guarded by the clock's lock.
    private final class PendingSleep: @unchecked Sendable {
        let id: UInt64
        var isCancelled = false

        init(id: UInt64) {
            self.id = id
        }
    }

    private let lock = NSLock()
    private var time = Instant()
    private var sleepers: [UInt64: Sleeper] = [:]
    private var nextSleeper: UInt64 = 0

    /// Creates a clock at time zero.
    public init() {}

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
        let sleep = lock.withLock { () -> PendingSleep in
            nextSleeper += 1
            return PendingSleep(id: nextSleeper)
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = lock.withLock { () -> Result<Void, any Error>? in
                    if sleep.isCancelled { return .failure(CancellationError()) }
                    guard time < deadline else { return .success(()) }
                    sleepers[sleep.id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let outcome {
                    continuation.resume(with: outcome)
                }
            }
        } onCancel: {
            let sleeper = lock.withLock { () -> Sleeper? in
                // Before the sleeper is registered, the mark makes the registration throw instead.
                sleep.isCancelled = true
                return sleepers.removeValue(forKey: sleep.id)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the time forward by `duration` and wakes the sleepers whose deadline it reaches, earliest
    /// first.
    ///
    /// - Parameter duration: How far to move; not negative.
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "TestClock: cannot advance by a negative duration (\(duration))")
        let woken = lock.withLock { () -> [Sleeper] in
            time = time.advanced(by: duration)
            let due = sleepers.filter { $0.value.deadline <= time }.sorted { $0.value.deadline < $1.value.deadline }
            for (id, _) in due {
                sleepers[id] = nil
            }
            return due.map(\.value)
        }
        for sleeper in woken {
            sleeper.continuation.resume()
        }
    }

    /// Moves the time to the latest deadline of the tasks sleeping now, waking them all.
    public func run() {
        let latest = lock.withLock { sleepers.values.map(\.deadline).max() }
        guard let latest else { return }
        advance(by: now.duration(to: latest))
    }
}
