/// The values a store's effects depend on (an API client, a database, a clock, a source of random
/// numbers), given to the store when it is made and read by effects through their `dispatch`.
///
/// A store has one set of dependencies, fixed when it is made: ``Store/init(initialState:backlogLimit:dependencies:observers:)``.
/// Each value is looked up by its ``DependencyKey``; a key that was not set gives its
/// ``DependencyKey/defaultValue``. An effect reads them from its ``Dispatcher``, so an effect that
/// outlives the call that started it (a task, a completion handler) still reads its own store's values,
/// whatever thread or task it runs on:
///
/// ```swift
/// case .fetch:
///     return Effects.run { dispatch in
///         let amount = try await dispatch.dependencies.amountClient.fetch()
///         dispatch(CounterMessage.increment(amount: amount))
///     }
/// ```
///
/// A test replaces the values it cares about and keeps the defaults of the rest:
///
/// ```swift
/// let store = Store(
///     initialState: CounterState(),
///     dependencies: Dependencies { $0.amountClient = AmountClient { 42 } })
/// ```
///
/// `update` stays pure and never sees them: only effects do. A store made by ``Store/scope(_:)`` runs
/// its effects through its root store, with the root's dependencies.
public struct Dependencies: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Dependencies with every key at its default value.
    public init() {}

    /// Dependencies with every key at its default value except those `configure` sets.
    ///
    /// - Parameter configure: Sets the values to replace.
    public init(_ configure: (inout Dependencies) -> Void) {
        configure(&self)
    }

    /// The value for `key`: the one set, or the key's default value.
    ///
    /// - Parameter key: The key of the dependency.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            guard let value = values[ObjectIdentifier(key)] else { return Key.defaultValue }
            // Only the setter below stores under this key, and it stores a `Key.Value`.
            return value as! Key.Value
        }
        set {
            values[ObjectIdentifier(key)] = newValue
        }
    }

    /// A copy of these dependencies with `value` for `key`.
    ///
    /// - Parameters:
    ///   - key: The key of the dependency.
    ///   - value: Its new value.
    /// - Returns: The same dependencies, but for `key`.
    public func with<Key: DependencyKey>(_ key: Key.Type, _ value: Key.Value) -> Dependencies {
        var copy = self
        copy[key] = value
        return copy
    }
}
