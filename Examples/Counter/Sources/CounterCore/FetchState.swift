import Swivelish

/// Whether a random amount is being fetched, and where amounts come from.
///
/// ``FetchMessage/start`` sets ``isLoading`` and returns an ``Effect`` that asks ``fetcher`` for an
/// amount and dispatches ``FetchMessage/finished(amount:)`` with it, from whichever thread the fetcher
/// completes on. A `start` while loading is ignored: one fetch at a time, and no change of state.
///
/// It is not part of the undo history: undoing while a fetch runs does not cancel it.
///
/// Two fetch states are equal when they are loading alike and have started as many fetches: the
/// ``fetcher`` is configuration that no message changes, so it takes no part in comparing states (as
/// a `TestStore` does after every message).
public struct FetchState: State, Equatable {
    /// Whether a fetch is running.
    public var isLoading = false

    /// How many fetches have started; the running fetch, if any, is number `startedCount`.
    public var startedCount = 0

    /// Where amounts come from: configuration given at start, never changed by messages.
    public let fetcher: AmountFetcher

    /// Creates a state that is not loading, and fetches amounts from `fetcher`.
    public init(fetcher: AmountFetcher) {
        self.fetcher = fetcher
    }

    /// Whether `left` and `right` are loading alike and have started as many fetches; their fetchers
    /// are not compared.
    public static func == (left: FetchState, right: FetchState) -> Bool {
        left.isLoading == right.isLoading && left.startedCount == right.startedCount
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
