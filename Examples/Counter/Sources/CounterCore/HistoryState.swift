import Swivelish

/// Wraps a state with an undo history: every change of `present` can be undone with
/// ``HistoryMessage/undo``.
///
/// It forwards every other message to `Present.update`, and when the message changed `present`,
/// records the value before it. So it can undo any state without knowing its messages:
///
/// ```swift
/// var history = HistoryState(CounterState(count: 0))
/// _ = HistoryState.update(&history, with: CounterMessage.increment(amount: 2))
/// _ = HistoryState.update(&history, with: HistoryMessage.undo)
/// // history.present.count == 0
/// ```
///
/// It keeps the last ``limit`` values; the oldest is forgotten first.
public struct HistoryState<Present: State & Equatable>: State, Equatable {
    /// The current value.
    public var present: Present

    /// The values before each recorded change, oldest first; ``HistoryMessage/undo`` restores the last.
    public var past: [Present] = []

    /// The most values ``past`` keeps.
    public let limit: Int

    /// Creates a history with `present` and nothing to undo.
    ///
    /// - Parameters:
    ///   - present: The starting value.
    ///   - limit: The most changes that can be undone, at least 1.
    public init(_ present: Present, limit: Int = 100) {
        precondition(limit >= 1, "HistoryState: limit must be at least 1")
        self.present = present
        self.limit = limit
    }

    /// How many changes can be undone.
    public var undoDepth: Int { past.count }

    /// Undoes on ``HistoryMessage/undo``; otherwise updates `present` and records the change, if any.
    ///
    /// - Returns: The effect `Present.update` returned; undoing returns none.
    public static func update(_ state: inout HistoryState, with message: Message) -> Effect? {
        if message as? HistoryMessage == .undo {
            if let previous = state.past.popLast() {
                state.present = previous
            }
            return nil
        }
        let before = state.present
        let effect = Present.update(&state.present, with: message)
        if state.present != before {
            if state.past.count == state.limit {
                state.past.removeFirst()
            }
            state.past.append(before)
        }
        return effect
    }
}
