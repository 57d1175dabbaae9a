import Foundation
import Swivelish

/// Subscribes to the value at `keyPath` of each row with an id in `ids`, through the row's own store
/// (`skipRepeats`, not immediately), keeping the subscriptions in `subscriptions`: `receive` gets the row's
/// id and the value.
func subscribeToEachRow<Value: Equatable & Sendable>(
    of list: Store<RowList>, ids: Range<Int>, _ keyPath: KeyPath<Row, Value>, in subscriptions: SubscriptionBag,
    _ receive: @escaping @Sendable (_ id: Int, _ value: Value) -> Void
) {
    for id in ids {
        subscriptions.insert(
            list.scope(\.rows, id: id)!.subscribe(keyPath, immediately: false, skipRepeats: true) { value in
                receive(id, value)
            })
    }
}
