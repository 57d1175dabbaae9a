/// A key for a value in ``Dependencies``, with the value to use when none was given.
///
/// Declare one per dependency, often as the dependency's own type, and add a property to
/// ``Dependencies`` to read it by name:
///
/// ```swift
/// struct AmountClient: Sendable {
///     var fetch: @Sendable () async throws -> Int
/// }
///
/// extension AmountClient: DependencyKey {
///     static let defaultValue = AmountClient { Int.random(in: 1...100) }
/// }
///
/// extension Dependencies {
///     var amountClient: AmountClient {
///         get { self[AmountClient.self] }
///         set { self[AmountClient.self] = newValue }
///     }
/// }
/// ```
public protocol DependencyKey {
    /// The type of the value the key holds.
    associatedtype Value: Sendable

    /// The value ``Dependencies`` gives for this key when no other was set: what the app uses.
    static var defaultValue: Value { get }

    /// The value ``Dependencies`` gives for this key in a `TestStore` when the test set no other: one that
    /// does no real work (an API client that answers at once, a file store in memory).
    ///
    /// Declare one for a dependency a test may leave unset:
    ///
    /// ```swift
    /// extension AmountClient: DependencyKey {
    ///     static let defaultValue = AmountClient { Int.random(in: 1...100) }
    ///     static let testValue = AmountClient { 42 }
    /// }
    /// ```
    ///
    /// Without one (the default implementation), an effect that reads the dependency in a `TestStore`
    /// where the test did not set it fails the test, naming the key and the message whose effect read it;
    /// the effect is then cancelled, and goes on with ``defaultValue`` until it stops. So what it does before
    /// it next checks for cancellation (a file written, a request sent) is done for real: give every
    /// dependency that acts on the world a test value that does not.
    static var testValue: Value { get }
}

extension DependencyKey {
    /// No test value: a `TestStore` reports a read of this key that the test did not set, then gives
    /// ``defaultValue``.
    public static var testValue: Value {
        DependencyTestContext.noteMissingTestValue()
        return defaultValue
    }
}
