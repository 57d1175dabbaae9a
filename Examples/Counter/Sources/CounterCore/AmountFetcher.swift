import Swivelish

/// Where a fetch gets its "random" amount, and how long it takes: the app's one asynchronous
/// dependency, read by the fetch effect as `dispatch.dependencies.amountFetcher`.
///
/// Fetch number `number` (1 for the first fetch of a store, 2 for the next, ...) waits ``delay`` on the
/// store's clock (`dispatch.dependencies.clock`), then adds ``amount(number:)``. The app uses the
/// default, ``random(in:delay:)`` with a delay of a second, in the interactive mode, and
/// ``seeded(_:in:delay:)`` in the scripted mode, so that a script prints the same lines on every run. A
/// test gives its own to the store:
///
/// ```swift
/// let store = Store(
///     initialState: AppState(),
///     dependencies: Dependencies { $0.amountFetcher = AmountFetcher { number in number * 10 } })
/// ```
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public struct AmountFetcher: Sendable {
    /// How long each fetch takes, on the store's clock.
    public var delay: Duration

    private let amountOfFetch: @Sendable (_ number: Int) -> Int

    /// Creates a fetcher whose fetch number `number` answers `amount(number)` after `delay`.
    ///
    /// - Parameters:
    ///   - delay: How long each fetch takes, on the store's clock; none by default.
    ///   - amount: The amount of fetch number `number`. It may be called on any thread.
    public init(delay: Duration = .zero, amount: @escaping @Sendable (_ number: Int) -> Int) {
        self.delay = delay
        amountOfFetch = amount
    }

    /// The amount that fetch number `number` answers.
    ///
    /// - Parameter number: 1 for the first fetch of a store, 2 for the next, and so on.
    public func amount(number: Int) -> Int {
        amountOfFetch(number)
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension AmountFetcher: DependencyKey {
    /// Random amounts from 1 to 10, each after a second: what the interactive mode uses.
    public static var defaultValue: AmountFetcher {
        .random(delay: .seconds(1))
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension Dependencies {
    /// Where the fetch effect gets its amounts: ``AmountFetcher/defaultValue`` unless set.
    public var amountFetcher: AmountFetcher {
        get { self[AmountFetcher.self] }
        set { self[AmountFetcher.self] = newValue }
    }
}
