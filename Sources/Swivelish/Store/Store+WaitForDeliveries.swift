extension Store {
    /// Blocks the calling thread until every change committed before the call has been delivered: every
    /// subscriber and observer has been told of it, and its effect has run (an effect that starts a task
    /// has started it; the task may still be running).
    ///
    /// For a program or a test that must see what its subscribers did (lines printed, a file saved by a
    /// subscriber) before it goes on, when other threads dispatch too: a `dispatch` whose change another
    /// thread delivers returns before that delivery.
    ///
    /// ```swift
    /// store.dispatch(CounterMessage.increment(amount: 1))
    /// store.waitForDeliveries()  // every subscriber has seen the new count
    /// ```
    ///
    /// Returns at once when no other thread is delivering (`dispatch` then delivered before returning),
    /// and when the root store of a scoped store is gone. It waits for deliveries, not for effects' tasks
    /// or for the main actor: an ``ObservedStore`` or a `subscribe(_:immediately:on:_:)` closure may
    /// still have to run there. From async code, prefer `await waitForDeliveries()`, which suspends instead
    /// of blocking a thread.
    ///
    /// Calling it from a subscriber, an observer or an effect of this store, on the thread delivering its
    /// changes, stops the program with a message that says so: the deliveries it would wait for come after
    /// the callback that waits.
    public func waitForDeliveries() {
        let delivered = DeliveredSignal()
        let subscribed = subscribeToNextDelivery { delivered.signal() }
        guard subscribed.isSubscribed else { return }
        precondition(
            !subscribed.firstValueWaitsForCaller,
            """
            Swivelish: waitForDeliveries() was called on the thread delivering the store's changes (from a \
            subscriber, an observer or an effect of the store): it would wait for itself. Call it from \
            another thread, or await waitForDeliveries() in a task.
            """)
        delivered.wait()
        subscribed.unsubscribe()
    }

    /// Suspends until every change committed before the call has been delivered: every subscriber and
    /// observer has been told of it, and its effect has run, as the blocking form does, without blocking a
    /// thread.
    ///
    /// ```swift
    /// store.dispatch(CounterMessage.increment(amount: 1))
    /// await store.waitForDeliveries()
    /// ```
    ///
    /// Safe from any task, including an effect's task of this store. Returns at once when no other thread
    /// is delivering, and when the root store of a scoped store is gone.
    public func waitForDeliveries() async {
        let delivered = DeliveredSignal()
        let subscribed = subscribeToNextDelivery { delivered.signal() }
        guard subscribed.isSubscribed else { return }
        await delivered.wait()
        subscribed.unsubscribe()
    }

    /// Subscribes `body` to be called once, on the delivering thread, after every delivery committed
    /// before now: a subscription to nothing, whose first value only is delivered.
    private func subscribeToNextDelivery(_ body: @escaping @Sendable () -> Void) -> Subscribed {
        // A key that does not compare values: the watch is this subscription's own. It reads nothing and
        // never changes version, so a subscription that skips repeats is called with the first state only.
        let key = WatchKey(\Store<S>.self, comparesValues: false)
        return SubscriptionRequest.with(
            key: key, skipsRepeats: true, receivesFirstState: true, deliversFirstState: true,
            makeWatch: { Watch(key: key, read: { _, _ in }) },
            receive: { _ in body() },
            register)
    }
}

/// A one-time signal that a thread waits for by blocking, or a task by suspending.
private final class DeliveredSignal: @unchecked Sendable {
    // `@unchecked Sendable`: `isSignalled` and `continuation` are guarded by `lock`.
    private let lock = ConditionLock()
    private var isSignalled = false
    private var continuation: CheckedContinuation<Void, Never>?

    func signal() {
        let waiting = lock.withLock("waitForDeliveries") { () -> CheckedContinuation<Void, Never>? in
            isSignalled = true
            lock.broadcast()
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume()
    }

    /// Blocks until signalled.
    func wait() {
        lock.withLock("waitForDeliveries") {
            while !isSignalled {
                lock.wait()
            }
        }
    }

    /// Suspends until signalled.
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let signalled = lock.withLock("waitForDeliveries") { () -> Bool in
                if !isSignalled {
                    self.continuation = continuation
                }
                return isSignalled
            }
            if signalled {
                continuation.resume()
            }
        }
    }
}
