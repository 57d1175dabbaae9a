/// A state change committed by a store, with what it delivers: its subscribers' notifications, then its
/// effect. (A store with observers delivers their ``StoreEvent`` just before, as a delivery of its own: an
/// optional event here would cost every dispatch of every store a call through the event's value
/// witnesses.)
@usableFromInline
struct Change<S: State> {
    /// The state the change made, in the box it was made in: the store copies the state into a new box
    /// before writing it again while a change holds its box.
    @usableFromInline
    let box: StateBox<S>
    /// The number of the state the change made (see ``StoreStateMachine/commits``).
    @usableFromInline
    let commit: UInt64
    /// The effect `update` returned with it.
    @usableFromInline
    let effect: Effect?
    /// The subscriptions to notify: a snapshot taken when the change is delivered (empty while it waits in
    /// the queue).
    @usableFromInline
    let slots: ContiguousArray<SubscriptionList.Slot>
    /// The change reaches the subscriptions with an id below this: those that existed when it was committed.
    @usableFromInline
    let audience: UInt64

    @inlinable
    init(
        box: StateBox<S>, commit: UInt64, effect: Effect?, slots: ContiguousArray<SubscriptionList.Slot>,
        audience: UInt64
    ) {
        self.box = box
        self.commit = commit
        self.effect = effect
        self.slots = slots
        self.audience = audience
    }
}
