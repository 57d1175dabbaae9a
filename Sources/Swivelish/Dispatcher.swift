/// The `dispatch` an ``Effect`` receives: call it to send a message to the store that ran the effect.
///
/// Call it like a function, as many times as you like, from any thread, now or later:
///
/// ```swift
/// return { dispatch in
///     dispatch(CounterMessage.increment(amount: 1))
/// }
/// ```
///
/// A dispatcher does not keep its store alive. Once the store is freed, calling it does nothing.
public struct Dispatcher: Sendable {
    @usableFromInline
    let send: @Sendable (any Message) -> Void

    /// Creates a dispatcher that passes every message to `send`.
    ///
    /// A ``Store`` makes its own dispatchers; this initializer lets a test run an effect on its own
    /// and collect what it dispatches:
    ///
    /// ```swift
    /// let effect = CounterEffect.requestAndIncrement()
    /// effect(Dispatcher { message in print(message) })
    /// ```
    ///
    /// - Parameter send: Called with each dispatched message, on the thread that dispatched it.
    public init(_ send: @escaping @Sendable (any Message) -> Void) {
        self.send = send
    }

    /// Sends `message` to the store.
    ///
    /// Safe to call from any thread. When it returns, the store's state reflects the message, unless the
    /// store has been freed, in which case it does nothing.
    @inlinable
    public func callAsFunction(_ message: any Message) {
        send(message)
    }
}
