import CSwivelishAtomics

/// An integer that threads read and change without a lock, in memory it owns.
///
/// The memory is the element of a `ManagedBuffer`, so its address never changes and it is freed with the
/// buffer. Loads acquire, stores release, and a successful exchange does both, so what a thread wrote
/// before changing the word is visible to a thread that sees the change.
///
/// `@unchecked Sendable`: every access is atomic.
@usableFromInline
struct AtomicWord: @unchecked Sendable {
    @usableFromInline
    let storage: AtomicWordStorage

    @usableFromInline
    init(_ value: Int) {
        storage = AtomicWordStorage.make(value)
    }

    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func load() -> Int {
        storage.withUnsafeMutablePointerToElements { swivelish_atomic_load($0) }
    }

    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func store(_ value: Int) {
        storage.withUnsafeMutablePointerToElements { swivelish_atomic_store($0, value) }
    }

    /// Adds `value` to the word and returns the sum.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func add(_ value: Int) -> Int {
        storage.withUnsafeMutablePointerToElements { swivelish_atomic_add($0, value) }
    }

    /// Sets the word to `desired` if it is `expected`; returns whether it did.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func compareExchange(expected: Int, desired: Int) -> Bool {
        storage.withUnsafeMutablePointerToElements { swivelish_atomic_compare_exchange($0, expected, desired) }
    }
}

/// The memory of an ``AtomicWord``: one `Int` element.
@usableFromInline
final class AtomicWordStorage: ManagedBuffer<Void, Int> {
    static func make(_ value: Int) -> AtomicWordStorage {
        let buffer = create(minimumCapacity: 1) { _ in }
        let storage = unsafeDowncast(buffer, to: AtomicWordStorage.self)
        storage.withUnsafeMutablePointerToElements { $0.initialize(to: value) }
        return storage
    }

    deinit {
        _ = withUnsafeMutablePointerToElements { $0.deinitialize(count: 1) }
    }
}
