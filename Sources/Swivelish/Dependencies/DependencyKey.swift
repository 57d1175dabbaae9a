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
}
