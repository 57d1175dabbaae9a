import Foundation
import Swivelish
import SwivelishTesting

@testable import SwivelishTestClock
import TestSupport
import Testing

/// A shopping list's detail screen: opening an item looks its price up through a dependency, after a
/// pause on the store's clock.
private struct ShoppingList: State, Equatable {
    var openItem: Int?
    var priceInCents: Int?

    enum Action: Message, Equatable {
        case open(Int)
        case priceLoaded(Int, cents: Int)
    }

    static func update(_ state: inout ShoppingList, with message: Message) -> Effect? {
        switch message as? Action {
        case let .open(item)?:
            state.openItem = item
            state.priceInCents = nil
            return Effects.run { dispatch in
                try await dispatch.dependencies.clock.sleep(for: .milliseconds(200))
                let cents = await dispatch.dependencies.prices.price(item)
                dispatch(Action.priceLoaded(item, cents: cents))
            }
        case let .priceLoaded(item, cents)?:
            if state.openItem == item {
                state.priceInCents = cents
            }
            return nil
        case nil:
            return nil
        }
    }
}

/// Where prices come from: a server in the app.
private struct Prices: Sendable {
    var price: @Sendable (_ item: Int) async -> Int
}

extension Prices: DependencyKey {
    static let defaultValue = Prices { _ in fatalError("no server in the tests") }
    static let testValue = Prices { item in item * 200 }
}

extension Dependencies {
    fileprivate var prices: Prices {
        get { self[Prices.self] }
        set { self[Prices.self] = newValue }
    }
}

/// The shopping list's detail test: send, advance the test clock, receive, finish. The effect's task may
/// not have reached its sleep when `advance` is called; `advance` waits for it.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
private func openTheDetailAndReceiveItsPrice() async {
    let clock = TestClock()
    let store = TestStore(initialState: ShoppingList(), dependencies: Dependencies { $0.clock = clock })
    store.send(ShoppingList.Action.open(2)) { $0.openItem = 2 }
    await clock.advance(by: .milliseconds(200))
    await store.receive(ShoppingList.Action.priceLoaded(2, cents: 400)) { $0.priceInCents = 400 }
    await store.finish()
}

/// A timer that ticks three times, a second apart, on the store's clock.
private struct Timer: State, Equatable {
    var ticks = 0

    enum Action: Message, Equatable {
        case start
        case tick
    }

    static func update(_ state: inout Timer, with message: Message) -> Effect? {
        switch message as? Action {
        case .start?:
            return Effects.run { dispatch in
                for _ in 0..<3 {
                    try await dispatch.dependencies.clock.sleep(for: .seconds(1))
                    dispatch(Action.tick)
                }
            }
        case .tick?:
            state.ticks += 1
            return nil
        case nil:
            return nil
        }
    }
}

@Suite("Advancing a TestClock waits for the effects")
struct AdvancingTheClockTests {
    @Test func theShoppingListDetailTest() async {
        await openTheDetailAndReceiveItsPrice()
    }

    /// The detail test, many times over, while two threads keep both cores busy: the effect's task starts
    /// late, often after `advance` was called.
    @Test func theShoppingListDetailTestPassesEveryTimeUnderLoad() async {
        let iterations = ProcessInfo.processInfo.environment["SWIVELISH_CLOCK_ITERATIONS"].flatMap(Int.init) ?? 1_000
        let stop = Locked(false)
        let load = (0..<2).map { _ in
            Thread {
                while !stop.current {}
            }
        }
        load.forEach { $0.start() }
        for _ in 0..<iterations {
            await openTheDetailAndReceiveItsPrice()
        }
        stop.withValue { $0 = true }
    }

    /// A task that sleeps again after each tick is woken once per interval advanced, in one `advance`.
    @Test func aTimerTicksOncePerIntervalAdvancedAtOnce() async {
        let clock = TestClock()
        let store = TestStore(initialState: Timer(), dependencies: Dependencies { $0.clock = clock })
        store.send(Timer.Action.start)
        await clock.advance(by: .seconds(3))
        await store.receive(Timer.Action.tick) { $0.ticks = 1 }
        await store.receive(Timer.Action.tick) { $0.ticks = 2 }
        await store.receive(Timer.Action.tick) { $0.ticks = 3 }
        await store.finish()
        #expect(clock.now == TestClock.Instant(offset: .seconds(3)))
    }

    /// Advancing by less than a sleep does not wake it, and the clock is where it was told to be.
    @Test func advancingByLessThanTheSleepDoesNotWakeIt() async {
        let clock = TestClock()
        let store = TestStore(initialState: Timer(), dependencies: Dependencies { $0.clock = clock })
        store.send(Timer.Action.start)
        await clock.advance(by: .milliseconds(999))
        #expect(store.state.ticks == 0)
        #expect(clock.sleeperCount == 1)
        await clock.advance(by: .milliseconds(1))
        await store.receive(Timer.Action.tick) { $0.ticks = 1 }
        await clock.run()
        await store.receive(Timer.Action.tick) { $0.ticks = 2 }
        await clock.run()
        await store.receive(Timer.Action.tick) { $0.ticks = 3 }
        await store.finish()
    }

    /// A task that waits for something other than the clock holds `advance` back only for the clock's
    /// effect timeout.
    @Test func aTaskWaitingForSomethingElseHoldsTimeBackOnlyForTheTimeout() async {
        let clock = TestClock(effectTimeout: .milliseconds(50))
        let release = Locked<CheckedContinuation<Void, Never>?>(nil)
        let store = Store(
            initialState: Timer(), dependencies: Dependencies { $0.clock = clock })
        store.dispatch(Timer.Action.start)  // sleeps on the clock: ready
        await clock.advance(by: .seconds(1))
        #expect(store.state.ticks == 1)
        let blocked: Effect = Effects.run { _ in
            await withCheckedContinuation { continuation in release.withValue { $0 = continuation } }
        }
        blocked(Dispatcher(dependencies: Dependencies { $0.clock = clock }) { _ in })
        let waiting = ContinuousClock.now
        await clock.advance(by: .seconds(1))
        #expect(ContinuousClock.now - waiting >= .milliseconds(50))
        // Time moved anyway; past its timeout, `advance` no longer waits for the tick it woke.
        #expect(await eventually { store.state.ticks == 2 })
        while release.current == nil { await Task.yield() }
        release.current?.resume()
    }

    /// An effect that sleeps on the clock and, once woken, waits for something else holds `advance` back
    /// for one effect timeout in all, not for one before and one after waking it.
    @Test func anAdvanceWaitsForTheEffectsOneTimeoutInAll() async {
        let clock = TestClock(effectTimeout: .seconds(1))
        let release = Locked<CheckedContinuation<Void, Never>?>(nil)
        let sleepsThenWaits: Effect = Effects.run { dispatch in
            try await dispatch.dependencies.clock.sleep(for: .seconds(1))
            await withCheckedContinuation { continuation in release.withValue { $0 = continuation } }
        }
        sleepsThenWaits(Dispatcher(dependencies: Dependencies { $0.clock = clock }) { _ in })
        while clock.sleeperCount == 0 { await Task.yield() }
        let waiting = ContinuousClock.now
        await clock.advance(by: .seconds(1))
        let waited = ContinuousClock.now - waiting
        #expect(waited >= .seconds(1))
        // Counted, not timed: a loaded machine may add seconds to a timer's wake-up (4.1 s for one 2 s
        // timeout in a parallel AddressSanitizer run), but not a second timeout.
        #expect(clock.lock.withLock { clock.timedOutWaits } == 1)
        while release.current == nil { await Task.yield() }
        release.current?.resume()
    }
}
