import CounterCore
import Dispatch
import Swivelish
import SwivelishTesting
import Testing

// The app's logic in a plain `Store`, given its fetcher and clock as dependencies.

@Test func fetchedAmountIsAddedAndCanBeUndone() async {
    let store = Store(
        initialState: AppState(), dependencies: Dependencies { $0.amountFetcher = AmountFetcher { _ in 7 } })
    store.dispatch(CounterMessage.increment(amount: 1))
    store.dispatch(FetchMessage.start)
    await store.fetchesFinished()
    #expect(store.state.count == 8)
    #expect(!store.state.isLoading)
    #expect(store.state.undoDepth == 2)

    store.dispatch(HistoryMessage.undo)
    #expect(store.state.count == 1)
}

@Test func secondFetchWhileLoadingIsIgnoredAndUndoDoesNotCancelTheFirst() async {
    let clock = TestClock()
    let numbers = Collected<Int>()
    let store = Store(
        initialState: AppState(),
        dependencies: Dependencies {
            $0.amountFetcher = AmountFetcher(delay: .seconds(1)) { number in
                numbers.append(number)
                return 5
            }
            $0.clock = clock
        })
    store.dispatch(CounterMessage.increment(amount: 1))
    store.dispatch(FetchMessage.start)
    store.dispatch(FetchMessage.start)
    #expect(store.state.fetch.startedCount == 1)

    store.dispatch(HistoryMessage.undo)
    #expect(store.state.count == 0)
    #expect(store.state.isLoading)

    await clock.advance(by: .seconds(1))
    await store.fetchesFinished()
    #expect(store.state.count == 5)
    #expect(!store.state.isLoading)
    #expect(numbers.values == [1])
}

@Test func summaryChangesOncePerStateChange() async {
    let clock = TestClock()
    let store = Store(
        initialState: AppState(),
        dependencies: Dependencies {
            $0.amountFetcher = AmountFetcher(delay: .seconds(1)) { _ in 3 }
            $0.clock = clock
        })
    let lines = Collected<String>()
    let unsubscribe = store.subscribe(\.summary, immediately: false, skipRepeats: true) { lines.append($0) }
    defer { unsubscribe() }

    store.dispatch(CounterMessage.increment(amount: 2))
    store.dispatch(FetchMessage.start)
    store.dispatch(FetchMessage.start)  // ignored: no line
    await clock.advance(by: .seconds(1))
    await store.fetchesFinished()
    store.dispatch(HistoryMessage.undo)
    store.dispatch(HistoryMessage.undo)
    store.dispatch(HistoryMessage.undo)  // nothing left to undo: no line

    #expect(
        lines.values == [
            "count: 2  history: 1",
            "count: 2  history: 1  loading",
            "count: 5  history: 2",
            "count: 2  history: 1",
            "count: 0  history: 0",
        ])
}

@Test func fetchFinishingOnAnotherThreadIsWaitedFor() async {
    // The real clock: the fetch waits 20 ms in its task, then dispatches from the task's thread.
    let store = Store(
        initialState: AppState(),
        dependencies: Dependencies { $0.amountFetcher = .seeded(42, delay: .milliseconds(20)) })
    let onWaitingThread = Collected<Bool>()
    let wasLoading = await onQueueOfItsOwn {
        let waitingThread = CurrentThread()
        let unsubscribe = store.subscribe(\.count, immediately: false, skipRepeats: true) { _ in
            onWaitingThread.append(waitingThread.isCurrent)
        }
        defer { unsubscribe() }
        store.dispatch(FetchMessage.start)
        let wasLoading = store.state.isLoading
        store.waitForFetches()
        return wasLoading
    }

    #expect(wasLoading)
    #expect(!store.state.isLoading)
    #expect(store.state.count == SeededAmounts(seed: 42, in: 1...10).amount(number: 1))
    #expect(onWaitingThread.values == [false])
}

@Test func waitForFetchesReturnsAtOnceWhenIdle() {
    let store = Store(initialState: AppState())
    store.waitForFetches()
    #expect(!store.state.isLoading)
}

@Test func waitForFetchesSurvivesManyFetchesFinishingOnOtherThreads() async {
    let store = Store(
        initialState: AppState(),
        dependencies: Dependencies { $0.amountFetcher = .seeded(7, delay: .microseconds(50)) })
    let amounts = SeededAmounts(seed: 7, in: 1...10)
    let stillLoading = await onQueueOfItsOwn {
        (1...200).filter { _ in
            store.dispatch(FetchMessage.start)
            store.waitForFetches()
            return store.state.isLoading
        }
    }
    #expect(stillLoading.isEmpty)
    #expect(store.state.count == (1...200).map(amounts.amount(number:)).reduce(0, +))
}
