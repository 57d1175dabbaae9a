/// A store's live subscriptions, in subscription order.
///
/// Ids only grow, so the slots stay sorted by id: subscribing appends (amortised O(1)), unsubscribing
/// finds the slot by binary search (O(log n)) and empties it. Empty slots are compacted away once they
/// outnumber the live ones, which keeps that amortised O(1) too. Delivery iterates a copy of `slots`
/// (copy-on-write: no copying unless the list changes while a delivery holds it).
@usableFromInline
struct SubscriptionList {
    @usableFromInline
    struct Slot {
        @usableFromInline
        let id: UInt64
        @usableFromInline
        var subscription: Subscription?

        @inlinable
        init(id: UInt64, subscription: Subscription?) {
            self.id = id
            self.subscription = subscription
        }
    }

    @usableFromInline
    private(set) var slots: ContiguousArray<Slot> = []

    @usableFromInline
    private(set) var count = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { count == 0 }

    @inlinable
    mutating func append(_ subscription: Subscription) {
        assert(slots.last.map { $0.id < subscription.id } ?? true, "subscription ids must increase")
        slots.append(Slot(id: subscription.id, subscription: subscription))
        count += 1
    }

    /// Removes and returns the subscription with `id`, or `nil` when it is not in the list. The caller
    /// releases it after unlocking; compaction only drops empty slots, so it releases nothing else.
    @inlinable
    mutating func remove(id: UInt64) -> Subscription? {
        var low = 0
        var high = slots.count
        while low < high {
            let middle = low + (high - low) / 2
            if slots[middle].id < id {
                low = middle + 1
            } else {
                high = middle
            }
        }
        guard low < slots.count, slots[low].id == id, let subscription = slots[low].subscription.take() else {
            return nil
        }
        count -= 1
        let emptySlots = slots.count - count
        if emptySlots > 32 && emptySlots > count {
            slots.removeAll { $0.subscription == nil }
        }
        return subscription
    }
}
