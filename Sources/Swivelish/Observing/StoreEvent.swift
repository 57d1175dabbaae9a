/// What a ``StoreObserver`` sees: a message a store applied, with the states before and after it.
public struct StoreEvent<S: State>: Sendable {
    /// The message, as it was dispatched.
    public let message: any Message

    /// The state just before the message was applied.
    public let stateBefore: S

    /// The state the message made.
    public let stateAfter: S

    /// Creates an event.
    ///
    /// - Parameters:
    ///   - message: The message applied.
    ///   - stateBefore: The state before it.
    ///   - stateAfter: The state after it.
    public init(message: any Message, stateBefore: S, stateAfter: S) {
        self.init(
            message: message, stateBefore: stateBefore, stateAfter: stateAfter, isSentByEffect: false,
            notAppliedReason: nil)
    }

    /// Why the message reached no state, when ``State/updateElements(_:of:with:_:)`` or
    /// ``State/updatePresented(_:of:with:_:)`` dropped it: a message of a child that is gone (removed,
    /// replaced, dismissed) is not current, and neither the child nor its parent's `update` received it
    /// (`"the Todo with id 3 whose effect sent it was removed"`); `nil` for a message that was applied.
    public let notAppliedReason: String?

    /// Whether an effect's `dispatch` sent the message, rather than a call of the store's ``Store/dispatch(_:)``
    /// (for the trace's `send` and `receive`).
    @usableFromInline
    package let isSentByEffect: Bool

    @usableFromInline
    init(message: any Message, stateBefore: S, stateAfter: S, isSentByEffect: Bool, notAppliedReason: String?) {
        self.message = message
        self.stateBefore = stateBefore
        self.stateAfter = stateAfter
        self.isSentByEffect = isSentByEffect
        self.notAppliedReason = notAppliedReason
    }
}
