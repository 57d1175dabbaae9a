import Swivelish

// `Locked`, `eventually` and `runConcurrently` live in the TestSupport target, shared with the other test
// targets; re-exported here so that every file of this target sees them without an import of its own.
@_exported import TestSupport

// The states the trace tests give a store. Smaller than the fixtures of SwivelishTests of the same names: only
// what a trace of them needs.

/// A counter that adds ``Add/amount`` per ``Add``.
struct Counter: State, Equatable {
    var count = 0

    static func update(_ state: inout Counter, with message: Message) -> Effect? {
        if let add = message as? Add { state.count += add.amount }
        return nil
    }
}

struct Add: Message, Equatable {
    var amount = 1
}

/// A row of a ``RowList``, with an effect that runs, sending nothing, until it is cancelled.
struct Row: State, Identifiable, Equatable, Codable {
    var id: Int
    var count = 0

    enum Action: Message, Equatable {
        case increment
        /// Starts an effect that sends nothing and runs until cancelled.
        case waitQuietly
    }

    /// Told when a quiet effect (``Action/waitQuietly``) has started, by row id.
    static let startedWaiting = Locked<[Int]>([])

    /// Told when a quiet effect is cancelled, by row id.
    static let stoppedWaiting = Locked<[Int]>([])

    static func update(_ state: inout Row, with message: Message) -> Effect? {
        switch message as? Action {
        case .increment?:
            state.count += 1
        case .waitQuietly?:
            let id = state.id
            return Effects.run { _ in
                startedWaiting.append(id)
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(3_600))
                }
                stoppedWaiting.append(id)
            }
        case nil:
            break
        }
        return nil
    }
}

/// A list of rows, and a detail that comes and goes: children of both kinds, whose effects a trace names.
struct RowList: State {
    var rows: IdentifiedArray<Row> = []
    @Presented var detail: Row?

    enum Action: Message {
        case add(Int)
        case remove(Int)
        case open(Int)
        case close
        /// Assigns a new collection with the same rows: new elements, whose effects are the old ones'.
        case replaceRows
    }

    static func update(_ state: inout RowList, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            updatePresented(\.$detail, of: &state, with: message) { state, message in
                switch message as? Action {
                case let .add(id)?: state.rows.append(Row(id: id))
                case let .remove(id)?: state.rows.remove(id: id)
                case let .open(id)?: state.detail = Row(id: id)
                case .close?: state.detail = nil
                case .replaceRows?: state.rows = IdentifiedArray(state.rows.map { $0 })
                case nil: break
                }
                return nil
            }
        }
    }
}

/// A list with rows 0 to `count - 1`.
func rowList(count: Int) -> RowList {
    var list = RowList()
    for id in 0..<count {
        list.rows.append(Row(id: id))
    }
    return list
}

/// A screen of a ``Route`` stack that shows an item.
struct Detail: State, Equatable, Codable {
    var item: Int

    enum Action: Message, Equatable {
        case load
    }

    static func update(_ state: inout Detail, with message: Message) -> Effect? { nil }
}

/// A second kind of screen: the history of an item.
struct History: State, Equatable, Codable {
    var item: Int

    static func update(_ state: inout History, with message: Message) -> Effect? { nil }
}

/// The screens of a `ScreenStack<Route>`.
enum Route: State, Equatable, Codable {
    case detail(Detail)
    case history(History)

    static func update(_ state: inout Route, with message: Message) -> Effect? {
        updateCase(&state, with: message, cases: Route.detail, Route.history)
    }
}
