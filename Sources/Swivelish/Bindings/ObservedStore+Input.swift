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
    /// has applied it, and the model shows the new value at once; the state `update` made of it (a trimmed
    /// text, a clamped value) reaches the model as any change does, on the main actor right after.
    public subscript<Value: Equatable & Sendable>(dynamicMember keyPath: WritableKeyPath<S.Input, Value>) -> Value {
        get {
            let path = (\S.input).appending(path: keyPath)
            track(path) { $0[keyPath: path] != $1[keyPath: path] }
            return current.input[keyPath: keyPath]
        }
        set {
            store.set(keyPath, newValue)
            // Shown at once, to every reader of the field; the state the store made follows.
            var shown = current
            shown.input[keyPath: keyPath] = newValue
            apply(shown)
        }
    }
}
#endif
