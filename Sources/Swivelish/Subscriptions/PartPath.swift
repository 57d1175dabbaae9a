/// Where a value lies in the root state, as an identity: which watch a subscription shares (see
/// ``WatchKey``), which collection a row store's element belongs to. Compared and hashed, never read.
///
/// A key path, from the root state or from the last element on the way, named by its collection and its
/// id: `\.todos`, then the element with id 7, then `\.title`. An element is named by its id rather than by a
/// key path with a subscript (`\.todos[id: 7]`), which the runtime builds for each row by demangling its
/// generic arguments and compares component by component: about 48,000 of the 87,000 instructions a row's
/// store and subscription cost in W22 before.
@usableFromInline
struct PartPath: Hashable, @unchecked Sendable {
    // `@unchecked Sendable`: key paths are immutable once made, and an element step is too.

    /// The last element on the way; `nil` when the path goes through none.
    @usableFromInline
    let element: PartPathElement?

    /// The key path from that element, or from the root state; `nil` for the element itself.
    @usableFromInline
    let keyPath: AnyKeyPath?

    @inlinable
    init(element: PartPathElement?, keyPath: AnyKeyPath?) {
        self.element = element
        self.keyPath = keyPath
    }

    /// The value at `keyPath` of the root state.
    @inlinable
    init(_ keyPath: AnyKeyPath) {
        self.init(element: nil, keyPath: keyPath)
    }

    /// The value at `keyPath` of this one.
    @inlinable
    func appending(_ keyPath: AnyKeyPath) -> PartPath {
        // Appending keeps the types, so it fails only for a mismatch, which the types rule out.
        PartPath(element: element, keyPath: self.keyPath.map { $0.appending(path: keyPath)! } ?? keyPath)
    }

    /// The element with `id` of the collection this path leads to.
    @inlinable
    func appending(elementWithID id: AnyHashable) -> PartPath {
        PartPath(element: PartPathElement(collection: self, id: id), keyPath: nil)
    }

    /// Whether both name the same value. The elements' ids are compared first, by their hashes: the paths of
    /// two rows' values differ there, and a dictionary of watches compares a new row's key with several
    /// others.
    @inlinable
    static func == (left: PartPath, right: PartPath) -> Bool {
        switch (left.element, right.element) {
        case (nil, nil):
            break
        case let (leftElement?, rightElement?):
            guard leftElement === rightElement || leftElement == rightElement else { return false }
        default:
            return false
        }
        return left.keyPath == right.keyPath
    }

    /// Hashes the last element's id, or the key path of a path through no element: what tells rows apart,
    /// without hashing a key path for each row.
    @inlinable
    func hash(into hasher: inout Hasher) {
        if let element {
            hasher.combine(element.idHash)
        } else {
            hasher.combine(keyPath)
        }
    }
}

/// An element on a ``PartPath``: its collection's path, and its id.
///
/// A class, so that the paths of a row store's subscriptions share it: made once, when the store is.
@usableFromInline
final class PartPathElement: Equatable, @unchecked Sendable {
    // `@unchecked Sendable`: immutable once made; the id is a `Sendable` value.

    /// The collection's path.
    @usableFromInline
    let collection: PartPath

    /// The element's id.
    @usableFromInline
    let id: AnyHashable

    /// The id's hash, compared before the ids themselves.
    @usableFromInline
    let idHash: Int

    @inlinable
    init(collection: PartPath, id: AnyHashable) {
        self.collection = collection
        self.id = id
        idHash = id.hashValue
    }

    @inlinable
    static func == (left: PartPathElement, right: PartPathElement) -> Bool {
        left.idHash == right.idHash && left.id == right.id && left.collection == right.collection
    }
}
