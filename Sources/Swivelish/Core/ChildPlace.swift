/// Where a child lies in its parent, as a parent's update function finds it (a sub-state, a collection of
/// elements, a presented slot): its byte offset when the key path has one, the key path otherwise.
///
/// Made where the update function is inlined, where the optimiser finds the offset of a key-path literal of
/// a stored property: no key path object is made for it then. A key path compared at each message would be
/// made at each message, whether the message has an address or not (W6, ten sub-states: 862 -> 1,823
/// instructions per message).
@usableFromInline
struct ChildPlace<Parent, Child> {
    @usableFromInline
    let offset: Int?

    /// The key path, when it has no offset (through a computed property, an optional, a class).
    @usableFromInline
    let keyPath: KeyPath<Parent, Child>?

    @usableFromInline
    @_transparent
    init(_ keyPath: KeyPath<Parent, Child>) {
        let offset = MemoryLayout<Parent>.offset(of: keyPath)
        self.offset = offset
        self.keyPath = offset == nil ? keyPath : nil
    }
}

/// A child's place as a message names it: the parent's type, the child's, and the child's offset in the
/// parent, or the key path when it has none.
///
/// The three name one stored child: a longer path at the same offset (`\.first.top`, where `top` is
/// `first`'s first field) leads to a value of another type. Children of no size (states without stored
/// properties) share their offset with the next field: two of one type side by side are one child to a key
/// path too, which compares offsets (the first of them is found).
///
/// `@unchecked Sendable`: metatypes, a number and an immutable key path.
@usableFromInline
struct ChildAddress: Hashable, @unchecked Sendable {
    @usableFromInline
    let parent: ObjectIdentifier

    @usableFromInline
    let child: ObjectIdentifier

    @usableFromInline
    let offset: Int?

    @usableFromInline
    let keyPath: AnyKeyPath?

    /// The place of the child at `keyPath`, found at run time (once, where a scoped store is made).
    @inlinable
    init<Parent, Child>(_ keyPath: KeyPath<Parent, Child>) {
        self.init(ChildPlace(keyPath))
    }

    /// The place a parent's update function found.
    @inlinable
    init<Parent, Child>(_ place: ChildPlace<Parent, Child>) {
        parent = ObjectIdentifier(Parent.self)
        child = ObjectIdentifier(Child.self)
        offset = place.offset
        keyPath = place.keyPath
    }

    /// Whether this is `place`.
    @inlinable
    func isAt<Parent, Child>(_ place: ChildPlace<Parent, Child>) -> Bool {
        guard let offset = place.offset else { return keyPath == place.keyPath }
        return self.offset == offset && parent == ObjectIdentifier(Parent.self) && child == ObjectIdentifier(Child.self)
    }

    /// Whether two messages' addresses may name one child: when either names none, or both the same.
    @inlinable
    static func mayBeSame(_ left: ChildAddress?, _ right: ChildAddress?) -> Bool {
        left == nil || right == nil || left == right
    }

    /// Whether this is `place`, or a place in another state than `place`'s parent (a scope through several
    /// properties, `app.scope(\.list.todos, id: 3)`), which the parent cannot tell from its own.
    @inlinable
    func mayBe<Parent, Child>(_ place: ChildPlace<Parent, Child>) -> Bool {
        parent != ObjectIdentifier(Parent.self) || isAt(place)
    }
}
