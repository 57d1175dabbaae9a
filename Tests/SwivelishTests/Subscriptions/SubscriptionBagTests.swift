import Foundation
import Testing

@testable import Swivelish

/// A component that subscribes when it is made and keeps its subscription in a bag.
private final class CountLabel: Sendable {
    private let subscriptions = SubscriptionBag()
    let shown = Locked<[Int]>([])

    init(store: Store<Counter>) {
        subscriptions.insert(store.subscribe(\.count) { [shown] count in shown.append(count) })
    }
}

@Suite("SubscriptionBag ends its subscriptions with its owner")
struct SubscriptionBagTests {
    @Test func freeingTheOwnerEndsItsSubscriptions() {
        let store = Store(initialState: Counter())
        var label: CountLabel? = CountLabel(store: store)
        let shown = label!.shown
        store.dispatch(Add())
        label = nil
        store.dispatch(Add())
        #expect(shown.current == [0, 1])
        #expect(store.subscriptionCount == 0)
    }

    @Test func removeAllEndsThemAtOnceAndLaterOnesAtInsertion() {
        let store = Store(initialState: Counter())
        let bag = SubscriptionBag()
        let seen = Locked<[Int]>([])
        bag.insert(store.subscribe(\.count, immediately: false) { seen.append($0) })
        store.dispatch(Add())
        bag.removeAll()
        store.dispatch(Add())
        bag.insert(store.subscribe(\.count, immediately: false) { seen.append($0) })
        store.dispatch(Add())
        #expect(seen.current == [1])
        #expect(store.subscriptionCount == 0)
    }

    @Test func aBagFilledFromManyThreadsEndsEverySubscription() async {
        let store = Store(initialState: Counter())
        await fillABagFromEightThreadsAndDropIt(store)
        #expect(store.subscriptionCount == 0)
    }
}

/// Subscribes 800 times to `store` from 8 threads into one bag, checks they are all live, and lets the bag go.
private func fillABagFromEightThreadsAndDropIt(_ store: Store<Counter>) async {
    let bag = SubscriptionBag()
    await runConcurrently(threads: 8) { _ in
        for _ in 0..<100 {
            bag.insert(store.subscribe(\.count) { _ in })
        }
    }
    #expect(store.subscriptionCount == 800)
}
