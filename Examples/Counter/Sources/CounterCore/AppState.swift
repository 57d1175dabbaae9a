import Swivelish

/// The whole app: an undoable counter and a fetch status, composed with `makeSerialUpdate`.
///
/// Every message goes to both sub-states, the counter first. Each handles the messages it knows:
/// ``CounterMessage`` and ``HistoryMessage`` reach the counter, ``FetchMessage/start`` the fetch
/// status, and ``FetchMessage/finished(amount:)`` both (the counter adds the amount, the fetch status
/// stops loading) in one state change.
///
/// ```swift
/// let store = Store(initialState: AppState())
/// store.dispatch(CounterMessage.increment(amount: 1))
/// store.dispatch(FetchMessage.start)
/// ```
public struct AppState: State, Equatable {
    /// The count, with its undo history of up to ``undoLimit`` changes. Fetched amounts are recorded too,
    /// so they can be undone.
    public var counter: HistoryState<CounterState>

    /// Whether a fetch is running. Not undoable: undo does not cancel a fetch.
    public var fetch: FetchState

    /// The most changes of the count that can be undone: older changes are forgotten, oldest first.
    public static let undoLimit = 100

    /// Creates the app at `count`, with nothing to undo and no fetch running.
    ///
    /// Where fetched amounts come from is not part of the state: the fetch effect reads it from the
    /// store's dependencies (`dependencies.amountFetcher`).
    public init(count: Int = 0) {
        counter = HistoryState(CounterState(count: count), limit: Self.undoLimit)
        fetch = FetchState()
    }

    /// Updates ``counter`` then ``fetch`` with `message`, and returns their effects combined.
    public static func update(_ state: inout AppState, with message: Message) -> Effect? {
        let update = makeSerialUpdate(\.counter, \.fetch)
        return update(&state, message)
    }

    /// The current count.
    public var count: Int { counter.present.count }

    /// How many changes of the count can be undone.
    public var undoDepth: Int { counter.undoDepth }

    /// Whether a fetch is running.
    public var isLoading: Bool { fetch.isLoading }
}
