/// One element of an ``IdentifiedArray`` in a root state: which collection, which element, and how to read
/// what changed in the collection. The subscriptions of a store made by ``Store/scope(_:id:)`` that skip
/// repeats are notified through it, only when their element changed.
@usableFromInline
struct ElementOfCollection: @unchecked Sendable {
    // `@unchecked Sendable`: `changes` captures only key paths and projections, immutable once made.

    /// The collection's path from the root state.
    @usableFromInline
    let collection: AnyKeyPath

    /// The element's id.
    @usableFromInline
    let id: AnyHashable

    /// Reads the collection in the root state at the pointer: the number of its latest change, and the ids
    /// it changed after the change numbered `since` (`nil`: look at every element).
    @usableFromInline
    let changes: (_ root: UnsafeRawPointer, _ since: UInt64) -> (latest: UInt64, changed: [AnyHashable]?)

    @inlinable
    init(
        collection: AnyKeyPath, id: AnyHashable,
        changes: @escaping (UnsafeRawPointer, UInt64) -> (latest: UInt64, changed: [AnyHashable]?)
    ) {
        self.collection = collection
        self.id = id
        self.changes = changes
    }
}
