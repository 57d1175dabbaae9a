import Foundation
import Testing

@testable import Swivelish

/// Whether the calling thread is `thread`.
private func isThread(_ thread: pthread_t) -> Bool {
    pthread_equal(thread, pthread_self()) != 0
}

@Suite("Bounded latency and memory under overload")
struct OverloadTests {
    @Test func dispatchDeliversAtMostItsBudgetOfOtherThreadsWork() async {
        // Thread A's subscriber is held up while thread B queues 200 changes behind A's. When A is let go,
        // it delivers at most 32 of them before handing the rest on; every change still reaches the
        // subscriber, in order.
        let store = Store(initialState: Counter())
        let deliveredOnA = Locked(0)
        let seen = Unsynchronized<[Int]>([])
        let threadA = Locked<pthread_t?>(nil)
        let holdUp = DispatchSemaphore(value: 0)
        let heldUp = DispatchSemaphore(value: 0)
        store.subscribe(\.count, immediately: false) { count in
            seen.value.append(count)
            if let a = threadA.current, isThread(a) { deliveredOnA.withValue { $0 += 1 } }
            if count == 1 {
                heldUp.signal()
                holdUp.wait()
            }
        }
        let aReturned = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            threadA.withValue { $0 = pthread_self() }
            store.dispatch(Add())
            aReturned.signal()
        }
        heldUp.wait()
        for _ in 0..<200 { store.dispatch(Add()) }  // queued behind A's change: A is delivering
        holdUp.signal()
        aReturned.wait()
        #expect(deliveredOnA.current <= 1 + StoreStateMachine<Counter>.deliveryBudget)
        await store.waitForDeliveries()
        #expect(seen.value == Array(1...201))
    }

    @Test func reentrantWorkIsDeliveredBeforeDispatchReturns() {
        // With no other thread dispatching, a chain of 500 dispatches made from a subscriber, far past the
        // budget, is delivered before the outer dispatch returns, on the caller's thread.
        let store = Store(initialState: Counter())
        let seen = Unsynchronized<[Int]>([])
        // The callback holds the store: unsubscribing at the end breaks that cycle.
        let unsubscribe = store.subscribe(\.count, immediately: false) { count in
            seen.value.append(count)
            if count < 500 { store.dispatch(Add()) }
        }
        defer { unsubscribe() }
        store.dispatch(Add())
        #expect(seen.value == Array(1...500))
    }

    @Test func dispatchWaitsForRoomWhenTheBacklogIsFull() async {
        let limit = 10
        let store = Store(initialState: Counter(), backlogLimit: limit)
        let seen = Unsynchronized<[Int]>([])
        let holdUp = DispatchSemaphore(value: 0)
        let heldUp = DispatchSemaphore(value: 0)
        let reentrantDone = DispatchSemaphore(value: 0)
        let completed = Locked(0)
        // The callback holds the store: unsubscribing at the end breaks that cycle.
        let unsubscribe = store.subscribe(\.count, immediately: false) { count in
            seen.value.append(count)
            guard count == 1 else { return }
            heldUp.signal()
            holdUp.wait()
            // On the delivering thread, with the backlog full and a dispatch waiting: never waits.
            for _ in 0..<5 { store.dispatch(Relabel(label: "from the callback")) }
            reentrantDone.signal()
        }
        defer { unsubscribe() }
        Thread.detachNewThread { store.dispatch(Add()) }
        heldUp.wait()
        let producerDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for _ in 0..<50 {
                store.dispatch(Add())
                completed.withValue { $0 += 1 }
            }
            producerDone.signal()
        }
        // The producer fills the backlog, then waits. Give a broken store time to run past the limit.
        let deadline = Date().addingTimeInterval(10)
        while completed.current < limit && Date() < deadline { usleep(1_000) }
        usleep(100_000)
        #expect(completed.current == limit)
        #expect(store.rootStorage.lock.withLock("test") { store.rootStorage.machine.queuedCount } == limit)
        holdUp.signal()
        #expect(reentrantDone.wait(timeout: .now() + 10) == .success)
        #expect(producerDone.wait(timeout: .now() + 10) == .success)
        await store.waitForDeliveries()
        #expect(store.state.count == 51)
        #expect(seen.value.count == 56)
        #expect(zip(seen.value, seen.value.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func waitingDispatchesGoInArrivalOrder() async {
        // With the backlog full, three threads wait in turn: each is applied in the order it arrived.
        let store = Store(initialState: Counter(), backlogLimit: 1)
        let holdUp = DispatchSemaphore(value: 0)
        let heldUp = DispatchSemaphore(value: 0)
        let labels = Unsynchronized<[String]>([])
        store.subscribe(\.label, immediately: false, skipRepeats: true) { label in labels.value.append(label) }
        store.subscribe(\.count, immediately: false, skipRepeats: true) { count in
            if count == 1 {
                heldUp.signal()
                holdUp.wait()
            }
        }
        Thread.detachNewThread { store.dispatch(Add()) }
        heldUp.wait()
        store.dispatch(Relabel(label: "queued"))  // fills the backlog of 1
        let finished = DispatchGroup()
        for index in 0..<3 {
            finished.enter()
            Thread.detachNewThread {
                store.dispatch(Relabel(label: "waiter \(index)"))
                finished.leave()
            }
            // Wait until this one waits, so that arrival order is known.
            let deadline = Date().addingTimeInterval(10)
            while store.rootStorage.lock.withLock("test", { store.rootStorage.machine.waitingCount }) < index + 1,
                Date() < deadline
            {
                usleep(1_000)
            }
        }
        holdUp.signal()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        await store.waitForDeliveries()
        #expect(labels.value == ["queued", "waiter 0", "waiter 1", "waiter 2"])
    }

    @Test func theQueueGivesBackItsMemoryOnceDrained() async {
        let store = Store(initialState: Counter())
        let holdUp = DispatchSemaphore(value: 0)
        let heldUp = DispatchSemaphore(value: 0)
        store.subscribe(\.count, immediately: false, skipRepeats: true) { count in
            if count == 1 {
                heldUp.signal()
                holdUp.wait()
            }
        }
        Thread.detachNewThread { store.dispatch(Add()) }
        heldUp.wait()
        for _ in 0..<900 { store.dispatch(Add()) }
        let grown = store.rootStorage.lock.withLock("test") { store.rootStorage.machine.queueCapacity }
        #expect(grown >= 900)
        holdUp.signal()
        await store.waitForDeliveries()
        let drained = store.rootStorage.lock.withLock("test") { store.rootStorage.machine.queueCapacity }
        #expect(drained <= DeliveryQueue<Counter>.retainedCapacity)
    }

    @Test func storeFreedWithABacklogStillDeliversIt() {
        let seen = Unsynchronized<[Int]>([])
        let holdUp = DispatchSemaphore(value: 0)
        let heldUp = DispatchSemaphore(value: 0)
        let allDelivered = DispatchSemaphore(value: 0)
        weak var weakStore: Store<Counter>?
        do {
            let store = Store(initialState: Counter())
            weakStore = store
            store.subscribe(\.count, immediately: false) { count in
                seen.value.append(count)
                if count == 1 {
                    heldUp.signal()
                    holdUp.wait()
                }
                if count == 101 { allDelivered.signal() }
            }
            Thread.detachNewThread { [store] in store.dispatch(Add()) }
            heldUp.wait()
            for _ in 0..<100 { store.dispatch(Add()) }
        }
        holdUp.signal()
        #expect(allDelivered.wait(timeout: .now() + 10) == .success)
        #expect(seen.value == Array(1...101))
        // The delivery thread lets the store go once the backlog is delivered.
        let deadline = Date().addingTimeInterval(10)
        while weakStore != nil && Date() < deadline { usleep(1_000) }
        #expect(weakStore == nil)
    }
}
