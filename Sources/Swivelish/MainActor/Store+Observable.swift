#if canImport(Observation)
extension Store {
    /// A model of this store's state for SwiftUI: an `Observable` object on the main actor that views read
    /// like the state, tracked per key path.
    ///
    /// ```swift
    /// struct CounterView: View {
    ///     let model: ObservedStore<CounterState>
    ///
    ///     var body: some View {
    ///         Button("Count: \(model.count)") {
    ///             model.dispatch(CounterMessage.increment(amount: 1))
    ///         }
    ///     }
    /// }
    ///
    /// CounterView(model: store.observable())
    /// ```
    ///
    /// See ``ObservedStore`` for what is tracked, and when changes reach it.
    ///
    /// - Returns: A new model that follows this store and keeps it alive.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @MainActor
    public func observable() -> ObservedStore<S> {
        ObservedStore(self)
    }
}
#endif
