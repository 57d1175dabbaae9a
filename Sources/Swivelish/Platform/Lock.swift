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

/// A plain mutual-exclusion lock, in memory it owns, for the library's small shared structures: effect
/// scopes, the cancellation and throttle registries, the main-actor relay, the recorder, the effect
/// trampoline. (A store has a ``StoreLock`` of its own.)
///
/// No user code runs while it is held, so a thread never takes it twice; if a bug of the library made one
/// do so, the program stops with a message naming the lock's user instead of hanging: on Apple platforms
/// it is an `os_unfair_lock` (which traps on a recursive lock), elsewhere an error-checking
/// `pthread_mutex_t`. Either lives in a `ManagedBuffer`, so its address never changes.
///
/// `@unchecked Sendable`: the lock synchronises itself.
@usableFromInline
struct Lock: @unchecked Sendable {
    @usableFromInline
    let storage: LockStorage

    init() {
        storage = LockStorage.make()
    }

    /// Runs `body` with the lock held. `user` names who took it (`"an effect scope"`), for the message of
    /// a lock taken twice.
    @inlinable
    func withLock<Result>(_ user: @autoclosure () -> String, _ body: () throws -> Result) rethrows -> Result {
        storage.lock(user())
        defer { storage.unlock() }
        return try body()
    }
}

#if canImport(Darwin)
/// The memory of a ``Lock``: one `os_unfair_lock`.
@usableFromInline
final class LockStorage: ManagedBuffer<Void, os_unfair_lock> {
    static func make() -> LockStorage {
        let buffer = create(minimumCapacity: 1) { _ in }
        let storage = unsafeDowncast(buffer, to: LockStorage.self)
        storage.withUnsafeMutablePointerToElements { $0.initialize(to: os_unfair_lock()) }
        return storage
    }

    @usableFromInline
    func lock(_ user: @autoclosure () -> String) {
        withUnsafeMutablePointerToElements { os_unfair_lock_lock($0) }
    }

    @usableFromInline
    func unlock() {
        withUnsafeMutablePointerToElements { os_unfair_lock_unlock($0) }
    }

    deinit {
        _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) }
    }
}
#else
/// The memory of a ``Lock``: one error-checking `pthread_mutex_t`.
@usableFromInline
final class LockStorage: ManagedBuffer<Void, pthread_mutex_t> {
    static func make() -> LockStorage {
        let buffer = create(minimumCapacity: 1) { _ in }
        let storage = unsafeDowncast(buffer, to: LockStorage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            var attributes = pthread_mutexattr_t()
            pthread_mutexattr_init(&attributes)
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
            let result = pthread_mutex_init(mutex, &attributes)
            pthread_mutexattr_destroy(&attributes)
            precondition(result == 0, "Swivelish: pthread_mutex_init failed with error \(result)")
        }
        return storage
    }

    @usableFromInline
    func lock(_ user: @autoclosure () -> String) {
        let result = withUnsafeMutablePointerToElements { pthread_mutex_lock($0) }
        if result != 0 {
            lockFailed(result, user())
        }
    }

    @usableFromInline
    func unlock() {
        withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) }
    }

    private func lockFailed(_ result: Int32, _ user: String) -> Never {
        if result == EDEADLK {
            fatalError("Swivelish: the lock of \(user) was taken twice by one thread (a bug of Swivelish)")
        }
        fatalError("Swivelish: pthread_mutex_lock failed with error \(result) for \(user)")
    }

    deinit {
        withUnsafeMutablePointerToElements { _ = pthread_mutex_destroy($0) }
    }
}
#endif
