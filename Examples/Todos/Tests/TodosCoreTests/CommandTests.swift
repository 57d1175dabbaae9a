import Swivelish
import Testing
import TodosCore

@Suite("Command")
struct CommandTests {
    @Test(arguments: [
        ("add Buy milk", Command.add(title: "Buy milk")),
        ("  add   Buy  milk  ", .add(title: "Buy  milk")),
        ("toggle 2", .toggle(row: 2)),
        ("edit 2 Buy oat milk", .edit(row: 2, title: "Buy oat milk")),
        ("delete 1", .delete(row: 1)),
        ("filter active", .filter(.active)),
        ("filter done", .filter(.done)),
        ("filter all", .filter(.all)),
        ("move 3 1", .move(row: 3, toRow: 1)),
        ("open 2", .open(row: 2)),
        ("history", .history),
        ("settings", .settings),
        ("set mark ✓", .setMark("✓")),
        ("set mark *", .setMark("*")),
        ("set ids on", .setShowsIDs(true)),
        ("set ids off", .setShowsIDs(false)),
        ("back", .back),
        ("remind 3", .remind(seconds: 3)),
        ("close", .close),
        ("wait 2", .wait(seconds: 2)),
        ("list", .list),
        ("quit", .quit),
    ])
    func parsesEachCommand(line: String, command: Command) throws {
        #expect(try Command(parsing: line) == command)
    }

    @Test func blankLinesAndCommentsAreNoCommand() throws {
        #expect(try Command(parsing: "") == nil)
        #expect(try Command(parsing: "   \t") == nil)
        #expect(try Command(parsing: "# add nothing") == nil)
    }

    @Test(arguments: [
        ("frobnicate", CommandError.unknownCommand("frobnicate")),
        ("Add milk", .unknownCommand("Add")),
        ("add", .badArguments(command: "add", usage: "add TITLE")),
        ("toggle", .badArguments(command: "toggle", usage: "toggle N")),
        ("toggle 0", .badArguments(command: "toggle", usage: "toggle N")),
        ("toggle -1", .badArguments(command: "toggle", usage: "toggle N")),
        ("toggle 1 2", .badArguments(command: "toggle", usage: "toggle N")),
        ("toggle 99999999999999999999", .badArguments(command: "toggle", usage: "toggle N")),
        ("edit 2", .badArguments(command: "edit", usage: "edit N TITLE")),
        ("filter later", .badArguments(command: "filter", usage: "filter all|active|done")),
        ("move 1", .badArguments(command: "move", usage: "move N M")),
        ("remind 0", .badArguments(command: "remind", usage: "remind SECONDS, from 1 to 86400")),
        ("wait x", .badArguments(command: "wait", usage: "wait SECONDS, from 1 to 86400")),
        ("close now", .badArguments(command: "close", usage: "close")),
        ("back 2", .badArguments(command: "back", usage: "back")),
        ("history 1", .badArguments(command: "history", usage: "history")),
        ("set", .badArguments(command: "set", usage: "set mark CHARACTER, or set ids on|off")),
        ("set mark", .badArguments(command: "set", usage: "set mark CHARACTER, or set ids on|off")),
        ("set ids maybe", .badArguments(command: "set", usage: "set mark CHARACTER, or set ids on|off")),
        ("set colour red", .badArguments(command: "set", usage: "set mark CHARACTER, or set ids on|off")),
        ("set mark x y", .badArguments(command: "set", usage: "set mark CHARACTER, or set ids on|off")),
        ("set mark ab", .badMark("ab")),
        ("set mark ✅", .badMark("✅")),
        ("set mark [", .badMark("[")),
        ("set mark ]", .badMark("]")),
        ("set mark 完", .badMark("完")),
        ("set mark e\u{301}", .badMark("e\u{301}")),
    ])
    func rejectsBadLines(line: String, error: CommandError) {
        #expect(throws: error) { try Command(parsing: line) }
    }

    @Test func errorMessagesNameTheProblem() {
        #expect(
            CommandError.unknownCommand("frobnicate").description
                == #"unknown command "frobnicate" (Todos --help lists the commands)"#)
        #expect(CommandError.noSuchRow(4, rowCount: 3).description == "no row 4: the list shows rows 1 to 3")
        #expect(CommandError.noSuchRow(1, rowCount: 0).description == "no row 1: the list shows no todos")
    }

    @Test func rowsAreThoseTheFilterShows() throws {
        var list = TodoList(todos: threeTodos)
        list.filter = .active
        let toggle = try Command.toggle(row: 2).message(for: list)
        #expect(toggle as? ElementMessage<Todo> == ElementMessage<Todo>(id: 3, Todo.Action.toggle))
        #expect(throws: CommandError.noSuchRow(3, rowCount: 2)) { try Command.delete(row: 3).message(for: list) }
        #expect(throws: CommandError.noScreenOpen) { try Command.close.message(for: list) }
        #expect(throws: CommandError.noScreenOpen) { try Command.back.message(for: list) }
        #expect(throws: CommandError.noDetailOnTop) { try Command.history.message(for: list) }
        #expect(throws: CommandError.noTodoOpen) { try Command.remind(seconds: 1).message(for: list) }
        #expect(try Command.list.message(for: list) == nil)
    }

    /// A screen's message is addressed to it: `remind` to the open detail, even under its history;
    /// `history` to the detail on top; `back` is `Dismiss` to the screen on top.
    @Test func screensAreAddressedByTheirIDs() throws {
        var list = TodoList(todos: threeTodos)
        _ = TodoList.update(&list, with: TodoList.Action.open(id: 2))
        let history = try Command.history.message(for: list)
        #expect(history as? ScreenMessage<TodoRoute> == ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.showHistory))
        _ = TodoList.update(&list, with: try #require(history))
        let remind = try Command.remind(seconds: 3).message(for: list)
        #expect(
            remind as? ScreenMessage<TodoRoute> == ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.remind(seconds: 3))
        )
        #expect(
            try Command.back.message(for: list) as? ScreenMessage<TodoRoute>
                == ScreenMessage<TodoRoute>(id: 2, Dismiss()))
        #expect(throws: CommandError.noDetailOnTop) { try Command.history.message(for: list) }
    }
}
