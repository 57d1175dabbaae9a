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

extension Recording where S: Equatable {
    /// Applies the recorded messages, in order, to the initial state with `S.update`, and checks that each
    /// makes the recorded state.
    ///
    /// ```swift
    /// do {
    ///     try recording.replay()
    /// } catch {
    ///     print(error)  // the first message whose state differs, and how
    /// }
    /// ```
    ///
    /// The effects `update` returns are not run: the messages they sent were recorded and are replayed in
    /// their turn. A state that differs means that `update` is not pure: it depends on something besides
    /// the state and the message (the time, a random number, a global).
    ///
    /// - Throws: ``ReplayDivergence`` for the first message whose state differs from the recording.
    public func replay() throws {
        var state = initialState
        for (index, step) in steps.enumerated() {
            _ = S.update(&state, with: step.message)
            if state != step.state {
                throw ReplayDivergence(index: index, message: step.message, recorded: step.state, replayed: state)
            }
        }
    }
}

/// Where a replay of a ``Recording`` first made a state other than the recorded one.
public struct ReplayDivergence<S: State>: Error, CustomStringConvertible {
    /// The index of the step, in ``Recording/steps``.
    public let index: Int

    /// The message whose state differs.
    public let message: any Message

    /// The state the recording holds after the message.
    public let recorded: S

    /// The state the replay made.
    public let replayed: S

    /// The message, its number, and the fields that differ (recorded → replayed).
    public var description: String {
        let differences = fieldDifferences(from: recorded, to: replayed).map { difference in
            switch difference.kind {
            case let .changed(from, to): "  \(difference.path): recorded \(from), replayed \(to)"
            case let .count(from, to): "  \(difference.path): recorded \(from) elements, replayed \(to)"
            case let .removed(value): "  \(difference.path): recorded \(value), missing from the replay"
            case let .added(value): "  \(difference.path): not recorded, replayed \(value)"
            }
        }
        return
            (["Message \(index + 1) (\(describe(message))) makes another state than the recorded one:"]
            + (differences.isEmpty ? ["  (no difference visible field by field)"] : differences))
            .joined(separator: "\n")
    }
}
