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

/// What the store's registry of watches keeps: the key and the number of subscriptions sharing it.
@usableFromInline
class AnyWatch: @unchecked Sendable {
    // `@unchecked Sendable`: `subscriberCount` is guarded by the store's lock; the subclasses' caches are
    // touched only by the delivering thread (one at a time, handed over under the store's lock).
    @usableFromInline
    let key: WatchKey

    /// The subscriptions sharing this watch. Guarded by the store's lock.
    @usableFromInline
    @exclusivity(unchecked)
    var subscriberCount = 0

    @inlinable
    init(key: WatchKey) {
        self.key = key
    }
}

/// The value at one key path of the delivered states, read once per delivery and shared by every
/// subscription on that key path.
@usableFromInline
final class Watch<S, Value>: AnyWatch, @unchecked Sendable {
    @usableFromInline
    let reader: FieldReader<S, Value>

    /// The number of the delivery `value` was read for.
    @usableFromInline
    @exclusivity(unchecked)
    var readFor: UInt64 = .max

    @usableFromInline
    @exclusivity(unchecked)
    var value: Value?

    @inlinable
    init(_ keyPath: KeyPath<S, Value>) {
        reader = FieldReader(keyPath)
        super.init(key: WatchKey(keyPath, comparesValues: false))
    }

    /// The value in `state`, the state of delivery number `delivery`: read once per delivery.
    @inlinable
    func value(in state: S, delivery: UInt64) -> Value {
        if readFor != delivery {
            value = reader.read(state)
            readFor = delivery
        }
        return value.unsafelyUnwrapped
    }
}

/// A ``Watch`` of an `Equatable` value that also numbers its distinct values: `version` grows when a
/// delivery's value differs from the previous delivery's. A `skipRepeats` subscription that saw version
/// `v` skips a delivery whose version is still `v`: one comparison per delivery for all of them.
@usableFromInline
final class EquatableWatch<S, Value: Equatable>: AnyWatch, @unchecked Sendable {
    @usableFromInline
    let reader: FieldReader<S, Value>

    @usableFromInline
    @exclusivity(unchecked)
    var readFor: UInt64 = .max

    @usableFromInline
    @exclusivity(unchecked)
    var value: Value?

    @usableFromInline
    @exclusivity(unchecked)
    var version: UInt64 = 0

    @inlinable
    init(_ keyPath: KeyPath<S, Value>) {
        reader = FieldReader(keyPath)
        super.init(key: WatchKey(keyPath, comparesValues: true))
    }

    /// Reads the value in `state` for delivery number `delivery`, once per delivery, and bumps `version`
    /// when it differs from the value read before.
    @inlinable
    func update(in state: S, delivery: UInt64) {
        guard readFor != delivery else { return }
        readFor = delivery
        let new = reader.read(state)
        if let value, value == new { return }
        value = new
        version &+= 1
    }
}
