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

extension Message {
    /// Returns this message as an `M` when it is exactly of that type, and `nil` otherwise.
    ///
    /// A faster `as?` for the downcast every ``State/update(_:with:)`` makes: it compares the message's
    /// type with `M` instead of asking the runtime's dynamic cast, which costs about ten times as much
    /// (and more when the cast fails, as it does for every sub-state that ignores a message):
    ///
    /// ```swift
    /// static func update(_ state: inout CounterState, with message: Message) -> Effect? {
    ///     guard let message = message.as(CounterMessage.self) else { return nil }
    ///     ...
    /// }
    /// ```
    ///
    /// It matches the exact type only: a message of a subclass of `M` gives `nil`, where `as?` would
    /// succeed. Use `as?` for class hierarchies or to match a protocol. `Benchmarks/README.md` has the
    /// figures.
    ///
    /// - Parameter type: The type to cast to.
    /// - Returns: The message as an `M`, or `nil` when it is of another type.
    @inlinable
    public func `as`<M: Message>(_ type: M.Type) -> M? {
        guard Self.self == M.self else { return nil }
        return unsafeBitCast(self, to: M.self)
    }
}
