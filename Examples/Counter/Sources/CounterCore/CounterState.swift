import Swivelish

/// The count itself: the part of the app that ``HistoryState`` can undo.
///
/// It handles ``CounterMessage``, and ``FetchMessage/finished(amount:)``, which adds the fetched amount:
/// one message that ``FetchState`` handles too, each sub-state doing its own part.
///
/// A change that would overflow `Int` is ignored, so the count never traps.
public struct CounterState: State, Equatable {
    /// The current count.
    public var count: Int

    /// Creates a counter at `count`.
    public init(count: Int = 0) {
        self.count = count
    }

    /// Applies ``CounterMessage`` and ``FetchMessage/finished(amount:)``; ignores other messages.
    public static func update(_ state: inout CounterState, with message: Message) -> Effect? {
        switch message {
        case let message as CounterMessage:
            switch message {
            case let .increment(amount):
                state.change { $0.addingReportingOverflow(amount) }
            case let .decrement(amount):
                // Not `add(-amount)`: negating `Int.min` traps.
                state.change { $0.subtractingReportingOverflow(amount) }
            }
        case let FetchMessage.finished(amount):
            state.change { $0.addingReportingOverflow(amount) }
        default:
            break
        }
        return nil
    }

    /// Sets the count to `operation`'s result, unless it overflowed.
    private mutating func change(_ operation: (Int) -> (partialValue: Int, overflow: Bool)) {
        let (result, overflow) = operation(count)
        if !overflow {
            count = result
        }
    }
}
