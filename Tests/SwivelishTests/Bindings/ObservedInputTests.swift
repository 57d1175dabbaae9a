#if canImport(Observation)
import Foundation
import Observation
import Testing

@testable import Swivelish

/// Whether `read` is invalidated by what `change` does.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
private func invalidates(reading read: () -> Void, when change: () -> Void) -> Bool {
    let fired = Locked(false)
    withObservationTracking(read) { fired.withValue { $0 = true } }
    change()
    return fired.current
}

private struct Screen: State {
    var form = TodoForm()
    var title = "screen"

    static func update(_ state: inout Screen, with message: Message) -> Effect? {
        makeSerialUpdate(\.form)(&state, message)
    }
}

@Suite("Input fields set through an ObservedStore")
struct ObservedInputTests {
    @Test @MainActor func settingAFieldDispatchesItAndShowsItAtOnce() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let messages = Locked<[String]>([])
        let store = Store(
            initialState: TodoForm(), observers: [StoreObserver { messages.append("\($0.message)") }])
        let model = store.observable()
        _ = model.title  // tracked
        model.title = " Milk "
        #expect(store.state.input.title == "Milk")  // applied by update before the set returned
        #expect(model.title == "Milk")  // shown at once, as update made it
        for _ in 0..<100 { await Task.yield() }
        #expect(model.title == "Milk")  // and the change's delivery on the main actor agrees
        #expect(messages.current == [#"InputChange<TodoForm>(title: " Milk ")"#])
    }

    @Test @MainActor func onlyReadersOfTheFieldSetAreInvalidated() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let model = Store(initialState: TodoForm()).observable()
        #expect(invalidates(reading: { _ = model.title }, when: { model.title = "Eggs" }))
        #expect(!invalidates(reading: { _ = model.isDone }, when: { model.title = "Bread" }))
        #expect(!invalidates(reading: { _ = model.saves }, when: { model.isDone = true }))
        #expect(await mainActorWait { model.title == "Bread" && model.isDone })
        // The store's own state (a trim, a clamp) reaches only the readers of what changed.
        #expect(!invalidates(reading: { _ = model.isDone }, when: { model.priority = 9 }))
        #expect(await mainActorWait { model.priority == 3 })
    }

    @Test @MainActor func aScopedModelSetsItsFieldsThroughTheRootsUpdate() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let app = Store(initialState: Screen())
        let form = app.scope(\.form).observable()
        form.title = "Jam"
        #expect(app.state.form.input.title == "Jam")
        #expect(app.state.form.titleChanges == 1)
        #expect(await mainActorWait { form.titleChanges == 1 })
    }

    @Test @MainActor func aFieldSetFromAnotherThreadReachesTheModel() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: TodoForm())
        let model = store.observable()
        await Task.detached { store.set(\.isDone, true) }.value
        #expect(await mainActorWait { model.isDone })
    }
}
#endif
