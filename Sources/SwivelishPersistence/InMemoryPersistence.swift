import Foundation

/// A value saved in memory, with every save kept in order: the ``Persistence`` a test gives a store to see
/// what it saved.
///
/// ```swift
/// let memory = InMemoryPersistence<Settings>()
/// let store = TestStore(
///     initialState: AppState(),
///     dependencies: Dependencies {
///         $0.clock = clock
///         $0.setPersistence(memory.persistence)
///     })
/// store.send(AppMessage.fontSizeChanged(14)) { $0.settings.fontSize = 14 }
/// await clock.advance(by: .seconds(1))
/// #expect(memory.savedValues == [Settings(fontSize: 14)])
/// ```
///
/// Safe to use from any thread.
public final class InMemoryPersistence<Value: Codable & Sendable>: @unchecked Sendable {
    // `@unchecked Sendable`: `lock` guards `current` and `saves`.
    private let lock = NSLock()
    private var current: Value?
    private var saves: [Value] = []

    /// A persistence in memory that loads `initial` until the first save.
    ///
    /// - Parameter initial: What a load gives before any save; `nil` for ``Persistence/LoadResult/missing``.
    public init(_ initial: Value? = nil) {
        current = initial
    }

    /// What a load gives: the value saved last, or the initial value before any save.
    public var value: Value? {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Every value saved, oldest first.
    public var savedValues: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return saves
    }

    /// The persistence that loads and saves here. Its saves never fail.
    public var persistence: Persistence<Value> {
        Persistence(
            load: { () throws(PersistenceError) -> Persistence<Value>.LoadResult in
                self.value.map { .loaded($0) } ?? .missing
            },
            save: { (value: Value) throws(PersistenceError) in
                self.record(value)
            })
    }

    private func record(_ value: Value) {
        lock.lock()
        // The value replaced is released after unlocking (its deinit may be anyone's code).
        let replaced = current
        current = value
        saves.append(value)
        lock.unlock()
        _ = replaced
    }
}
