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

/// An error-checking `pthread_mutex_t` and a condition variable, in memory that never moves: the storage of
/// a ``StoreLock`` and of a ``ConditionLock``. The condition is the header; the mutex, the one element.
@usableFromInline
final class MutexAndCondition: ManagedBuffer<pthread_cond_t, pthread_mutex_t> {
    @usableFromInline
    static func make() -> MutexAndCondition {
        let buffer = create(minimumCapacity: 1) { _ in pthread_cond_t() }
        let storage = unsafeDowncast(buffer, to: MutexAndCondition.self)
        storage.withUnsafeMutablePointers { condition, mutex in
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
            let result = pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
            precondition(result == 0, "Swivelish: pthread_mutex_init failed with error \(result)")
            let conditionResult = pthread_cond_init(condition, nil)
            precondition(conditionResult == 0, "Swivelish: pthread_cond_init failed with error \(conditionResult)")
        }
        return storage
    }

    /// Takes the mutex; returns `pthread_mutex_lock`'s result (`EDEADLK` when this thread holds it already).
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func lock() -> Int32 {
        withUnsafeMutablePointerToElements { pthread_mutex_lock($0) }
    }

    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func unlock() {
        withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) }
    }

    /// Releases the mutex, waits until ``broadcast()`` is called, and takes the mutex again. Call with the
    /// mutex held; like every condition wait, it may also return without a broadcast, so check again.
    @usableFromInline
    func wait() {
        let result = withUnsafeMutablePointers { condition, mutex in
            pthread_cond_wait(condition, mutex)
        }
        precondition(result == 0, "Swivelish: pthread_cond_wait failed with error \(result)")
    }

    /// Wakes every thread in ``wait()``. May be called with or without the mutex held.
    @usableFromInline
    func broadcast() {
        withUnsafeMutablePointerToHeader { _ = pthread_cond_broadcast($0) }
    }

    deinit {
        withUnsafeMutablePointers { condition, mutex in
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
        }
    }
}
