import Swivelish

/// The stock kept in a Swivelish store: an ``Inventory`` state, a take an `ElementMessage` to one item, and
/// the watched rows each a `skipRepeats` subscription of the row's own store (`scope(\.items, id:)`).
final class StoreInventory: StockKeeper {
    /// The store of every item.
    private let store: Store<Inventory>
    /// Each item's stock at the start.
    private let initialStock: Int
    /// The watched rows' stores, kept for as long as their subscriptions.
    private let rows: [Store<Item>]
    /// What each watched row's subscriber was told.
    private let watchers: [RowWatcher]

    /// A store of `items` items of `stock` units each, whose first `subscriptions` rows are watched.
    init(items: Int, stock: Int, subscriptions: Int) {
        let store = Store(initialState: Inventory(count: items, stock: stock))
        var rows: [Store<Item>] = []
        var watchers: [RowWatcher] = []
        for id in 0..<subscriptions {
            guard let row = store.scope(\.items, id: id) else {
                preconditionFailure("the inventory has no item \(id), though it has \(items) items")
            }
            let watcher = RowWatcher(id: id, initialStock: stock)
            // Every change of the row's stock, from the one it has now: a take changes it, a take that finds
            // nothing left does not (`skipRepeats`), nor does another row's take.
            row.subscribe(\.stock, skipRepeats: true) { stock in
                watcher.record(stock)
            }
            rows.append(row)
            watchers.append(watcher)
        }
        self.store = store
        self.initialStock = stock
        self.rows = rows
        self.watchers = watchers
    }

    /// Takes one unit of the item `id`: the message and the stock it left, read in one locked step, so that
    /// the answer is this take's, whatever other requests take meanwhile. A send, not a dispatch: the
    /// handler's thread is one of the cooperative pool's, and a send suspends rather than block it while the
    /// store's backlog is full, and delivers no other request's change.
    func take(id: Int) async -> TakeOutcome {
        let result = await store.send(ElementMessage<Item>(id: id, Item.Take())) { state in
            state.items[id: id].map { ($0.stock, $0.lastTakeSucceeded) }
        }
        switch result {
        case let .applied((stock, true)?):
            return .taken(remaining: stock)
        case .applied(_?):
            return .soldOut
        case .applied(nil), .notApplied:
            return .missing
        }
    }

    func stock(id: Int) async -> Int? {
        store.state.items[id: id]?.stock
    }

    func check(takesAnswered: Int) async -> CheckReport {
        await store.waitForDeliveries()
        let items = store.state.items
        let initialStock = initialStock
        let taken = items.reduce(0) { $0 + (initialStock - $1.stock) }
        return CheckReport(takesAnswered: takesAnswered, taken: taken, watchers: watchers) { items[id: $0]?.stock }
    }
}
