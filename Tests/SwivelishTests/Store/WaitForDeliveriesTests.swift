import Dispatch
import Swivelish
import Testing

/// A counter as part of an app's state.
private struct Parent: State {
    var counter = Counter()

    static func update(_ state: inout Parent, with message: Message) -> Effect? {
        Counter.update(&state.counter, with: message)
    }
}

/// A store whose one subscriber holds the thread delivering count 1 until `gate` opens; a second message,
/// committed meanwhile from the test's thread, waits in the queue for that thread.
private struct HeldDelivery {
    let store = Store(initialState: Parent())
    let seen = Locked<[Int]>([])
    let gate = DispatchSemaphore(value: 0)
    let unsubscribe: @Sendable () -> Void

    init() {
        let (seen, gate) = (self.seen, self.gate)
        let entered = DispatchSemaphore(value: 0)
        unsubscribe = store.subscribe(\.counter.count, immediately: false) { count in
            seen.append(count)
            if count == 1 {
                entered.signal()
                gate.wait()
            }
        }
        let store = self.store
        // A serial queue of its own gets a thread even when the global pool is busy with other tests.
        DispatchQueue(label: "deliverer").async { store.dispatch(Add()) }
        entered.wait()
        store.dispatch(Add())  // committed at once, delivered by the held thread later
    }
}

@Suite("waitForDeliveries waits for what other threads deliver")
struct WaitForDeliveriesTests {
    @Test func blocksUntilAChangeQueuedOnAnotherDeliveringThreadIsDelivered() {
        let held = HeldDelivery()
        #expect(held.store.state.counter.count == 2)
        #expect(held.seen.current == [1])
        let returned = DispatchSemaphore(value: 0)
        DispatchQueue(label: "waiter").async {
            held.store.waitForDeliveries()
            returned.signal()
        }
        // That something does not happen needs a deadline: a late return passes rather than fails.
        let returnedEarly = returned.wait(timeout: .now() + .milliseconds(100)) == .success
        #expect(!returnedEarly, "waitForDeliveries returned while a change was still queued")
        held.gate.signal()
        if !returnedEarly {
            returned.wait()
        }
        #expect(held.seen.current == [1, 2])
        held.unsubscribe()
    }

    @Test func suspendsUntilAChangeQueuedOnAnotherDeliveringThreadIsDelivered() async {
        let held = HeldDelivery()
        await expectToWaitForTheHeldDelivery(held, awaiting: { await held.store.waitForDeliveries() })
    }

    @Test func aScopedStoreWaitsForItsRootsDeliveries() async {
        let held = HeldDelivery()
        let scoped = held.store.scope(\.counter)
        await expectToWaitForTheHeldDelivery(held, awaiting: { await scoped.waitForDeliveries() })
    }

    /// Checks that `wait` has not returned while `held`'s second change is queued, then lets it through.
    private func expectToWaitForTheHeldDelivery(
        _ held: HeldDelivery, awaiting wait: @escaping @Sendable () async -> Void
    ) async {
        let returned = Locked(false)
        let waiter = Task {
            await wait()
            returned.withValue { $0 = true }
            return held.seen.current
        }
        try? await Task.sleep(for: .milliseconds(100))
        #expect(!returned.current, "waitForDeliveries returned while a change was still queued")
        held.gate.signal()
        #expect(await waiter.value == [1, 2])
        held.unsubscribe()
    }

    @Test func returnsAtOnceWhenNoOtherThreadDelivers() {
        let store = Store(initialState: Counter())
        store.dispatch(Add())
        store.waitForDeliveries()
        #expect(store.state.count == 1)
    }

    @Test func suspendsNotAtAllWhenNoOtherThreadDelivers() async {
        let store = Store(initialState: Counter())
        store.dispatch(Add())
        await store.waitForDeliveries()
        #expect(store.state.count == 1)
    }

    /// An effect's task may await it: the deliveries it waits for do not wait for the task.
    @Test func anEffectsTaskMayAwaitIt() async {
        struct Saving: State {
            var saves = 0
            static func update(_ state: inout Saving, with message: Message) -> Effect? {
                guard message is Add else { return nil }
                state.saves += 1
                return Effects.run { _ in await Saving.store.current?.waitForDeliveries() }
            }
            static let store = Locked<Store<Saving>?>(nil)
        }
        let store = Store(initialState: Saving())
        Saving.store.withValue { $0 = store }
        store.dispatch(Add())
        #expect(await eventually { store.state.saves == 1 })
        await store.waitForDeliveries()
        Saving.store.withValue { $0 = nil }
    }

    @Test func blockingFromASubscriberStopsWithAMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let store = Store(initialState: Counter())
            _ = store.subscribe(\.count, immediately: false) { _ in store.waitForDeliveries() }
            store.dispatch(Add())
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("waitForDeliveries() was called on the thread delivering the store's changes"))
    }
}
