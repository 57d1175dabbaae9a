/// Work the delivering thread does outside the lock: notify subscribers of a state, run an effect.
@usableFromInline
enum Delivery<S: State> {
    /// A committed state change: notify the subscriptions with an id below `audience` (those that
    /// existed when it was committed), then run `effect`.
    case change(S, effect: Effect?, audience: UInt64)
    /// The state a new subscription starts from.
    case first(Subscription, S)
    /// An effect started later than its message, such as the next part of ``Effects/concat(_:)``.
    case effect(Effect, Dispatcher)
    /// A message applied, for the store's observers; queued just before the change it made.
    case event(StoreEvent<S>)
}
