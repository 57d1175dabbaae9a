extension Store {
    /// Calls `body` on the main actor with the value at `keyPath` after every dispatched message.
    ///
    /// For UIKit- and AppKit-style code that updates views from a store changed on any thread:
    ///
    /// ```swift
    /// let unsubscribe = store.subscribe(\CounterState.count, on: .main) { count in
    ///     countLabel.text = "\(count)"
    /// }
    /// ```
    ///
    /// It keeps the promises of ``subscribe(_:immediately:_:)``: `body` receives the first value (with
    /// `immediately`), then the value of every state committed after it, in commit order, with no gap and
    /// no repeat, never two calls at once. The values are taken on the thread delivering the store's
    /// changes and queued for the main actor, which calls `body` with each in turn, as main-actor work:
    /// so `body` never runs before `subscribe` or `dispatch` returns, even on the main actor. While the
    /// main actor is busy, the values wait in memory; none is dropped.
    ///
    /// The returned function ends the subscription. Called on the main actor, it takes effect at once:
    /// `body` is not called again, even with values already queued. Called on another thread, a call
    /// already running on the main actor finishes.
    ///
    /// - Parameters:
    ///   - keyPath: The value to watch.
    ///   - immediately: Whether to call `body` with the current value before any change.
    ///   - actor: Where `body` runs: ``CallbackActor/main``.
    ///   - body: Called on the main actor with each value.
    /// - Returns: A function that ends the subscription, from any thread, any number of times.
    @inlinable
    @discardableResult
    public func subscribe<Value: Sendable>(
        _ keyPath: KeyPath<S, Value>,
        immediately: Bool = true,
        on actor: CallbackActor,
        _ body: @escaping @MainActor @Sendable (Value) -> Void
    ) -> @Sendable () -> Void {
        let relay = MainActorRelay(coalesces: false, receive: body)
        let unsubscribe = subscribe(keyPath, immediately: immediately) { relay.send($0) }
        return {
            relay.cancel()
            unsubscribe()
        }
    }

    /// Calls `body` on the main actor with the value at `keyPath` after every dispatched message,
    /// optionally skipping values equal to the previous one.
    ///
    /// ```swift
    /// let unsubscribe = store.subscribe(\CounterState.isLoading, skipRepeats: true, on: .main) { isLoading in
    ///     spinner.isHidden = !isLoading
    /// }
    /// ```
    ///
    /// Ordering, threading and ending are as for ``subscribe(_:immediately:on:_:)``; the repeats are
    /// skipped before the values are queued for the main actor.
    ///
    /// - Parameters:
    ///   - keyPath: The value to watch.
    ///   - immediately: Whether to call `body` with the current value before any change.
    ///   - skipRepeats: Whether to skip a value equal (`==`) to the last one `body` received.
    ///   - actor: Where `body` runs: ``CallbackActor/main``.
    ///   - body: Called on the main actor with each value.
    /// - Returns: A function that ends the subscription, from any thread, any number of times.
    @inlinable
    @discardableResult
    public func subscribe<Value: Sendable & Equatable>(
        _ keyPath: KeyPath<S, Value>,
        immediately: Bool = true,
        skipRepeats: Bool = false,
        on actor: CallbackActor,
        _ body: @escaping @MainActor @Sendable (Value) -> Void
    ) -> @Sendable () -> Void {
        let relay = MainActorRelay(coalesces: false, receive: body)
        let unsubscribe = subscribe(keyPath, immediately: immediately, skipRepeats: skipRepeats) { relay.send($0) }
        return {
            relay.cancel()
            unsubscribe()
        }
    }
}
