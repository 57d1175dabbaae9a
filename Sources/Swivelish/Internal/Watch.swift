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

/// Reads the value at a key path of a state from the root state's memory, resolved once: at a fixed byte
/// offset when the whole path from the root is made of stored properties of structs (or tuples), through
/// the projection and the key path otherwise.
@usableFromInline
struct FieldReader<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: `fallback` captures only key paths and a projection.

    @usableFromInline
    let offset: Int?

    @usableFromInline
    let fallback: (UnsafeRawPointer) -> Value

    @inlinable
    @inline(__always)
    init<S>(_ keyPath: KeyPath<S, Value>, in projection: StateProjection<S>) {
        offset = projection.offset(of: keyPath)
        let project = projection.project
        fallback = { root in project(root)[keyPath: keyPath] }
    }

    /// A watch's reading: `record` with the value in the root state at a pointer, made for this reader's
    /// way of reading, so that the closure captures only what that way needs (a closure that captured the
    /// reader would retain and release its fallback at every read, two atomic operations).
    @inlinable
    @inline(__always)
    func reading<W: Watch>(
        into record: @escaping (W, Value) -> Void
    ) -> (Watch, UnsafeRawPointer) -> Void {
        if let offset {
            return { watch, root in
                // Sound: `offset(of:)` is non-nil only when every component is a stored property of a struct
                // or tuple, so the value lies inline at that offset of the root state; `load` copies it,
                // retaining what it holds. Only a `W` is made with this closure.
                record(unsafeDowncast(watch, to: W.self), root.load(fromByteOffset: offset, as: Value.self))
            }
        }
        let fallback = self.fallback
        return { watch, root in record(unsafeDowncast(watch, to: W.self), fallback(root)) }
    }
}

/// Which ``Watch`` a subscription shares: one per key path from the root state, and per kind (with or
/// without equality).
@usableFromInline
struct WatchKey: Hashable, @unchecked Sendable {
    // `@unchecked Sendable`: a key path is immutable once made.
    @usableFromInline
    let keyPath: AnyKeyPath
    @usableFromInline
    let comparesValues: Bool

    @inlinable
    init(_ keyPath: AnyKeyPath, comparesValues: Bool) {
        self.keyPath = keyPath
        self.comparesValues = comparesValues
    }
}

/// The value at one key path of the delivered states, read once per delivery and shared by every
/// subscription on that key path, of the root store or of any store scoped from it.
///
/// `version` numbers the values read: it grows when a delivery's value may differ from the previous
/// delivery's (for an `Equatable` value, when it is not `==`; otherwise at every delivery). A subscription
/// that skips repeats and saw version `v` skips a delivery whose version is still `v`: one read and one
/// comparison per delivery for all the subscriptions on a key path, and a check of two integers for each.
///
/// A watch reads from the memory of the root state being delivered, so it needs neither the root's type
/// nor the scope's. Its subclass's reading is a closure made in its initialiser, not an overridden method:
/// the initialiser is inlined where `subscribe` is called, with the value type known, so the closure is
/// specialised for it. An override would run as unspecialised generic code, which looks up type metadata
/// and copies values through their witnesses at every read (about 600 instructions in W2).
///
/// `@unchecked Sendable`: `subscriberCount` is guarded by the store's lock; the rest is touched only by
/// the delivering thread (one at a time, handed over under the store's lock or the delivery flag).
@usableFromInline
class Watch: @unchecked Sendable {
    @usableFromInline
    let key: WatchKey

    /// Reads the root state at the pointer into the watch (its subclass) and bumps `version` if the value
    /// may have changed.
    @usableFromInline
    let read: (Watch, UnsafeRawPointer) -> Void

    /// The subscriptions sharing this watch. Guarded by the store's lock.
    @usableFromInline
    @exclusivity(unchecked)
    final var subscriberCount = 0

    /// The number of the delivery the value was read for.
    @usableFromInline
    @exclusivity(unchecked)
    final var readFor: UInt64 = .max

    @usableFromInline
    @exclusivity(unchecked)
    final var version: UInt64 = 0

    @inlinable
    init(key: WatchKey, read: @escaping (Watch, UnsafeRawPointer) -> Void) {
        self.key = key
        self.read = read
    }

    /// Reads the value of the root state at `root`, the state of delivery number `delivery`, unless it was
    /// read for that delivery already.
    @inlinable
    @inline(__always)
    final func update(in root: UnsafeRawPointer, delivery: UInt64) {
        guard readFor != delivery else { return }
        readFor = delivery
        read(self, root)
    }
}

/// A ``Watch`` of a value that is not `Equatable`: every delivery is a new version.
@usableFromInline
final class ValueWatch<Value>: Watch, @unchecked Sendable {
    @usableFromInline
    @exclusivity(unchecked)
    var value: Value?

    @inlinable
    @inline(__always)
    init(_ reader: FieldReader<Value>, key: WatchKey) {
        super.init(
            key: key,
            read: reader.reading { (watch: ValueWatch<Value>, new) in
                watch.value = new
                watch.version &+= 1
            })
    }
}

/// A ``Watch`` of an `Equatable` value: a new version only when the value is not `==` to the last one.
@usableFromInline
final class EquatableWatch<Value: Equatable>: Watch, @unchecked Sendable {
    @usableFromInline
    @exclusivity(unchecked)
    var value: Value?

    @inlinable
    @inline(__always)
    init(_ reader: FieldReader<Value>, key: WatchKey) {
        super.init(
            key: key,
            read: reader.reading { (watch: EquatableWatch<Value>, new) in
                if let value = watch.value, value == new { return }
                watch.value = new
                watch.version &+= 1
            })
    }
}
