import CounterCore
import Swivelish
import SwivelishTesting
import Testing

// The app's logic tested exhaustively with SwivelishTesting's TestStore: every state change and every
// message the fetch effect dispatches is asserted. The fetches wait on a TestClock, which the tests
// advance: a fetch of an hour takes no real time.

@Suite("AppState, with TestStore")
struct AppTestStoreTests {
    /// The scripted mode's fetcher (4, 2, 9, 5, 1, ...), each fetch taking an hour.
    static let seededHourly = AmountFetcher.seeded(42, delay: .seconds(3_600))

    /// Dependencies with the scripted mode's fetcher, taking an hour, on `clock`.
    static func dependencies(clock: TestClock) -> Dependencies {
        Dependencies {
            $0.amountFetcher = seededHourly
            $0.clock = clock
        }
    }

    @Test func incrementDecrementAndUndo() async {
        let store = TestStore(initialState: AppState())
        store.send(CounterMessage.increment(amount: 3)) {
            $0.counter.present.count = 3
            $0.counter.past = [CounterState(count: 0)]
        }
        store.send(CounterMessage.decrement(amount: 1)) {
            $0.counter.present.count = 2
            $0.counter.past = [CounterState(count: 0), CounterState(count: 3)]
        }
        store.send(HistoryMessage.undo) {
            $0.counter.present.count = 3
            $0.counter.past = [CounterState(count: 0)]
        }
        store.expect(\.undoDepth, 1)
        await store.finish()
    }

    @Test func fetchAddsTheAmountOnceTheClockReachesTheDelayAndCanBeUndone() async {
        let clock = TestClock()
        let store = TestStore(initialState: AppState(count: 1), dependencies: Self.dependencies(clock: clock))
        store.send(FetchMessage.start) {
            $0.fetch.isLoading = true
            $0.fetch.startedCount = 1
        }
        await clock.advance(by: .seconds(3_599))
        #expect(clock.sleeperCount == 1)  // not yet
        await clock.advance(by: .seconds(1))
        await store.receive(FetchMessage.finished(amount: 4)) {
            $0.counter.present.count = 5
            $0.counter.past = [CounterState(count: 1)]
            $0.fetch.isLoading = false
        }
        store.send(HistoryMessage.undo) {
            $0.counter.present.count = 1
            $0.counter.past = []
        }
        await store.finish()
    }

    @Test func secondStartWhileLoadingIsIgnored() async {
        let clock = TestClock()
        let store = TestStore(initialState: AppState(), dependencies: Self.dependencies(clock: clock))
        store.send(FetchMessage.start) {
            $0.fetch.isLoading = true
            $0.fetch.startedCount = 1
        }
        store.send(FetchMessage.start)  // no change of state, and no second fetch: `finish` would see it
        await clock.advance(by: .seconds(3_600))
        await store.receive(FetchMessage.finished(amount: 4)) {
            $0.counter.present.count = 4
            $0.counter.past = [CounterState(count: 0)]
            $0.fetch.isLoading = false
        }
        await store.finish()
    }

    @Test func undoWhileLoadingDoesNotCancelTheFetch() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: AppState(), dependencies: Self.dependencies(clock: clock), exhaustivity: .off)
        store.send(CounterMessage.increment(amount: 1))
        store.send(FetchMessage.start)
        store.send(HistoryMessage.undo) {
            $0.counter.present.count = 0
            $0.fetch.isLoading = true
        }
        await clock.advance(by: .seconds(3_600))
        await store.receive(FetchMessage.finished(amount: 4)) {
            $0.counter.present.count = 4
            $0.fetch.isLoading = false
        }
    }

    @Test func fetchesAreNumberedInTurn() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: AppState(), dependencies: Self.dependencies(clock: clock), exhaustivity: .off)
        for (number, amount) in [4, 2, 9].enumerated() {
            store.send(FetchMessage.start) { $0.fetch.startedCount = number + 1 }
            await clock.advance(by: .seconds(3_600))
            await store.receive(FetchMessage.finished(amount: amount))
        }
        store.expect(\.count, 15)
    }

    @Test func theFetcherAndClockTheTestGivesAreUsed() async {
        // A fetcher without delay, on a real clock: the fetch ends at once. (A test store has no clock unless
        // the test gives it one.)
        let store = TestStore(
            initialState: AppState(),
            dependencies: Dependencies {
                $0.amountFetcher = AmountFetcher { number in number * 10 }
                $0.clock = ContinuousClock()
            })
        store.send(FetchMessage.start) {
            $0.fetch.isLoading = true
            $0.fetch.startedCount = 1
        }
        await store.receive(FetchMessage.finished(amount: 10)) {
            $0.counter.present.count = 10
            $0.counter.past = [CounterState(count: 0)]
            $0.fetch.isLoading = false
        }
        await store.finish()
    }
}
