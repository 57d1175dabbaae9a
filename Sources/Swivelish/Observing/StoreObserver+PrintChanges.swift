extension StoreObserver {
    /// An observer that writes each message and the fields of the state it changed, one per line.
    ///
    /// ```swift
    /// let store = Store(initialState: CounterState(count: 0), observers: [.printChanges()])
    /// store.dispatch(CounterMessage.increment(amount: 2))
    /// // CounterMessage.increment(amount: 2)
    /// //   count: 0 → 2
    /// ```
    ///
    /// Fields are compared with `Mirror`, by their descriptions: a struct by field, a collection by
    /// index (an element added is shown `+`, one removed `-`), a dictionary by key, an enum by case. A
    /// message that changes nothing is followed by `  (no change)`; one that reached no state, a late
    /// message of a child that is gone, by `  not applied: ` and why (``StoreEvent/notAppliedReason``).
    ///
    /// - Parameter write: Where each event's text goes (without a final newline); `print` by default.
    /// - Returns: The observer.
    public static func printChanges(to write: @escaping @Sendable (String) -> Void = { print($0) }) -> StoreObserver {
        StoreObserver { event in
            write(changes(of: event))
        }
    }

    /// The text `printChanges` writes for `event`.
    static func changes(of event: StoreEvent<S>) -> String {
        let differences = fieldDifferences(from: event.stateBefore, to: event.stateAfter)
        var lines = [codeDescription(of: event.message)]
        if let reason = event.notAppliedReason {
            lines.append("  not applied: \(reason)")
        } else if differences.isEmpty {
            lines.append("  (no change)")
        }
        for difference in differences {
            switch difference.kind {
            case let .changed(from, to): lines.append("  \(difference.path): \(from) → \(to)")
            case let .count(from, to): lines.append("  \(difference.path): \(from) → \(to) elements")
            case let .removed(value): lines.append("  \(difference.path): - \(value)")
            case let .added(value): lines.append("  \(difference.path): + \(value)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
