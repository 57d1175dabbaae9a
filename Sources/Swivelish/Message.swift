/// Something that happened, sent to a ``Store`` to change its state.
///
/// Any type can be a message: conform it to `Message` and dispatch it. A state's
/// ``State/update(_:with:)`` receives every message the store gets and downcasts with `as?` to the
/// messages it handles, ignoring the others:
///
/// ```swift
/// enum CounterMessage: Message {
///     case increment(amount: Int)
///     case decrement(amount: Int)
/// }
/// ```
///
/// Messages cross threads (an effect may dispatch from anywhere), so they must be `Sendable`.
public protocol Message: Sendable {}
