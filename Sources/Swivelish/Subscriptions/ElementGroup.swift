/// The `skipRepeats` subscriptions to elements of one ``IdentifiedArray``, by element id, in one slot of a
/// store's ``SubscriptionList``.
///
/// At each delivery, its reader asks the collection which elements changed since the last state it read
/// (its ``ChangeLog``), and notifies only their subscriptions; when the collection cannot say (too many
/// changes at once), every member checks its element. So a change of one row notifies that row's
/// subscribers, in time that does not grow with the number of rows.
///
/// A value inside the slot, so that a delivery's snapshot of the slots keeps the members it had; the
/// reader is shared, and belongs to the delivering thread.
@usableFromInline
struct ElementGroup {
    /// The members, by element id, each list in subscription order.
    @usableFromInline
    var members: [AnyHashable: ContiguousArray<Subscription>] = [:]

    @usableFromInline
    let reader: Reader

    @inlinable
    init(reader: Reader) {
        self.reader = reader
    }

    @inlinable
    var isEmpty: Bool { members.isEmpty }

    @inlinable
    mutating func add(_ subscription: Subscription, for id: AnyHashable) {
        members[id, default: []].append(subscription)
    }

    @inlinable
    mutating func remove(id: UInt64, for element: AnyHashable) -> Subscription? {
        guard let index = members[element]?.firstIndex(where: { $0.id == id }) else { return nil }
        let subscription = members[element]!.remove(at: index)
        if members[element]!.isEmpty {
            members[element] = nil
        }
        return subscription
    }

    /// Notifies the members whose element changed in the root state at `root` (delivery number `delivery`),
    /// among those in the change's audience. Called by the deliverer, without the lock.
    @inlinable
    func deliver(_ root: UnsafeRawPointer, delivery: UInt64, audience: UInt64) {
        guard let changed = reader.changedElements(in: root) else {
            for subscriptions in members.values {
                Self.deliver(subscriptions, root, delivery: delivery, audience: audience)
            }
            return
        }
        for id in changed {
            if let subscriptions = members[id] {
                Self.deliver(subscriptions, root, delivery: delivery, audience: audience)
            }
        }
    }

    @inlinable
    static func deliver(
        _ subscriptions: ContiguousArray<Subscription>, _ root: UnsafeRawPointer, delivery: UInt64, audience: UInt64
    ) {
        for subscription in subscriptions where subscription.id < audience && !subscription.isCancelledDuringDelivery {
            subscription.deliver(root, delivery: delivery)
        }
    }

    /// Reads a collection's changes, remembering the last one it saw. Belongs to the delivering thread.
    ///
    /// `@unchecked Sendable`: `lastChange` is touched by the delivering thread only (one at a time, handed
    /// over under the store's lock).
    @usableFromInline
    final class Reader: @unchecked Sendable {
        @usableFromInline
        let changes: (UnsafeRawPointer, UInt64) -> (latest: UInt64, changed: [AnyHashable]?)

        /// The number of the collection's latest change in the last state read; 0 before any.
        @usableFromInline
        @exclusivity(unchecked)
        var lastChange: UInt64 = 0

        @usableFromInline
        init(changes: @escaping (UnsafeRawPointer, UInt64) -> (latest: UInt64, changed: [AnyHashable]?)) {
            self.changes = changes
        }

        /// The ids of the elements changed since the last state read; `nil` when every element must be
        /// checked.
        @inlinable
        func changedElements(in root: UnsafeRawPointer) -> [AnyHashable]? {
            let (latest, changed) = changes(root, lastChange)
            lastChange = latest
            return changed
        }
    }
}
