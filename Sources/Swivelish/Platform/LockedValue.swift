/// A value guarded by a ``Lock``, for the library's small shared structures that hold nothing the user's
/// code sees while the lock is held.
///
/// `@unchecked Sendable`: `value` is only touched with `lock` held.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, the lock held. `body` must not call user code.
    func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try lock.withLock("a locked value") { try body(&value) }
    }
}
