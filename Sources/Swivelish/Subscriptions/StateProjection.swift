/// Where a store's state `S` lies in the state its root store holds: the root's own state for a root
/// store, a part of it for a store made by ``Store/scope(_:)``.
///
/// Deliveries read values from the root state's memory (see ``Watch``), so a subscription of a scoped store
/// reads the root state as a subscription of the root does, with no step through the scope.
@usableFromInline
struct StateProjection<S>: @unchecked Sendable {
    // `@unchecked Sendable`: a key path is immutable once made, and `project` captures only key paths and
    // other projections.

    /// `S`'s byte offset in the root state, or `nil` when the path to it has a computed property, a
    /// subscript, an optional chain or a class on the way.
    @usableFromInline
    let offset: Int?

    /// Reads `S` from the root state at the pointer: the way when ``offset`` is `nil`.
    @usableFromInline
    let project: (UnsafeRawPointer) -> S

    /// The key path from the root state to `S`; `nil` for the root itself.
    @usableFromInline
    let keyPath: AnyKeyPath?

    @inlinable
    init(offset: Int?, keyPath: AnyKeyPath?, project: @escaping (UnsafeRawPointer) -> S) {
        self.offset = offset
        self.keyPath = keyPath
        self.project = project
    }

    /// The root state itself.
    @inlinable
    static var root: StateProjection<S> {
        StateProjection(offset: 0, keyPath: nil) { $0.assumingMemoryBound(to: S.self).pointee }
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
            offset: offset(of: keyPath),
            keyPath: self.keyPath.map { $0.appending(path: keyPath)! } ?? keyPath
        ) { root in project(root)[keyPath: keyPath] }
    }

    /// Which watch a subscription on `keyPath` of `S` shares: the same for every store of the same root
    /// that reads the same value.
    @inlinable
    func watchKey<Value>(_ keyPath: KeyPath<S, Value>, comparesValues: Bool) -> WatchKey {
        // Appending keeps the types, so it fails only for a mismatch, which the types rule out.
        WatchKey(self.keyPath.map { $0.appending(path: keyPath)! } ?? keyPath, comparesValues: comparesValues)
    }
}
