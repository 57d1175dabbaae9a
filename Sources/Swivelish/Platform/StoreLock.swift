#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#else
#error("Swivelish needs pthreads on this platform")
#endif

/// A store's lock: an error-checking `pthread_mutex_t` with a condition variable, in memory it owns.
///
/// Only a ``StoreStorage`` uses it; the library's other locks are a ``Lock``, or a ``ConditionLock`` where
/// a thread waits. Why this lock:
/// - It is error-checking, so a thread that tries to take a lock it already holds gets `EDEADLK`
///   instead of hanging. The only user code that runs while a store's lock is held is `State.update` (and
///   the `deinit`s of what it lets go of: the state is changed in place), so that error always means
///   `update` called back into its own store; ``lock(_:)`` stops with a message that says so, instead of
///   a silent deadlock.
/// - It has a condition variable, for dispatches that wait for room in a full queue.
/// - ThreadSanitizer understands `pthread_mutex_t`; `Synchronization.Mutex` on Linux makes it report
///   false races, and needs macOS 15 / iOS 18.
/// - `os_unfair_lock` has no error-checking mode and no condition variable: its recursive lock traps with
///   a message about the lock, not about the mistake. One implementation on every platform is also one
///   tested here.
/// - The mutex and the condition live in a `ManagedBuffer` (as swift-nio's `NIOLock` does), so their
///   addresses never change and they are destroyed with the buffer: no one has to remember to free them.
///
/// `@unchecked Sendable`: the mutex and the condition synchronise themselves (`ManagedBuffer` is not
/// `Sendable`, as it knows nothing of what it holds).
@usableFromInline
struct StoreLock: @unchecked Sendable {
    @usableFromInline
    let storage: MutexAndCondition

    @usableFromInline
    init() {
        storage = MutexAndCondition.make()
    }

    /// Takes the lock. `operation` names the store operation (`"Store.dispatch(_:)"`) for the message that
    /// stops the program when `update` calls back into its store.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func lock(_ operation: @autoclosure () -> String) {
        let result = storage.lock()
        if _slowPath(result != 0) {
            lockFailed(result, operation())
        }
    }

    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func unlock() {
        storage.unlock()
    }

    /// Runs `body` with the lock held. For the paths that are not hot; `operation` is as for ``lock(_:)``.
    @inlinable
    func withLock<Result>(_ operation: @autoclosure () -> String, _ body: () throws -> Result) rethrows -> Result {
        lock(operation())
        defer { unlock() }
        return try body()
    }

    /// Releases the lock, waits until ``broadcast()`` is called, and takes the lock again. Call with the
    /// lock held; like every condition wait, it may also return without a broadcast, so check again.
    @usableFromInline
    func wait() {
        storage.wait()
    }

    /// Wakes every thread in ``wait()``. May be called with or without the lock held.
    @usableFromInline
    func broadcast() {
        storage.broadcast()
    }

    @usableFromInline
    func lockFailed(_ result: Int32, _ operation: String) -> Never {
        if result == EDEADLK {
            fatalError(
                """
                Swivelish: \(operation) was called from inside State.update(_:with:) on the same store, \
                by update itself or by a deinit of something update let go of (an element it removed, a \
                value it replaced), or from the answer of Store.dispatch(_:answering:) or \
                Store.send(_:answering:). update must be pure: it may only change the state it is given. \
                Return an Effect to dispatch messages or read the store later; to let go of an object whose \
                deinit calls the store, take it out of the state and capture it in the Effect you return.
                """)
        }
        fatalError("Swivelish: pthread_mutex_lock failed with error \(result) in \(operation)")
    }
}
