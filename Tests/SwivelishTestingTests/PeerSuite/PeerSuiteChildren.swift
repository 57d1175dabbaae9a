import Swivelish

// Children that several files of the peer suite present: the peer declares one per test, with the same
// few shapes (a timer, an alert, a child that answers after a while).

extension PeerSuite {
    /// A child that counts the seconds on the store's clock once started, until it is stopped or gone: the
    /// peer's timer feature, used by most of its tests of effect cancellation.
    struct Ticker: State, Equatable {
        var count = 0

        enum Action: Message, Equatable {
            case start
            case tick
            /// Cancels its own timer, by the timer's id.
            case stop
            /// Keeps its dispatcher in the mailbox under this name, as a callback-style API would.
            case keepDispatch(String)
        }

        struct TimerID: Hashable, Sendable {}

        static func update(_ state: inout Ticker, with message: Message) -> Effect? {
            switch message.as(Action.self) {
            case .start?:
                return Effects.run(id: TimerID()) { dispatch in
                    let clock = dispatch.dependencies.clock
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        dispatch(Action.tick)
                    }
                }
            case .tick?:
                state.count += 1
                return nil
            case .stop?:
                return Effects.cancel(id: TimerID())
            case let .keepDispatch(name)?:
                return { dispatch in dispatch.dependencies.peerMailbox.keep(dispatch, as: name) }
            case nil:
                return nil
            }
        }
    }

    /// A child with a timer that can ask to be closed: the peer's child feature that dismisses itself. Its
    /// close button answers with ``Action/close`` from an effect, as the peer's `dismiss()` does; the
    /// parent reacts to `close` by pattern.
    struct Lap: State, Identifiable, Equatable {
        let id: Int
        var count = 0

        enum Action: Message, Equatable {
            case start
            case tick
            case closeButtonTapped
            /// Asks the parent to close it.
            case close
        }

        static func update(_ state: inout Lap, with message: Message) -> Effect? {
            switch message.as(Action.self) {
            case .start?:
                return Effects.run { dispatch in
                    let clock = dispatch.dependencies.clock
                    while true {
                        try await clock.sleep(for: .seconds(1))
                        dispatch(Action.tick)
                    }
                }
            case .tick?:
                state.count += 1
                return nil
            case .closeButtonTapped?:
                return Effects.run { dispatch in dispatch(Action.close) }
            case .close?, nil:
                return nil
            }
        }
    }

    /// An alert: a child with no logic of its own, whose buttons its parent handles by pattern.
    struct Notice: State, Equatable {
        var title: String

        enum Action: Message, Equatable {
            case ok
            case again
            case deleteButtonTapped
        }

        static func update(_ state: inout Notice, with message: Message) -> Effect? { nil }
    }

    /// A child that answers a tap with its own id, a second later on the store's clock.
    struct Echo: State, Identifiable, Equatable {
        let id: Int
        var value = 0

        enum Action: Message, Equatable {
            case tap
            case response(Int)
        }

        static func update(_ state: inout Echo, with message: Message) -> Effect? {
            switch message.as(Action.self) {
            case .tap?:
                let id = state.id
                return Effects.run { dispatch in
                    try await dispatch.dependencies.clock.sleep(for: .seconds(1))
                    dispatch(Action.response(id))
                }
            case let .response(value)?:
                state.value = value
                return nil
            case nil:
                return nil
            }
        }
    }
}
