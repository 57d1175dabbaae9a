/// The messages a store applied, in order, with the state each one made: a bug report that runs.
///
/// Made by a ``StoreRecorder``. ``replay()`` applies the messages again to the initial state and checks
/// that every recorded state comes back; with `Codable` states and messages registered in
/// ``MessageTypes``, a recording can be written to JSON and read back (see ``MessageTypes``).
public struct Recording<S: State>: Sendable {
    /// One message applied, and the state it made.
    public struct Step: Sendable {
        /// The message, as it was dispatched.
        public var message: any Message

        /// The state after the message.
        public var state: S

        /// Creates a step.
        ///
        /// - Parameters:
        ///   - message: The message applied.
        ///   - state: The state it made.
        public init(message: any Message, state: S) {
            self.message = message
            self.state = state
        }
    }

    /// The state before the first message.
    public var initialState: S

    /// The messages applied, in commit order.
    public var steps: [Step]

    /// Creates a recording.
    ///
    /// - Parameters:
    ///   - initialState: The state before the first message.
    ///   - steps: The messages applied, with the states they made, in order.
    public init(initialState: S, steps: [Step] = []) {
        self.initialState = initialState
        self.steps = steps
    }
}
