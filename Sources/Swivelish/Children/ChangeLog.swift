/// The latest changes of an ``IdentifiedArray``: for each, a number unique in the process (a
/// ``ChangeStamps`` number), the id of the element it added, changed or removed, and the slot the element
/// was in (see ``IdentifiedArray/slots``), where a reader looks for it first.
///
/// A reader that remembers the number of the last change it saw finds the ids changed since in the log, in
/// time proportional to their count; when that number is no longer in the log (too many changes since, or a
/// copy of the array that changed apart), it must look at every element. The log keeps the last
/// ``capacity`` changes.
@usableFromInline
struct ChangeLog<ID: Hashable & Sendable>: Sendable {
    /// How many changes the log keeps.
    @usableFromInline
    static var capacity: Int { 32 }

    /// The recent changes, oldest first, in a ring that starts at ``start`` once full.
    @usableFromInline
    var entries: ContiguousArray<(stamp: UInt64, id: ID, slot: Int)> = []
    @usableFromInline
    var start = 0

    /// The number of the latest change; 0 before any.
    @usableFromInline
    private(set) var latest: UInt64 = 0

    @inlinable
    init() {}

    /// Records a change of the element with `id`, in `slot`.
    @inlinable
    mutating func record(_ id: ID, slot: Int) {
        let stamp = ChangeStamps.next()
        latest = stamp
        if entries.count < Self.capacity {
            entries.append((stamp, id, slot))
        } else {
            entries[start] = (stamp, id, slot)
            start = (start + 1) % Self.capacity
        }
    }

    /// Records that the elements changed without saying which (a change the log cannot describe): readers
    /// look at every element.
    @inlinable
    mutating func recordUnknownChange() {
        latest = ChangeStamps.next()
        entries.removeAll(keepingCapacity: true)
        start = 0
    }

    /// The ids changed after the change numbered `stamp`, oldest first, when the log still holds that
    /// change (or `stamp` is the latest); `nil` when the reader must look at every element.
    @inlinable
    func ids(changedAfter stamp: UInt64) -> [ID]? {
        var changed: [ID] = []
        return forEachChange(after: stamp) { id, _ in changed.append(id) } ? changed : nil
    }

    /// Calls `body` with the id and slot of each change after the change numbered `stamp`, oldest first,
    /// and returns `true`, when the log still holds that change (or `stamp` is the latest); returns `false`
    /// without calling it when the reader must look at every element.
    @inlinable
    func forEachChange(after stamp: UInt64, _ body: (ID, Int) throws -> Void) rethrows -> Bool {
        if stamp == latest { return true }
        // How many changes came after the reader's, newest first back to it; none found: too many.
        let count = entries.count
        var newer = 0
        while true {
            guard newer < count else { return false }
            if entries[(start + count - 1 - newer) % count].stamp == stamp { break }
            newer += 1
        }
        for offset in (0..<newer).reversed() {
            let change = entries[(start + count - 1 - offset) % count]
            try body(change.id, change.slot)
        }
        return true
    }
}
