/// A value that a ``Store`` holds, together with the function that changes it.
///
/// `update(_:with:)` is the only way a store's state changes. It receives every dispatched
/// ``Message``, changes the state in place for the messages it handles, and returns an ``Effect`` when
/// something must happen outside the state (a network request, a timer, a later message):
///
/// ```swift
/// struct CounterState: State {
///     var count: Int = 0
///
///     static func update(_ state: inout CounterState, with message: Message) -> Effect? {
///         guard let message = message as? CounterMessage else { return nil }
///         switch message {
///         case let .increment(amount):
///             state.count += amount
///             return nil
///         case let .decrement(amount):
///             state.count -= amount
///             return nil
///         }
///     }
/// }
/// ```
///
/// `update` must be pure: it runs while the store's lock is held, so it must not touch the store
/// (dispatching, reading ``Store/state`` or subscribing from inside `update` stops the program with a
/// message naming the mistake), and it should not block or perform I/O. Put side effects in the
/// returned ``Effect``; the store runs it after the new state is committed. What `update` drops from the
/// state (a removed element, a replaced value) is freed inside `update`, as the state is changed in place:
/// an object there whose `deinit` calls the store belongs in the returned effect once taken out of the
/// state (see <doc:ThreadModel>).
///
/// A state made of sub-states can update each of them with ``makeSerialUpdate(_:)``.
public protocol State: Sendable {
    /// Applies `message` to `state` and returns the side effect to run afterwards, if any.
    ///
    /// - Parameters:
    ///   - state: The current state, changed in place.
    ///   - message: The message to apply. Downcast it with `as?`; return `nil` for messages this state
    ///     does not handle.
    /// - Returns: The effect to run once the new state is committed, or `nil` for none.
    static func update(_ state: inout Self, with message: Message) -> Effect?
}
