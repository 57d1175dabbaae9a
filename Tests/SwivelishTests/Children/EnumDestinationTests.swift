import Swivelish
import Testing

/// A screen whose effect ticks until cancelled, recording when it was.
private struct Ticking: State, Equatable {
    var ticks = 0

    enum Action: Message, Equatable {
        case start
        case tick
    }

    static let stopped = Locked(0)

    static func update(_ state: inout Ticking, with message: Message) -> Effect? {
        switch message as? Action {
        case .start?:
            return Effects.run { dispatch in
                do {
                    while true {
                        try await Task.sleep(for: .milliseconds(1))
                        dispatch(Action.tick)
                    }
                } catch {
                    Ticking.stopped.withValue { $0 += 1 }
                }
            }
        case .tick?:
            state.ticks += 1
            return nil
        case nil:
            return nil
        }
    }
}

private struct Quiet: State, Equatable {
    var ticks = 0
    static func update(_ state: inout Quiet, with message: Message) -> Effect? { nil }
}

/// A destination whose id is its case, as the Lists article shows.
private enum Screen: State, Identifiable, Equatable {
    case ticking(Ticking)
    case quiet(Quiet)

    var id: String {
        switch self {
        case .ticking: "ticking"
        case .quiet: "quiet"
        }
    }

    static func update(_ state: inout Screen, with message: Message) -> Effect? {
        switch state {
        case var .ticking(screen):
            defer { state = .ticking(screen) }
            return Ticking.update(&screen, with: message)
        case var .quiet(screen):
            defer { state = .quiet(screen) }
            return Quiet.update(&screen, with: message)
        }
    }
}

private struct Navigator: State {
    @Presented var screen: Screen?

    enum Action: Message {
        case showQuiet
    }

    static func update(_ state: inout Navigator, with message: Message) -> Effect? {
        updatePresented(\.$screen, of: &state, with: message) { state, message in
            if case .showQuiet? = message as? Action {
                state.screen = .quiet(Quiet())
            }
            return nil
        }
    }
}

@Suite("An enum destination identified by its case")
struct EnumDestinationTests {
    /// Switching to another case ends the effects of the case it replaces: no tick reaches the new screen.
    @Test func switchingTheCaseEndsTheOldCasesEffects() async {
        let store = Store(initialState: Navigator(screen: .ticking(Ticking())))
        store.dispatch(PresentedMessage<Screen>(Ticking.Action.start))
        #expect(
            await eventually {
                guard case let .ticking(screen)? = store.state.screen else { return false }
                return screen.ticks > 0
            })
        store.dispatch(Navigator.Action.showQuiet)
        #expect(await eventually(seconds: 60) { Ticking.stopped.current == 1 })
        #expect(store.state.screen == .quiet(Quiet()))
    }
}
