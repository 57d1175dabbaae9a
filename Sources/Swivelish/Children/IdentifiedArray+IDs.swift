import CSwivelishAtomics

extension IdentifiedArray {
    /// The type of the elements' ids.
    public typealias ID = Element.ID

    /// The ids of an ``IdentifiedArray``'s elements, in order: a random-access collection, like an array of
    /// ids, that a list view reads to know its rows.
    ///
    /// ```swift
    /// for id in list.todos.ids { ... }
    /// ForEach(model[tracking: \.todos.ids], id: \.self) { id in ... }
    /// ```
    ///
    /// It is a value, and differs from an array in one way: copies share their storage for appending. A
    /// reader that keeps the ids it was last given (a `skipRepeats` subscription, a model's tracked value)
    /// does not make the next append copy all the ids, as it would with an array; the append writes past
    /// the end of the reader's copy, which does not see it. Comparing two copies of the same storage takes
    /// constant time, so telling that an append changed the ids does not compare them one by one. Other
    /// changes (an insert before the end, a removal, a move, a sort) write the ids into new memory, whether
    /// or not a reader holds them: they take time in proportion to the number of ids, as an array's do, and
    /// one allocation more.
    public struct IDs: RandomAccessCollection, @unchecked Sendable {
        // `@unchecked Sendable`: the ids in the storage are `Sendable`, and never changed or moved while
        // the storage is shared (see ``IDStorage``).

        /// The ids: the first `count` elements of the storage; `nil` while empty.
        @usableFromInline
        var storage: IDStorage<ID>?

        /// The number of ids: the storage's first ones.
        @usableFromInline
        var length: Int

        /// The number of ids.
        @inlinable
        public var count: Int { length }

        /// No ids.
        @inlinable
        public init() {
            storage = nil
            length = 0
        }

        /// The ids in `ids`, in order.
        ///
        /// - Parameter ids: The ids.
        @inlinable
        public init(_ ids: some Sequence<ID>) {
            self.init()
            for id in ids {
                append(id)
            }
        }

        /// The position of the first id.
        @inlinable
        public var startIndex: Int { 0 }

        /// The position after the last id.
        @inlinable
        public var endIndex: Int { count }

        /// The id at `position`.
        ///
        /// - Parameter position: A position from 0 to `count - 1`.
        @inlinable
        public subscript(position: Int) -> ID {
            precondition(
                position >= 0 && position < count,
                "Swivelish: index \(position) is out of range for the \(count) ids of an IdentifiedArray")
            return storage.unsafelyUnwrapped.withUnsafeMutablePointerToElements { $0[position] }
        }

        /// Adds `id` at the end: in place when this is the longest copy of its storage and there is room
        /// (whoever else holds the storage sees only its own count of ids), in a larger copy otherwise.
        @inlinable
        mutating func append(_ id: ID) {
            if let storage, count < storage.capacity, storage.claim(after: count) {
                storage.withUnsafeMutablePointerToElements { ($0 + count).initialize(to: id) }
                length += 1
                return
            }
            // Ids removed from the end are still claimed; no other copy can read them when none holds the
            // storage, which is then claimed again from `count` (a stack that pops and pushes: O(1)).
            if storage != nil, count < storage.unsafelyUnwrapped.capacity, isKnownUniquelyReferenced(&storage) {
                storage.unsafelyUnwrapped.release(after: count)
                _ = storage.unsafelyUnwrapped.claim(after: count)
                storage.unsafelyUnwrapped.withUnsafeMutablePointerToElements { ($0 + count).initialize(to: id) }
                length += 1
                return
            }
            let larger = IDStorage<ID>.make(copyingFirst: count, of: storage, capacity: Swift.max(8, count * 2))
            larger.withUnsafeMutablePointerToElements { ($0 + count).initialize(to: id) }
            _ = larger.claim(after: count)
            storage = consume larger
            length += 1
        }

        /// Removes the last id, in constant time: the storage keeps it (other copies may read it) until an
        /// append made while no other copy holds the storage writes over it.
        @inlinable
        mutating func removeLast() {
            precondition(length > 0, "Swivelish: removeLast() on the empty ids of an IdentifiedArray")
            length -= 1
        }

        /// Changes the ids as an array: `body` gets them as one, and the ids become what it leaves.
        /// Takes time in proportion to the number of ids, as removing or inserting in an array does.
        @inlinable
        mutating func withArray<Result>(_ body: (inout [ID]) throws -> Result) rethrows -> Result {
            // Always new memory, even when no other copy holds this one: a reader's copy let go of on
            // another thread is ordered before an in-place change only by the reference count, which
            // ThreadSanitizer does not see (row groups need annotations for the same reason).
            var array = Array(self)
            defer {
                storage = array.isEmpty ? nil : IDStorage.make(copying: array, capacity: array.count)
                length = array.count
            }
            return try body(&array)
        }
    }
}

/// The memory of ``IdentifiedArray/IDs``: ids, and in the header how many of them are initialised (claimed
/// by an append, atomically, so that two copies appending at once on two threads never write the same
/// place: the one that loses copies).
///
/// The initialised ids are never changed or moved while the storage is shared (the only change is an append
/// past every copy's count, to a place claimed atomically), and the claimed count is read and changed
/// atomically: copies of ``IdentifiedArray/IDs`` on several threads share it safely. W14, an append to
/// 10,000 rows whose readers keep the ids: 126,329 instructions with an array, 6,909 with this (5b8226f).
@usableFromInline
final class IDStorage<ID>: ManagedBuffer<Int, ID> {
    /// Storage for at least `capacity` ids, holding those of `ids`.
    @inlinable
    static func make(copying ids: some Collection<ID>, capacity: Int) -> IDStorage {
        let buffer = create(minimumCapacity: Swift.max(capacity, ids.count)) { _ in 0 }
        let storage = unsafeDowncast(buffer, to: IDStorage.self)
        storage.withUnsafeMutablePointers { claimed, elements in
            var next = elements
            for id in ids {
                next.initialize(to: id)
                next += 1
            }
            claimed.pointee = ids.count
        }
        return storage
    }

    /// Storage for at least `capacity` ids, holding the first `count` of `source`: copied in one go (a
    /// push after a pop, while a reader holds the ids, copies them: W24-stack-200 spent 2,550 instructions per
    /// id copying them one by one through `Collection`, in generic code).
    @inlinable
    static func make(copyingFirst count: Int, of source: IDStorage?, capacity: Int) -> IDStorage {
        let buffer = create(minimumCapacity: Swift.max(capacity, count)) { _ in 0 }
        let storage = unsafeDowncast(buffer, to: IDStorage.self)
        storage.withUnsafeMutablePointers { claimed, elements in
            if let source, count > 0 {
                source.withUnsafeMutablePointerToElements { elements.initialize(from: $0, count: count) }
            }
            claimed.pointee = count
        }
        return storage
    }

    /// Claims the place after the first `count` ids for an append; `false` when a copy with `count` ids
    /// (or more) claimed it already.
    @inlinable
    func claim(after count: Int) -> Bool {
        withUnsafeMutablePointerToHeader { swivelish_atomic_compare_exchange($0, count, count + 1) }
    }

    /// Deinitialises the ids after the first `count`, and lets them be claimed again. Only for storage no
    /// other copy holds.
    @inlinable
    func release(after count: Int) {
        withUnsafeMutablePointers { claimed, elements in
            if claimed.pointee > count {
                (elements + count).deinitialize(count: claimed.pointee - count)
                claimed.pointee = count
            }
        }
    }

    deinit {
        withUnsafeMutablePointers { claimed, elements in
            _ = elements.deinitialize(count: claimed.pointee)
        }
    }
}

extension IdentifiedArray.IDs: Equatable {
    /// Whether both have the same ids in the same order: at once for two copies of one storage.
    @inlinable
    public static func == (left: Self, right: Self) -> Bool {
        guard left.count == right.count else { return false }
        if left.storage === right.storage { return true }
        return left.elementsEqual(right)
    }
}

extension IdentifiedArray.IDs: Hashable {
    /// Hashes the ids, in order.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for id in self {
            hasher.combine(id)
        }
    }
}

extension IdentifiedArray.IDs: ExpressibleByArrayLiteral {
    /// The ids listed, in order.
    @inlinable
    public init(arrayLiteral ids: Element.ID...) {
        self.init(ids)
    }
}

extension IdentifiedArray.IDs: CustomStringConvertible, CustomReflectable {
    /// The ids, as an array: `[1, 2, 3]`.
    public var description: String {
        Array(self).description
    }

    /// The ids, as a collection: what `printChanges`, `TestStore`'s differences and a trace show.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
    }
}
