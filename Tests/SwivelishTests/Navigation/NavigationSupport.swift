@testable import Swivelish

/// A screen that shows one item: loads it, ticks while its effect runs, and closes itself when told.
struct Detail: State, Equatable, Codable {
    var item: Int
    var isLoading = false
    var isLoaded = false
    var ticks = 0

    enum Action: Message, Equatable {
        case load
        case loaded
        /// Starts an effect that sends `tick` until it is cancelled.
        case startTicking
        case tick
        case close
    }

    static func update(_ state: inout Detail, with message: Message) -> Effect? {
        switch message as? Action {
        case .load?:
            state.isLoading = true
            return Effects.send(Action.loaded)
        case .loaded?:
            state.isLoading = false
            state.isLoaded = true
        case .startTicking?:
            return Effects.run { dispatch in
                while !Task.isCancelled {
                    dispatch(Action.tick)
                    await Task.yield()
                }
            }
        case .tick?:
            state.ticks += 1
        case .close?:
            return Effects.send(Dismiss())
        case nil:
            break
        }
        return nil
    }
}

/// A second kind of screen: the history of an item.
struct History: State, Equatable, Codable {
    var item: Int
    var entries: [String] = []

    enum Action: Message, Equatable {
        case note(String)
    }

    static func update(_ state: inout History, with message: Message) -> Effect? {
        if case let .note(text)? = message as? Action {
            state.entries.append(text)
        }
        return nil
    }
}

/// The screens a ``StackApp`` pushes; two cases hold a `Detail`.
enum Route: State, Equatable, Codable {
    case detail(Detail)
    case history(History)
    case preview(Detail)
    case about

    static func update(_ state: inout Route, with message: Message) -> Effect? {
        updateCase(&state, with: message, cases: Route.detail, Route.history, Route.preview)
    }

    var detail: Detail? {
        if case let .detail(detail) = self { detail } else { nil }
    }
}

/// An app with a stack of routes over a root screen; its own logic counts what the screens told it.
struct StackApp: State, Equatable {
    var path = ScreenStack<Route>()
    /// For each screen id, the ticks applied to it, counted by the parent (which sees only applied messages).
    var ticksApplied: [ScreenID: Int] = [:]
    var saved: [ScreenID] = []

    enum Action: Message, Equatable {
        case open(Int)
        case openLoading(Int)
        case openHistory(Int)
        case back
        case backToRoot
        case replaceWithNew(Int)
    }

    static func update(_ state: inout StackApp, with message: Message) -> Effect? {
        updateStack(\.path, of: &state, with: message) { state, message in
            switch message.as(Detail.Action.self, at: \StackApp.path) {
            case let (id, .tick)?: state.ticksApplied[id, default: 0] += 1
            case let (id, .loaded)?: state.saved.append(id)
            default: break
            }
            switch message as? Action {
            case let .open(item)?: state.path.push(.detail(Detail(item: item)))
            case let .openLoading(item)?: state.path.push(.detail(Detail(item: item)), sending: Detail.Action.load)
            case let .openHistory(item)?: state.path.push(.history(History(item: item)))
            case .back?: state.path.pop()
            case .backToRoot?: state.path.popToRoot()
            case let .replaceWithNew(item)?: state.path = ScreenStack([.detail(Detail(item: item))])
            case nil: break
            }
            return nil
        }
    }
}
