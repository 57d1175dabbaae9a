/// Reads the value at a key path of a state, resolved once: at a fixed byte offset when the key path is
/// made of stored properties of structs (or tuples), through the key path otherwise.
@usableFromInline
struct FieldReader<Root, Value>: @unchecked Sendable {
    // `@unchecked Sendable`: a key path is immutable once made.

    /// The value's byte offset in `Root`, or `nil` for a key path with a computed property, a subscript,
    /// an optional chain or a class on the way.
    @usableFromInline
    let offset: Int?
    @usableFromInline
    let keyPath: KeyPath<Root, Value>

    @inlinable
    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
        offset = MemoryLayout<Root>.offset(of: keyPath)
    }

    /// The value at the key path of `root`.
    @inlinable
    func read(_ root: Root) -> Value {
        guard let offset else { return root[keyPath: keyPath] }
        // Sound: `offset(of:)` is non-nil only when every component is a stored property of a struct or
        // tuple, so the value lies inline at that offset of `root`; `load` copies it, retaining what it holds.
        return withUnsafePointer(to: root) { UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self) }
    }
}

/// Which ``Watch`` a subscription shares: one per key path, and per kind (with or without equality).
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
/// subscription on that key path.
///
/// `version` numbers the values read: it grows when a delivery's value may differ from the previous
/// delivery's (for an `Equatable` value, when it is not `==`; otherwise at every delivery). A subscription
/// that skips repeats and saw version `v` skips a delivery whose version is still `v`: one read and one
/// comparison per delivery for all the subscriptions on a key path, and a check of two integers for each.
///
/// The subclass's reading is a closure made in its initialiser, not an overridden method: the initialiser
/// is inlined where `subscribe` is called, with the state and value types known, so the closure is
/// specialised for them. An override would run as unspecialised generic code, which looks up type metadata
/// and copies values through their witnesses at every read (about 600 instructions in W2).
///
/// `@unchecked Sendable`: `subscriberCount` is guarded by the store's lock; the rest is touched only by
/// the delivering thread (one at a time, handed over under the store's lock).
@usableFromInline
class Watch<S>: @unchecked Sendable {
    @usableFromInline
    let key: WatchKey

    /// Reads a state into the watch (its subclass) and bumps `version` if the value may have changed.
    @usableFromInline
    let read: (Watch<S>, S) -> Void

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
    init(key: WatchKey, read: @escaping (Watch<S>, S) -> Void) {
        self.key = key
        self.read = read
    }

    /// Reads the value of `state`, the state of delivery number `delivery`, unless it was read for that
    /// delivery already.
    @inlinable
    @inline(__always)
    final func update(in state: S, delivery: UInt64) {
        guard readFor != delivery else { return }
        readFor = delivery
        read(self, state)
    }
}

/// A ``Watch`` of a value that is not `Equatable`: every delivery is a new version.
@usableFromInline
final class ValueWatch<S, Value>: Watch<S>, @unchecked Sendable {
    @usableFromInline
    let reader: FieldReader<S, Value>

    @usableFromInline
    @exclusivity(unchecked)
    var value: Value?

    @inlinable
    @inline(__always)
    init(_ keyPath: KeyPath<S, Value>) {
        reader = FieldReader(keyPath)
        super.init(key: WatchKey(keyPath, comparesValues: false)) { watch, state in
            // Only a `ValueWatch<S, Value>` is made with this closure.
            let watch = unsafeDowncast(watch, to: ValueWatch<S, Value>.self)
            watch.value = watch.reader.read(state)
            watch.version &+= 1
        }
    }
}

/// A ``Watch`` of an `Equatable` value: a new version only when the value is not `==` to the last one.
@usableFromInline
final class EquatableWatch<S, Value: Equatable>: Watch<S>, @unchecked Sendable {
    @usableFromInline
    let reader: FieldReader<S, Value>

    @usableFromInline
    @exclusivity(unchecked)
    var value: Value?

    @inlinable
    @inline(__always)
    init(_ keyPath: KeyPath<S, Value>) {
        reader = FieldReader(keyPath)
        super.init(key: WatchKey(keyPath, comparesValues: true)) { watch, state in
            // Only an `EquatableWatch<S, Value>` is made with this closure.
            let watch = unsafeDowncast(watch, to: EquatableWatch<S, Value>.self)
            let new = watch.reader.read(state)
            if let value = watch.value, value == new { return }
            watch.value = new
            watch.version &+= 1
        }
    }
}
