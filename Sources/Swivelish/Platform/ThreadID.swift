#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// The identity of the calling thread, to compare with ``isCurrentThread(_:)``.
@usableFromInline
typealias ThreadID = pthread_t

@inlinable
@inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
func currentThread() -> ThreadID {
    pthread_self()
}

@inlinable
@inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
func isCurrentThread(_ thread: ThreadID) -> Bool {
    pthread_equal(thread, pthread_self()) != 0
}
