/// The `skipRepeats` subscriptions to elements of one ``IdentifiedArray``, by element id, in one slot of a
/// store's ``SubscriptionList``.
///
/// At each delivery it asks the collection which elements changed since the last state it read (its
/// ``ChangeLog``), and notifies only their subscriptions; when the collection cannot say (too many changes
/// at once), every member checks its element. So a change of one row notifies that row's subscribers, in
/// time that does not grow with the number of rows. The log says in which slot of the collection each
/// changed element was: the group finds the element there without hashing its id.
///
/// The members are kept by the element's own id type (see ``ElementGroupOf``), and the reading of the
/// collection is a closure made where the store of the element was made (``Store/scope(_:id:)->Store<Element>?``), with the
/// element's type known: a delivery hashes an id as the element's type does, without boxing it in an
/// `AnyHashable` or looking up type metadata.
///
/// A group is shared by the list of subscriptions and the snapshots of it that deliveries hold: the list
/// changes it in place only when it holds the only reference (`isKnownUniquelyReferenced`), and a copy
/// otherwise, so that a delivery keeps the members it started with.
///
/// `@unchecked Sendable`: the members change only under the store's lock and while no delivery holds the
/// group; ``cursor`` belongs to the delivering thread.
@usableFromInline
class ElementGroup: @unchecked Sendable {
    /// Notifies the members whose element changed in the root state at the pointer (delivery number
    /// `delivery`), among those in the change's audience. Called by the deliverer, without the lock.
    @usableFromInline
    let deliverChanges:
        (_ group: ElementGroup, _ root: UnsafeRawPointer, _ delivery: UInt64, _ audience: UInt64) -> Void

    /// The number of the collection's latest change in the last state read; shared by the copies of the
    /// group, so that a copy made while a delivery runs goes on from where the delivery got to.
    @usableFromInline
    let cursor: Cursor

    @inlinable
    init(
        cursor: Cursor,
        deliverChanges: @escaping (ElementGroup, UnsafeRawPointer, UInt64, UInt64) -> Void
    ) {
        self.cursor = cursor
        self.deliverChanges = deliverChanges
    }

    /// Notifies the members whose element changed in the root state at `root`.
    @inlinable
    @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
    final func deliver(_ root: UnsafeRawPointer, delivery: UInt64, audience: UInt64) {
        deliverChanges(self, root, delivery, audience)
    }

    /// The group's address, for ThreadSanitizer's annotations (see ``SubscriptionList/makeGroupUnique(at:)``).
    @inlinable
    final var address: UnsafeRawPointer {
        UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    }

    /// Whether the group has no member.
    @usableFromInline
    var isEmpty: Bool { preconditionFailure("overridden") }

    /// A group with the same members, to change while a delivery holds this one.
    @usableFromInline
    func copy() -> ElementGroup { preconditionFailure("overridden") }

    /// Adds `subscription` as a member watching the element with `id`.
    @usableFromInline
    func add(_ subscription: Subscription, for id: AnyHashable) { preconditionFailure("overridden") }

    /// Removes the member with subscription id `id`, watching the element `element`, and returns it.
    @usableFromInline
    func remove(id: UInt64, for element: AnyHashable) -> Subscription? { preconditionFailure("overridden") }

    /// Notifies `subscription` of its element at `element` (`nil`: absent from the collection) when it is in
    /// the change's audience and was not cancelled during this delivery.
    @inlinable
    @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
    static func deliver(
        _ subscription: Subscription, element: UnsafeRawPointer?, _ root: UnsafeRawPointer, delivery: UInt64,
        audience: UInt64
    ) {
        if subscription.id < audience && !subscription.isCancelledDuringDelivery {
            subscription.deliver(element: element, root: root, delivery: delivery)
        }
    }

    /// Where a group got to in the collection's changes. Belongs to the delivering thread (one at a time,
    /// handed over under the store's lock).
    @usableFromInline
    final class Cursor: @unchecked Sendable {
        // `@exclusivity(unchecked)` here and on the members: one deliverer at a time, or the store's lock,
        // makes each access exclusive; W13 reads them at each change, and a run-time check cost about 117
        // instructions an access when it was measured on the store's fields (8e458d7).

        /// The number of the collection's latest change in the last state read; 0 before any.
        @usableFromInline
        @exclusivity(unchecked)
        var lastChange: UInt64 = 0

        @inlinable
        init() {}
    }
}

/// An ``ElementGroup`` of the elements of a collection whose ids are `ID`s.
///
/// Each element's first member is kept apart from the others (a row usually has one subscription), so that
/// notifying it reaches the subscription straight from the dictionary, without an array between them: with
/// thousands of rows, each object on the way is one more likely cache miss.
///
/// `@unchecked Sendable`: as an ``ElementGroup`` (the members change only under the store's lock, while no
/// delivery holds the group).
@usableFromInline
final class ElementGroupOf<ID: Hashable & Sendable>: ElementGroup, @unchecked Sendable {
    /// The first member of each element, by element id.
    @usableFromInline
    @exclusivity(unchecked)
    var firstMembers: [ID: Subscription] = [:]

    /// The members after the first of the elements that have several, by element id, in subscription order.
    @usableFromInline
    @exclusivity(unchecked)
    var otherMembers: [ID: ContiguousArray<Subscription>] = [:]

    @inlinable
    override init(
        cursor: Cursor,
        deliverChanges: @escaping (ElementGroup, UnsafeRawPointer, UInt64, UInt64) -> Void
    ) {
        super.init(cursor: cursor, deliverChanges: deliverChanges)
    }

    @usableFromInline
    override var isEmpty: Bool { firstMembers.isEmpty }

    /// A copy in memory of its own, dictionaries and arrays included: the copy is changed in place later,
    /// when the list holds the only reference to it, and a storage shared with this group (which a delivery
    /// may be reading) would be changed in place as soon as this group is freed, ordered after the
    /// delivery's reads only by reference counts, which ThreadSanitizer does not see.
    @usableFromInline
    override func copy() -> ElementGroup {
        let copy = ElementGroupOf(cursor: cursor, deliverChanges: deliverChanges)
        copy.firstMembers.reserveCapacity(firstMembers.count)
        for (id, first) in firstMembers {
            copy.firstMembers[id] = first
        }
        for (id, others) in otherMembers {
            copy.otherMembers[id] = ContiguousArray(others.lazy.map { $0 })
        }
        return copy
    }

    @usableFromInline
    override func add(_ subscription: Subscription, for id: AnyHashable) {
        let id = id.base as! ID
        if firstMembers[id] == nil {
            firstMembers[id] = subscription
        } else {
            otherMembers[id, default: []].append(subscription)
        }
    }

    @usableFromInline
    override func remove(id: UInt64, for element: AnyHashable) -> Subscription? {
        let element = element.base as! ID
        guard let first = firstMembers[element] else { return nil }
        if first.id == id {
            if var others = otherMembers.removeValue(forKey: element) {
                firstMembers[element] = others.removeFirst()
                if !others.isEmpty { otherMembers[element] = others }
            } else {
                firstMembers[element] = nil
            }
            return first
        }
        guard let index = otherMembers[element]?.firstIndex(where: { $0.id == id }) else { return nil }
        let subscription = otherMembers[element]!.remove(at: index)
        if otherMembers[element]!.isEmpty {
            otherMembers[element] = nil
        }
        return subscription
    }

    /// Notifies the members of the element with `id`, in subscription order, of the element at `element`
    /// (`nil`: absent from the collection).
    @inlinable
    func deliver(
        to id: ID, _ first: Subscription, element: UnsafeRawPointer?, _ root: UnsafeRawPointer, delivery: UInt64,
        audience: UInt64
    ) {
        Self.deliver(first, element: element, root, delivery: delivery, audience: audience)
        if !otherMembers.isEmpty, let others = otherMembers[id] {
            for subscription in others {
                Self.deliver(subscription, element: element, root, delivery: delivery, audience: audience)
            }
        }
    }

    /// Notifies the members of the element with `id`, which is looked up in `collection` once for all of
    /// them (first in `slot`, where the change log saw it): their watches read it where it lies (see
    /// ``Watch/readElement``).
    @inlinable
    func deliver<Element>(
        to id: ID, _ first: Subscription, seenIn slot: Int?, in collection: UnsafePointer<IdentifiedArray<Element>>,
        _ root: UnsafeRawPointer, delivery: UInt64, audience: UInt64
    ) where Element.ID == ID {
        IdentifiedArray.withElement(id, seenIn: slot, of: collection) { element in
            deliver(
                to: id, first, element: element.map(UnsafeRawPointer.init), root, delivery: delivery,
                audience: audience)
        }
    }

    /// Notifies the members whose element changed in `collection`, the collection in the root state at
    /// `root`: those of the ids its change log says changed since the last state read, or every member when
    /// the log no longer goes back that far.
    @inlinable
    func deliver<Element>(
        changesIn collection: UnsafePointer<IdentifiedArray<Element>>, _ root: UnsafeRawPointer, delivery: UInt64,
        audience: UInt64
    ) where Element.ID == ID {
        let since = cursor.lastChange
        let latest = collection.pointee.log.latest
        guard since != latest else { return }
        cursor.lastChange = latest
        let found = collection.pointee.log.forEachChange(after: since) { id, slot in
            if let first = firstMembers[id] {
                deliver(to: id, first, seenIn: slot, in: collection, root, delivery: delivery, audience: audience)
            }
        }
        if !found {
            for (id, first) in firstMembers {
                deliver(to: id, first, seenIn: nil, in: collection, root, delivery: delivery, audience: audience)
            }
        }
    }
}
