import Swivelish

/// A screen that shows one item: loads it, ticks while its effect runs, and closes itself when told.
package struct Detail: State, Equatable, Codable {
    package var item: Int
    package var isLoading = false
    package var isLoaded = false
    package var ticks = 0

    package init(item: Int, isLoading: Bool = false, isLoaded: Bool = false, ticks: Int = 0) {
        self.item = item
        self.isLoading = isLoading
        self.isLoaded = isLoaded
        self.ticks = ticks
    }

    package enum Action: Message, Equatable {
        case load
        case loaded
        /// Starts an effect that sends `tick` until it is cancelled.
        case startTicking
        case tick
        case close
    }

    package static func update(_ state: inout Detail, with message: Message) -> Effect? {
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
package struct History: State, Equatable, Codable {
    package var item: Int
    package var entries: [String] = []

    package init(item: Int, entries: [String] = []) {
        self.item = item
        self.entries = entries
    }

    package enum Action: Message, Equatable {
        case note(String)
    }

    package static func update(_ state: inout History, with message: Message) -> Effect? {
        if case let .note(text)? = message as? Action {
            state.entries.append(text)
        }
        return nil
    }
}

/// The screens a `StackApp` (of SwivelishTests) pushes; two cases hold a `Detail`.
package enum Route: State, Equatable, Codable {
    case detail(Detail)
    case history(History)
    case preview(Detail)
    case about

    package static func update(_ state: inout Route, with message: Message) -> Effect? {
        updateCase(&state, with: message, cases: Route.detail, Route.history, Route.preview)
    }

    package var detail: Detail? {
        if case let .detail(detail) = self { detail } else { nil }
    }
}
