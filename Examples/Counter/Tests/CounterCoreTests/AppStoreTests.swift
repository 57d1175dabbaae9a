import CounterCore
import Dispatch
import Swivelish
import Testing

/// A fetcher whose fetches finish only when the test says so, on a thread of the test's choosing.
final class ManualFetcher: @unchecked Sendable {
    // `@unchecked Sendable`: `queue` guards `pending`.
    private let queue = DispatchQueue(label: "ManualFetcher")
    private var pending: [@Sendable (Int) -> Void] = []

    var fetcher: AmountFetcher {
        AmountFetcher { _, completion in self.queue.sync { self.pending.append(completion) } }
    }

    var pendingCount: Int { queue.sync { pending.count } }

    func finishFirst(with amount: Int) {
        let completion = queue.sync { pending.removeFirst() }
        completion(amount)
    }
}

@Test func fetchedAmountIsAddedAndCanBeUndone() {
    let store = Store(initialState: AppState(fetcher: AmountFetcher { _, completion in completion(7) }))
    store.dispatch(CounterMessage.increment(amount: 1))
    store.dispatch(FetchMessage.start)
    #expect(store.state.count == 8)
    #expect(!store.state.isLoading)
    #expect(store.state.undoDepth == 2)

    store.dispatch(HistoryMessage.undo)
    #expect(store.state.count == 1)
}

@Test func secondFetchWhileLoadingIsIgnoredAndUndoDoesNotCancelTheFirst() {
    let manual = ManualFetcher()
    let store = Store(initialState: AppState(fetcher: manual.fetcher))
    store.dispatch(CounterMessage.increment(amount: 1))
    store.dispatch(FetchMessage.start)
    store.dispatch(FetchMessage.start)
    #expect(manual.pendingCount == 1)
    #expect(store.state.fetch.startedCount == 1)

    store.dispatch(HistoryMessage.undo)
    #expect(store.state.count == 0)
    #expect(store.state.isLoading)

    manual.finishFirst(with: 5)
    #expect(store.state.count == 5)
    #expect(!store.state.isLoading)
}

@Test func summaryChangesOncePerStateChange() {
    let manual = ManualFetcher()
    let store = Store(initialState: AppState(fetcher: manual.fetcher))
    let lines = Collected<String>()
    let unsubscribe = store.subscribe(\.summary, immediately: false, skipRepeats: true) { lines.append($0) }
    defer { unsubscribe() }

    store.dispatch(CounterMessage.increment(amount: 2))
    store.dispatch(FetchMessage.start)
    store.dispatch(FetchMessage.start)  // ignored: no line
    manual.finishFirst(with: 3)
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

@Test func fetchFinishingOnAnotherThreadIsWaitedFor() {
    let store = Store(initialState: AppState(fetcher: .seeded(42, delay: .milliseconds(20))))
    let testThread = CurrentThread()
    let onTestThread = Collected<Bool>()
    let unsubscribe = store.subscribe(\.count, immediately: false, skipRepeats: true) { _ in
        onTestThread.append(testThread.isCurrent)
    }
    defer { unsubscribe() }

    store.dispatch(FetchMessage.start)
    #expect(store.state.isLoading)
    store.waitForFetches()

    #expect(!store.state.isLoading)
    #expect(store.state.count == SeededAmounts(seed: 42, in: 1...10).amount(number: 1))
    #expect(onTestThread.values == [false])
}

@Test func waitForFetchesReturnsAtOnceWhenIdle() {
    let store = Store(initialState: AppState(fetcher: AmountFetcher { _, _ in }))
    store.waitForFetches()
    #expect(!store.state.isLoading)
}

@Test func waitForFetchesSurvivesManyFetchesFinishingOnOtherThreads() {
    let store = Store(initialState: AppState(fetcher: .seeded(7, delay: .microseconds(50))))
    let amounts = SeededAmounts(seed: 7, in: 1...10)
    var expected = 0
    for number in 1...200 {
        store.dispatch(FetchMessage.start)
        store.waitForFetches()
        expected += amounts.amount(number: number)
        #expect(!store.state.isLoading)
    }
    #expect(store.state.count == expected)
}
