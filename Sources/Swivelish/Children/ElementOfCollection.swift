/// One element of an ``IdentifiedArray`` in a root state: which collection, which element, and how to make
/// the group that notifies the subscriptions to the collection's elements. The subscriptions of a store made
/// by ``Store/scope(_:id:)->Store<Element>?`` that skip repeats are notified through that group, only when their element
/// changed.
///
/// A class: every subscription request and projection carries one or `nil`, and telling which (or copying
/// one) is then a test of a pointer (or a retain), not a call of the struct's value witnesses.
@usableFromInline
final class ElementOfCollection: @unchecked Sendable {
    // `@unchecked Sendable`: `makeGroup` captures only key paths, an offset and projections, immutable once
    // made.

    /// The collection's path from the root state.
    @usableFromInline
    let collection: PartPath

    /// The element's id.
    @usableFromInline
    let id: AnyHashable

    /// The element's type: a store whose state has this type is the element's own store, and its watches
    /// read the element its group hands them (see ``Watch/readElement``); a store scoped further from it
    /// reads through the root state.
    @usableFromInline
    let type: Any.Type

    /// Makes an empty group for the collection's elements (an ``ElementGroupOf`` its ids), when its first
    /// member subscribes, given the root state at that moment: the group's cursor starts at the collection's
    /// latest change there, so that its first delivery reads the changes made since, not every member (a
    /// change committed before the group was made is not delivered to it).
    @usableFromInline
    let makeGroup: (_ root: UnsafeRawPointer) -> ElementGroup

    @inlinable
    init(
        collection: PartPath, id: AnyHashable, type: Any.Type,
        makeGroup: @escaping (_ root: UnsafeRawPointer) -> ElementGroup
    ) {
        self.collection = collection
        self.id = id
        self.type = type
        self.makeGroup = makeGroup
    }
}
