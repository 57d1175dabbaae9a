import CounterCore
import Swivelish
import Testing

@Test func summaryAndStatusLineShowCountHistoryAndLoading() {
    let store = Store(initialState: AppState(count: -4, fetcher: AmountFetcher { _, _ in }))
    #expect(store.state.summary == "count: -4  history: 0")
    #expect(store.state.statusLine == "Ready.  (history: 0)")

    store.dispatch(CounterMessage.increment(amount: 10))
    store.dispatch(FetchMessage.start)
    #expect(store.state.summary == "count: 6  history: 1  loading")
    #expect(store.state.statusLine == "Loading a random amount...  (history: 1)")
}
