/// The id under which the effects of one incarnation of a child (an element, a presented child) run, so that
/// removing the child cancels them.
///
/// The incarnation alone is the id. A trace shows the child instead, as code would name it:
/// `ChildEffects<Todo>(id: 7)` for an element, `ChildEffects<TodoDetail>()` for a presented child.
@usableFromInline
struct ChildEffects: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    let incarnation: UInt64

    /// Whose effects they are, for traces; not part of the id.
    @usableFromInline
    let child: ChildName

    @inlinable
    init(incarnation: UInt64, child: ChildName) {
        self.incarnation = incarnation
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
        "ChildEffects<\(displayName(of: child.type))>(\(child.id.map { "id: \(describe($0))" } ?? ""))"
    }
}

/// A child's type and, for an element, its id: what a trace names a ``ChildEffects`` by.
///
/// A class, so that copying an id that holds one (the registry copies its ids several times for each effect)
/// retains it, rather than copying the id inside through its type's value witnesses.
///
/// `@unchecked Sendable`: a metatype and an id of a `Sendable` type, neither changed once made.
@usableFromInline
final class ChildName: @unchecked Sendable {
    @usableFromInline
    let type: Any.Type

    /// The element's id; `nil` for a presented child.
    @usableFromInline
    let id: Any?

    /// An element's: its type and id.
    @inlinable
    init<Element: Identifiable>(element: Element.Type, id: Element.ID) where Element.ID: Sendable {
        type = element
        self.id = id
    }

    /// A presented child's: its type.
    @inlinable
    init(presented: Any.Type) {
        type = presented
        id = nil
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
