/// What a dispatch that answers returns (see ``Store/dispatch(_:answering:)``): the answer its message's
/// state gave, or why the message was not applied.
public enum DispatchResult<Answer> {
    /// The message was applied, and the state it made gave this answer.
    case applied(Answer)

    /// The message reached no state: a composition function dropped it, such as
    /// ``State/updateElements(_:of:with:_:)`` for an element that is not there, or the store's part of the
    /// state was absent, or its root store was freed. `reason` says which, in the words
    /// ``StoreEvent/notAppliedReason`` uses.
    case notApplied(reason: String)

    /// The answer, or `nil` when the message was not applied.
    public var answer: Answer? {
        if case let .applied(answer) = self { answer } else { nil }
    }

    /// Whether the message was applied.
    public var isApplied: Bool {
        if case .applied = self { true } else { false }
    }
}

extension DispatchResult: Sendable where Answer: Sendable {}
extension DispatchResult: Equatable where Answer: Equatable {}
