/// The intervals of ``Effects/throttle(_:id:for:latest:)``, by id, for one store.
///
/// An interval opens when a throttled effect runs and lasts until its deadline on the store's clock. An
/// effect that arrives during it is held (the latest replaces the one held) or dropped. Whether an
/// interval is over is read from the clock when an effect arrives, so it does not depend on when the
/// interval's timer task gets to run: with a test clock, an effect sent right after the clock was
/// advanced past the deadline starts a new interval. The timer runs the held effect at the deadline; an
/// effect that arrives after the deadline, before the timer did, runs the held effect itself first.
///
/// `@unchecked Sendable`: `intervals` and `nextGeneration` are guarded by `lock`. Held effects (which
/// hold the user's closures) are released after unlocking.
final class ThrottleRegistry: @unchecked Sendable {
    /// An open interval: its number, whether its deadline has passed, and the effect held for its end.
    private struct Interval {
        let generation: UInt64
        let isOver: @Sendable () -> Bool
        var held: Effect?
    }

    /// What the caller of ``arrive(id:effect:keepsLatest:isOver:)`` does.
    enum Arrival {
        /// Run `effect` now, in the new interval `generation`, and start its timer.
        case run(Effect, generation: UInt64)
        /// Nothing: the effect was held or dropped.
        case wait
    }

    private let lock = Lock()
    private var intervals: [EffectID: Interval] = [:]
    private var nextGeneration: UInt64 = 0

    /// An effect arrives under `id`. `isOver` tells whether an interval opened now would be over; it is
    /// kept when the arrival opens one.
    func arrive(
        id: EffectID, effect: @escaping Effect, keepsLatest: Bool, isOver: @escaping @Sendable () -> Bool
    ) -> Arrival {
        let (arrival, replaced) = lock.withLock("the throttle registry") {
            arriveLocked(id: id, effect: effect, keepsLatest: keepsLatest, isOver: isOver)
        }
        _ = replaced  // released here, unlocked
        return arrival
    }

    /// ``arrive(id:effect:keepsLatest:isOver:)`` with the lock held; also returns the effect it stopped
    /// holding, for the caller to release after unlocking.
    private func arriveLocked(
        id: EffectID, effect: @escaping Effect, keepsLatest: Bool, isOver: @escaping @Sendable () -> Bool
    ) -> (Arrival, replaced: Effect?) {
        guard var interval = intervals[id] else {
            return (.run(effect, generation: open(id, isOver: isOver, holding: nil)), nil)
        }
        if interval.isOver() {
            // The timer has not run yet: the held effect goes first, in an interval of its own, which this
            // effect then arrives in.
            guard let held = interval.held else {
                return (.run(effect, generation: open(id, isOver: isOver, holding: nil)), nil)
            }
            return (.run(held, generation: open(id, isOver: isOver, holding: keepsLatest ? effect : nil)), nil)
        }
        guard keepsLatest else { return (.wait, nil) }
        let replaced = interval.held
        interval.held = effect
        intervals[id] = interval
        return (.wait, replaced)
    }

    /// The deadline of interval `generation` of `id` has passed: returns the held effect, which the caller
    /// runs in the new interval returned (made with `isOver`), or closes the interval and returns `nil`.
    /// Returns `nil` too when the interval is no longer the current one.
    func endInterval(
        id: EffectID, generation: UInt64, isOver: @escaping @Sendable () -> Bool
    ) -> (effect: Effect, generation: UInt64)? {
        lock.withLock("the throttle registry") {
            guard let interval = intervals[id], interval.generation == generation else { return nil }
            guard let held = interval.held else {
                intervals[id] = nil
                return nil
            }
            return (held, open(id, isOver: isOver, holding: nil))
        }
    }

    /// Closes the interval of `id` (cancelled by id), dropping what it held.
    func close(id: EffectID) {
        let dropped = lock.withLock("the throttle registry") { intervals.removeValue(forKey: id) }
        _ = consume dropped
    }

    /// Closes interval `generation` of `id` (its timer was cancelled, or its store is gone), dropping what it
    /// held; does nothing when another interval of `id` has started since: only an interval's own timer ends
    /// it early.
    func close(id: EffectID, generation: UInt64) {
        let dropped = lock.withLock("the throttle registry") { () -> Interval? in
            guard intervals[id]?.generation == generation else { return nil }
            return intervals.removeValue(forKey: id)
        }
        _ = consume dropped
    }

    /// Opens a new interval for `id`. Call with the lock held.
    private func open(_ id: EffectID, isOver: @escaping @Sendable () -> Bool, holding held: Effect?) -> UInt64 {
        nextGeneration += 1
        intervals[id] = Interval(generation: nextGeneration, isOver: isOver, held: held)
        return nextGeneration
    }
}
