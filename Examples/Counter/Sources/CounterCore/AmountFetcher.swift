/// Where a fetch gets its "random" amount: the app's one asynchronous dependency, injected so that tests
/// and scripts get the same amounts every run.
///
/// A fetcher is a function that starts fetch number `number` (1 for the first fetch of a store, 2 for
/// the next, ...) and later calls `completion` with the amount, once, on any thread. The app ships
/// ``random(in:delay:)`` for the interactive mode and ``seeded(_:in:delay:)`` for the scripted mode;
/// a test can make its own:
///
/// ```swift
/// let instant = AmountFetcher { number, completion in completion(number * 10) }
/// ```
public struct AmountFetcher: Sendable {
    private let start: @Sendable (_ number: Int, _ completion: @escaping @Sendable (Int) -> Void) -> Void

    /// Creates a fetcher that runs `start` for each fetch.
    ///
    /// - Parameter start: Starts fetch number `number` and calls `completion` with the amount, once, now
    ///   or later, on any thread.
    public init(_ start: @escaping @Sendable (_ number: Int, _ completion: @escaping @Sendable (Int) -> Void) -> Void) {
        self.start = start
    }

    /// Starts fetch number `number`; `completion` receives the amount, once, on any thread.
    public func fetch(number: Int, completion: @escaping @Sendable (Int) -> Void) {
        start(number, completion)
    }
}
