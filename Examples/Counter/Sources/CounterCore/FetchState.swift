import Swivelish

/// Whether a random amount is being fetched.
///
/// ``FetchMessage/start`` sets ``isLoading`` and returns an ``Effect`` that runs the fetch in a task:
/// it reads the store's ``AmountFetcher`` and clock (`dispatch.dependencies.amountFetcher` and
/// `.clock`), waits the fetcher's delay on the clock, and dispatches ``FetchMessage/finished(amount:)``
/// from the task. A `start` while loading is ignored: one fetch at a time, and no change of state.
///
/// It is not part of the undo history: undoing while a fetch runs does not cancel it.
public struct FetchState: State, Equatable {
    /// Whether a fetch is running.
    public var isLoading = false

    /// How many fetches have started; the running fetch, if any, is number `startedCount`.
    public var startedCount = 0

    /// Creates a state that is not loading and has started no fetch.
    public init() {}

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
            return fetchEffect(number: state.startedCount)
        case .finished:
            state.isLoading = false
            return nil
        }
    }

    private static func fetchEffect(number: Int) -> Effect {
        Effects.run { dispatch in
            // Clocks need macOS 13: the Counter is a terminal program for Linux and macOS 13 or later.
            guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
            let fetcher = dispatch.dependencies.amountFetcher
            try await dispatch.dependencies.clock.sleep(for: fetcher.delay)
            dispatch(FetchMessage.finished(amount: fetcher.amount(number: number)))
        }
    }
}
