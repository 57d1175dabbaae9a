import Testing

@testable import Swivelish

@Suite("Store observers")
struct ObserverTests {
    @Test func anObserverSeesEveryMessageOnceInCommitOrderUnderEightThreads() async {
        let events = Unsynchronized<[(count: Int, before: Int, after: Int)]>([])
        let subscriberSaw = Unsynchronized<[Int]>([])
        let overlaps = OverlapDetector()
        let observer = StoreObserver<Counter> { event in
            overlaps.enter()
            let amount = (event.message as? Add)?.amount ?? 0
            events.value.append((amount, event.stateBefore.count, event.stateAfter.count))  // TSan: one at a time
            overlaps.leave()
        }
        let store = Store(initialState: Counter(), observers: [observer])
        store.subscribe(\.count, immediately: false) { count in
            overlaps.enter()
            subscriberSaw.value.append(count)
            events.value.reserveCapacity(0)  // touches the observer's memory: TSan sees any overlap
            overlaps.leave()
        }
        let threads = 8
        let perThread = 500
        await runConcurrently(threads: threads) { _ in
            for _ in 0..<perThread { store.dispatch(Add()) }
        }
        await store.waitForDeliveries()
        let total = threads * perThread
        #expect(events.value.count == total)
        #expect(events.value.map(\.before) == Array(0..<total))
        #expect(events.value.map(\.after) == Array(1...total))
        #expect(subscriberSaw.value == Array(1...total))
        #expect(overlaps.overlaps == 0)
    }

    @Test func anObserverIsToldBeforeTheSubscribersAndMayUseTheStore() {
        let log = Locked<[String]>([])
        let store = Locked<Store<Counter>?>(nil)
        let observer = StoreObserver<Counter> { event in
            log.append("observer \(event.stateAfter.count)")
            // Outside the lock: reading and dispatching do not deadlock.
            if let store = store.current, event.message is Add {
                log.append("observer reads \(store.state.count)")
                store.dispatch(Relabel(label: "from the observer"))
            }
        }
        store.withValue { $0 = Store(initialState: Counter(), observers: [observer]) }
        let unsubscribe = store.current!.subscribe(\.count, immediately: false) { log.append("subscriber \($0)") }
        store.current!.dispatch(Add())
        #expect(
            log.current == [
                "observer 1", "observer reads 1", "subscriber 1", "observer 1", "subscriber 1",
            ])
        #expect(store.current!.state.label == "from the observer")
        unsubscribe()
        store.withValue { $0 = nil }
    }

    @Test func messagesThatChangeNothingAndEffectsMessagesAreObservedToo() {
        struct Ping: Message {}
        struct Pinging: State {
            var pings = 0
            static func update(_ state: inout Pinging, with message: Message) -> Effect? {
                if message is Ping {
                    state.pings += 1
                    return state.pings == 1 ? Effects.send(Add()) : nil
                }
                return nil
            }
        }
        let seen = Locked<[String]>([])
        let store = Store(
            initialState: Pinging(), observers: [StoreObserver { seen.append("\(type(of: $0.message))") }])
        store.dispatch(Ping())
        store.dispatch(Relabel(label: "ignored"))
        #expect(seen.current == ["Ping", "Add", "Relabel"])
    }

    @Test func printChangesWritesTheMessageAndTheFieldsItChanged() {
        struct Inventory: State {
            var count = 0
            var items: [String] = []
            var label = "empty"
            enum Change: Message {
                case add(String)
                case none
            }
            static func update(_ state: inout Inventory, with message: Message) -> Effect? {
                if case let .add(item)? = message as? Change {
                    state.count += 1
                    state.items.append(item)
                    state.label = "stocked"
                }
                return nil
            }
        }
        let written = Locked<[String]>([])
        let store = Store(initialState: Inventory(), observers: [.printChanges { written.append($0) }])
        store.dispatch(Inventory.Change.add("apple"))
        store.dispatch(Inventory.Change.none)
        #expect(
            written.current == [
                """
                ObserverTests.Inventory.Change.add("apple")
                  count: 0 → 1
                  items: 0 → 1 elements
                  items[0]: + "apple"
                  label: "empty" → "stocked"
                """,
                """
                ObserverTests.Inventory.Change.none
                  (no change)
                """,
            ])
    }

    /// Two nested `Action` enums of the same name are told apart by their enclosing types.
    @Test func printChangesNamesNestedTypesWithTheTypesTheyAreIn() {
        let written = Locked<[String]>([])
        let store = Store(initialState: Basket(), observers: [.printChanges { written.append($0) }])
        store.dispatch(Basket.Search.Action.queryChanged("m"))
        store.dispatch(Basket.Cart.Action.add("milk"))
        #expect(
            written.current.map { $0.split(separator: "\n")[0] } == [
                "Basket.Search.Action.queryChanged(\"m\")", "Basket.Cart.Action.add(\"milk\")",
            ])
    }
}

/// A state with two sub-states whose messages are both called `Action`.
private struct Basket: State {
    var search = Search()
    var cart = Cart()

    struct Search: State {
        var query = ""
        enum Action: Message { case queryChanged(String) }
        static func update(_ state: inout Search, with message: Message) -> Effect? {
            if case let .queryChanged(query)? = message as? Action { state.query = query }
            return nil
        }
    }

    struct Cart: State {
        var items: [String] = []
        enum Action: Message { case add(String) }
        static func update(_ state: inout Cart, with message: Message) -> Effect? {
            if case let .add(item)? = message as? Action { state.items.append(item) }
            return nil
        }
    }

    static func update(_ state: inout Basket, with message: Message) -> Effect? {
        makeSerialUpdate(\.search, \.cart)(&state, message)
    }
}
