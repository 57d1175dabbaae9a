import CounterCore
import Dispatch
import Swivelish
import SwivelishTesting
import Testing

// The app's logic tested exhaustively with SwivelishTesting's TestStore: every state change and every
// message the fetch effect dispatches is asserted.

@Suite("AppState, with TestStore")
struct AppTestStoreTests {
    /// A fetcher that answers on another thread, as the real one does.
    static let answersSeven = AmountFetcher { _, completion in
        DispatchQueue.global().async { completion(7) }
    }

    @Test func incrementDecrementAndUndo() async {
        let store = TestStore(initialState: AppState(fetcher: Self.answersSeven))
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

    @Test func fetchAddsTheAmountFromAnotherThreadAndCanBeUndone() async {
        let store = TestStore(initialState: AppState(count: 1, fetcher: Self.answersSeven))
        store.send(FetchMessage.start) {
            $0.fetch.isLoading = true
            $0.fetch.startedCount = 1
        }
        await store.receive(FetchMessage.finished(amount: 7)) {
            $0.counter.present.count = 8
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
        let manual = ManualFetcher()  // the fetch finishes when the test says, not before the second start
        let store = TestStore(initialState: AppState(fetcher: manual.fetcher))
        store.send(FetchMessage.start) {
            $0.fetch.isLoading = true
            $0.fetch.startedCount = 1
        }
        store.send(FetchMessage.start)  // no change of state...
        #expect(manual.pendingCount == 1)  // ...and no second fetch
        manual.finishFirst(with: 7)
        await store.receive(FetchMessage.finished(amount: 7)) {
            $0.counter.present.count = 7
            $0.counter.past = [CounterState(count: 0)]
            $0.fetch.isLoading = false
        }
        await store.finish()
    }

    @Test func undoWhileLoadingDoesNotCancelTheFetch() async {
        let manual = ManualFetcher()
        let store = TestStore(initialState: AppState(fetcher: manual.fetcher), exhaustivity: .off)
        store.send(CounterMessage.increment(amount: 1))
        store.send(FetchMessage.start)
        store.send(HistoryMessage.undo) {
            $0.counter.present.count = 0
            $0.fetch.isLoading = true
        }
        manual.finishFirst(with: 7)
        await store.receive(FetchMessage.finished(amount: 7)) {
            $0.counter.present.count = 7
            $0.fetch.isLoading = false
        }
    }
}
