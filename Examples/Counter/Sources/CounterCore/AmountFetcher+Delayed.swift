import Dispatch

extension AmountFetcher {
    /// A fetcher that answers with a random amount in `range` after `delay`, on a background thread.
    ///
    /// The amounts come from the system's random number generator: they differ on every run.
    public static func random(in range: ClosedRange<Int> = 1...10, delay: DispatchTimeInterval) -> AmountFetcher {
        delayed(by: delay) { _ in Int.random(in: range) }
    }

    /// A fetcher that answers with a pseudo-random amount in `range` after `delay`, on a background
    /// thread, the same for the same `seed` and fetch number on every run and every platform.
    ///
    /// Fetch number `n` gets ``SeededAmounts/amount(number:)`` of `SeededAmounts(seed:in:)`: with seed 42
    /// and the range 1...10, fetches 1 to 5 answer 4, 2, 9, 5, 1.
    public static func seeded(_ seed: UInt64, in range: ClosedRange<Int> = 1...10, delay: DispatchTimeInterval)
        -> AmountFetcher
    {
        let amounts = SeededAmounts(seed: seed, in: range)
        return delayed(by: delay) { number in amounts.amount(number: number) }
    }

    private static func delayed(by delay: DispatchTimeInterval, _ amount: @escaping @Sendable (Int) -> Int)
        -> AmountFetcher
    {
        AmountFetcher { number, completion in
            DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
                completion(amount(number))
            }
        }
    }
}
