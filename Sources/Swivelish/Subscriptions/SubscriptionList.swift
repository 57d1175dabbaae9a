/// A store's live subscriptions, in subscription order.
///
/// Ids only grow, so the slots stay sorted by id: subscribing appends (amortised O(1)), unsubscribing
/// finds the slot by binary search (O(log n)) and empties it. Empty slots are compacted away once they
/// outnumber the live ones, which keeps that amortised O(1) too. Delivery iterates a copy of `slots`
/// (copy-on-write: no copying unless the list changes while a delivery holds it).
///
/// The `skipRepeats` subscriptions to elements of one ``IdentifiedArray`` (of stores made by
/// ``Store/scope(_:id:)->Store<Element>?``) share one slot, an ``ElementGroup``, which finds the elements the collection
/// changed and notifies only their subscriptions: a delivery costs the same with 10 or 10,000 rows.
@usableFromInline
struct SubscriptionList {
    @usableFromInline
    struct Slot {
        @usableFromInline
        let id: UInt64
        /// A subscription; `nil` for a group's slot, and once removed.
        @usableFromInline
        var subscription: Subscription?
        /// The subscriptions to elements of one collection, when this is a group's slot.
        @usableFromInline
        var group: ElementGroup?

        @inlinable
        init(id: UInt64, subscription: Subscription?, group: ElementGroup? = nil) {
            self.id = id
            self.subscription = subscription
            self.group = group
        }

        @inlinable
        var isEmpty: Bool {
            subscription == nil && group == nil
        }
    }

    @usableFromInline
    private(set) var slots: ContiguousArray<Slot> = []

    /// The live subscriptions, group members included.
    @usableFromInline
    private(set) var count = 0

    /// Slots emptied and not compacted away yet.
    @usableFromInline
    var emptySlots = 0

    /// The id of the slot of each collection's group.
    @usableFromInline
    var groups: [PartPath: UInt64] = [:]

    /// The element each group member watches, by subscription id.
    @usableFromInline
    var memberships: [UInt64: ElementOfCollection] = [:]

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { count == 0 }

    @inlinable
    mutating func append(_ subscription: Subscription) {
        synchronizeWithDeliveries()
        assert(slots.last.map { $0.id < subscription.id } ?? true, "subscription ids must increase")
        slots.append(Slot(id: subscription.id, subscription: subscription))
        count += 1
    }

    /// Tells ThreadSanitizer that the deliveries that held `slots` and have let it go are done reading it,
    /// before this change of it writes it in place (see ``ThreadSanitizer``). Outside ThreadSanitizer, a
    /// test of a constant.
    ///
    /// A delivery iterates a copy of `slots`; a change made while one holds it copies the buffer. Writing in
    /// place means no delivery holds the buffer any more, which the reference count (in the Swift runtime,
    /// unseen by ThreadSanitizer) orders after the delivery's reads. So the buffer is made unique first
    /// (copied if a delivery still holds it), then the acquire is made on the buffer the change writes.
    @inlinable
    mutating func synchronizeWithDeliveries() {
        guard ThreadSanitizer.isEnabled else { return }
        slots.withUnsafeMutableBufferPointer { slots in
            if let base = slots.baseAddress { ThreadSanitizer.acquire(base) }
        }
    }

    /// Adds `subscription` to the group of its element's collection (made, with a slot of its id, if the
    /// collection has none yet, from the current root state at `root`).
    @usableFromInline
    mutating func append(_ subscription: Subscription, watching element: ElementOfCollection, in root: UnsafeRawPointer)
    {
        synchronizeWithDeliveries()
        memberships[subscription.id] = element
        count += 1
        if let groupID = groups[element.collection], let index = index(of: groupID) {
            makeGroupUnique(at: index)
            slots[index].group!.add(subscription, for: element.id)
            return
        }
        let group = element.makeGroup(root)
        group.add(subscription, for: element.id)
        slots.append(Slot(id: subscription.id, subscription: nil, group: group))
        groups[element.collection] = subscription.id
    }

    /// Removes and returns the subscription with `id`, or `nil` when it is not in the list. The caller
    /// releases it after unlocking; compaction only drops empty slots, so it releases nothing else.
    @inlinable
    mutating func remove(id: UInt64) -> Subscription? {
        synchronizeWithDeliveries()
        if !memberships.isEmpty, let element = memberships.removeValue(forKey: id) {
            return removeMember(id: id, of: element)
        }
        guard let index = index(of: id), let subscription = slots[index].subscription.take() else {
            return nil
        }
        count -= 1
        slotEmptied()
        return subscription
    }

    @usableFromInline
    mutating func removeMember(id: UInt64, of element: ElementOfCollection) -> Subscription? {
        guard let groupID = groups[element.collection], let index = index(of: groupID) else { return nil }
        makeGroupUnique(at: index)
        guard let subscription = slots[index].group!.remove(id: id, for: element.id) else { return nil }
        count -= 1
        if slots[index].group!.isEmpty {
            slots[index].group = nil
            groups[element.collection] = nil
            slotEmptied()
        }
        return subscription
    }

    /// Copies the group in the slot at `index` unless the list holds the only reference to it: a delivery
    /// that holds a snapshot of the slots keeps the members it started with.
    ///
    /// A group the list holds alone may have been read by a delivery whose snapshot of the slots was
    /// another buffer, let go since: the reference count orders those reads before this change, unseen by
    /// ThreadSanitizer, which is told with an acquire on the group, matching the release each delivery
    /// makes on the groups it read (as ``synchronizeWithDeliveries()`` does for the slots' buffer).
    @usableFromInline
    mutating func makeGroupUnique(at index: Int) {
        if !isKnownUniquelyReferenced(&slots[index].group!) {
            slots[index].group = slots[index].group!.copy()
        } else if ThreadSanitizer.isEnabled {
            ThreadSanitizer.acquire(slots[index].group!.address)
        }
    }

    /// The index of the slot with `id`, by binary search.
    @inlinable
    func index(of id: UInt64) -> Int? {
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
        return low < slots.count && slots[low].id == id ? low : nil
    }

    @inlinable
    mutating func slotEmptied() {
        emptySlots += 1
        if emptySlots > 32 && emptySlots > slots.count - emptySlots {
            compact()
        }
    }

    /// Drops the empty slots, keeping the others in order.
    @usableFromInline
    mutating func compact() {
        // The live slots are moved down over the empty ones, in place: moved, not copied, so that nothing
        // they hold is retained and released (`removeAll(where:)` swaps them; W5: 4,919 -> 4,488
        // instructions with `ElementOfCollection` a class, 3191a20).
        let kept = slots.withUnsafeMutableBufferPointer { slots -> Int in
            guard let base = slots.baseAddress else { return 0 }
            var kept = 0
            for index in 0..<slots.count where !base[index].isEmpty {
                if index != kept {
                    // The slot at `kept` is empty: it holds no reference, so it is overwritten as is, and the
                    // slot moved from is left empty.
                    (base + kept).initialize(to: (base + index).move())
                    (base + index).initialize(to: Slot(id: 0, subscription: nil))
                }
                kept += 1
            }
            return kept
        }
        slots.removeLast(slots.count - kept)
        emptySlots = 0
    }
}
