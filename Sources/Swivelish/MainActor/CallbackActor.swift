/// The actor a subscription's callback runs on, for the `subscribe(_:..., on:_:)` methods of ``Store``.
///
/// ```swift
/// let unsubscribe = store.subscribe(\.count, on: .main) { count in
///     label.text = "\(count)"  // on the main actor
/// }
/// ```
public enum CallbackActor: Sendable {
    /// The main actor: the callback runs as main-actor work, for UIKit, AppKit and SwiftUI code.
    case main
}
