/// Which ``Watch`` a subscription reads through: one per path from the root state (see ``PartPath``), and
/// per kind (with or without equality).
///
/// A watch that compares values is shared by every subscription to the same value, which then costs one
/// read and one comparison per change however many subscribers it has. One that does not compare is a
/// subscription's own: it holds the value only while delivering it, so that a subscription to a large value
/// (the whole state) does not keep the previous one alive, which would make the next change copy it.
@usableFromInline
struct WatchKey: Hashable, @unchecked Sendable {
    // `@unchecked Sendable`: a part path is immutable once made.
    @usableFromInline
    let path: PartPath
    @usableFromInline
    let comparesValues: Bool

    @inlinable
    init(_ path: PartPath, comparesValues: Bool) {
        self.path = path
        self.comparesValues = comparesValues
    }

    /// The key of a watch of the value at `keyPath` of the root state.
    @inlinable
    init(_ keyPath: AnyKeyPath, comparesValues: Bool) {
        self.init(PartPath(keyPath), comparesValues: comparesValues)
    }

    /// Whether subscriptions with this key share one watch.
    @inlinable
    var isShared: Bool { comparesValues }
}
