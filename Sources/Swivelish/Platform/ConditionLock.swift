/// A lock with a condition variable, for the library's structures where a thread waits for another (the
/// trace writer of SwivelishTrace and the threads that flush it, a store's waits for its deliveries).
/// Error-checking: a thread that took it twice (a bug of Swivelish) stops the program with a message naming
/// the lock's user instead of hanging.
///
/// `@unchecked Sendable`: the mutex and the condition synchronise themselves.
@usableFromInline
package struct ConditionLock: @unchecked Sendable {
    @usableFromInline
    let storage = MutexAndCondition.make()

    @usableFromInline
    package init() {}

    /// Takes the lock. `user` names who takes it, for the message of a lock taken twice.
    @inlinable
    package func lock(_ user: @autoclosure () -> String) {
        let result = storage.lock()
        if _slowPath(result != 0) {
            ConditionLock.lockFailed(result, user())
        }
    }

    @usableFromInline
    static func lockFailed(_ result: Int32, _ user: String) -> Never {
        fatalError("Swivelish: the lock of \(user) could not be taken (error \(result)), a bug of Swivelish")
    }

    @inlinable
    package func unlock() {
        storage.unlock()
    }

    /// Runs `body` with the lock held.
    @inlinable
    package func withLock<Result>(_ user: @autoclosure () -> String, _ body: () throws -> Result) rethrows -> Result {
        lock(user())
        defer { unlock() }
        return try body()
    }

    /// Releases the lock, waits until ``broadcast()`` is called, and takes the lock again. Call with the
    /// lock held; it may also return without a broadcast, so check again.
    @inlinable
    package func wait() {
        storage.wait()
    }

    /// Wakes every thread in ``wait()``.
    @inlinable
    package func broadcast() {
        storage.broadcast()
    }
}
