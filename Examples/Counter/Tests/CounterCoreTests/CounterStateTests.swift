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

@Test func decrementByIntMinIsIgnoredWhenItWouldOverflow() {
    var state = CounterState(count: 0)
    _ = CounterState.update(&state, with: CounterMessage.decrement(amount: .min))
    #expect(state.count == 0)
    state.count = 1
    _ = CounterState.update(&state, with: CounterMessage.decrement(amount: .min))
    #expect(state.count == 1)
}

@Test func decrementByIntMinAppliesWhenTheResultFits() {
    var state = CounterState(count: -1)
    _ = CounterState.update(&state, with: CounterMessage.decrement(amount: .min))
    #expect(state.count == .max)
    state.count = .min
    _ = CounterState.update(&state, with: CounterMessage.decrement(amount: .min))
    #expect(state.count == 0)
}

@Test func changesAtTheEdgesOfIntApplyOnlyWhenTheyFit() {
    var state = CounterState(count: 1)
    _ = CounterState.update(&state, with: CounterMessage.increment(amount: .max))
    #expect(state.count == 1)
    state.count = 0
    _ = CounterState.update(&state, with: CounterMessage.increment(amount: .max))
    #expect(state.count == .max)
    _ = CounterState.update(&state, with: CounterMessage.decrement(amount: .max))
    #expect(state.count == 0)
    state.count = .min
    _ = CounterState.update(&state, with: CounterMessage.decrement(amount: .max))
    #expect(state.count == .min)
    _ = CounterState.update(&state, with: CounterMessage.increment(amount: .min))
    #expect(state.count == .min)
    _ = CounterState.update(&state, with: FetchMessage.finished(amount: -1))
    #expect(state.count == .min)
    state.count = -1
    _ = CounterState.update(&state, with: CounterMessage.increment(amount: .min))
    #expect(state.count == -1)
    state.count = 0
    _ = CounterState.update(&state, with: CounterMessage.increment(amount: .min))
    #expect(state.count == .min)
}

@Test func ignoredOverflowLeavesNothingToUndo() {
    var history = HistoryState(CounterState(count: 0))
    _ = HistoryState.update(&history, with: CounterMessage.decrement(amount: .min))
    #expect(history.present.count == 0)
    #expect(history.undoDepth == 0)
}
