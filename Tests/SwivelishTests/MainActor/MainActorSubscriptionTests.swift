import Testing

@testable import Swivelish

@Suite("Main-actor subscriptions")
struct MainActorSubscriptionTests {
    @Test @MainActor func everyValueReachesTheMainActorInOrderUnderEightThreads() async {
        let store = Store(initialState: Counter())
        let seen = Unsynchronized<[Int]>([])  // touched on the main actor only; TSan would see otherwise
        let overlaps = OverlapDetector()
        store.subscribe(\.count, on: .main) { count in
            if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
                MainActor.assertIsolated()
            }
            overlaps.enter()
            seen.value.append(count)
            overlaps.leave()
        }
        let threads = 8
        let perThread = 500
        await Task.detached {
            await runConcurrently(threads: threads) { _ in
                for _ in 0..<perThread { store.dispatch(Add()) }
            }
        }.value
        let total = threads * perThread
        #expect(await mainActorWait { seen.value.last == total })
        #expect(seen.value == Array(0...total))
        #expect(overlaps.overlaps == 0)
    }

    @Test @MainActor func skipRepeatsAreSkippedBeforeTheMainActor() async {
        let store = Store(initialState: Counter())
        let seen = Unsynchronized<[Int]>([])
        store.subscribe(\.count, immediately: false, skipRepeats: true, on: .main) { seen.value.append($0) }
        store.dispatch(Add())
        store.dispatch(Relabel(label: "same count"))
        store.dispatch(Add(amount: 2))
        #expect(await mainActorWait { seen.value.last == 3 })
        #expect(seen.value == [1, 3])
    }

    @Test @MainActor func theCallbackRunsAsMainActorWorkNotInsideDispatch() async {
        let store = Store(initialState: Counter())
        let seen = Unsynchronized<[Int]>([])
        store.subscribe(\.count, immediately: false, on: .main) { seen.value.append($0) }
        store.dispatch(Add())
        #expect(seen.value.isEmpty)  // the main actor is busy running this test
        #expect(await mainActorWait { seen.value == [1] })
    }

    @Test @MainActor func unsubscribingOnTheMainActorDropsTheValuesStillQueued() async {
        let store = Store(initialState: Counter())
        let calls = Unsynchronized(0)
        let unsubscribe = store.subscribe(\.count, on: .main) { _ in calls.value += 1 }
        for _ in 0..<5 { store.dispatch(Add()) }
        unsubscribe()  // six values are queued for the main actor, which has not run them yet
        store.dispatch(Add())
        // A later subscription's value arrives after anything the first one could still deliver.
        let later = Unsynchronized<[Int]>([])
        store.subscribe(\.count, on: .main) { later.value.append($0) }
        #expect(await mainActorWait { later.value == [6] })
        #expect(calls.value == 0)
    }

    @Test func aMainActorSubscriptionDoesNotKeepTheStoreAlive() async {
        weak var weakStore: Store<Counter>?
        let unsubscribe: @Sendable () -> Void
        do {
            let store = Store(initialState: Counter())
            weakStore = store
            unsubscribe = store.subscribe(\.count, on: .main) { _ in }
        }
        #expect(weakStore == nil)
        unsubscribe()
    }
}
