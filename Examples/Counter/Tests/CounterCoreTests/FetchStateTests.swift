import CounterCore
import Swivelish
import Testing

@Test func startLoadsAndReturnsAnEffectThatDispatchesTheAmount() {
    let fetcher = AmountFetcher { number, completion in completion(number * 100) }
    var state = FetchState(fetcher: fetcher)
    let effect = FetchState.update(&state, with: FetchMessage.start)
    #expect(state.isLoading)
    #expect(state.startedCount == 1)

    let dispatched = Collected<FetchMessage>()
    effect?(Dispatcher { message in dispatched.append(message as! FetchMessage) })
    #expect(dispatched.values == [.finished(amount: 100)])
}

@Test func startWhileLoadingIsIgnored() {
    var state = FetchState(fetcher: AmountFetcher { _, _ in })
    _ = FetchState.update(&state, with: FetchMessage.start)
    let effect = FetchState.update(&state, with: FetchMessage.start)
    #expect(effect == nil)
    #expect(state.startedCount == 1)
}

@Test func finishedStopsLoadingAndNextStartIsTheNextNumber() {
    let numbers = Collected<Int>()
    var state = FetchState(fetcher: AmountFetcher { number, _ in numbers.append(number) })
    FetchState.update(&state, with: FetchMessage.start)?(Dispatcher { _ in })
    _ = FetchState.update(&state, with: FetchMessage.finished(amount: 3))
    #expect(!state.isLoading)
    FetchState.update(&state, with: FetchMessage.start)?(Dispatcher { _ in })
    #expect(numbers.values == [1, 2])
}
