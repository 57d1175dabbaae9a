/// Where a store's state `S` lies in the state its root store holds: the root's own state for a root
/// store, a part of it for a store made by ``Store/scope(_:)->Store<Child>``.
///
/// Deliveries read values from the root state's memory (see ``Watch``), so a subscription of a scoped store
/// reads the root state as a subscription of the root does, with no step through the scope.
@usableFromInline
struct StateProjection<S>: @unchecked Sendable {
    // `@unchecked Sendable`: a part path is immutable once made, and `project` captures only key paths, ids
    // and other projections.

    /// `S`'s byte offset in the root state, or `nil` when the path to it has a computed property, a
    /// subscript, an optional chain or a class on the way.
    @usableFromInline
    let offset: Int?

    /// Reads `S` from the root state at the pointer: the way when ``offset`` is `nil`. `nil` when the part
    /// is absent: an element removed from its collection, an optional child gone (see ``Store/scope(_:id:)->Store<Element>?``).
    @usableFromInline
    let project: (UnsafeRawPointer) -> S?

    /// For the store of one element of an ``IdentifiedArray``: the collection and the element, so that its
    /// `skipRepeats` subscriptions are notified only when the collection says the element changed.
    @usableFromInline
    let element: ElementOfCollection?

    /// The path from the root state to `S`, as the identity of the part (see ``WatchKey``): compared,
    /// never read. `nil` for the root itself.
    @usableFromInline
    let identity: PartPath?

    @inlinable
    init(
        offset: Int?, identity: PartPath?, element: ElementOfCollection? = nil,
        project: @escaping (UnsafeRawPointer) -> S?
    ) {
        self.offset = offset
        self.identity = identity
        self.element = element
        self.project = project
    }

    /// The root state itself.
    @inlinable
    static var root: StateProjection<S> {
        StateProjection(offset: 0, identity: nil) { $0.assumingMemoryBound(to: S.self).pointee }
    }

    /// The byte offset in the root state of the value at `keyPath` of `S`, when there is one.
    @inlinable
    func offset<Value>(of keyPath: KeyPath<S, Value>) -> Int? {
        offset.flatMap { base in MemoryLayout<S>.offset(of: keyPath).map { base + $0 } }
    }

    /// The part of `S` at `keyPath`.
    @inlinable
    func appending<Child>(_ keyPath: KeyPath<S, Child>) -> StateProjection<Child> {
        let project = self.project
        return StateProjection<Child>(
            offset: offset(of: keyPath), identity: path(to: keyPath), element: element
        ) { root in project(root)?[keyPath: keyPath] }
    }

    /// The part of `S` at `keyPath`, which may be absent (`nil`): an optional child, an element of a
    /// collection found by id. `element` names the element and its collection, for the latter.
    @inlinable
    func appending<Child>(
        optional keyPath: KeyPath<S, Child?>, element: ElementOfCollection? = nil
    ) -> StateProjection<Child> {
        let project = self.project
        // The identity of the part (see ``identity``) has the part's own type, so that paths into it append;
        // it is compared, never read, so the unwrapping never runs.
        let identity = path(to: keyPath.appending(path: \Child?.!))
        return StateProjection<Child>(offset: nil, identity: identity, element: element) { root in
            project(root)?[keyPath: keyPath] ?? nil
        }
    }

    /// The path from the root state to the value at `keyPath` of `S`.
    @inlinable
    func path<Value>(to keyPath: KeyPath<S, Value>) -> PartPath {
        identity.map { $0.appending(keyPath) } ?? PartPath(keyPath)
    }

    /// Which watch a subscription on `keyPath` of `S` shares: the same for every store of the same root
    /// that reads the same value.
    @inlinable
    func watchKey<Value>(_ keyPath: KeyPath<S, Value>, comparesValues: Bool) -> WatchKey {
        WatchKey(path(to: keyPath), comparesValues: comparesValues)
    }
}
