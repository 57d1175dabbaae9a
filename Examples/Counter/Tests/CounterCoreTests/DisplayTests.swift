import CounterCore
import Swivelish
import SwivelishTesting
import Testing

@Test func summaryAndStatusLineShowCountHistoryAndLoading() {
    // A clock that never moves: the fetch stays in flight.
    let store = Store(initialState: AppState(count: -4), dependencies: Dependencies { $0.clock = TestClock() })
    #expect(store.state.summary == "count: -4  history: 0")
    #expect(store.state.statusLine == "Ready.  (history: 0)")

    store.dispatch(CounterMessage.increment(amount: 10))
    store.dispatch(FetchMessage.start)
    #expect(store.state.summary == "count: 6  history: 1  loading")
    #expect(store.state.statusLine == "Loading a random amount...  (history: 1)")
}
