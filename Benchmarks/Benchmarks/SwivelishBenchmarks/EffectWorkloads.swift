// W17: an effect with an id of the user's own, as a search field's: each message starts a search that
// cancels the one in flight (`cancelInFlight`), under an id that holds the query's kind; the search sends
// its result at once. It guards what registering, finding and cancelling an effect by a user's id costs.
//
// The benchmark target measures it; `SwivelishProfile` compiles this same file (through a symbolic link)
// to count its instructions.

import Swivelish

/// W17's state: the searches started and the results received.
struct SearchScreen: State {
    var searches = 0
    var results = 0

    /// The id the searches run under: one search of each kind in flight.
    struct SearchID: Hashable, Sendable {
        let kind: String
    }

    /// Starts a search.
    struct Search: Message {}

    /// A search's result.
    struct Found: Message {}

    static func update(_ state: inout SearchScreen, with message: Message) -> Effect? {
        if message.as(Search.self) != nil {
            state.searches += 1
            return Effects.cancellable(
                Effects.send(Found()), id: SearchID(kind: "titles"), cancelInFlight: true)
        }
        if message.as(Found.self) != nil {
            state.results += 1
        }
        return nil
    }
}

/// W17's store, with a subscriber to the results, as a screen has.
final class SearchFixture: @unchecked Sendable {
    // `@unchecked Sendable`: used by one thread at a time.
    let store = Store(initialState: SearchScreen())
    private let unsubscribe: @Sendable () -> Void

    init() {
        unsubscribe = store.subscribe(\.results, immediately: false, skipRepeats: true) { _ in }
    }

    deinit {
        unsubscribe()
    }

    /// W17: `count` searches, each cancelling the one before (already finished) and sending its result.
    @inline(never)
    func search(count: Int) {
        for _ in 0..<count {
            store.dispatch(SearchScreen.Search())
        }
    }
}
