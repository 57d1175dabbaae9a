/// Which ``Watch`` a subscription reads through: one per key path from the root state, and per kind (with
/// or without equality).
///
/// A watch that compares values is shared by every subscription to the same value, which then costs one
/// read and one comparison per change however many subscribers it has. One that does not compare is a
/// subscription's own: it holds the value only while delivering it, so that a subscription to a large value
/// (the whole state) does not keep the previous one alive, which would make the next change copy it.
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

    /// Whether subscriptions with this key share one watch.
    @inlinable
    var isShared: Bool { comparesValues }
}
