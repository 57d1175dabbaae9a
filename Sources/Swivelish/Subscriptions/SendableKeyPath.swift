/// A key path, which is immutable once made, marked `Sendable` so callbacks may carry it across threads.
@usableFromInline
struct SendableKeyPath<Root, Value>: @unchecked Sendable {
    @usableFromInline
    let keyPath: KeyPath<Root, Value>

    @inlinable
    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
    }
}
