/// The id under which the effects of one incarnation of a child (an element, a presented child) run, so that
/// removing the child cancels them.
///
/// The incarnation alone is the id. A trace shows the child instead, as code would name it:
/// `ChildEffects<Todo>(id: 7)` for an element, `ChildEffects<TodoDetail>()` for a presented child.
@usableFromInline
struct ChildEffects: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    let incarnation: UInt64

    /// The child, whose effects run under this id; compared by its incarnation, kept here beside it so that
    /// comparing and hashing the id reads no object.
    @usableFromInline
    let child: EffectOwner

    /// The id of the effects of `child`, an element or a presented child.
    @inlinable
    init(_ child: EffectOwner) {
        incarnation = child.incarnation
        self.child = child
    }

    @inlinable
    static func == (left: ChildEffects, right: ChildEffects) -> Bool {
        left.incarnation == right.incarnation
    }

    @inlinable
    func hash(into hasher: inout Hasher) {
        hasher.combine(incarnation)
    }

    /// `ChildEffects<Todo>(id: 7)`, `ChildEffects<TodoDetail>()`.
    @usableFromInline
    var description: String {
        child.description
    }
}

/// The id under which the effects of the elements of one ``IdentifiedArray`` run (the elements of the array
/// made with ``IdentifiedArray/origin`` and of its copies), so that a new array assigned in its place
/// cancels them.
///
/// The origin alone is the id. A trace shows `CollectionEffects<Todo>()`.
///
/// `@unchecked Sendable`: a number and a metatype, neither changed once made.
@usableFromInline
struct CollectionEffects: Hashable, @unchecked Sendable, CustomStringConvertible {
    @usableFromInline
    let origin: UInt64

    /// The elements' type, for traces; not part of the id.
    @usableFromInline
    let elementType: Any.Type

    @inlinable
    init(origin: UInt64, elementType: Any.Type) {
        self.origin = origin
        self.elementType = elementType
    }

    @inlinable
    static func == (left: CollectionEffects, right: CollectionEffects) -> Bool {
        left.origin == right.origin
    }

    @inlinable
    func hash(into hasher: inout Hasher) {
        hasher.combine(origin)
    }

    /// `CollectionEffects<Todo>()`.
    @usableFromInline
    var description: String {
        "CollectionEffects<\(displayName(of: elementType))>()"
    }
}
