#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The value at one key path of the delivered states, read once per delivery. A watch that compares values
/// (an ``EquatableWatch``, for `skipRepeats`) is shared by every such subscription on that key path, of the
/// root store or of any store scoped from it; one that does not (a ``ValueWatch``) is a subscription's own
/// (see ``WatchKey``).
///
/// `version` numbers the values read: it grows when a delivery's value may differ from the previous
/// delivery's (for an `Equatable` value, when it is not `==`; otherwise at every delivery). A subscription
/// that skips repeats and saw version `v` skips a delivery whose version is still `v`: one read and one
/// comparison per delivery for all the subscriptions on a key path, and a check of two integers for each.
///
/// A watch reads from the memory of the root state being delivered (a row's watch, from the memory of its
/// element, which the row's ``ElementGroup`` found), so it needs neither the root's type nor the scope's. Its subclass's reading is a closure made in its initialiser, not an overridden method:
/// the initialiser is inlined where `subscribe` is called, with the value type known, so the closure is
/// specialised for it. An override would run as unspecialised generic code, which looks up type metadata
/// and copies values through their witnesses at every read.
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

    // `@exclusivity(unchecked)` on the watches' variables: the store's lock or the one deliverer makes each
    // access exclusive, and a delivery reads and writes them for every watch it reaches (W2, W13); a run-time
    // check cost about 117 instructions an access when it was measured on the store's fields (8e458d7).

    /// The subscriptions reading this watch (one, for a watch that is not shared). Guarded by the store's
    /// lock.
    @usableFromInline
    @exclusivity(unchecked)
    final var subscriberCount = 0

    // The fields a row's delivery reads come last, next to the subclass's value, so that they share as few
    // cache lines as they can: with thousands of rows, each row's watch is likely out of the cache when its
    // row changes.

    /// For a watch of a value of one element of a collection (a subscription of a store made by
    /// ``Store/scope(_:id:)->Store<Element>?``): reads the value from the element at the pointer, which the element's
    /// ``ElementGroup`` found in the collection. With thousands of rows, a change of one reaches its watch
    /// without a second lookup by id, and without the closures that find the element in the root state
    /// (each one more object of that row to bring into the cache). `nil` when the watch was made for
    /// another store, which reads through ``read``.
    @usableFromInline
    let readElement: ((Watch, UnsafeRawPointer) -> Void)?

    /// The value's byte offset in the element, for a ``readElement`` that reads it there: kept in the watch,
    /// so that the closure captures nothing (no object of its own to reach).
    @usableFromInline
    let elementOffset: Int

    /// The number of the delivery the value was read for: the number of the state delivered (see
    /// ``StoreStateMachine/commits``).
    @usableFromInline
    @exclusivity(unchecked)
    final var readFor: UInt64 = .max

    @usableFromInline
    @exclusivity(unchecked)
    final var version: UInt64 = 0

    /// Whether the value was absent in the last state read: its element removed, its optional child gone.
    @usableFromInline
    @exclusivity(unchecked)
    final var isAbsent = false

    @inlinable
    init(
        key: WatchKey, read: @escaping (Watch, UnsafeRawPointer) -> Void,
        readElement: ((Watch, UnsafeRawPointer) -> Void)? = nil, elementOffset: Int = 0
    ) {
        self.key = key
        self.read = read
        self.readElement = readElement
        self.elementOffset = elementOffset
    }

    /// Reads the value of the root state at `root`, the state of delivery number `delivery`, unless it was
    /// read for that delivery already.
    @inlinable
    @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
    final func update(in root: UnsafeRawPointer, delivery: UInt64) {
        guard readFor != delivery else { return }
        readFor = delivery
        read(self, root)
    }

    /// Reads the value of the element at `element` (`nil`: absent from the collection) of the root state at
    /// `root`, the state of delivery number `delivery`, unless it was read for that delivery already. Called
    /// by the element's ``ElementGroup``.
    @inlinable
    @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
    final func update(element: UnsafeRawPointer?, root: UnsafeRawPointer, delivery: UInt64) {
        guard readFor != delivery else { return }
        readFor = delivery
        guard let element else {
            isAbsent = true
            return
        }
        guard let readElement else {
            read(self, root)
            return
        }
        isAbsent = false
        readElement(self, element)
    }
}

/// A ``Watch`` for a subscription that does not skip repeats, its own: every delivery is a new version,
/// and the value is held only until the subscription takes it.
///
/// `@unchecked Sendable`: as a ``Watch``; `value` belongs to the delivering thread.
@usableFromInline
final class ValueWatch<Value>: Watch, @unchecked Sendable {
    @usableFromInline
    @exclusivity(unchecked)
    var value: Value?

    @inlinable
    @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
    init(_ reader: FieldReader<Value>, key: WatchKey) {
        super.init(
            key: key,
            read: reader.reading { (watch: ValueWatch<Value>, new) in
                watch.value = new.pointee
                watch.version &+= 1
            })
    }
}

/// A ``Watch`` of an `Equatable` value: a new version only when the value is not `==` to the last one.
///
/// It keeps the value it read last, even when that is `==` to the one before: `==` decides only whether
/// the version grows (whether a `skipRepeats` subscriber is called), and every subscriber is handed the
/// value of the state being delivered. An `==` that compares less than the whole value (an entity
/// compared by its id) must not leave subscribers with an older instance.
///
/// `@unchecked Sendable`: as a ``Watch``; `value` belongs to the delivering thread.
@usableFromInline
final class EquatableWatch<Value: Equatable>: Watch, @unchecked Sendable {
    @usableFromInline
    @exclusivity(unchecked)
    var value: Value?

    @inlinable
    @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
    init(_ reader: FieldReader<Value>, key: WatchKey) {
        // Made where the value's type is known: closures that capture nothing (see `Watch`).
        let readElement: ((Watch, UnsafeRawPointer) -> Void)?
        var elementOffset = 0
        switch reader.inElement {
        case nil:
            readElement = nil
        case let .offset(offset)?:
            elementOffset = offset
            readElement = { watch, element in
                // Sound: the group hands the watch a pointer to an element of the store's state type (checked
                // when the reader was made), and the value lies inline at the offset in it.
                // Not `as!`: W2 costs 441 instructions, 539 (issue 37, with `as!` at every such cast).
                let watch = unsafeDowncast(watch, to: EquatableWatch<Value>.self)
                watch.record((element + watch.elementOffset).assumingMemoryBound(to: Value.self))
            }
        case let .read(read)?:
            readElement = { watch, element in
                // Not `as!`: W2 costs 441 instructions, 539 (issue 37, with `as!` at every such cast).
                let watch = unsafeDowncast(watch, to: EquatableWatch<Value>.self)
                withUnsafePointer(to: read(element)) { watch.record($0) }
            }
        }
        super.init(
            key: key, read: reader.reading { (watch: EquatableWatch<Value>, new) in watch.record(new) },
            readElement: readElement, elementOffset: elementOffset)
    }

    /// Keeps the value at `new`, a new version unless it is `==` to the value kept.
    ///
    /// A value whose bytes are those of the value kept is a repeat, neither compared nor copied (see
    /// ``holdsSameBytes(_:as:)``).
    @inlinable
    @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
    final func record(_ new: UnsafePointer<Value>) {
        if value != nil, holdsSameBytes(&value, as: new) { return }
        let isRepeat: Bool
        switch value {
        case .some(let last): isRepeat = last == new.pointee
        case .none: isRepeat = false
        }
        value = new.pointee
        if !isRepeat {
            version &+= 1
        }
    }
}

/// Whether `kept`, which must not be `nil`, holds a value with the bytes of the value at `other`: the same
/// value (the same references, the same inline fields), not a copy that changed since.
///
/// Watches and models check this before `==` for each value they read again: an unchanged value is then
/// neither compared nor copied, which saves a call of `==` and a retain and a release of each reference it
/// holds (atomic operations). A value whose `==` is not reflexive (a `Double` that is NaN) is a repeat when
/// its bytes have not changed. W13: 3,088 -> 3,011 instructions a change (c1af02a).
@inlinable
@inline(__always)
func holdsSameBytes<Value>(_ kept: inout Value?, as other: UnsafePointer<Value>) -> Bool {
    // An `Optional`'s payload lies at its start, as the value it wraps.
    withUnsafeMutablePointer(to: &kept) { kept in
        memcmp(kept, other, MemoryLayout<Value>.size) == 0
    }
}
