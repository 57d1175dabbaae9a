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
