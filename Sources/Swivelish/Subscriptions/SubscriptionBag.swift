/// Subscriptions kept by their owner, and ended when it lets them go.
///
/// A component that subscribes when it is made keeps its subscriptions in a bag, and they end when the
/// component is freed, with no lock of its own and no `unsubscribe` function to remember:
///
/// ```swift
/// final class CounterLabel {
///     private let subscriptions = SubscriptionBag()
///
///     init(store: Store<CounterState>) {
///         subscriptions.insert(store.subscribe(\.count) { count in print("Count: \(count)") })
///     }
/// }
/// ```
///
/// A bag ends its subscriptions (calls the `unsubscribe` functions it holds) when it is freed, or at once
/// with ``removeAll()``; after that, inserting ends the new subscription at once. It is safe from any thread;
/// the functions it holds are called outside its lock.
public final class SubscriptionBag: Sendable {
    private struct Contents {
        var unsubscribes: [@Sendable () -> Void] = []
        var isEmptied = false
    }

    private let contents = LockedValue(Contents())

    /// Creates an empty bag.
    public init() {}

    /// Creates a bag holding `unsubscribe`.
    ///
    /// - Parameter unsubscribe: The function `subscribe` returned.
    public convenience init(_ unsubscribe: @escaping @Sendable () -> Void) {
        self.init()
        insert(unsubscribe)
    }

    /// Keeps the subscription `unsubscribe` ends, until the bag is freed or emptied.
    ///
    /// - Parameter unsubscribe: The function `subscribe` returned.
    public func insert(_ unsubscribe: @escaping @Sendable () -> Void) {
        let endsNow = contents.withValue { contents -> Bool in
            guard !contents.isEmptied else { return true }
            contents.unsubscribes.append(unsubscribe)
            return false
        }
        if endsNow {
            unsubscribe()
        }
    }

    /// Ends every subscription in the bag; later ones end as they are inserted.
    public func removeAll() {
        let unsubscribes = contents.withValue { contents -> [@Sendable () -> Void] in
            contents.isEmptied = true
            defer { contents.unsubscribes = [] }
            return contents.unsubscribes
        }
        for unsubscribe in unsubscribes {
            unsubscribe()
        }
    }

    deinit {
        removeAll()
    }
}
