extension Store {
    /// The value at `keyPath` as an asynchronous sequence: the current value, then the value after
    /// every state change, in state order.
    ///
    /// ```swift
    /// for await count in store.values(\.count) {
    ///     print("Count: \(count)")
    /// }
    /// ```
    ///
    /// Each iteration subscribes when it starts (when `for await` asks for its iterator) and buffers
    /// every value until it is consumed: no value is lost between subscribing and the first `next()`,
    /// however late it comes. Ending the loop (by `break`, `return` or a thrown error) or cancelling its
    /// task unsubscribes. The sequence does not keep the store alive: when the store is freed, the loop
    /// ends after the values already delivered (at once if the store was freed before the loop began).
    /// Use `\S.self` for the whole state. For `Equatable` values, the other `values(_:)` skips values
    /// equal to the previous one.
    ///
    /// - Parameter keyPath: The value to watch.
    /// - Returns: A sequence that ends when its loop ends, its task is cancelled, or the store is freed.
    public func values<Value: Sendable>(_ keyPath: KeyPath<S, Value>) -> StoreValues<Value> {
        let keyPath = SendableKeyPath(keyPath)
        let store = weakened()
        return StoreValues { output in
            store()?.makeSubscription(keyPath.keyPath) { output.yield($0) }.activeUnsubscribe
        }
    }

    /// The value at `keyPath` as an asynchronous sequence, skipping values equal to the previous one:
    /// the current value, then each different value, in state order.
    ///
    /// ```swift
    /// for await isLoading in store.values(\.isLoading) {
    ///     spinner.isHidden = !isLoading
    /// }
    /// ```
    ///
    /// Subscription, buffering and ending are as for the non-`Equatable` version.
    ///
    /// - Parameter keyPath: The value to watch.
    /// - Returns: A sequence that ends when its loop ends, its task is cancelled, or the store is freed.
    public func values<Value: Sendable & Equatable>(_ keyPath: KeyPath<S, Value>) -> StoreValues<Value> {
        let keyPath = SendableKeyPath(keyPath)
        let store = weakened()
        return StoreValues { output in
            store()?.makeSubscription(keyPath.keyPath, skipRepeats: true) { output.yield($0) }.activeUnsubscribe
        }
    }
}
