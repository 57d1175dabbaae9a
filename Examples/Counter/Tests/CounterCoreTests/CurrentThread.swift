#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The thread that made it, to tell later whether code runs on that thread.
struct CurrentThread: @unchecked Sendable {
    // `@unchecked Sendable`: a `pthread_t` is an opaque identifier, only compared.
    private let thread = pthread_self()

    var isCurrent: Bool { pthread_equal(thread, pthread_self()) != 0 }
}
