#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread started by ``spawn(_:)``, to ``join(_:)``.
#if canImport(Darwin)
public typealias BenchmarkThread = pthread_t?
#else
public typealias BenchmarkThread = pthread_t
#endif

/// What a thread started by ``spawn(_:)`` runs.
private final class ThreadBody: Sendable {
    let run: @Sendable () -> Void

    init(_ run: @escaping @Sendable () -> Void) {
        self.run = run
    }
}

/// Starts a thread of its own (not one of a pool) that runs `body`: the benchmarks measure threads that
/// block, which a cooperative pool of two threads would not run side by side.
public func spawn(_ body: @escaping @Sendable () -> Void) -> BenchmarkThread {
    #if canImport(Darwin)
    var thread: pthread_t?
    #else
    var thread = pthread_t()
    #endif
    let argument = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    let result = pthread_create(
        &thread, nil,
        { argument in
            #if canImport(Darwin)
            Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().run()
            #else
            Unmanaged<ThreadBody>.fromOpaque(argument!).takeRetainedValue().run()
            #endif
            return nil
        }, argument)
    precondition(result == 0, "pthread_create failed with error \(result)")
    return thread
}

/// Waits for `thread` to end.
public func join(_ thread: BenchmarkThread) {
    #if canImport(Darwin)
    pthread_join(thread!, nil)
    #else
    pthread_join(thread, nil)
    #endif
}
