import Foundation
import Swivelish

/// The task of an effect a store of a ``TestClock`` started, as the clock follows it: how many sleeps on
/// the clock it (or a child task of it) is in, and whether it has ended. Guarded by the clock's lock.
final class EffectTaskRecord: @unchecked Sendable {
    /// The clock that follows the task.
    unowned let clock: TestClock
    var sleeps = 0
    var hasEnded = false

    init(clock: TestClock) {
        self.clock = clock
    }
}

/// What was still busy when a wait for the effects of a ``TestClock``'s stores timed out.
struct StillBusy {
    /// Effects committed that had not run.
    let pendingEffects: Int
    /// Effect tasks that neither slept on the clock nor had ended.
    let busyTasks: Int
}

/// A task waiting for the effects of a ``TestClock``'s stores to be ready: every effect committed has run,
/// and every effect task sleeps on the clock or has ended.
struct Waiter {
    /// Resumed with `nil` when the effects are ready, or with what is still busy when the wait times out.
    let continuation: CheckedContinuation<StillBusy?, Never>
}

/// What the stores of a ``TestClock`` are doing, counted under the clock's lock.
struct EffectActivity {
    /// Effects committed that have not run yet.
    private(set) var pendingEffects = 0
    /// Effect tasks that neither sleep on the clock nor have ended.
    private(set) var busyTasks = 0
    private var waiters: [UInt64: Waiter] = [:]
    private var nextWaiter: UInt64 = 0

    /// Whether every effect has run and every effect task sleeps on the clock or has ended.
    var isReady: Bool {
        pendingEffects == 0 && busyTasks == 0
    }

    /// What is busy, or `nil` when the effects are ready.
    var stillBusy: StillBusy? {
        isReady ? nil : StillBusy(pendingEffects: pendingEffects, busyTasks: busyTasks)
    }

    mutating func effectCommitted() {
        pendingEffects += 1
    }

    /// Returns the waiters to resume, now that one more effect has run.
    mutating func effectRan() -> [Waiter] {
        pendingEffects -= 1
        return takeWaitersIfReady()
    }

    mutating func taskStarts() {
        busyTasks += 1
    }

    mutating func taskEnds(_ task: EffectTaskRecord) -> [Waiter] {
        task.hasEnded = true
        if task.sleeps == 0 {
            busyTasks -= 1
        }
        return takeWaitersIfReady()
    }

    mutating func taskSleeps(_ task: EffectTaskRecord) -> [Waiter] {
        task.sleeps += 1
        if task.sleeps == 1 && !task.hasEnded {
            busyTasks -= 1
        }
        return takeWaitersIfReady()
    }

    mutating func taskWakes(_ task: EffectTaskRecord) {
        task.sleeps -= 1
        if task.sleeps == 0 && !task.hasEnded {
            busyTasks += 1
        }
    }

    /// Registers a waiter; returns its number, or `nil` when the effects are ready already.
    mutating func wait(with continuation: CheckedContinuation<StillBusy?, Never>) -> UInt64? {
        guard !isReady else { return nil }
        nextWaiter += 1
        waiters[nextWaiter] = Waiter(continuation: continuation)
        return nextWaiter
    }

    /// Removes waiter `id` when it is still waiting.
    mutating func stopWaiting(_ id: UInt64) -> Waiter? {
        waiters.removeValue(forKey: id)
    }

    private mutating func takeWaitersIfReady() -> [Waiter] {
        guard isReady, !waiters.isEmpty else { return [] }
        defer { waiters = [:] }
        return Array(waiters.values)
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension TestClock: EffectActivityTracker {
    @usableFromInline
    package func effectCommitted() {
        lock.withLock { activity.effectCommitted() }
    }

    @usableFromInline
    package func effectRan() {
        resume(lock.withLock { activity.effectRan() })
    }

    @usableFromInline
    package func effectTaskStarting() -> any AnyObject & Sendable {
        lock.withLock { activity.taskStarts() }
        return EffectTaskRecord(clock: self)
    }

    @usableFromInline
    package func effectTaskEnded(_ record: any AnyObject & Sendable) {
        guard let task = record as? EffectTaskRecord else { return }
        resume(lock.withLock { activity.taskEnds(task) })
    }

    /// Resumes `waiters`, after the lock was released.
    func resume(_ waiters: [Waiter]) {
        for waiter in waiters {
            waiter.continuation.resume(returning: nil)
        }
    }

    /// Returns `nil` once every effect of the clock's stores has run and every effect task sleeps on the
    /// clock or has ended; or, when `deadline` of real time passes first, what was still busy then.
    func effectsReady(before deadline: ContinuousClock.Instant) async -> StillBusy? {
        if lock.withLock({ activity.isReady }) {
            return nil
        }
        guard ContinuousClock.now < deadline else {
            return lock.withLock { activity.stillBusy }
        }
        return await withCheckedContinuation { (continuation: CheckedContinuation<StillBusy?, Never>) in
            guard let id = lock.withLock({ activity.wait(with: continuation) }) else {
                continuation.resume(returning: nil)
                return
            }
            Task.detached { [weak self] in
                try? await Task.sleep(until: deadline, clock: .continuous)
                guard let self else {
                    return
                }
                let (waiter, stillBusy) = lock.withLock { (activity.stopWaiting(id), activity.stillBusy) }
                waiter?.continuation.resume(returning: stillBusy)
            }
        }
    }
}
