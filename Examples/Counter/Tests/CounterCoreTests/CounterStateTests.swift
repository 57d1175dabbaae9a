import CounterCore
import Swivelish
import Testing

@Test func incrementAndDecrementChangeTheCount() {
    var state = CounterState(count: 10)
    #expect(CounterState.update(&state, with: CounterMessage.increment(amount: 5)) == nil)
    #expect(state.count == 15)
    #expect(CounterState.update(&state, with: CounterMessage.decrement(amount: 20)) == nil)
    #expect(state.count == -5)
}

@Test func finishedFetchAddsItsAmount() {
    var state = CounterState(count: 1)
    _ = CounterState.update(&state, with: FetchMessage.finished(amount: 7))
    #expect(state.count == 8)
}

@Test func counterIgnoresOtherMessages() {
    var state = CounterState(count: 3)
    _ = CounterState.update(&state, with: FetchMessage.start)
    _ = CounterState.update(&state, with: HistoryMessage.undo)
    #expect(state.count == 3)
}

@Test func changeThatWouldOverflowIsIgnored() {
    var state = CounterState(count: .max - 1)
    _ = CounterState.update(&state, with: CounterMessage.increment(amount: 2))
    #expect(state.count == .max - 1)
    state.count = .min
    _ = CounterState.update(&state, with: CounterMessage.decrement(amount: 1))
    #expect(state.count == .min)
}
