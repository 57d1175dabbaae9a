import Synchronization

/// The stock kept by hand, as a careful server engineer writes it without a library: a dictionary from id
/// to stock behind one `Mutex`, and the watched rows' watchers called under the same lock, so that each sees
/// its row's changes in the order they were made.
final class HandInventory: StockKeeper {
    /// Each item's stock, by id.
    private let stocks: Mutex<[Int: Int]>
    /// Each item's stock at the start.
    private let initialStock: Int
    /// The watched rows' watchers: the one of the row `id` at the index `id`.
    private let watchers: [RowWatcher]

    /// `items` items of `stock` units each, whose first `subscriptions` rows are watched.
    init(items: Int, stock: Int, subscriptions: Int) {
        var stocks: [Int: Int] = [:]
        stocks.reserveCapacity(items)
        for id in 0..<items {
            stocks[id] = stock
        }
        let watchers = (0..<subscriptions).map { RowWatcher(id: $0, initialStock: stock) }
        for watcher in watchers {
            watcher.record(stock)  // the value the watch starts from, as a store's subscriber is told at once
        }
        self.stocks = Mutex(stocks)
        self.initialStock = stock
        self.watchers = watchers
    }

    func take(id: Int) async -> TakeOutcome {
        stocks.withLock { stocks in
            guard let index = stocks.index(forKey: id) else {
                return .missing
            }
            let stock = stocks.values[index]
            guard stock > 0 else {
                return .soldOut
            }
            stocks.values[index] = stock - 1
            if id >= 0, id < watchers.count {
                watchers[id].record(stock - 1)
            }
            return .taken(remaining: stock - 1)
        }
    }

    func stock(id: Int) async -> Int? {
        stocks.withLock { $0[id] }
    }

    func check(takesAnswered: Int) async -> CheckReport {
        let initialStock = initialStock
        let (taken, watchedStocks) = stocks.withLock { stocks in
            (
                stocks.values.reduce(0) { $0 + (initialStock - $1) },
                watchers.map { stocks[$0.id] }
            )
        }
        return CheckReport(takesAnswered: takesAnswered, taken: taken, watchers: watchers) { watchedStocks[$0] }
    }
}
