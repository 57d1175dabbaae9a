import CounterCore
import Swivelish
import Testing

@Test func undoRestoresEachEarlierValueInTurn() {
    var history = HistoryState(CounterState(count: 0))
    _ = HistoryState.update(&history, with: CounterMessage.increment(amount: 1))
    _ = HistoryState.update(&history, with: CounterMessage.increment(amount: 10))
    #expect(history.present.count == 11)
    #expect(history.undoDepth == 2)

    _ = HistoryState.update(&history, with: HistoryMessage.undo)
    #expect(history.present.count == 1)
    _ = HistoryState.update(&history, with: HistoryMessage.undo)
    #expect(history.present.count == 0)
    #expect(history.undoDepth == 0)
}

@Test func undoWithNothingToUndoChangesNothing() {
    var history = HistoryState(CounterState(count: 4))
    _ = HistoryState.update(&history, with: HistoryMessage.undo)
    #expect(history.present.count == 4)
    #expect(history.past.isEmpty)
}

@Test func messagesThatChangeNothingAreNotRecorded() {
    var history = HistoryState(CounterState(count: 4))
    _ = HistoryState.update(&history, with: FetchMessage.start)
    _ = HistoryState.update(&history, with: CounterMessage.increment(amount: 0))
    #expect(history.past.isEmpty)
}

@Test func historyForgetsTheOldestValueBeyondItsLimit() {
    var history = HistoryState(CounterState(count: 0), limit: 2)
    for _ in 1...3 {
        _ = HistoryState.update(&history, with: CounterMessage.increment(amount: 1))
    }
    #expect(history.past == [CounterState(count: 1), CounterState(count: 2)])
    _ = HistoryState.update(&history, with: HistoryMessage.undo)
    _ = HistoryState.update(&history, with: HistoryMessage.undo)
    _ = HistoryState.update(&history, with: HistoryMessage.undo)
    #expect(history.present.count == 1)
}

@Test func historyReturnsThePresentStatesEffect() {
    struct Ping: Message {}
    struct Pinging: State, Equatable {
        static func update(_ state: inout Pinging, with message: Message) -> Effect? {
            guard message is Ping else { return nil }
            return { _ in }
        }
    }
    var history = HistoryState(Pinging())
    #expect(HistoryState.update(&history, with: Ping()) != nil)
    #expect(HistoryState.update(&history, with: HistoryMessage.undo) == nil)
}

@Test func appUndoesUpToTheUndoLimit() {
    #expect(AppState.undoLimit == 100)
    var state = AppState()
    for _ in 0..<(AppState.undoLimit + 5) {
        _ = AppState.update(&state, with: CounterMessage.increment(amount: 1))
    }
    #expect(state.undoDepth == AppState.undoLimit)
    for _ in 0..<(AppState.undoLimit + 5) {
        _ = AppState.update(&state, with: HistoryMessage.undo)
    }
    #expect(state.count == 5)
}
