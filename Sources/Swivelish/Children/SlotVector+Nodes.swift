/// The count and capacity of a ``SlotLeaf``, and how to destroy its entries.
@usableFromInline
struct SlotLeafCounts<Entry> {
    /// The number of entries initialised: the first ones.
    @usableFromInline
    var count: Int

    /// The number of entries it has room for: 32 in the tree, up to 32 in a vector's tail.
    @usableFromInline
    let capacity: Int

    /// Destroys the first entries: a function made where the entry type is known, so that a leaf's
    /// `deinit`, which is not specialised for it, destroys them without their value witnesses. W19's
    /// contended change frees a leaf of 32 rows: 15,190 instructions through `deinitialize(count:)`.
    @usableFromInline
    let destroy: (UnsafeMutablePointer<Entry>, Int) -> Void

    @inlinable
    init(count: Int, capacity: Int) {
        self.count = count
        self.capacity = capacity
        destroy = { entries, count in
            for index in 0..<count {
                _ = (entries + index).move()
            }
        }
    }
}

/// A leaf of a ``SlotVector``: up to 32 entries, the first `count` initialised.
///
/// Its counts are read through a pointer to the header rather than through `header`, a class property whose
/// reads the compiler checks for exclusivity at run time (about 380 instructions per W13 change in the
/// design's prototype).
@usableFromInline
final class SlotLeaf<Entry>: ManagedBuffer<SlotLeafCounts<Entry>, Entry> {
    /// An empty leaf with room for `capacity` entries.
    @inlinable
    static func make(capacity: Int) -> SlotLeaf {
        let buffer = create(minimumCapacity: capacity) { _ in SlotLeafCounts(count: 0, capacity: capacity) }
        return unsafeDowncast(buffer, to: SlotLeaf.self)
    }

    /// The number of entries initialised.
    @inlinable
    var count: Int {
        withUnsafeMutablePointerToHeader { $0.pointee.count }
    }

    /// The number of entries it has room for (read from the header: `capacity` asks the allocator).
    @inlinable
    var room: Int {
        withUnsafeMutablePointerToHeader { $0.pointee.capacity }
    }

    /// The first entry's address, valid while the leaf is alive.
    @inlinable
    var entries: UnsafeMutablePointer<Entry> {
        withUnsafeMutablePointerToElements { $0 }
    }

    /// A leaf of its own with the same entries, with room for `capacity` (at least its count).
    @inlinable
    func copy(capacity: Int) -> SlotLeaf {
        let copy = SlotLeaf.make(capacity: capacity)
        let count = self.count
        let source = entries
        let target = copy.entries
        // One entry at a time, not `initialize(from:count:)`: that copies through the entry type's value
        // witnesses (`swift_arrayInitWithCopy`), where this loop is specialised with the array. W19's
        // contended change copies a leaf of 32: 18,588 instructions with `initialize(from:count:)`.
        for index in 0..<count {
            (target + index).initialize(to: source[index])
        }
        copy.withUnsafeMutablePointerToHeader { $0.pointee.count = count }
        return copy
    }

    /// A leaf with the same entries, with room for `capacity`, taking them out of this one (which keeps
    /// none) when it is the only holder, copying them otherwise.
    @inlinable
    static func grow(_ leaf: inout SlotLeaf, capacity: Int) {
        guard isKnownUniquelyReferenced(&leaf) else {
            leaf = leaf.copy(capacity: capacity)
            return
        }
        let larger = SlotLeaf.make(capacity: capacity)
        leaf.withUnsafeMutablePointers { counts, entries in
            larger.entries.moveInitialize(from: entries, count: counts.pointee.count)
            larger.withUnsafeMutablePointerToHeader { $0.pointee.count = counts.pointee.count }
            counts.pointee.count = 0
        }
        leaf = larger
    }

    /// Adds `entry` after the last one; there must be room.
    @inlinable
    func append(_ entry: Entry) {
        withUnsafeMutablePointers { counts, entries in
            (entries + counts.pointee.count).initialize(to: entry)
            counts.pointee.count += 1
        }
    }

    /// Takes the last entry out.
    @inlinable
    func removeLast() -> Entry {
        withUnsafeMutablePointers { counts, entries in
            counts.pointee.count -= 1
            return (entries + counts.pointee.count).move()
        }
    }

    deinit {
        withUnsafeMutablePointers { counts, entries in
            counts.pointee.destroy(entries, counts.pointee.count)
        }
    }
}

/// A branch of a ``SlotVector``: up to 32 children, each a ``SlotBranch`` one level down or, at the
/// lowest level, a full ``SlotLeaf``.
@usableFromInline
final class SlotBranch: ManagedBuffer<Int, AnyObject> {
    /// An empty branch, with room for 32 children.
    @inlinable
    static func make() -> SlotBranch {
        unsafeDowncast(create(minimumCapacity: 32) { _ in 0 }, to: SlotBranch.self)
    }

    /// The number of children (read without the exclusivity check of `header`, as ``SlotLeaf/count``).
    @inlinable
    var count: Int {
        withUnsafeMutablePointerToHeader { $0.pointee }
    }

    /// The first child's address, valid while the branch is alive.
    @inlinable
    var children: UnsafeMutablePointer<AnyObject> {
        withUnsafeMutablePointerToElements { $0 }
    }

    /// A branch of its own with the same children.
    @inlinable
    func copy() -> SlotBranch {
        let copy = SlotBranch.make()
        let count = self.count
        let source = children
        let target = copy.children
        // One child at a time, as ``SlotLeaf/copy(capacity:)`` copies its entries: W19's contended change
        // copies two branches: 15,888 instructions with `initialize(from:count:)`, 15,190 with this loop.
        for index in 0..<count {
            (target + index).initialize(to: source[index])
        }
        copy.withUnsafeMutablePointerToHeader { $0.pointee = count }
        return copy
    }

    /// Adds `child` after the last one; there must be room.
    @inlinable
    func append(_ child: AnyObject) {
        withUnsafeMutablePointers { count, children in
            (children + count.pointee).initialize(to: child)
            count.pointee += 1
        }
    }

    /// Takes the last child out.
    @inlinable
    func removeLast() -> AnyObject {
        withUnsafeMutablePointers { count, children in
            count.pointee -= 1
            return (children + count.pointee).move()
        }
    }

    deinit {
        withUnsafeMutablePointers { count, children in
            _ = children.deinitialize(count: count.pointee)
        }
    }
}
