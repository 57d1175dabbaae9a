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
/// `update` stays pure and never sees them: only effects do. A store made by ``Store/scope(_:)->Store<Child>`` runs
/// its effects through its root store, with the root's dependencies.
///
/// In a `TestStore` (SwivelishTesting), a key that was not set gives its ``DependencyKey/testValue``
/// instead, and an effect that reads a key with neither a value set nor a test value fails the test,
/// naming the key and the message whose effect read it: a test never uses a live service without saying so.
public struct Dependencies: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    /// Set by a test store: keys not set give their test value, and a read of one that has none is reported.
    package var testContext: DependencyTestContext?

    /// Dependencies with every key at its default value.
    public init() {}

    /// Dependencies with every key at its default value except those `configure` sets.
    ///
    /// - Parameter configure: Sets the values to replace.
    public init(_ configure: (inout Dependencies) -> Void) {
        configure(&self)
    }

    /// The value for `key`: the one set, or the key's default value (its test value in a `TestStore`).
    ///
    /// - Parameter key: The key of the dependency.
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            if let value = storedValue(for: key) {
                return value
            }
            guard let testContext else { return Key.defaultValue }
            return testContext.testValue(of: key)
        }
        set {
            values[ObjectIdentifier(key)] = newValue
        }
    }

    /// The value set for `key`, or `nil`: no default, no test value, nothing reported.
    package func storedValue<Key: DependencyKey>(for key: Key.Type) -> Key.Value? {
        // Only the subscript's setter stores under this key, and it stores a `Key.Value`.
        values[ObjectIdentifier(key)].map { $0 as! Key.Value }
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
