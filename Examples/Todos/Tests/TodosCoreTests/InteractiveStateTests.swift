import Swivelish
import Testing
import TodosCore

// The interactive mode's keys, without a terminal: what each key dispatches, where the cursor goes, and
// the lines of the screen at a given size.

@Suite("InteractiveState and ScreenLayout")
struct InteractiveStateTests {
    /// Applies each key of `keys` to `ui`, dispatching what it asks to a store of `list`; returns the
    /// last exit status asked for.
    @discardableResult
    func press(_ keys: [Key], _ ui: inout InteractiveState, _ list: inout TodoList) -> Int32? {
        var status: Int32?
        for key in keys {
            let result = ui.handle(key, in: list)
            for message in result.messages {
                _ = TodoList.update(&list, with: message)
            }
            status = result.quitStatus ?? status
        }
        return status
    }

    func typing(_ text: String) -> [Key] {
        text.map { .character($0) }
    }

    @Test func keysDecodeFromBytes() {
        #expect(Key(byte: UInt8(ascii: "a")) == .character("a"))
        #expect(Key(byte: 13) == .enter)
        #expect(Key(byte: 127) == .backspace)
        #expect(Key(byte: 3) == .controlC)
        #expect(Key(byte: 0) == nil)
        #expect(Key(escapeSequence: Array("[A".utf8)) == .up)
        #expect(Key(escapeSequence: Array("OB".utf8)) == .down)
        #expect(Key(escapeSequence: Array("[C".utf8)) == nil)
    }

    @Test func addTypesATitleAndEnterAddsIt() {
        var ui = InteractiveState()
        var list = TodoList()
        press([.character("a")] + typing("Buy milx") + [.backspace, .character("k")], &ui, &list)
        #expect(ui.mode == .adding("Buy milk"))
        #expect(list.todos.isEmpty)
        press([.enter], &ui, &list)
        #expect(ui.mode == .browsing)
        #expect(Array(list.todos) == [Todo(id: 1, title: "Buy milk")])
        // Escape cancels, and a blank title adds nothing.
        press([.character("a")] + typing("Nope") + [.escape, .character("a"), .character(" "), .enter], &ui, &list)
        #expect(list.todos.count == 1)
    }

    @Test func theCursorMovesAndTheKeysActOnItsRow() {
        var ui = InteractiveState()
        var list = TodoList(todos: threeTodos)
        press([.down, .character("j"), .character("j")], &ui, &list)
        #expect(ui.cursorRow(in: list) == 2)
        press([.character(" ")], &ui, &list)
        #expect(list.todos[id: 3]?.isDone == true)
        press([.character("K")], &ui, &list)
        #expect(list.todos.ids == [1, 3, 2])
        #expect(ui.cursorRow(in: list) == 1)
        press([.character("e"), .backspace, .backspace, .backspace] + typing("cat") + [.enter], &ui, &list)
        #expect(list.todos[id: 3]?.title == "Walk the cat")
        press([.character("d")], &ui, &list)
        #expect(list.todos.ids == [1, 2])
        press([.character("f")], &ui, &list)
        #expect(list.filter == .active)
        #expect(ui.cursorRow(in: list) == 0)
    }

    @Test func theDetailOpensCountsDownAndCloses() {
        var ui = InteractiveState()
        var list = TodoList(todos: threeTodos)
        press([.character("3")], &ui, &list)  // no detail open: nothing
        #expect(list.path.isEmpty)
        press([.enter, .character("3")], &ui, &list)
        #expect(list.openDetail?.detail == TodoDetail(todoID: 1, secondsLeft: 3))
        press([.escape], &ui, &list)
        #expect(list.path.isEmpty)
        press([.escape, .character("c")], &ui, &list)  // nothing open: nothing
        #expect(list.path.isEmpty)
    }

    @Test func historySettingsBackAndClose() {
        var ui = InteractiveState()
        var list = TodoList(todos: threeTodos)
        press([.character("h")], &ui, &list)  // no detail on top: nothing
        #expect(list.path.isEmpty)
        press([.character("j"), .enter, .character("h")], &ui, &list)
        #expect(Array(list.path) == [.detail(TodoDetail(todoID: 2)), .history(TodoHistory(todoID: 2))])
        press([.character("h"), .character("5")], &ui, &list)  // history on top: h does nothing; 5 reminds
        #expect(list.path.count == 2)
        #expect(list.openDetail?.detail.secondsLeft == 5)
        press([.character("b")], &ui, &list)
        #expect(Array(list.path.ids) == [1])
        press([.character("s"), .character("s")], &ui, &list)
        #expect(Array(list.path) == [.detail(TodoDetail(todoID: 2, secondsLeft: 5)), .settings(SettingsScreen())])
        press([.character("m"), .character("i")], &ui, &list)
        #expect(list.settings == TodoSettings(doneMark: "✓", showsIDs: true))
        press([.character("m"), .character("m")], &ui, &list)
        #expect(list.settings.doneMark == TodoSettings.suggestedMarks[0])
        press([.character("c")], &ui, &list)
        #expect(list.path.isEmpty)
        press([.character("m"), .character("i")], &ui, &list)  // no settings screen on top: nothing
        #expect(list.settings == TodoSettings(doneMark: "x", showsIDs: true))
    }

    @Test func quitting() {
        var ui = InteractiveState()
        var list = TodoList()
        #expect(press([.character("q")], &ui, &list) == 0)
        #expect(press([.controlC], &ui, &list) == 130)
        #expect(press([.controlD], &ui, &list) == 0)
        // While typing, q is a letter and Ctrl-D cancels.
        #expect(press([.character("a"), .character("q"), .controlD], &ui, &list) == nil)
        #expect(list.todos.isEmpty)
    }

    @Test func theScreen() {
        var list = TodoList(todos: threeTodos)
        _ = TodoList.update(&list, with: TodoList.Action.open(id: 2))
        _ = TodoList.update(&list, with: ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.remind(seconds: 3)))
        var ui = InteractiveState()
        ui.cursor = 1
        let layout = ScreenLayout(width: 80, height: 24)
        let top = [
            "Swivelish todos  (filter: all, 1 of 3 done)",
            "",
            "  1. [ ] Buy milk",
            "> 2. [x] Call mom",
            "  3. [ ] Walk the dog",
            "",
        ]
        let listKeys = [
            "j/k up/down  space toggle  a add  e edit  d delete  f filter",
            "J/K reorder  Enter open  s settings  q quit",
        ]
        #expect(
            layout.lines(list: list, ui: ui)
                == top + ["Open: Call mom  (reminder in 3s)", "", ""] + listKeys + [
                    "1-9 remind  h history  Esc back  c close"
                ])
        _ = TodoList.update(&list, with: ElementMessage<Todo>(id: 2, Todo.Action.toggle))
        _ = TodoList.update(&list, with: ElementMessage<Todo>(id: 2, Todo.Action.toggle))
        for title in ["Call dad", "Call mum", "Call mom"] {
            _ = TodoList.update(&list, with: ElementMessage<Todo>(id: 2, Todo.Action.rename(title)))
        }
        _ = TodoList.update(&list, with: ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.showHistory))
        #expect(
            layout.lines(list: list, ui: ui)
                == top + [
                    "History of Call mom:", "  (1 earlier)", "  done", #"  renamed to "Call dad""#,
                    #"  renamed to "Call mum""#, #"  renamed to "Call mom""#, "", "",
                ] + listKeys + ["Esc back  c close"])
        _ = TodoList.update(&list, with: TodoList.Action.showSettings)
        _ = TodoList.update(&list, with: TodoSettings.Action.setDoneMark("✓"))
        #expect(
            layout.lines(list: list, ui: ui)
                == top.map { $0 == "> 2. [x] Call mom" ? "> 2. [✓] Call mom" : $0 } + [
                    "Settings: mark ✓, ids off", "", "",
                ] + listKeys + ["m mark  i ids  Esc back  c close"])
        _ = TodoList.update(&list, with: TodoList.Action.close)
        #expect(layout.lines(list: list, ui: ui).suffix(5) == ["No todo open (Enter opens one)", "", ""] + listKeys)
    }

    @Test func aSmallScreenCutsLinesAndShowsTheRowsAroundTheCursor() {
        let list = TodoList(todos: (1...20).map { Todo(id: $0, title: "Todo \($0)") })
        var ui = InteractiveState()
        ui.cursor = 15
        let lines = ScreenLayout(width: 20, height: 10).lines(list: list, ui: ui)
        #expect(lines.count == 10)
        #expect(lines.allSatisfy { $0.count <= 20 })
        #expect(lines[2...3] == ["  15. [ ] Todo 15", "> 16. [ ] Todo 16"])
    }
}
