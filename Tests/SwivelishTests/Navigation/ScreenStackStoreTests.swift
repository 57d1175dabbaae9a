import Testing

@testable import Swivelish
import TestSupport

@Suite("A screen stack in a store")
struct ScreenStackStoreTests {
    /// The state the store delivers after the push shows the screen loading: never pushed and not yet told.
    @Test func aScreenPushedWithItsFirstMessageIsDeliveredAsThatMessageLeftIt() async {
        let store = Store(initialState: StackApp())
        let seen = Locked<[Detail?]>([])
        let unsubscribe = store.subscribe(\.path.last?.detail, immediately: false, skipRepeats: true) {
            seen.append($0)
        }
        defer { unsubscribe() }
        store.dispatch(StackApp.Action.openLoading(7))
        await store.waitForDeliveries()
        #expect(await eventually { store.state.saved == [1] })
        await store.waitForDeliveries()
        let states = seen.withValue { $0 }
        #expect(states.first == Detail(item: 7, isLoading: true))
        #expect(!states.contains(Detail(item: 7)))  // as pushed, not yet told: never delivered
        #expect(states.last == Detail(item: 7, isLoading: false, isLoaded: true))
    }

    /// Each screen starts an effect that sends in a loop; popped, none of what it sends is applied. The
    /// parent counts the ticks it sees for each screen (it sees only applied ones): after the pop, the
    /// screen's count no longer moves.
    @Test func nothingAPoppedScreenSendsIsApplied() async {
        let store = Store(initialState: StackApp())
        var countAtPop: [ScreenID: Int] = [:]
        let cycles = 10_000
        for cycle in 1...cycles {
            store.dispatch(StackApp.Action.open(cycle))
            let id = ScreenID(cycle)
            store.dispatch(ScreenMessage<Route>(id: id, Detail.Action.startTicking))
            if cycle % 500 == 0 {
                // Now and then let ticks arrive before the pop.
                _ = await eventually { store.state.ticksApplied[id] != nil }
            }
            store.dispatch(StackApp.Action.back)
            countAtPop[id] = store.state.ticksApplied[id] ?? 0
        }
        // Time for late ticks to arrive, were they applied.
        try? await Task.sleep(for: .milliseconds(200))
        await store.waitForDeliveries()
        let final = store.state
        #expect(final.path.isEmpty)
        let moved = countAtPop.filter { id, count in (final.ticksApplied[id] ?? 0) != count }
        #expect(moved.isEmpty, "ticks applied after the pop of screens \(moved.keys.sorted().prefix(10))")
        #expect(countAtPop.values.contains { $0 > 0 }, "no screen ticked while pushed: the test shows nothing")
    }

    /// A stack assigned anew has a screen with the id of one popped from the old: the old one's late
    /// messages do not reach it.
    @Test func aScreenWithTheIDOfAPoppedOneGetsNoneOfItsLateMessages() async {
        let store = Store(initialState: StackApp())
        store.dispatch(StackApp.Action.open(1))
        store.dispatch(ScreenMessage<Route>(id: 1, Detail.Action.startTicking))
        #expect(await eventually { (store.state.ticksApplied[1] ?? 0) > 0 })
        store.dispatch(StackApp.Action.replaceWithNew(2))  // a new stack: screen 1 again, another screen
        let atReplace = store.state.ticksApplied[1] ?? 0
        try? await Task.sleep(for: .milliseconds(100))
        await store.waitForDeliveries()
        #expect(store.state.path[id: 1] == .detail(Detail(item: 2)))
        #expect(store.state.ticksApplied[1] == atReplace)
    }

    /// A screen that sends `Dismiss` is popped with the screens above it; a late `Dismiss`, of a screen
    /// popped meanwhile, closes nothing.
    @Test func aScreenClosesItselfAndALateDismissClosesNothing() async {
        let store = Store(initialState: StackApp())
        for item in 1...4 { store.dispatch(StackApp.Action.open(item)) }
        let second = store.scope(\.path, id: 2)!
        let fourth = store.scope(\.path, id: 4)!
        second.dispatch(Detail.Action.close)  // sends `Dismiss` through its effect
        #expect(await eventually { store.state.path.count == 1 })
        store.dispatch(StackApp.Action.open(5))
        fourth.dispatch(Dismiss())  // screen 4 is gone
        await store.waitForDeliveries()
        #expect(Array(store.state.path.ids) == [1, 5])
        // Sent to the root without an address, it closes nothing either.
        store.dispatch(Dismiss())
        #expect(Array(store.state.path.ids) == [1, 5])
    }

    /// Two screens of one type are two components: what one is sent, or sends, reaches it only.
    @Test func twoScreensOfOneTypeAreTwoComponents() async {
        let store = Store(initialState: StackApp())
        store.dispatch(StackApp.Action.openHistory(1))
        store.dispatch(StackApp.Action.openHistory(1))
        let first = store.scope(\.path, id: 1)!
        let second = store.scope(\.path, id: 2)!
        first.dispatch(History.Action.note("first"))
        second.dispatch(History.Action.note("second"))
        #expect(first.state == .history(History(item: 1, entries: ["first"])))
        #expect(second.state == .history(History(item: 1, entries: ["second"])))
        #expect(store.scope(\.path, id: 3) == nil)
    }

    /// A push or a pop invalidates the stack's reader (its ids) and no screen below.
    @Test func pushAndPopInvalidateTheStacksReaderAndNoScreenBelow() async {
        let store = Store(initialState: StackApp())
        store.dispatch(StackApp.Action.open(1))
        let screen = store.scope(\.path, id: 1)!
        let screenCalls = Locked(0)
        let idsCalls = Locked<[[ScreenID]]>([])
        let unsubscribeScreen = screen.subscribe(\.self, immediately: false, skipRepeats: true) { _ in
            screenCalls.withValue { $0 += 1 }
        }
        let unsubscribeIDs = store.subscribe(\.path.ids, immediately: false, skipRepeats: true) {
            idsCalls.append(Array($0))
        }
        defer {
            unsubscribeScreen()
            unsubscribeIDs()
        }
        store.dispatch(StackApp.Action.open(2))
        store.dispatch(StackApp.Action.back)
        await store.waitForDeliveries()
        #expect(idsCalls.withValue { $0 } == [[1, 2], [1]])
        #expect(screenCalls.withValue { $0 } == 0)
    }

    /// The parent sees the screen's messages with the screen's id, and only messages of screens that are there.
    @Test func theParentMatchesAScreensMessagesWithItsID() async {
        let store = Store(initialState: StackApp())
        store.dispatch(StackApp.Action.openLoading(1))
        store.dispatch(StackApp.Action.openLoading(2))
        #expect(await eventually { store.state.saved.sorted() == [1, 2] })
        let popped = store.scope(\.path, id: 2)!
        store.dispatch(StackApp.Action.back)
        popped.dispatch(Detail.Action.loaded)  // gone: neither it nor the parent sees it
        await store.waitForDeliveries()
        #expect(store.state.saved.sorted() == [1, 2])
    }
}

/// A screen pushed with a first message and popped in the same update is told nothing, and nothing is
/// reported as not applied.
@Suite("A screen pushed and popped in one update")
struct PushedAndPoppedTests {
    private struct Flicker: State {
        var path = ScreenStack<Route>()

        struct PushAndPop: Message {}

        static func update(_ state: inout Flicker, with message: Message) -> Effect? {
            updateStack(\.path, of: &state, with: message) { state, message in
                if message is PushAndPop {
                    state.path.push(.detail(Detail(item: 1)), sending: Detail.Action.load)
                    state.path.pop()
                }
                return nil
            }
        }
    }

    @Test func theFirstMessageOfAScreenPoppedAtOnceIsNotSent() async {
        let reasons = Locked<[String]>([])
        let observer = StoreObserver<Flicker> { event in
            if let reason = event.notAppliedReason { reasons.append(reason) }
        }
        let store = Store(initialState: Flicker(), observers: [observer])
        store.dispatch(Flicker.PushAndPop())
        await store.waitForDeliveries()
        #expect(store.state.path.isEmpty)
        #expect(reasons.withValue { $0 }.isEmpty)
    }
}

/// Two stacks of one screen type in one state: a screen's store, and its messages, reach its own stack.
@Suite("Two stacks of one screen type")
struct TwoStacksTests {
    private struct SplitView: State {
        var left = ScreenStack<Route>()
        var right = ScreenStack<Route>()

        static func update(_ state: inout SplitView, with message: Message) -> Effect? {
            updateStack(\.left, of: &state, with: message) { state, message in
                updateStack(\.right, of: &state, with: message) { _, _ in nil }
            }
        }
    }

    @Test func aScreensMessageReachesItsOwnStack() {
        var split = SplitView()
        split.left.push(.history(History(item: 1)))
        split.right.push(.history(History(item: 2)))
        let store = Store(initialState: split)
        store.scope(\.left, id: 1)!.dispatch(History.Action.note("left"))
        store.scope(\.right, id: 1)!.dispatch(History.Action.note("right"))
        #expect(store.state.left[id: 1] == .history(History(item: 1, entries: ["left"])))
        #expect(store.state.right[id: 1] == .history(History(item: 2, entries: ["right"])))
        store.scope(\.right, id: 1)!.dispatch(Dismiss())
        #expect(store.state.right.isEmpty)
        #expect(store.state.left.count == 1)
    }
}
