@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension AmountFetcher {
    /// A fetcher that answers with a random amount in `range` after `delay`.
    ///
    /// The amounts come from the system's random number generator: they differ on every run.
    ///
    /// - Parameters:
    ///   - range: The range every amount falls in.
    ///   - delay: How long each fetch takes, on the store's clock.
    public static func random(in range: ClosedRange<Int> = 1...10, delay: Duration) -> AmountFetcher {
        AmountFetcher(delay: delay) { _ in Int.random(in: range) }
    }

    /// A fetcher that answers with a pseudo-random amount in `range` after `delay`, the same for the
    /// same `seed` and fetch number on every run and every platform.
    ///
    /// Fetch number `n` gets ``SeededAmounts/amount(number:)`` of `SeededAmounts(seed:in:)`: with seed 42
    /// and the range 1...10, fetches 1 to 5 answer 4, 2, 9, 5, 1.
    ///
    /// - Parameters:
    ///   - seed: The seed the amounts are derived from.
    ///   - range: The range every amount falls in.
    ///   - delay: How long each fetch takes, on the store's clock.
    public static func seeded(_ seed: UInt64, in range: ClosedRange<Int> = 1...10, delay: Duration) -> AmountFetcher {
        let amounts = SeededAmounts(seed: seed, in: range)
        return AmountFetcher(delay: delay) { number in amounts.amount(number: number) }
    }
}
