import Swivelish

/// The detail of one todo: a screen of the list's stack (``TodoRoute/detail(_:)``), pushed by `open N`,
/// with a reminder that counts down on the store's clock.
///
/// ``Action/remind(seconds:)`` starts the countdown: an effect that waits a second on
/// `dispatch.dependencies.clock`, then sends ``Action/tick``, as many times as there are seconds. The
/// last tick marks the reminder due. A new `remind` replaces a running countdown. Popping the detail
/// (`back`, `close`, opening another todo, deleting this one) cancels the countdown: no tick arrives after
/// it, and a late one, addressed to the popped screen's id, is dropped. ``Action/showHistory`` asks the
/// list to push the todo's history over the detail.
public struct TodoDetail: State, Equatable, Codable {
    /// The id of the todo shown.
    public var todoID: Int

    /// The seconds left before the reminder is due; `nil` while no countdown runs.
    public var secondsLeft: Int?

    /// Whether a countdown reached zero.
    public var isReminderDue = false

    /// The most seconds a reminder may count down: a day.
    public static let maximumSeconds = 86_400

    /// Creates the detail of the todo with `todoID`, with no countdown unless one is given.
    ///
    /// Every stored property is a parameter, in order, as in a memberwise initializer: a test writes any
    /// detail in one expression, as the inspector's test skeleton does
    /// (`TodoDetail(todoID: 1, secondsLeft: nil, isReminderDue: false)`).
    ///
    /// - Parameters:
    ///   - todoID: The id of the todo shown.
    ///   - secondsLeft: The seconds left before the reminder is due; `nil`, the default, for none.
    ///   - isReminderDue: Whether a countdown reached zero; not by default.
    public init(todoID: Int, secondsLeft: Int? = nil, isReminderDue: Bool = false) {
        self.todoID = todoID
        self.secondsLeft = secondsLeft
        self.isReminderDue = isReminderDue
    }

    /// What the detail does.
    public enum Action: Message, Equatable {
        /// Starts counting down `seconds` (from 1 to ``TodoDetail/maximumSeconds``), replacing any
        /// countdown running.
        case remind(seconds: Int)
        /// One second of the countdown passed: sent by its effect.
        case tick
        /// Asks the list to push this todo's history over the detail. The detail leaves it to ``TodoList``,
        /// which reads it, with the screen's id, in one pattern.
        case showHistory
    }

    /// The id of the countdown's effect, so that a new `remind` cancels the one running.
    struct Countdown: Hashable, Sendable {}

    /// Applies ``Action``; ignores other messages, and ``Action/showHistory``, which is the list's to handle.
    ///
    /// - Returns: For `remind`, the countdown's effect.
    public static func update(_ state: inout TodoDetail, with message: Message) -> Effect? {
        switch message as? Action {
        case let .remind(seconds)?:
            guard (1...maximumSeconds).contains(seconds) else { return nil }
            state.secondsLeft = seconds
            state.isReminderDue = false
            return countdown(seconds: seconds)
        case .tick?:
            guard let left = state.secondsLeft else { return nil }
            if left > 1 {
                state.secondsLeft = left - 1
            } else {
                state.secondsLeft = nil
                state.isReminderDue = true
            }
            return nil
        case .showHistory?, nil:
            return nil
        }
    }

    private static func countdown(seconds: Int) -> Effect {
        Effects.run(id: Countdown(), cancelInFlight: true) { dispatch in
            // Clocks need macOS 13: the Todos app is a terminal program for Linux and macOS 13 or later.
            guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return }
            let clock = dispatch.dependencies.clock
            for _ in 0..<seconds {
                try await clock.sleep(for: .seconds(1))
                dispatch(Action.tick)
            }
        }
    }
}
