#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A heap-allocated `pthread_mutex_t` with a condition variable.
public final class Monitor: @unchecked Sendable {
    // `@unchecked Sendable`: the mutex and the condition are made for sharing between threads.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// A monitor whose lock is free and which nobody waits on.
    public init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with the lock held.
    public func withLock<Result>(_ body: () -> Result) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    /// Waits, with the lock held, until `isDone` returns true; `broadcast` wakes the waiters to check again.
    public func wait(until isDone: () -> Bool) {
        pthread_mutex_lock(mutex)
        while !isDone() {
            pthread_cond_wait(condition, mutex)
        }
        pthread_mutex_unlock(mutex)
    }

    /// As ``wait(until:)``, for at most `seconds`: returns false when the time ran out first.
    public func wait(seconds: Int, until isDone: () -> Bool) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_sec += seconds
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !isDone() {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT {
                return isDone()
            }
        }
        return true
    }

    /// Wakes the waiters.
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }
}
