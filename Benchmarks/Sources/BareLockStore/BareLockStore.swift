#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#else
#error("BareLockStore needs pthreads on this platform")
#endif

/// The least a thread-safe store can do: a value behind a heap-allocated `pthread_mutex_t`, with a plain
/// array of closures as subscribers.
///
/// This is the physical limit Swivelish's `Store` is measured against, not a library: no messages, no
/// effects, no ordering guarantee between threads that deliver at the same time, no re-entrancy
/// checks. ``dispatch(_:)`` takes the lock, changes the value in place, copies the value and the
/// subscriber array, releases the lock and calls every subscriber outside it, which is the minimum any
/// store that never runs callbacks under its lock must do.
///
/// It lives in a module of its own and its hot paths are `@inlinable`, like the store's, so the
/// benchmarks call both across a module boundary and both are specialised at the call site.
///
/// ```swift
/// let store = BareLockStore(initialValue: 0)
/// let unsubscribe = store.subscribe(\Int.self, skipRepeats: true) { print($0) }
/// store.dispatch { $0 += 1 }  // prints 1
/// unsubscribe()
/// ```
///
/// Thread safety: every method may be called from any thread. Subscribers are called on the thread that
/// dispatched, possibly concurrently with one another when several threads dispatch at once.
public final class BareLockStore<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: `current`, `subscribers` and `nextID` are only touched with `mutex` held.
    // `@exclusivity(unchecked)` on them: the mutex already makes every access exclusive, and a limit
    // should not pay for the runtime's dynamic exclusivity checks (about 120 instructions each).

    /// One subscriber: the closure and the id its unsubscribe function removes it by.
    @usableFromInline
    struct Subscriber {
        @usableFromInline
        let id: UInt64
        @usableFromInline
        let body: (Value) -> Void

        @inlinable
        init(id: UInt64, body: @escaping (Value) -> Void) {
            self.id = id
            self.body = body
        }
    }

    /// The mutex, on the heap so that it never moves.
    @usableFromInline
    let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline
    @exclusivity(unchecked)
    var current: Value

    @usableFromInline
    @exclusivity(unchecked)
    var subscribers: [Subscriber] = []

    @usableFromInline
    @exclusivity(unchecked)
    var nextID: UInt64 = 0

    /// Creates a store holding `initialValue`.
    ///
    /// - Parameters:
    ///   - initialValue: The value before any change.
    ///   - errorChecking: Whether the mutex is error-checking (`PTHREAD_MUTEX_ERRORCHECK`), the kind
    ///     Swivelish's store uses to catch `update` calling back into its store, instead of the default
    ///     kind. The benchmarks use the default; `SwivelishProfile W4` compares both.
    public init(initialValue: Value, errorChecking: Bool = false) {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if errorChecking {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ERRORCHECK))
        }
        let result = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(result == 0, "pthread_mutex_init failed with error \(result)")
        current = initialValue
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// The current value, read under the lock.
    @inlinable
    public var value: Value {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return current
    }

    /// Applies `change` to the value under the lock, then calls every subscriber with the new value,
    /// outside the lock.
    ///
    /// - Parameter change: Changes the value in place. It runs with the lock held.
    @inlinable
    public func dispatch(_ change: (inout Value) -> Void) {
        pthread_mutex_lock(mutex)
        change(&current)
        guard !subscribers.isEmpty else {
            pthread_mutex_unlock(mutex)
            return
        }
        let value = current
        let subscribers = self.subscribers
        pthread_mutex_unlock(mutex)
        for subscriber in subscribers {
            subscriber.body(value)
        }
    }

    /// Calls `body` with the new value after every change.
    ///
    /// Subscribing appends to the array (amortised O(1)); unsubscribing searches it and removes the
    /// subscriber (O(n)), as a plain array does.
    ///
    /// - Parameter body: Called with every new value, outside the lock.
    /// - Returns: A function that removes the subscriber. Calls after the first do nothing.
    @inlinable
    @discardableResult
    public func subscribe(_ body: @escaping @Sendable (Value) -> Void) -> @Sendable () -> Void {
        addSubscriber(body)
    }

    /// Appends `body` to the subscribers. Like the store's, the closure it keeps is not `@Sendable`: the
    /// store only calls it from the dispatching thread.
    @inlinable
    func addSubscriber(_ body: @escaping (Value) -> Void) -> @Sendable () -> Void {
        pthread_mutex_lock(mutex)
        let id = nextID
        nextID += 1
        subscribers.append(Subscriber(id: id, body: body))
        pthread_mutex_unlock(mutex)
        return { [weak self] in
            self?.unsubscribe(id: id)
        }
    }

    /// Calls `body` with the field at `keyPath` after every change, skipping values equal to the
    /// previous one when `skipRepeats` is true.
    ///
    /// The filter does what a Swivelish `skipRepeats` subscriber does: one key-path read and, when
    /// skipping repeats, one comparison with the value remembered from the last call (or from
    /// subscription time), per change.
    ///
    /// - Parameters:
    ///   - keyPath: The field to watch.
    ///   - skipRepeats: Whether to skip values equal to the previous one.
    ///   - body: Called with the field's value, outside the lock.
    /// - Returns: A function that removes the subscriber. Calls after the first do nothing.
    @inlinable
    @discardableResult
    public func subscribe<Field: Equatable>(
        _ keyPath: KeyPath<Value, Field>,
        skipRepeats: Bool,
        _ body: @escaping @Sendable (Field) -> Void
    ) -> @Sendable () -> Void {
        let keyPath = SendableKeyPath(keyPath)
        guard skipRepeats else {
            return addSubscriber { value in body(value[keyPath: keyPath.keyPath]) }
        }
        let previous = Remembered(value[keyPath: keyPath.keyPath])
        return addSubscriber { value in
            let field = value[keyPath: keyPath.keyPath]
            if field == previous.value { return }
            previous.value = field
            body(field)
        }
    }

    /// Removes the subscriber with `id`, if it is still subscribed.
    @inlinable
    func unsubscribe(id: UInt64) {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let index = subscribers.firstIndex(where: { $0.id == id }) {
            subscribers.remove(at: index)
        }
    }
}

/// The last value a `skipRepeats` subscriber saw. Only the dispatching thread touches it; the benchmarks
/// that dispatch from two threads at once have no subscribers.
@usableFromInline
final class Remembered<Value>: @unchecked Sendable {
    @usableFromInline
    @exclusivity(unchecked)
    var value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}

/// A key path, immutable once made, marked `Sendable` so that subscriber closures can carry it.
@usableFromInline
struct SendableKeyPath<Root, Field>: @unchecked Sendable {
    @usableFromInline
    let keyPath: KeyPath<Root, Field>

    @inlinable
    init(_ keyPath: KeyPath<Root, Field>) {
        self.keyPath = keyPath
    }
}
