import CounterCore
import Swivelish
import SwivelishTesting
import Testing

/// Runs `effect` with `dependencies` and returns the first message it dispatches.
private func firstMessage(of effect: Effect?, with dependencies: Dependencies) async -> FetchMessage? {
    guard let effect else { return nil }
    return await withCheckedContinuation { continuation in
        effect(Dispatcher(dependencies: dependencies) { continuation.resume(returning: $0 as? FetchMessage) })
    }
}

@Test func startLoadsAndReturnsAnEffectThatDispatchesTheAmount() async {
    var state = FetchState()
    let effect = FetchState.update(&state, with: FetchMessage.start)
    #expect(state.isLoading)
    #expect(state.startedCount == 1)

    let fetcher = AmountFetcher { number in number * 100 }
    let message = await firstMessage(of: effect, with: Dependencies { $0.amountFetcher = fetcher })
    #expect(message == .finished(amount: 100))
}

@Test func startWhileLoadingIsIgnored() {
    var state = FetchState()
    _ = FetchState.update(&state, with: FetchMessage.start)
    let effect = FetchState.update(&state, with: FetchMessage.start)
    #expect(effect == nil)
    #expect(state.startedCount == 1)
}

@Test func finishedStopsLoadingAndNextStartIsTheNextNumber() async {
    let dependencies = Dependencies { $0.amountFetcher = AmountFetcher { number in number } }
    var state = FetchState()
    let first = FetchState.update(&state, with: FetchMessage.start)
    #expect(await firstMessage(of: first, with: dependencies) == .finished(amount: 1))
    _ = FetchState.update(&state, with: FetchMessage.finished(amount: 1))
    #expect(!state.isLoading)
    let second = FetchState.update(&state, with: FetchMessage.start)
    #expect(await firstMessage(of: second, with: dependencies) == .finished(amount: 2))
}

@Test func theEffectWaitsTheFetchersDelayOnTheClock() async {
    let clock = TestClock()
    let dependencies = Dependencies {
        $0.amountFetcher = AmountFetcher(delay: .seconds(5)) { _ in 3 }
        $0.clock = clock
    }
    var state = FetchState()
    let effect = FetchState.update(&state, with: FetchMessage.start)
    let messages = Collected<FetchMessage>()
    effect?(Dispatcher(dependencies: dependencies) { messages.append($0 as! FetchMessage) })
    // The clock follows the effect's task: each advance waits until it sleeps on the clock or has ended.
    await clock.advance(by: .seconds(4))
    #expect(clock.sleeperCount == 1)
    #expect(messages.values.isEmpty)
    await clock.advance(by: .seconds(1))
    #expect(messages.values == [.finished(amount: 3)])
}

@Test func byDefaultAFetchTakesASecondAndAddsFrom1To10() {
    let fetcher = Dependencies().amountFetcher
    #expect(fetcher.delay == .seconds(1))
    #expect((1...100).allSatisfy { (1...10).contains(fetcher.amount(number: $0)) })
    #expect(Dependencies().clock is ContinuousClock)
}

@Test func seededFetcherAnswersTheSeededAmountsAfterItsDelay() {
    let fetcher = AmountFetcher.seeded(42, delay: .milliseconds(50))
    #expect(fetcher.delay == .milliseconds(50))
    #expect((1...5).map(fetcher.amount(number:)) == [4, 2, 9, 5, 1])
}
