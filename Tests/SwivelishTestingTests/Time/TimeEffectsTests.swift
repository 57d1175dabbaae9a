@testable import Swivelish
import TestSupport
import Testing

@testable import SwivelishTesting

/// A search field: queries are debounced, refreshes throttled; both wait on the store's clock.
private struct Search: State, Equatable {
    var query = ""
    var results: [String] = []
    var refreshes: [Int] = []

    enum Action: Message, Equatable {
        case queryChanged(String)
        case resultsLoaded([String])
        case refresh(Int, latest: Bool)
        case refreshed(Int)
        case cancelRefreshes
    }

    struct SearchID: Hashable, Sendable {}
    struct RefreshID: Hashable, Sendable {}

    static func update(_ state: inout Search, with message: Message) -> Effect? {
        guard let action = message as? Action else { return nil }
        switch action {
        case let .queryChanged(query):
            state.query = query
            return Effects.debounce(
                Effects.send(Action.resultsLoaded([query.uppercased()])), id: SearchID(), for: .seconds(3_600))
        case let .resultsLoaded(results):
            state.results = results
            return nil
        case let .refresh(number, latest):
            return Effects.throttle(
                Effects.send(Action.refreshed(number)), id: RefreshID(), for: .seconds(3_600), latest: latest)
        case let .refreshed(number):
            state.refreshes.append(number)
            return nil
        case .cancelRefreshes:
            return Effects.cancel(id: RefreshID())
        }
    }
}

/// The waits are an hour long. Had an effect waited in real time, `receive` would give up after its
/// timeout (``realTimeout``) and fail the test: passing shows that only the test clock was waited on.
/// (Not a measure of real time, which the other tests running alongside make as long as they please.)
/// How long `receive` and `finish` wait in real time: long, as tests that block threads may hold up the
/// tasks of these, and still far below the hour an effect would wait on a real clock.
private let realTimeout = Duration.seconds(60)

/// A test store of ``Search`` waiting on a new test clock. Call it from the test, whose framework the
/// store reports to.
private func searchOnATestClock() -> (TestClock, TestStore<Search>) {
    let clock = TestClock()
    return (
        clock, TestStore(initialState: Search(), dependencies: Dependencies { $0.clock = clock }, timeout: realTimeout)
    )
}

@Suite("Debounce and throttle on a TestClock")
struct TimeEffectsTests {
    @Test func debounceRunsOnlyTheLastEffectAfterThePauseWithoutWaitingInRealTime() async {
        let (clock, store) = searchOnATestClock()
        store.send(Search.Action.queryChanged("s")) { $0.query = "s" }
        await clock.advance(by: .seconds(1_800))
        store.send(Search.Action.queryChanged("sw")) { $0.query = "sw" }  // cancels the first
        await clock.advance(by: .seconds(3_599))
        store.send(Search.Action.queryChanged("swift")) { $0.query = "swift" }  // cancels the second
        await clock.advance(by: .seconds(3_600))
        await store.receive(Search.Action.resultsLoaded(["SWIFT"])) { $0.results = ["SWIFT"] }
        await store.finish()
        #expect(clock.sleeperCount == 0)
    }

    @Test func throttleRunsTheFirstAtOnceThenTheLatestAtTheEndOfTheInterval() async {
        let (clock, store) = searchOnATestClock()
        store.send(Search.Action.refresh(1, latest: true))
        await store.receive(Search.Action.refreshed(1)) { $0.refreshes = [1] }
        store.send(Search.Action.refresh(2, latest: true))  // held, then replaced
        store.send(Search.Action.refresh(3, latest: true))
        await clock.advance(by: .seconds(3_600))
        await store.receive(Search.Action.refreshed(3)) { $0.refreshes = [1, 3] }
        // A new interval began with 3: nothing more happens at its end.
        await clock.advance(by: .seconds(3_600))
        await store.finish()
    }

    @Test func throttleWithoutLatestDropsWhatArrivesDuringTheInterval() async {
        let (clock, store) = searchOnATestClock()
        store.send(Search.Action.refresh(1, latest: false))
        await store.receive(Search.Action.refreshed(1)) { $0.refreshes = [1] }
        store.send(Search.Action.refresh(2, latest: false))
        await clock.advance(by: .seconds(3_600))
        store.send(Search.Action.refresh(4, latest: false))  // a new interval: at once
        await store.receive(Search.Action.refreshed(4)) { $0.refreshes = [1, 4] }
        await clock.advance(by: .seconds(3_600))
        await store.finish()
    }

    @Test func cancellingTheIdEndsTheIntervalAndDropsWhatItHeld() async {
        let (clock, store) = searchOnATestClock()
        store.send(Search.Action.refresh(1, latest: true))
        await store.receive(Search.Action.refreshed(1)) { $0.refreshes = [1] }
        store.send(Search.Action.refresh(2, latest: true))
        store.send(Search.Action.cancelRefreshes)
        await clock.advance(by: .seconds(3_600))
        store.send(Search.Action.refresh(5, latest: true))  // the interval ended: at once
        await store.receive(Search.Action.refreshed(5)) { $0.refreshes = [1, 5] }
        await clock.advance(by: .seconds(3_600))
        await store.finish()
    }

    /// The timer of an interval ended by `cancel(id:)` finishes later, in its task: it must not end the
    /// interval that started after the cancellation, or a second effect would run inside it.
    @Test(arguments: [true, false])
    func aCancelledIntervalsTimerLeavesTheNextIntervalAlone(latest: Bool) async throws {
        for _ in 0..<1_000 {
            let (clock, store) = searchOnATestClock()
            store.send(Search.Action.refresh(1, latest: latest))
            await store.receive(Search.Action.refreshed(1)) { $0.refreshes = [1] }
            store.send(Search.Action.cancelRefreshes)
            store.send(Search.Action.refresh(2, latest: latest))  // a new interval
            await store.receive(Search.Action.refreshed(2)) { $0.refreshes = [1, 2] }
            // Let the first interval's timer see its cancellation and end.
            while clock.sleeperCount > 1 { await Task.yield() }
            try await Task.sleep(nanoseconds: 1_000_000)
            store.send(Search.Action.refresh(3, latest: latest))  // inside the interval of 2: held or dropped
            await clock.advance(by: .seconds(1_800))
            store.send(Search.Action.cancelRefreshes)
            await store.finish()  // fails if 3 ran: a message not received
            if store.state.refreshes != [1, 2] { break }
        }
    }

    /// A task cancelled just as it starts to sleep must throw, not stay asleep until the clock is advanced.
    @Test func aCancellationAsTheSleepBeginsEndsTheSleep() async throws {
        let clock = TestClock()
        let outcomes = Locked((threw: 0, returned: 0))
        for _ in 0..<10_000 {
            let isStarting = Locked(false)
            let task = Task.detached {
                isStarting.withValue { $0 = true }
                do {
                    try await clock.sleep(for: .seconds(1))
                    outcomes.withValue { $0.returned += 1 }
                } catch {
                    outcomes.withValue { $0.threw += 1 }
                }
            }
            // Cancel as the task starts to sleep: before, during or after it registers as a sleeper.
            while !isStarting.current {}
            task.cancel()
        }
        // Every task ends by itself; a sleep that missed its cancellation would wait for the clock.
        let deadline = ContinuousClock.now + .seconds(30)
        while outcomes.current.threw + outcomes.current.returned < 10_000, ContinuousClock.now < deadline {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        let stillAsleep = clock.sleeperCount
        await clock.run()  // lets a sleeper that missed its cancellation go, so that the test ends
        #expect(stillAsleep == 0)
        #expect(outcomes.current.threw == 10_000)
    }

    @Test func aTestClockWakesSleepersInDeadlineOrderAndOnCancellation() async throws {
        let clock = TestClock()
        let woken = Locked<[Int]>([])
        let late = Task {
            try await clock.sleep(until: clock.now.advanced(by: .seconds(2)))
            woken.append(2)
        }
        let early = Task {
            try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
            woken.append(1)
        }
        let cancelled = Task { try await clock.sleep(until: clock.now.advanced(by: .seconds(1))) }
        while clock.sleeperCount < 3 { await Task.yield() }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        await clock.advance(by: .seconds(1))
        try await early.value
        #expect(woken.current == [1])
        await clock.run()
        try await late.value
        #expect(woken.current == [1, 2])
        #expect(clock.now == TestClock.Instant(offset: .seconds(2)))
    }
}

/// Records how deep in the store's tree of effects each throttled effect ran.
private struct Ticker: State, Equatable {
    var ran: [Int] = []

    enum Action: Message, Equatable {
        case tick(Int)
        case ran(Int)
    }

    struct TickID: Hashable, Sendable {}

    static let depths = Locked<[Int]>([])

    static func update(_ state: inout Ticker, with message: Message) -> Effect? {
        switch message as? Action {
        case let .tick(number)?:
            let probe: Effect = { dispatch in
                depths.append(dispatch.scope.depth)
                dispatch(Action.ran(number))
            }
            return Effects.throttle(probe, id: TickID(), for: .seconds(60), latest: true)
        case let .ran(number)?:
            state.ran.append(number)
            return nil
        case nil:
            return nil
        }
    }
}

@Suite("Throttle over many intervals")
struct ThrottleDepthTests {
    @Test func heldEffectsRunAtTheSameDepthInEveryInterval() async {
        let clock = TestClock()
        let store = TestStore(
            initialState: Ticker(), dependencies: Dependencies { $0.clock = clock }, timeout: realTimeout)
        store.exhaustivity = .off
        store.send(Ticker.Action.tick(0))
        await store.receive(Ticker.Action.ran(0))
        for number in 1...50 {
            store.send(Ticker.Action.tick(number))  // held for the end of the interval
            await clock.advance(by: .seconds(60))
            await store.receive(Ticker.Action.ran(number))
        }
        #expect(store.state.ran == Array(0...50))
        let depths = Ticker.depths.current
        #expect(depths.count == 51)
        #expect(Set(depths.dropFirst()).count == 1, "depths: \(depths)")
        await clock.advance(by: .seconds(60))
        await store.finish()
    }
}
