/// Work the deliverer performs outside the lock, in commit order.
@usableFromInline
enum Delivery<S: State> {
    /// A committed state change: its subscribers, then its effect.
    case change(Change<S>)
    /// A message applied, for the store's observers: delivered just before the change it made.
    case event(StoreEvent<S>)
    /// The state a new subscription starts from, with its number (see ``StoreStateMachine/commits``).
    case first(Subscription, StateBox<S>, commit: UInt64)
    /// An effect started later than its message, such as the next part of ``Effects/concat(_:)-(Effect?...)``.
    case effect(Effect, Dispatcher)
}
