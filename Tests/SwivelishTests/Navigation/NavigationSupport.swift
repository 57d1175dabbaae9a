@testable import Swivelish

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
