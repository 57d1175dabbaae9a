/// Told of the effects of the stores that use it as their clock: each effect committed until it has run,
/// and each task of ``Effects/run(priority:_:catch:)`` from just before it starts until it ends.
///
/// A clock that a test moves (SwivelishTesting's `TestClock`) is one: it moves time only once every effect
/// committed has run and every task started has reached a sleep on the clock or ended, so that a test that
/// sends a message and then advances the clock does not advance it before the effect's task sleeps. The
/// store finds its tracker in its dependencies (``Dependencies/clock``) when it is made; a store whose clock
/// is not one pays a check of a `nil` per committed effect.
@usableFromInline
package protocol EffectActivityTracker: AnyObject, Sendable {
    /// An effect was committed (with the store's lock held) and will run.
    func effectCommitted()
    /// An effect committed before has run: its closure returned (what it started is tracked on its own).
    func effectRan()
    /// A task of an effect is about to start; returns the record the task carries as
    /// ``EffectTask/current`` while it runs.
    func effectTaskStarting() -> any AnyObject & Sendable
    /// The task that carries `record` has ended, or never started.
    func effectTaskEnded(_ record: any AnyObject & Sendable)
}

/// The task of an effect that is running, as its store's ``EffectActivityTracker`` knows it.
package enum EffectTask {
    /// The tracker's record of the effect task running the current code; `nil` outside one, or when the
    /// store's clock tracks nothing. A child task (`async let`, a task group) inherits it.
    @TaskLocal package static var current: (any AnyObject & Sendable)?
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension Dependencies {
    /// The clock's tracker of effects, when the clock set is one; reading it is not a read of the clock (a
    /// test store does not count it as the use of a live dependency).
    package var effectActivityTracker: (any EffectActivityTracker)? {
        storedValue(for: ClockKey.self) as? any EffectActivityTracker
    }
}
