extension Store where S: BindableState {
    /// Sets the input field at `field` to `value`: dispatches the ``InputChange`` a view's binding would,
    /// for code without SwiftUI (UIKit, AppKit, tests).
    ///
    /// ```swift
    /// store.set(\.title, "Milk")  // from a text field's delegate, on any thread
    /// ```
    ///
    /// Safe from any thread, as ``dispatch(_:)`` is; when it returns, ``state`` reflects the change (and
    /// whatever `update` did in reaction). For a store made by ``scope(_:)->Store<Child>``, the root's `update` applies it
    /// (through the sub-state's own `update`).
    ///
    /// - Parameters:
    ///   - field: The input field to set.
    ///   - value: Its new value.
    @inlinable
    public func set<Value: Equatable & Sendable>(_ field: WritableKeyPath<S.Input, Value>, _ value: Value) {
        dispatch(S.set(field, value))
    }
}
