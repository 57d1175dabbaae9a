import Swivelish
import Testing
import TodosCore

// The lines the scripted mode prints: what changed from one state to the next.

@Suite("TodoList.changes(from:)")
struct ChangesTests {
    /// The lines printed when `message` is applied to `list`, and `list` afterwards.
    func apply(_ message: any Message, to list: inout TodoList) -> [String] {
        let old = list
        _ = TodoList.update(&list, with: message)
        return list.changes(from: old)
    }

    @Test func eachKindOfChangeHasItsLine() {
        var list = TodoList(todos: threeTodos)
        #expect(apply(TodoList.Action.add(title: "Water plants"), to: &list) == ["added: 4. [ ] Water plants"])
        #expect(apply(ElementMessage<Todo>(id: 1, Todo.Action.toggle), to: &list) == ["changed: 1. [x] Buy milk"])
        #expect(
            apply(ElementMessage<Todo>(id: 1, Todo.Action.rename("Buy oat milk")), to: &list)
                == ["changed: 1. [x] Buy oat milk"])
        #expect(apply(ElementMessage<Todo>(id: 4, Todo.Action.delete), to: &list) == ["deleted: [ ] Water plants"])
        #expect(
            apply(TodoList.Action.move(id: 3, toPositionOf: 1), to: &list) == [
                "moved:", "  1. [ ] Walk the dog", "  2. [x] Buy oat milk", "  3. [x] Call mom",
            ])
        #expect(
            apply(TodoList.Action.setFilter(.active), to: &list) == [
                "filter: active", "1 of 3 shown (filter: active), 2 done", "  1. [ ] Walk the dog",
            ])
        #expect(
            apply(ElementMessage<Todo>(id: 3, Todo.Action.toggle), to: &list)
                == ["changed: [x] Walk the dog (hidden by the filter)"])
    }

    @Test func theScreensLines() {
        var list = TodoList(todos: threeTodos)
        #expect(apply(TodoList.Action.open(id: 2), to: &list) == ["opened: Call mom"])
        #expect(
            apply(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.remind(seconds: 2)), to: &list) == [
                "reminder: 2s left"
            ])
        #expect(apply(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.tick), to: &list) == ["reminder: 1s left"])
        #expect(apply(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.tick), to: &list) == ["reminder due: Call mom"])
        #expect(
            apply(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.showHistory), to: &list) == [
                "history: Call mom", "  (nothing yet in this session)",
            ])
        #expect(apply(TodoList.Action.showSettings, to: &list) == ["settings: mark x, ids off"])
        #expect(
            apply(TodoList.Action.open(id: 1), to: &list) == [
                "closed: settings", "closed: history of Call mom", "closed: Call mom", "opened: Buy milk",
            ])
        #expect(apply(ScreenMessage<TodoRoute>(id: 4, Dismiss()), to: &list) == ["closed: Buy milk"])
        _ = apply(TodoList.Action.open(id: 1), to: &list)
        #expect(
            apply(ElementMessage<Todo>(id: 1, Todo.Action.delete), to: &list) == [
                "closed: Buy milk", "deleted: [ ] Buy milk",
            ])
        #expect(apply(TodoList.Action.close, to: &list) == [])
    }

    @Test func aSettingsChangePrintsItThenTheListWhoseEveryRowShowsIt() {
        var list = TodoList(todos: threeTodos)
        #expect(
            apply(TodoSettings.Action.setDoneMark("✓"), to: &list) == [
                "settings: mark ✓", "3 of 3 shown (filter: all), 1 done", "  1. [ ] Buy milk", "  2. [✓] Call mom",
                "  3. [ ] Walk the dog",
            ])
        #expect(
            apply(TodoSettings.Action.setShowsIDs(true), to: &list) == [
                "settings: ids on", "3 of 3 shown (filter: all), 1 done", "  1. [ ] #1 Buy milk",
                "  2. [✓] #2 Call mom", "  3. [ ] #3 Walk the dog",
            ])
        #expect(apply(ElementMessage<Todo>(id: 1, Todo.Action.toggle), to: &list) == ["changed: 1. [✓] #1 Buy milk"])
        #expect(apply(TodoSettings.Action.setShowsIDs(true), to: &list) == [])
    }

    @Test func theListing() {
        #expect(TodoList().listing == ["0 of 0 shown (filter: all), 0 done"])
        #expect(
            TodoList(todos: threeTodos).listing == [
                "3 of 3 shown (filter: all), 1 done", "  1. [ ] Buy milk", "  2. [x] Call mom",
                "  3. [ ] Walk the dog",
            ])
    }
}

@Suite("TodoList.structure")
struct StructureTests {
    @Test func changesWithTheOrderFilterAndScreensButNotInsideATodoNorWithTheSettings() {
        var list = TodoList(todos: threeTodos)
        let before = list.structure
        _ = TodoList.update(&list, with: ElementMessage<Todo>(id: 1, Todo.Action.toggle))
        _ = TodoList.update(&list, with: ElementMessage<Todo>(id: 2, Todo.Action.rename("Call dad")))
        #expect(list.structure == before)
        _ = TodoList.update(&list, with: TodoList.Action.move(id: 3, toPositionOf: 1))
        #expect(list.structure.ids == [3, 1, 2])
        _ = TodoList.update(&list, with: TodoList.Action.setFilter(.done))
        #expect(list.structure.filter == .done)
        _ = TodoList.update(&list, with: TodoList.Action.open(id: 2))
        #expect(list.structure.path == [.detail(TodoDetail(todoID: 2))])
        #expect(list.structure.shownHistory == nil)
        _ = TodoList.update(&list, with: ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.showHistory))
        #expect(list.structure.shownHistory == [.renamed("Call dad")])
        let withHistory = list.structure
        // Something happens to the todo whose history is on top: the structure changes; to another: not.
        _ = TodoList.update(&list, with: ElementMessage<Todo>(id: 1, Todo.Action.toggle))
        #expect(list.structure == withHistory)
        _ = TodoList.update(&list, with: ElementMessage<Todo>(id: 2, Todo.Action.toggle))
        #expect(list.structure.shownHistory == [.renamed("Call dad"), .notDone])
        // The settings are not in it: they have their own store.
        let beforeSettings = list.structure
        _ = TodoList.update(&list, with: TodoSettings.Action.setDoneMark("*"))
        #expect(list.structure == beforeSettings)
    }
}
