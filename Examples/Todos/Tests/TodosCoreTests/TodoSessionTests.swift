import Foundation
import Swivelish
import SwivelishPersistence
import Testing
import TodosCore

@Suite("The session saved between runs: the settings and the screens open")
struct TodoSessionTests {
    @Test func aSessionRoundTripsThroughItsFileAndIsRestored() throws {
        var list = TodoList(todos: threeTodos)
        list.settings = TodoSettings(doneMark: "*", showsIDs: true)
        list.path.push(.detail(TodoDetail(todoID: 2)))
        list.path.push(.history(TodoHistory(todoID: 2)))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("todos-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = JSONFile<TodoSession>(path: TodoSession.path(forTodoFile: directory.path + "/todos.json"))
        #expect(file.path.hasSuffix("/todos.session.json"))
        try file.save(list.session)
        guard case let .loaded(session) = try file.load() else {
            Issue.record("the session saved did not load")
            return
        }
        let restored = TodoList(todos: threeTodos, session: session)
        #expect(restored.settings == list.settings)
        #expect(restored.path == list.path)
    }

    /// A screen of a todo that is gone is dropped with those above it; a detail comes back without the
    /// reminder that counted down in the run that saved it.
    @Test func restoringDropsTheScreensOfTodosThatAreGoneAndStopsReminders() {
        var path = ScreenStack<TodoRoute>()
        path.push(.detail(TodoDetail(todoID: 1, secondsLeft: 5)))
        path.push(.settings(SettingsScreen()))
        let kept = TodoList(todos: threeTodos, session: TodoSession(path: path))
        #expect(kept.path[id: 1] == .detail(TodoDetail(todoID: 1)))
        #expect(Array(kept.path.ids) == [1, 2])
        var gone = ScreenStack<TodoRoute>()
        gone.push(.settings(SettingsScreen()))
        gone.push(.detail(TodoDetail(todoID: 9)))
        gone.push(.history(TodoHistory(todoID: 9)))
        let restored = TodoList(todos: threeTodos, session: TodoSession(path: gone))
        #expect(Array(restored.path.ids) == [1])
        // The next screen gets an id the saved stack never made.
        var next = restored
        next.path.push(.settings(SettingsScreen()))
        #expect(next.path.ids.last == 4)
    }

    /// A countdown's tick changes a detail's reminder, which the session leaves out: no save.
    @Test func aTickDoesNotChangeTheSession() {
        var list = TodoList(todos: threeTodos)
        list.path.push(.detail(TodoDetail(todoID: 1, secondsLeft: 3)))
        let before = list.session
        _ = TodoList.update(&list, with: ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.tick))
        #expect(list.path[id: 1] == .detail(TodoDetail(todoID: 1, secondsLeft: 2)))
        #expect(list.session == before)
    }
}
