/// Work the delivering thread does outside the lock: notify subscribers of a state, run an effect.
@usableFromInline
enum Delivery<S> {
    /// A committed state change: notify the subscriptions with an id below `audience` (those that
    /// existed when it was committed), then run `effect`.
    case change(S, effect: Effect?, audience: UInt64)
    /// The state a new subscription starts from.
    case first(Subscription<S>, S)
    /// An effect started later than its message, such as the next part of ``Effects/concat(_:)``.
    case effect(Effect, Dispatcher)
}

/// Deliveries committed but not yet performed, first in first out.
///
/// The delivering thread empties it before it stops delivering, so its storage is reused: a store
/// whose deliveries keep up allocates nothing here in steady state.
@usableFromInline
struct DeliveryQueue<S> {
    @usableFromInline
    var items: ContiguousArray<Delivery<S>?> = []
    @usableFromInline
    var head = 0

    @inlinable
    init() {}

    @inlinable
    mutating func append(_ delivery: Delivery<S>) {
        items.append(delivery)
    }

    @inlinable
    mutating func popFirst() -> Delivery<S>? {
        guard head < items.count else { return nil }
        let delivery = items[head]
        items[head] = nil
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        return delivery
    }
}
