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

/// The first state of a new subscription, returned to the caller that became the deliverer when it
/// subscribed, to deliver after unlocking. (A struct of its own rather than a ``Delivery``: an optional
/// generic enum is copied through its value witnesses, which cost W5 about 1,000 instructions a subscribe.)
@usableFromInline
struct FirstState<S: State> {
    @usableFromInline
    let subscription: Subscription
    /// The state, in the box it is read in.
    @usableFromInline
    let box: StateBox<S>
    /// The state's number (see ``StoreStateMachine/commits``).
    @usableFromInline
    let commit: UInt64

    @inlinable
    init(subscription: Subscription, box: StateBox<S>, commit: UInt64) {
        self.subscription = subscription
        self.box = box
        self.commit = commit
    }
}
