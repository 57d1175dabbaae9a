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
///
/// struct CounterState: State {
///     var count = 0
///
///     static func update(_ state: inout CounterState, with message: Message) -> Effect? {
///         guard let message = message as? CounterMessage else { return nil }
///         switch message {
///         case let .increment(amount): state.count += amount
///         case let .decrement(amount): state.count -= amount
///         }
///         return nil
///     }
/// }
/// ```
///
/// Messages cross threads (an effect may dispatch from anywhere), so they must be `Sendable`. Where the
/// cost of a dispatch matters, <doc:WhenSpeedMatters> says what the cast and the size of a message weigh.
public protocol Message: Sendable {}

extension Message {
    /// Returns this message as an `M` when it is exactly of that type, and `nil` otherwise: an `as?` for
    /// one exact type, for an `update` where speed matters.
    ///
    /// Write `as?` first: it is what a Swift reader expects, and it also matches a subclass or a protocol.
    /// `as(_:)` is a performance tool (see <doc:WhenSpeedMatters>): it compares the message's type with `M`
    /// instead of asking the runtime's dynamic cast, which costs about ten times as much, and more when the
    /// cast fails, as it does for every sub-state that ignores a message. With 10 sub-states composed by
    /// ``State/makeSerialUpdate(_:)``, a message costs 4,568 instructions with `as?` and 881 with `as(_:)`;
    /// with a tree of 100 leaves, 34,695 and 9,631 (W6 and W11 in `Benchmarks/README.md`).
    ///
    /// ```swift
    /// static func update(_ state: inout CounterState, with message: Message) -> Effect? {
    ///     guard let message = message.as(CounterMessage.self) else { return nil }
    ///     ...
    /// }
    /// ```
    ///
    /// It matches the exact type only: a message of a subclass of `M` gives `nil`, where `as?` would
    /// succeed. Use `as?` for class hierarchies or to match a protocol.
    ///
    /// - Parameter type: The type to cast to.
    /// - Returns: The message as an `M`, or `nil` when it is of another type.
    @inlinable
    public func `as`<M: Message>(_ type: M.Type) -> M? {
        // A bit cast after an exact type comparison (`Self` is `M`): no call of the runtime's cast (about 24
        // instructions against about 300 for an `as?` that succeeds: 8e458d7).
        guard Self.self == M.self else { return nil }
        return unsafeBitCast(self, to: M.self)
    }
}
