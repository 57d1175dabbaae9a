import Foundation
import Testing

@testable import Swivelish

/// A to-do's form: the title and the done flag are inputs a view may set; `update` trims the title and
/// counts the changes; `saves` is not an input.
struct TodoForm: BindableState, Equatable, Codable {
    struct Input: Equatable, Sendable, Codable {
        var title = ""
        var isDone = false
        var priority = 0
    }

    var input = Input()
    var titleChanges = 0
    var saves = 0

    struct Save: Message, Codable {}

    static func update(_ state: inout TodoForm, with message: Message) -> Effect? {
        if let change = applyInputChange(message, to: &state) {
            if change.field == \Input.title {
                state.input.title = state.input.title.trimmingCharacters(in: .whitespaces)
                state.titleChanges += 1
            }
            if change.field == \Input.priority {
                state.input.priority = min(max(state.input.priority, 0), 3)  // clamped
            }
            return nil
        }
        if message.as(Save.self) != nil {
            state.saves += 1
        }
        return nil
    }
}

/// An app with two forms, and a root that sees every message.
private struct App: State {
    var form = TodoForm()
    var changesSeenByTheRoot = 0

    static func update(_ state: inout App, with message: Message) -> Effect? {
        // A scoped store's change comes addressed to the sub-state: the root sees where it goes.
        if message.as(InputChange<TodoForm>.self, at: \App.form) != nil {
            state.changesSeenByTheRoot += 1
        }
        return makeSerialUpdate(\.form)(&state, message)
    }
}

@Suite("Input fields set through the store")
struct BindingTests {
    @Test func settingAFieldGoesThroughUpdateWhichMayReactToIt() {
        let store = Store(initialState: TodoForm())
        store.set(\.title, "  Milk ")
        #expect(store.state.input.title == "Milk")
        #expect(store.state.titleChanges == 1)
        store.set(\.priority, 7)
        #expect(store.state.input.priority == 3)
        store.set(\.isDone, true)
        #expect(store.state.input.isDone)
        #expect(store.state.titleChanges == 1)
    }

    @Test func aChangeIsAMessageObserversAndPrintChangesSee() {
        let written = Locked<[String]>([])
        let store = Store(initialState: TodoForm(), observers: [.printChanges { written.append($0) }])
        store.set(\.title, "Milk")
        #expect(
            written.current == [
                """
                InputChange<TodoForm>(title: "Milk")
                  input.title: "" → "Milk"
                  titleChanges: 0 → 1
                """
            ])
    }

    @Test func aChangeIsEqualToOneOfTheSameFieldAndValue() {
        #expect(TodoForm.set(\.title, "a") == TodoForm.set(\.title, "a"))
        #expect(TodoForm.set(\.title, "a") != TodoForm.set(\.title, "b"))
        #expect(TodoForm.set(\.priority, 1) != TodoForm.set(\.title, "1"))
        #expect(TodoForm.set(\.title, "a").name == "title")
    }

    @Test func aScopedStoresChangeReachesTheRootsUpdate() {
        let app = Store(initialState: App())
        let form = app.scope(\.form)
        form.set(\.title, " Eggs")
        #expect(app.state.form.input.title == "Eggs")
        #expect(app.state.changesSeenByTheRoot == 1)
        #expect(form.state.input.title == "Eggs")
    }

    /// Changes set from eight threads at once are each applied once, in commit order: the state after each
    /// holds the value that change set.
    @Test func changesFromEightThreadsAreAppliedOnceEachInCommitOrder() async {
        let applied = Locked<[(set: String, after: String)]>([])
        let store = Store(
            initialState: TodoForm(),
            observers: [
                StoreObserver { event in
                    guard let change = event.message as? InputChange<TodoForm> else { return }
                    applied.append((change.value as! String, event.stateAfter.input.title))
                }
            ])
        await runConcurrently(threads: 8) { thread in
            for index in 0..<200 {
                store.set(\.title, "\(thread)-\(index)")
            }
        }
        await store.waitForDeliveries()  // the observer runs on the delivering thread, maybe still at work
        let values = applied.current
        #expect(values.count == 1_600)
        #expect(Set(values.map(\.set)).count == 1_600)
        #expect(values.allSatisfy { $0.set == $0.after })
        #expect(store.state.titleChanges == 1_600)
        #expect(store.state.input.title == values.last?.set)
    }

    @Test func aRecordingOfChangesRoundTripsThroughJSONAndReplays() throws {
        let recorder = StoreRecorder<TodoForm>()
        let store = Store(initialState: TodoForm(), observers: [recorder.observer])
        store.set(\.title, " Milk")
        store.set(\.isDone, true)
        store.dispatch(TodoForm.Save())
        var types = MessageTypes(TodoForm.Save.self)
        types.register(inputOf: TodoForm.self, \.title, \.isDone, \.priority)
        let encoder = JSONEncoder()
        encoder.userInfo[MessageTypes.userInfoKey] = types
        let data = try encoder.encode(recorder.recording!)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains(#""field":"title""#))
        #expect(json.contains(#""type":"InputChange<TodoForm>""#))
        let decoder = JSONDecoder()
        decoder.userInfo[MessageTypes.userInfoKey] = types
        let decoded = try decoder.decode(Recording<TodoForm>.self, from: data)
        try decoded.replay()
        #expect(decoded.steps.last?.state.input == TodoForm.Input(title: "Milk", isDone: true))

        // Read back where `isDone` is no longer an input field: a clear error, naming it.
        var older = MessageTypes(TodoForm.Save.self)
        older.register(inputOf: TodoForm.self, \.title)
        decoder.userInfo[MessageTypes.userInfoKey] = older
        #expect {
            _ = try decoder.decode(Recording<TodoForm>.self, from: data)
        } throws: { error in
            "\(error)".contains(
                "sets the input field \"isDone\" of TodoForm, which is not among the fields registered for it (title)")
        }
    }

    @Test func aChangeWhoseValueIsNotEncodableFailsToEncodeNamingTheField() {
        struct Opaque: Equatable, Sendable { var id = 0 }
        struct Holder: BindableState {
            struct Input: Sendable { var opaque = Opaque() }
            var input = Input()
            static func update(_ state: inout Holder, with message: Message) -> Effect? { nil }
        }
        #expect {
            _ = try JSONEncoder().encode(Holder.set(\.opaque, Opaque(id: 1)))
        } throws: { error in
            "\(error)".contains("The value of input field opaque is not Encodable")
        }
    }
}
