import Swivelish

/// The key of the ``Persistence`` of `Value` in `Dependencies`; read and set it with
/// `Dependencies.persistence(of:)` and `Dependencies.setPersistence(_:for:)`.
///
/// Both of its values keep the value in memory, so a store that was not given a file never writes one, in
/// the app as in a test.
public enum PersistenceKey<Value: Codable & Sendable>: DependencyKey {
    /// In memory (``Persistence/inMemory(_:)``): a store saves nowhere until the app gives it a file.
    ///
    /// Each read gives a new, empty one: what is saved through it is dropped, and a load finds nothing.
    public static var defaultValue: Persistence<Value> {
        .inMemory()
    }

    /// In memory, as ``defaultValue``: a `TestStore` whose test gives no persistence saves without error and
    /// never writes a file. Give it an ``InMemoryPersistence`` to read what it saved.
    public static var testValue: Persistence<Value> {
        .inMemory()
    }
}

extension Dependencies {
    /// Where effects load and save a `Value`: the persistence set with ``setPersistence(_:for:)``, or one in
    /// memory (``PersistenceKey``).
    ///
    /// ```swift
    /// return Effects.run { dispatch in
    ///     let result = try dispatch.dependencies.persistence(of: Settings.self).load()
    ///     dispatch(AppMessage.settingsLoaded(result.value ?? Settings()))
    /// }
    /// ```
    ///
    /// - Parameter type: The type of the value saved.
    /// - Returns: Its persistence.
    public func persistence<Value: Codable & Sendable>(of type: Value.Type) -> Persistence<Value> {
        self[PersistenceKey<Value>.self]
    }

    /// Makes `persistence` where effects load and save a `Value`, replacing the one before.
    ///
    /// ```swift
    /// let dependencies = Dependencies {
    ///     $0.setPersistence(.file(JSONFile<Settings>(path: "settings.json")))
    ///     $0.setPersistence(.inMemory(), for: History.self)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - persistence: Where to load and save.
    ///   - type: The type of the value saved; needed only where `persistence` does not say it.
    public mutating func setPersistence<Value: Codable & Sendable>(
        _ persistence: Persistence<Value>, for type: Value.Type = Value.self
    ) {
        self[PersistenceKey<Value>.self] = persistence
    }
}
