import Swivelish

/// The stand-ins for views: each takes a store of its component only, and says what it shows whenever
/// that changes. Each returns the function that ends it.

/// Shows a counter's count.
public func counterView(
    _ name: String, _ store: Store<Counter>, show: @escaping @Sendable (String) -> Void
) -> @Sendable () -> Void {
    store.subscribe(\.count, immediately: false, skipRepeats: true) { count in show("\(name) shows \(count)") }
}

/// Shows a viewer's picture once it has one.
public func gifView(
    _ name: String, _ store: Store<GifViewer>, show: @escaping @Sendable (String) -> Void
) -> @Sendable () -> Void {
    store.subscribe(\.gif, immediately: false, skipRepeats: true) { gif in
        show("\(name) shows \(gif ?? "nothing")")
    }
}

/// Shows the ids of a list's rows.
public func listView(
    _ name: String, _ store: Store<CounterList>, show: @escaping @Sendable (String) -> Void
) -> @Sendable () -> Void {
    store.subscribe(\.counters.ids, immediately: false, skipRepeats: true) { ids in
        show("\(name) has counters \(Array(ids))")
    }
}
