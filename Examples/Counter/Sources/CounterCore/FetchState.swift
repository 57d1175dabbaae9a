import Swivelish

/// Whether a random amount is being fetched, and where amounts come from.
///
/// ``FetchMessage/start`` sets ``isLoading`` and returns an ``Effect`` that asks ``fetcher`` for an
/// amount and dispatches ``FetchMessage/finished(amount:)`` with it, from whichever thread the fetcher
/// completes on. A `start` while loading is ignored: one fetch at a time, and no change of state.
///
/// It is not part of the undo history: undoing while a fetch runs does not cancel it.
public struct FetchState: State {
    /// Whether a fetch is running.
    public private(set) var isLoading = false

    /// How many fetches have started; the running fetch, if any, is number `startedCount`.
    public private(set) var startedCount = 0

    /// Where amounts come from: configuration given at start, never changed by messages.
    public let fetcher: AmountFetcher

    /// Creates a state that is not loading, and fetches amounts from `fetcher`.
    public init(fetcher: AmountFetcher) {
        self.fetcher = fetcher
    }

    /// Applies ``FetchMessage``; ignores other messages.
    ///
    /// - Returns: For a `start` that is not ignored, the effect that runs the fetch.
    public static func update(_ state: inout FetchState, with message: Message) -> Effect? {
        guard let message = message as? FetchMessage else { return nil }
        switch message {
        case .start:
            guard !state.isLoading else { return nil }
            state.isLoading = true
            state.startedCount += 1
            return fetchEffect(number: state.startedCount, from: state.fetcher)
        case .finished:
            state.isLoading = false
            return nil
        }
    }

    private static func fetchEffect(number: Int, from fetcher: AmountFetcher) -> Effect {
        return { dispatch in
            fetcher.fetch(number: number) { amount in
                dispatch(FetchMessage.finished(amount: amount))
            }
        }
    }
}
