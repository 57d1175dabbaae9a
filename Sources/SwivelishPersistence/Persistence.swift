import Foundation
import Swivelish

/// Where a store's effects load and save a `Value`: the dependency that
/// `Effects.save(_:debouncedFor:onFailure:)` saves through.
///
/// A store has one per value type, read as `dispatch.dependencies.persistence(of: Value.self)` and set with
/// `Dependencies.setPersistence(_:for:)`. The app gives its store a file; a test gives an
/// ``InMemoryPersistence`` it can read back, or nothing:
///
/// ```swift
/// let file = JSONFile<Settings>(path: "settings.json")
/// let loaded = try file.load()  // before the first save, so that a corrupt file is kept
/// if case let .movedAside(corrupt) = loaded {
///     print("warning: \(corrupt.message)")
/// }
/// let store = Store(
///     initialState: AppState(settings: loaded.value ?? Settings()),
///     dependencies: Dependencies { $0.setPersistence(.file(file)) })
/// ```
///
/// Without one, a store saves in memory only (see ``PersistenceKey``): nothing reaches a file until the app
/// gives one.
///
/// Make one for another kind of storage (a database, a key-value store) with ``init(load:save:)``.
public struct Persistence<Value: Codable & Sendable>: Sendable {
    /// What a load found.
    public enum LoadResult: Sendable {
        /// Nothing was saved: there is no file.
        case missing
        /// The value saved.
        case loaded(Value)
        /// The file did not decode: it was renamed so that it is kept, and the path is free.
        case movedAside(CorruptFile)

        /// The value loaded, or `nil` when there was none (missing, or moved aside).
        public var value: Value? {
            guard case let .loaded(value) = self else { return nil }
            return value
        }
    }

    private let loadValue: @Sendable () throws(PersistenceError) -> LoadResult
    private let saveValue: @Sendable (Value) throws(PersistenceError) -> Void

    /// A persistence that loads with `load` and saves with `save`.
    ///
    /// - Parameters:
    ///   - load: Reads the value saved. Called by ``load()``, on its caller's thread.
    ///   - save: Replaces the value saved; throws when it cannot, leaving what was saved before. Called by
    ///     ``save(_:)``, on its caller's thread (for `Effects.save(_:debouncedFor:onFailure:)`,
    ///     in the effect's task).
    public init(
        load: @escaping @Sendable () throws(PersistenceError) -> LoadResult,
        save: @escaping @Sendable (Value) throws(PersistenceError) -> Void
    ) {
        loadValue = load
        saveValue = save
    }

    /// Reads the value saved.
    ///
    /// - Returns: What was found: nothing, the value, or a corrupt file moved aside.
    /// - Throws: A ``PersistenceError`` when what was saved cannot be read, and was left as it is.
    public func load() throws(PersistenceError) -> LoadResult {
        try loadValue()
    }

    /// Replaces the value saved with `value`.
    ///
    /// - Parameter value: The value to save.
    /// - Throws: A ``PersistenceError`` when it cannot; what was saved before is then kept.
    public func save(_ value: Value) throws(PersistenceError) {
        try saveValue(value)
    }

    /// Loads and saves `file` (``JSONFile/load()``, ``JSONFile/save(_:)``), one call at a time.
    ///
    /// Its loads and saves run one at a time: a save that starts while another is writing waits for it, so
    /// the later save's file is the one renamed last.
    ///
    /// - Parameter file: The file.
    /// - Returns: The persistence of `file`.
    public static func file(_ file: JSONFile<Value>) -> Persistence {
        let lock = NSLock()
        return Persistence(
            load: { () throws(PersistenceError) -> LoadResult in
                lock.lock()
                defer { lock.unlock() }
                return try file.load()
            },
            save: { (value: Value) throws(PersistenceError) in
                lock.lock()
                defer { lock.unlock() }
                try file.save(value)
            })
    }

    /// Loads and saves in memory, starting from `initial`: what is saved is loaded back, and is gone with the
    /// persistence.
    ///
    /// To read what a store saved, keep the ``InMemoryPersistence`` and give the store its
    /// ``InMemoryPersistence/persistence``.
    ///
    /// - Parameter initial: What a load gives before any save; `nil` for ``LoadResult/missing``.
    /// - Returns: A new persistence in memory, shared by its copies.
    public static func inMemory(_ initial: Value? = nil) -> Persistence {
        InMemoryPersistence(initial).persistence
    }
}

extension Persistence.LoadResult: Equatable where Value: Equatable {}
