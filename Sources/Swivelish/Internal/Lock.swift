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

/// A heap-allocated, error-checking `pthread_mutex_t`.
///
/// Why this lock and not another:
/// - It is error-checking, so a thread that tries to take a lock it already holds gets `EDEADLK`
///   instead of hanging. The only code that runs while a store's lock is held is `State.update`, so
///   that error always means `update` called back into its own store; ``lock(_:)`` stops with a message
///   that says so, instead of a silent deadlock.
/// - ThreadSanitizer understands `pthread_mutex_t`; `Synchronization.Mutex` on Linux makes it report
///   false races, and needs macOS 15 / iOS 18.
/// - `os_unfair_lock` has no error-checking mode: its recursive lock traps with a message about the
///   lock, not about the mistake. One implementation on every platform is also one tested here.
/// - The mutex lives on the heap so its address never changes (a `pthread_mutex_t` must not move).
@usableFromInline
struct Lock {
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline
    init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        let result = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(result == 0, "Swivelish: pthread_mutex_init failed with error \(result)")
    }

    /// Destroys and frees the mutex. Call once, when nothing can use the lock any more.
    @usableFromInline
    func deallocate() {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Takes the lock. `operation` names the store operation for the error message.
    @inlinable
    @inline(__always)
    func lock(_ operation: @autoclosure () -> String) {
        let result = pthread_mutex_lock(mutex)
        if _slowPath(result != 0) {
            lockFailed(result, operation())
        }
    }

    @inlinable
    @inline(__always)
    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    @usableFromInline
    func lockFailed(_ result: Int32, _ operation: String) -> Never {
        if result == EDEADLK {
            fatalError(
                """
                Swivelish: \(operation) was called from inside State.update(_:with:) on the same store. \
                update must be pure: it may only change the state it is given. Return an Effect to \
                dispatch messages or read the store later.
                """)
        }
        fatalError("Swivelish: pthread_mutex_lock failed with error \(result) in \(operation)")
    }
}

/// The identity of the calling thread, to compare with ``isCurrentThread(_:)``.
@usableFromInline
typealias ThreadID = pthread_t

@inlinable
@inline(__always)
func currentThread() -> ThreadID {
    pthread_self()
}

@inlinable
@inline(__always)
func isCurrentThread(_ thread: ThreadID) -> Bool {
    pthread_equal(thread, pthread_self()) != 0
}
