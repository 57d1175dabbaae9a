/// Deliveries committed but not yet performed, first in first out.
///
/// Each remembers whether the thread that was delivering queued it itself (from inside a callback or an
/// effect): a thread's own follow-up work does not count against its budget of other threads' work.
///
/// Storage is reused while the queue is small, so a store whose deliveries keep up allocates nothing
/// here in steady state; once a backlog is drained, storage grown past ``retainedCapacity`` is given
/// back.
@usableFromInline
struct DeliveryQueue<S: State> {
    @usableFromInline
    struct Item {
        @usableFromInline
        var delivery: Delivery<S>
        @usableFromInline
        var isReentrant: Bool

        @inlinable
        init(_ delivery: Delivery<S>, isReentrant: Bool) {
            self.delivery = delivery
            self.isReentrant = isReentrant
        }
    }

    /// The most storage an empty queue keeps, in items.
    @usableFromInline
    static var retainedCapacity: Int { 64 }

    @usableFromInline
    var items: ContiguousArray<Item?> = []
    @usableFromInline
    var head = 0

    @inlinable
    init() {}

    /// The number of deliveries waiting.
    @inlinable
    var count: Int { items.count - head }

    @inlinable
    var isEmpty: Bool { head == items.count }

    /// Whether the first waiting delivery was queued by the thread that was delivering.
    @inlinable
    var firstIsReentrant: Bool { items[head]!.isReentrant }

    @inlinable
    mutating func append(_ delivery: Delivery<S>, isReentrant: Bool) {
        items.append(Item(delivery, isReentrant: isReentrant))
    }

    /// Removes and returns the first delivery. The caller must let it go after unlocking: it may hold
    /// user closures and values.
    @inlinable
    mutating func popFirst() -> Delivery<S>? {
        guard head < items.count else { return nil }
        let item = items[head].take()!
        head += 1
        if head == items.count {
            // Every slot is `nil` now, so this releases nothing the user owns.
            items.removeAll(keepingCapacity: items.capacity <= Self.retainedCapacity)
            head = 0
        }
        return item.delivery
    }
}
