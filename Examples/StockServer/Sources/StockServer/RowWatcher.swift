import Synchronization

/// What the watcher of one row was told: its stock, each time it changed.
///
/// A take changes the stock by one, so each value must be one less than the one before: a larger step is a
/// change lost, the same value a change repeated, a larger value one out of order. The watcher counts such
/// values, and keeps the first, rather than every value, so that it costs a lock and a few stores a call.
final class RowWatcher: Sendable {
    /// The row's id.
    let id: Int
    /// The row's stock when the watch started: the first value it must see.
    private let initialStock: Int
    /// What the watcher was told so far.
    private let seen = Mutex(Seen())

    /// What a watcher was told.
    private struct Seen {
        /// The first value, then the last.
        var first: Int?
        var last: Int?
        /// How many values.
        var count = 0
        /// How many values were not one less than the one before, and the first such, after its previous value.
        var unexpected = 0
        var firstUnexpected: (previous: Int, value: Int)?
    }

    /// A watcher of the row `id`, whose stock is `initialStock` when the watch starts.
    init(id: Int, initialStock: Int) {
        self.id = id
        self.initialStock = initialStock
    }

    /// Records the row's stock. Called in order, one call at a time.
    func record(_ stock: Int) {
        seen.withLock { seen in
            if let last = seen.last, stock != last - 1 {
                if seen.unexpected == 0 {
                    seen.firstUnexpected = (last, stock)
                }
                seen.unexpected += 1
            }
            if seen.first == nil {
                seen.first = stock
            }
            seen.last = stock
            seen.count += 1
        }
    }

    /// How many values the watcher was told, and what is wrong with them now that the row's stock is
    /// `currentStock` (`nil` when the row is gone); no failures when each value was one less than the one
    /// before, from the initial stock to the current one.
    func verdict(currentStock: Int?) -> (notifications: Int, failures: [String]) {
        seen.withLock { seen in
            var failures: [String] = []
            if seen.first != initialStock {
                failures.append("row \(id): first value \(describe(seen.first)), expected \(initialStock)")
            }
            if seen.last != currentStock {
                failures.append(
                    "row \(id): last value \(describe(seen.last)), but the stock is \(describe(currentStock))")
            }
            if let (previous, value) = seen.firstUnexpected {
                failures.append(
                    "row \(id): \(seen.unexpected) values not one less than the one before, the first \(value) "
                        + "after \(previous)")
            }
            return (seen.count, failures)
        }
    }

    /// `value`, or "none".
    private func describe(_ value: Int?) -> String {
        value.map(String.init) ?? "none"
    }
}
