import Dispatch
import Swivelish
import Testing

@testable import CounterCore

@Test func waitForDeliveriesWaitsForAChangeQueuedOnAnotherDeliveringThread() {
    let store = Store(initialState: CounterState(count: 0))
    let counts = Collected<Int>()
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    let unsubscribe = store.subscribe(\.count, immediately: false) { count in
        counts.append(count)
        if count == 1 {
            entered.signal()
            gate.wait()  // hold this thread in the middle of delivering
        }
    }
    defer { unsubscribe() }

    // Another thread commits count 1 and stays the delivering thread until the gate opens. (A serial
    // queue of its own gets a thread even when the global pool is busy with other tests.)
    DispatchQueue(label: "deliverer").async { store.dispatch(CounterMessage.increment(amount: 1)) }
    entered.wait()
    // Committed at once, but only queued for that thread to deliver.
    store.dispatch(CounterMessage.increment(amount: 1))
    #expect(store.state.count == 2)
    #expect(counts.values == [1])

    let returned = DispatchSemaphore(value: 0)
    DispatchQueue(label: "waiter").async {
        store.waitForDeliveries()
        returned.signal()
    }
    // Checking that something does not happen needs a deadline; a late return would pass, not fail.
    let returnedEarly = returned.wait(timeout: .now() + .milliseconds(100)) == .success
    #expect(!returnedEarly, "waitForDeliveries returned while a change was still queued")

    gate.signal()
    if !returnedEarly {
        returned.wait()
    }
    #expect(counts.values == [1, 2])
}

@Test func waitForDeliveriesReturnsAtOnceWhenNoOtherThreadDelivers() {
    let store = Store(initialState: CounterState(count: 0))
    store.dispatch(CounterMessage.increment(amount: 1))
    store.waitForDeliveries()
    #expect(store.state.count == 1)
}
