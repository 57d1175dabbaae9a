import Swivelish

/// What the user can ask the app to do, by key or by script line.
///
/// | Key or line   | Command               |
/// |---------------|-----------------------|
/// | `+`, `+5`     | `.increment(by: 5)`   |
/// | `-`, `-5`     | `.decrement(by: 5)`   |
/// | `r`           | `.fetchRandomAmount`  |
/// | `u`           | `.undo`               |
/// | `q`           | `.quit`               |
public enum Command: Equatable, Sendable {
    /// Adds `amount` to the count.
    case increment(by: Int)
    /// Subtracts `amount` from the count.
    case decrement(by: Int)
    /// Fetches a random amount and adds it, unless a fetch is already running.
    case fetchRandomAmount
    /// Undoes the last change of the count.
    case undo
    /// Ends the session.
    case quit

    /// The message that carries out the command, or `nil` for ``quit``, which the session handles.
    public var message: (any Message)? {
        switch self {
        case let .increment(amount): CounterMessage.increment(amount: amount)
        case let .decrement(amount): CounterMessage.decrement(amount: amount)
        case .fetchRandomAmount: FetchMessage.start
        case .undo: HistoryMessage.undo
        case .quit: nil
        }
    }
}
