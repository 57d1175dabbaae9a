import Swivelish

/// A change to the count that the user asks for.
///
/// ```swift
/// store.dispatch(CounterMessage.increment(amount: 5))
/// ```
public enum CounterMessage: Message, Equatable {
    /// Adds `amount` to the count.
    case increment(amount: Int)
    /// Subtracts `amount` from the count.
    case decrement(amount: Int)
}
