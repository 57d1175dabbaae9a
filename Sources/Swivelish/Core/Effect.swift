/// A side effect that a ``State/update(_:with:)`` asks the store to run, which may dispatch messages.
///
/// An effect is a closure that receives a ``Dispatcher``. The store calls it after the state change of
/// the message that returned it is committed, outside the store's lock, in message order. The
/// `dispatch` it receives may be kept and called later, from any thread:
///
/// ```swift
/// enum CounterEffect {
///     static func requestAndIncrement() -> Effect {
///         return { dispatch in
///             fetchAmount { amount in
///                 dispatch(CounterMessage.increment(amount: amount))
///             }
///         }
///     }
/// }
/// ```
///
/// A message an effect dispatches while it runs is applied at once; its notifications are delivered
/// after the current ones.
public typealias Effect = @Sendable (Dispatcher) -> Void
