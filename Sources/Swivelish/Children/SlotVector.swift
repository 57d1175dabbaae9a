/// The slots of an ``IdentifiedArray``: a vector of entries whose copies share what neither has changed.
///
/// A persistent vector. The entries lie in leaves of 32, under branches of 32 children: one level of
/// branches holds 1,024 entries, two hold 32,768. The last 1...32 entries lie in a tail leaf, where appends
/// go, so that a list of up to 32 has no branch at all. Copying the vector copies two references.
/// Changing an entry changes its leaf, and the branches above it, in place when this copy is their only
/// holder; otherwise it copies those nodes only (at most 32 entries and 32 references a level) and leaves
/// the other copy as it was.
///
/// That is what a store needs while another thread delivers: the delivery holds the state it delivers,
/// and a change made meanwhile copies the few nodes it writes, not every element (Benchmarks/README.md,
/// W19 and W21). On one thread nothing is shared, and an access walks one to three nodes where an array
/// takes one step (W13's instructions).
///
/// Entries are never moved while shared, and a node is written only by the copy that holds it alone, so
/// copies on several threads read their entries safely.
@usableFromInline
struct SlotVector<Entry> {
    /// The full leaves (all but the tail), under branches; `nil` while the tail holds every entry.
    @usableFromInline
    var root: SlotBranch?

    /// The last entries; `nil` while there are none.
    @usableFromInline
    var tail: SlotLeaf<Entry>?

    /// The number of entries in the full leaves: where the tail starts.
    @usableFromInline
    var tailStart = 0

    /// How far an index is shifted to find its child in the root: 5 when the root's children are leaves,
    /// 10 when they are branches of leaves, and so on.
    @usableFromInline
    var rootShift = 5

    /// An empty vector (it allocates nothing).
    @inlinable
    init() {}

    /// The number of entries.
    @inlinable
    var count: Int {
        guard let tail else { return 0 }
        return tailStart + tail.count
    }

    /// Whether there are no entries.
    @inlinable
    var isEmpty: Bool { tail == nil }

    /// The entry at `index`.
    @inlinable
    subscript(index: Int) -> Entry {
        _read { yield address(of: index).pointee }
        _modify { yield &uniqueAddress(of: index).pointee }
    }

    /// Where the entry at `index` lies: valid while this copy is alive and unchanged.
    @inlinable
    func address(of index: Int) -> UnsafeMutablePointer<Entry> {
        assert(index >= 0 && index < count, "a slot out of range")
        if index >= tailStart {
            return tail.unsafelyUnwrapped.entries + (index - tailStart)
        }
        // Each child is read as an address, not retained: this copy holds every node on the way while the
        // caller reads. Retaining and releasing each one cost W13 about 130 instructions a change (about 6
        // reads of a slot per change, at 10,000 rows).
        var node = Unmanaged.passUnretained(root.unsafelyUnwrapped).toOpaque()
        var shift = rootShift
        while shift > 0 {
            let child = Unmanaged<SlotBranch>.fromOpaque(node)._withUnsafeGuaranteedRef { branch in
                branch.withUnsafeMutablePointerToElements { $0 + ((index >> shift) & 31) }
            }
            node = UnsafeMutableRawPointer(child).load(as: UnsafeMutableRawPointer.self)
            shift -= 5
        }
        return Unmanaged<SlotLeaf<Entry>>.fromOpaque(node)._withUnsafeGuaranteedRef { $0.entries } + (index & 31)
    }

    /// Where the entry at `index` lies, once the nodes on its way are this copy's alone (copied when
    /// another copy holds them): valid until this copy changes again.
    @inlinable
    mutating func uniqueAddress(of index: Int) -> UnsafeMutablePointer<Entry> {
        assert(index >= 0 && index < count, "a slot out of range")
        if index >= tailStart {
            if !isKnownUniquelyReferenced(&tail!) {
                tail = tail!.copy(capacity: tail!.room)
            }
            return tail.unsafelyUnwrapped.entries + (index - tailStart)
        }
        var branch = Self.unique(&root!)
        var shift = rootShift
        while shift > 5 {
            branch = Self.uniqueBranch(at: branch.children + ((index >> shift) & 31))
            shift -= 5
        }
        return Self.uniqueLeaf(at: branch.children + ((index >> 5) & 31)).entries + (index & 31)
    }

    /// Adds `entry` at the end.
    @inlinable
    mutating func append(_ entry: Entry) {
        guard tail != nil else {
            let leaf = SlotLeaf<Entry>.make(capacity: 4)
            leaf.append(entry)
            tail = leaf
            return
        }
        let used = tail.unsafelyUnwrapped.count
        if used == 32 {
            pushTail()
        } else if used == tail.unsafelyUnwrapped.room {
            SlotLeaf.grow(&tail!, capacity: used * 2)
        } else if !isKnownUniquelyReferenced(&tail!) {
            tail = tail!.copy(capacity: tail!.room)
        }
        tail.unsafelyUnwrapped.append(entry)
    }

    /// Takes the last entry out; there must be one.
    @inlinable
    mutating func removeLast() -> Entry {
        if !isKnownUniquelyReferenced(&tail!) {
            tail = tail!.copy(capacity: tail!.room)
        }
        let entry = tail.unsafelyUnwrapped.removeLast()
        if tail.unsafelyUnwrapped.count == 0 {
            if tailStart == 0 {
                tail = nil
            } else {
                popLeaf()
            }
        }
        return entry
    }

    /// Exchanges the entries at `first` and `second`.
    @inlinable
    mutating func swapAt(_ first: Int, _ second: Int) {
        guard first != second else { return }
        // The second walk copies no node on the first's way: they are this copy's alone by then.
        let firstEntry = uniqueAddress(of: first)
        let secondEntry = uniqueAddress(of: second)
        swap(&firstEntry.pointee, &secondEntry.pointee)
    }

    /// Calls `body` with the entries of each leaf of this vector and the leaf at the same place in `other`,
    /// skipping the leaves (and branches) both share, until `body` returns false; returns what the last call
    /// returned (true when every leaf is shared), or `nil` when the vectors have different shapes (counts).
    ///
    /// Two versions of one collection share what neither changed, so this compares what differs: a change of
    /// one row between two versions of 10,000 calls `body` once, for 32 entries, in place (W13-rows, a
    /// `skipRepeats` subscription to 10,000 rows: 2,670,460 -> 10,923 instructions a change, ec89b20).
    @inlinable
    func allDifferingLeavesMatch(
        _ other: SlotVector, _ body: (UnsafePointer<Entry>, UnsafePointer<Entry>, Int) -> Bool
    ) -> Bool? {
        guard count == other.count, tailStart == other.tailStart, rootShift == other.rootShift else { return nil }
        if let root, let otherRoot = other.root, root !== otherRoot {
            guard Self.allDifferingLeavesMatch(root, otherRoot, shift: rootShift, body) else { return false }
        }
        if let tail, let otherTail = other.tail, tail !== otherTail {
            return body(tail.entries, otherTail.entries, tail.count)
        }
        return true
    }

    /// ``allDifferingLeavesMatch(_:_:)`` under two branches of the same shape at `shift`.
    @inlinable
    static func allDifferingLeavesMatch(
        _ branch: SlotBranch, _ other: SlotBranch, shift: Int,
        _ body: (UnsafePointer<Entry>, UnsafePointer<Entry>, Int) -> Bool
    ) -> Bool {
        for index in 0..<branch.count {
            let child = branch.children[index]
            let otherChild = other.children[index]
            if child === otherChild { continue }
            if shift == 5 {
                // Not `as!`: W13-rows costs 10,950 instructions, 11,299 (issue 37, with `as!` at every such cast).
                let leaf = unsafeDowncast(child, to: SlotLeaf<Entry>.self)
                let otherLeaf = unsafeDowncast(otherChild, to: SlotLeaf<Entry>.self)
                guard body(leaf.entries, otherLeaf.entries, leaf.count) else { return false }
            } else {
                guard
                    allDifferingLeavesMatch(
                        // Not `as!`: as the leaves above.
                        unsafeDowncast(child, to: SlotBranch.self), unsafeDowncast(otherChild, to: SlotBranch.self),
                        shift: shift - 5, body)
                else { return false }
            }
        }
        return true
    }

    /// Moves the full tail into the tree, and starts a new one.
    @usableFromInline
    mutating func pushTail() {
        let leaf = tail.unsafelyUnwrapped
        tail = SlotLeaf<Entry>.make(capacity: 32)
        defer { tailStart += 32 }
        guard root != nil else {
            let branch = SlotBranch.make()
            branch.append(leaf)
            root = branch
            return
        }
        if tailStart >> 5 == 1 << rootShift {
            // The tree is full: a new root above it.
            let branch = SlotBranch.make()
            branch.append(root.unsafelyUnwrapped)
            root = branch
            rootShift += 5
        }
        var branch = Self.unique(&root!)
        var shift = rootShift
        while shift > 5 {
            let position = (tailStart >> shift) & 31
            if position == branch.count {
                branch.append(SlotBranch.make())
            }
            branch = Self.uniqueBranch(at: branch.children + position)
            shift -= 5
        }
        branch.append(leaf)
    }

    /// Moves the tree's last leaf into the (empty) tail.
    @usableFromInline
    mutating func popLeaf() {
        tailStart -= 32
        var path: [SlotBranch] = []
        var branch = Self.unique(&root!)
        var shift = rootShift
        while shift > 5 {
            path.append(branch)
            branch = Self.uniqueBranch(at: branch.children + branch.count - 1)
            shift -= 5
        }
        tail = (branch.removeLast() as! SlotLeaf<Entry>)
        // Branches left empty go; a root left with one child gives way to it.
        while branch.count == 0, let parent = path.popLast() {
            _ = parent.removeLast()
            branch = parent
        }
        if tailStart == 0 {
            root = nil
            rootShift = 5
        } else if rootShift > 5 && root.unsafelyUnwrapped.count == 1 {
            root = (root.unsafelyUnwrapped.children.pointee as! SlotBranch)
            rootShift -= 5
        }
    }

    /// `branch`, once this copy's alone (copied when another copy holds it).
    @inlinable
    static func unique(_ branch: inout SlotBranch) -> SlotBranch {
        if !isKnownUniquelyReferenced(&branch) {
            branch = branch.copy()
        }
        return branch
    }

    /// The branch at `child`, once this copy's alone (copied when another copy holds it).
    ///
    /// The child is looked at as the class it is: `isKnownUniquelyReferenced` of an `AnyObject` checks a
    /// copy of the reference, which is never unique.
    @inlinable
    static func uniqueBranch(at child: UnsafeMutablePointer<AnyObject>) -> SlotBranch {
        child.withMemoryRebound(to: SlotBranch.self, capacity: 1) { branch in
            unique(&branch.pointee)
        }
    }

    /// The leaf at `child`, once this copy's alone (copied when another copy holds it).
    @inlinable
    static func uniqueLeaf(at child: UnsafeMutablePointer<AnyObject>) -> SlotLeaf<Entry> {
        child.withMemoryRebound(to: SlotLeaf<Entry>.self, capacity: 1) { leaf in
            if !isKnownUniquelyReferenced(&leaf.pointee) {
                leaf.pointee = leaf.pointee.copy(capacity: 32)
            }
            return leaf.pointee
        }
    }
}

// `@unchecked Sendable`: a node is written only by the copy that holds it alone, so copies on several
// threads never write what another reads.
extension SlotVector: @unchecked Sendable where Entry: Sendable {}
