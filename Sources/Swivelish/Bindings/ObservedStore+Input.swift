#if canImport(Observation)
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension ObservedStore where S: BindableState {
    /// The input field at `keyPath` of the state, to read (tracked, as any value) and to set: setting it
    /// dispatches the ``InputChange`` that sets it, through the store.
    ///
    /// With SwiftUI's `@Bindable`, `$model.title` is a binding for a control:
    ///
    /// ```swift
    /// TextField("Title", text: $model.title)
    /// Toggle("Done", isOn: $model.isDone)
    /// ```
    ///
    /// A reader is invalidated when the field changes, not when another does. When a set returns, the store
    /// has applied it, and the model shows the store's state at once, as `update` made it (a trimmed text, a
    /// clamped value), to every reader, without waiting for the main actor to get the change.
    @inlinable
    public subscript<Value: Equatable & Sendable>(dynamicMember keyPath: WritableKeyPath<S.Input, Value>) -> Value {
        get {
            self[tracking: (\S.input).appending(path: keyPath)]
        }
        set {
            store.set(keyPath, newValue)
            // The store has applied it: shown at once, to every reader, as `update` made it.
            refresh()
        }
    }
}
#endif
