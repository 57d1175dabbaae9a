import Foundation
import Swivelish
import Testing

@Suite("Store lifetime")
struct LifetimeTests {
    @Test func storeIsFreedWhileUnsubscribeAndDispatchersAreHeld() {
        weak var weakStore: Store<Scripted>?
        let kept = Locked<Dispatcher?>(nil)
        let delivered = Locked(0)
        var unsubscribe: (@Sendable () -> Void)?
        do {
            let store = Store(initialState: Scripted())
            weakStore = store
            unsubscribe = store.subscribe(\.count) { _ in delivered.withValue { $0 += 1 } }
            store.dispatch(Scripted.Add(amount: 1) { dispatch in kept.withValue { $0 = dispatch } })
            #expect(delivered.current == 2)
        }
        #expect(weakStore == nil)
        // Both do nothing now, without crashing.
        kept.current?(Scripted.Add(amount: 1))
        unsubscribe?()
        unsubscribe?()
        #expect(delivered.current == 2)
    }

    @Test func pendingEffectDoesNotKeepTheStoreAlive() {
        weak var weakStore: Store<Scripted>?
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let dispatchedAfterFree = Locked(false)
        do {
            let store = Store(initialState: Scripted())
            weakStore = store
            store.dispatch(
                Scripted.Add(amount: 1) { dispatch in
                    Thread.detachNewThread {
                        release.wait()
                        dispatch(Scripted.Add(amount: 1))
                        dispatchedAfterFree.withValue { $0 = true }
                        finished.signal()
                    }
                })
        }
        #expect(weakStore == nil)
        release.signal()
        finished.wait()
        #expect(dispatchedAfterFree.current)
    }

    @Test func storeFreedWhileOtherThreadsKeepDispatching() async {
        // Threads hammer held dispatchers while the last reference to the store is dropped.
        weak var weakStore: Store<Scripted>?
        let kept = Locked<Dispatcher?>(nil)
        var store: Store<Scripted>? = Store(initialState: Scripted())
        weakStore = store
        store?.dispatch(Scripted.Add(amount: 0) { dispatch in kept.withValue { $0 = dispatch } })
        let dispatch = kept.current!
        let storeBox = Locked(store)
        store = nil
        await runConcurrently(threads: 4) { thread in
            if thread == 0 {
                storeBox.withValue { $0 = nil }
            } else {
                for _ in 0..<2_000 { dispatch(Scripted.Add(amount: 1)) }
            }
        }
        #expect(weakStore == nil)
    }

    @Test func subscriberCallbacksAreReleasedWithTheStore() {
        final class Token: Sendable {}
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let store = Store(initialState: Counter())
            store.subscribe(\.count) { _ in _ = token }
        }
        #expect(weakToken == nil)
    }

    @Test func unsubscribeReleasesTheCallback() {
        final class Token: Sendable {}
        weak var weakToken: Token?
        let store = Store(initialState: Counter())
        var unsubscribe: (@Sendable () -> Void)?
        do {
            let token = Token()
            weakToken = token
            unsubscribe = store.subscribe(\.count) { _ in _ = token }
        }
        #expect(weakToken != nil)
        unsubscribe?()
        #expect(weakToken == nil)
    }
}
