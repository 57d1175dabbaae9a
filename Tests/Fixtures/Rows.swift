import Swivelish
import TestSupport

/// A row of a list: a counter with an effect that ticks until cancelled.
package struct Row: State, Identifiable, Equatable, Codable {
    package var id: Int
    package var title = ""
    package var count = 0
    package var ticks = 0

    package init(id: Int, title: String = "", count: Int = 0) {
        self.id = id
        self.title = title
        self.count = count
    }

    package enum Action: Message, Equatable {
        case increment
        case rename(String)
        case startTicking
        case tick
        case echo(Int)
        case echoed(Int)
        /// Starts an effect that sends nothing and runs until cancelled.
        case waitQuietly
    }

    /// Told when a ticking effect stops, by row id.
    package static let stoppedTicking = Locked<[Int]>([])

    /// Told when a quiet effect (``Action/waitQuietly``) is cancelled, by row id.
    package static let stoppedWaiting = Locked<[Int]>([])

    /// Told when a quiet effect has started, by row id.
    package static let startedWaiting = Locked<[Int]>([])

    package static func update(_ state: inout Row, with message: Message) -> Effect? {
        switch message as? Action {
        case .increment?:
            state.count += 1
        case let .rename(title)?:
            state.title = title
        case .startTicking?:
            let id = state.id
            return Effects.run { dispatch in
                while !Task.isCancelled {
                    dispatch(Action.tick)
                    await Task.yield()
                }
                stoppedTicking.append(id)
            }
        case .tick?:
            state.ticks += 1
        case .waitQuietly?:
            let id = state.id
            return Effects.run { _ in
                startedWaiting.append(id)
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(3_600))
                }
                stoppedWaiting.append(id)
            }
        case let .echo(value)?:
            return Effects.send(Action.echoed(value))
        case let .echoed(value)?:
            state.count += value
        case nil:
            break
        }
        return nil
    }
}

/// A list of rows, with a header that is another child, and a detail that comes and goes.
package struct RowList: State {
    package var header = Header()
    package var rows: IdentifiedArray<Row> = []
    @Presented package var detail: Row?
    package var listMessages = 0

    package init() {}

    package struct Header: State, Equatable {
        package var messages = 0

        package init(messages: Int = 0) {
            self.messages = messages
        }

        package static func update(_ state: inout Header, with message: Message) -> Effect? {
            state.messages += 1
            return nil
        }
    }

    package enum Action: Message {
        case add(Int)
        case remove(Int)
        case removeAndAddBack(Int)
        case renameAll(String)
        /// Renames one row, then removes another (which may move the renamed row to another slot).
        case rename(Int, String, thenRemove: Int)
        case open(Int)
        case close
        /// Assigns a new collection with the same rows: new elements, whose effects are the old ones'.
        case replaceRows
    }

    package static func update(_ state: inout RowList, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            updatePresented(\.$detail, of: &state, with: message) { state, message in
                let header = makeSerialUpdate(\.header)(&state, message)
                switch message as? Action {
                case let .add(id)?:
                    state.rows.append(Row(id: id))
                case let .remove(id)?:
                    state.rows.remove(id: id)
                case let .removeAndAddBack(id)?:
                    state.rows.remove(id: id)
                    state.rows.append(Row(id: id))
                case let .renameAll(title)?:
                    for id in state.rows.ids {
                        state.rows[id: id]?.title = title
                    }
                case let .rename(id, title, thenRemove: removed)?:
                    state.rows[id: id]?.title = title
                    state.rows.remove(id: removed)
                case let .open(id)?:
                    state.detail = Row(id: id)
                case .close?:
                    state.detail = nil
                case .replaceRows?:
                    state.rows = IdentifiedArray(state.rows.map { $0 })
                case nil:
                    break
                }
                state.listMessages += 1
                return header
            }
        }
    }
}

/// A list with rows 0 to `count - 1`.
package func rowList(count: Int) -> RowList {
    var list = RowList()
    for id in 0..<count {
        list.rows.append(Row(id: id))
    }
    return list
}
