import Swivelish

/// The steps of fetching a random amount to add to the count.
public enum FetchMessage: Message, Equatable {
    /// Starts a fetch, unless one is already running (then it is ignored).
    case start
    /// A fetch finished with `amount`: ``CounterState`` adds it and ``FetchState`` stops loading.
    case finished(amount: Int)
}
