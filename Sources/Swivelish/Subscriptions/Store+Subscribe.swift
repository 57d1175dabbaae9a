extension Store {
    /// Calls `body` with the value at `keyPath` after every dispatched message.
    ///
    /// By default `body` is called at once with the current value, then after every message, even when
    /// the value did not change:
    ///
    /// ```swift
    /// let store = Store(initialState: CounterState(count: 0))
    /// let unsubscribe = store.subscribe(\CounterState.count) { count in
    ///     print("Count: \(count)")
    /// }
    /// store.dispatch(CounterMessage.increment(amount: 1))
    /// // Count: 0
    /// // Count: 1
    /// ```
    ///
    /// Use `\S.self` to watch the whole state. For an `Equatable` value,
    /// ``subscribe(_:immediately:skipRepeats:_:)`` can also skip values equal to the previous one.
    ///
    /// Ordering and threading: `body` receives the state the subscription started from (when
    /// `immediately` is `true`), then every state committed after it, in order, with no gap and no
    /// repeat. It is called outside the store's lock, never concurrently with another callback of this
    /// store, on whichever thread is delivering (see <doc:ThreadModel>). When no other thread is
    /// delivering, the immediate call happens before `subscribe` returns; otherwise (from inside a
    /// callback or an effect, or while another thread delivers) it happens later, on the delivering
    /// thread. Either way it comes after every delivery (of a state or an effect) committed before the
    /// subscription, so when it runs, every subscriber has been told of every earlier state.
    ///
    /// The store holds `body` until you unsubscribe or the store is freed, and lets it go outside its
    /// lock (so a `deinit` of something `body` captures may use the store). The store does not keep
    /// itself alive through the subscription, but `body` does keep alive what it captures.
    ///
    /// - Parameters:
    ///   - keyPath: The value to watch.
    ///   - immediately: Whether to call `body` with the current value before any change.
    ///   - body: Called with the value.
    /// - Returns: A function that ends the subscription. Call it from any thread, any number of times
    ///   (calls after the first do nothing), including from inside a callback. Once it returns on the
    ///   thread delivering notifications (for instance inside a callback), `body` is never called again;
    ///   called from another thread while a delivery is in progress, that one delivery may still reach
    ///   `body`. It holds the store weakly and does nothing once the store is freed.
    @inlinable
    @inline(__always)  // so that the callback it makes is specialised for the caller's state and value
    @discardableResult
    public func subscribe<Value>(
        _ keyPath: KeyPath<S, Value>,
        immediately: Bool = true,
        _ body: @escaping @Sendable (Value) -> Void
    ) -> @Sendable () -> Void {
        makeSubscription(keyPath, immediately: immediately, body).unsubscribe
    }

    /// As ``subscribe(_:immediately:_:)``, with whether it subscribed: `false` when the root store is gone
    /// (only a store made by ``weakened()`` can outlive its root).
    @inlinable
    @inline(__always)  // the subscribe path (see "Forced inlining" in StoreStorage)
    func makeSubscription<Value>(
        _ keyPath: KeyPath<S, Value>,
        immediately: Bool = true,
        _ body: @escaping @Sendable (Value) -> Void
    ) -> Subscribed {
        makeValueSubscription(keyPath, immediately: immediately, body)
    }

    /// Calls `body` with the value at `keyPath` after every dispatched message, through a watch of the
    /// subscription's own that holds the value only while delivering it (see ``WatchKey``).
    @inlinable
    @inline(__always)  // the subscribe path (see "Forced inlining" in StoreStorage)
    func makeValueSubscription<Value>(
        _ keyPath: KeyPath<S, Value>,
        immediately: Bool,
        _ body: @escaping @Sendable (Value) -> Void
    ) -> Subscribed {
        let projection = self.projection
        let key = projection.watchKey(keyPath, comparesValues: false)
        return SubscriptionRequest.with(
            key: key, skipsRepeats: false, receivesFirstState: immediately, deliversFirstState: immediately,
            makeWatch: { ValueWatch(FieldReader(keyPath, in: projection), key: key) },
            receive: { watch in
                // The watch is this subscription's own, made above; the value is let go of once delivered.
                // Not `as!`: W2 costs 441 instructions, 539 (issue 37, with `as!` at every such cast).
                body(unsafeDowncast(watch, to: ValueWatch<Value>.self).value.take().unsafelyUnwrapped)
            },
            register)
    }

    /// Calls `body` with the value at `keyPath` after every dispatched message, optionally skipping
    /// values equal to the previous one.
    ///
    /// With `skipRepeats: true`, `body` is only called when the value differs from the last one it
    /// was given, or, before the first call, from the value at subscription time, whether or not that
    /// value was delivered immediately:
    ///
    /// ```swift
    /// let store = Store(initialState: CounterState(count: 0))
    /// let unsubscribe = store.subscribe(\CounterState.count, immediately: false, skipRepeats: true) { count in
    ///     print("Count: \(count)")
    /// }
    /// store.dispatch(CounterMessage.increment(amount: 1))
    /// store.dispatch(CounterMessage.increment(amount: 2))
    /// store.dispatch(CounterMessage.increment(amount: 0))
    /// // Count: 1
    /// // Count: 3
    /// ```
    ///
    /// Only an `Equatable` value can skip repeats. A value left as it was (its bytes unchanged since the
    /// last state: the same references, the same fields) is a repeat without a call of `==`, so a `Double`
    /// that stays NaN is not delivered again. Ordering, threading and lifetime are as for
    /// ``subscribe(_:immediately:_:)``.
    ///
    /// - Parameters:
    ///   - keyPath: The value to watch.
    ///   - immediately: Whether to call `body` with the current value before any change.
    ///   - skipRepeats: Whether to skip values equal to the previous one.
    ///   - body: Called with the value.
    /// - Returns: A function that ends the subscription, as for ``subscribe(_:immediately:_:)``.
    @inlinable
    @inline(__always)  // so that the callback it makes is specialised for the caller's state and value
    @discardableResult
    public func subscribe<Value: Equatable>(
        _ keyPath: KeyPath<S, Value>,
        immediately: Bool = true,
        skipRepeats: Bool = false,
        _ body: @escaping @Sendable (Value) -> Void
    ) -> @Sendable () -> Void {
        makeSubscription(keyPath, immediately: immediately, skipRepeats: skipRepeats, body).unsubscribe
    }

    /// As ``subscribe(_:immediately:skipRepeats:_:)``, with whether it subscribed.
    @inlinable
    @inline(__always)  // the subscribe path (see "Forced inlining" in StoreStorage)
    func makeSubscription<Value: Equatable>(
        _ keyPath: KeyPath<S, Value>,
        immediately: Bool = true,
        skipRepeats: Bool = false,
        _ body: @escaping @Sendable (Value) -> Void
    ) -> Subscribed {
        // Every `skipRepeats` subscription on this key path shares one read and one comparison per change
        // (see `Watch`). Its first state is always delivered, to record the version it saw; it reaches `body`
        // only when `immediately` is true.
        guard skipRepeats else {
            // Nothing to compare: a watch of its own, that does not keep the previous value alive.
            return makeValueSubscription(keyPath, immediately: immediately, body)
        }
        let projection = self.projection
        let key = projection.watchKey(keyPath, comparesValues: true)
        return SubscriptionRequest.with(
            key: key, skipsRepeats: skipRepeats, receivesFirstState: immediately,
            deliversFirstState: true,
            makeWatch: { EquatableWatch(FieldReader(keyPath, in: projection), key: key) },
            receive: { watch in
                // The key holds the key path, so the value type: the watch shared under it is this one's kind.
                // Not `as!`: W2 costs 441 instructions, 539 (issue 37, with `as!` at every such cast).
                body(unsafeDowncast(watch, to: EquatableWatch<Value>.self).value.unsafelyUnwrapped)
            },
            element: projection.element,
            register)
    }

    // MARK: - Registering with the root store

    /// Where this store's state lies in its root store's state.
    @inlinable
    var projection: StateProjection<S> {
        scopeBacking?.projection ?? .root
    }

    /// Adds the subscription `request` describes to the root store.
    @inlinable
    @inline(__always)  // the subscribe path (see "Forced inlining" in StoreStorage)
    func register(_ request: SubscriptionRequest) -> Subscribed {
        if let storage {
            return storage.subscribe(request)
        }
        return scopeBacking.unsafelyUnwrapped.register(request)
    }

    /// This store, for a closure that must not keep the root store alive: the store itself, held weakly,
    /// for a root store; for a scoped store, a copy that does not keep the root alive (its subscriptions
    /// give `nil` once the root is gone).
    @inlinable
    func weakened() -> @Sendable () -> Store<S>? {
        guard let scope = scopeBacking else {
            return { [weak self] in self }
        }
        let detached = Store(scope: scope, keepingAlive: nil)
        return { detached }
    }
}
