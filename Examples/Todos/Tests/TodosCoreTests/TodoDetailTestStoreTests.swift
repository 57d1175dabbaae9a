import Swivelish
import SwivelishTesting
import Testing
import TodosCore

// The detail, a screen of the list's stack with an effect of its own: its countdown runs on a TestClock, which
// the tests advance; popping the detail (close, back, opening another todo, deleting it) cancels it, and
// advancing further delivers nothing.

@Suite("TodoDetail on TodoList's stack, with TestStore")
struct TodoDetailTestStoreTests {
    /// A tick of the countdown of the detail that is the screen `id`, as its effect sends it back to it.
    static func tick(_ id: ScreenID) -> ScreenMessage<TodoRoute> {
        ScreenMessage<TodoRoute>(id: id, TodoDetail.Action.tick)
    }

    /// `remind(seconds:)`, sent to the detail that is the screen `id`.
    static func remind(_ id: ScreenID, seconds: Int) -> ScreenMessage<TodoRoute> {
        ScreenMessage<TodoRoute>(id: id, TodoDetail.Action.remind(seconds: seconds))
    }

    static func store(clock: TestClock) -> TestStore<TodoList> {
        TestStore(
            initialState: TodoList(todos: threeTodos),
            dependencies: Dependencies {
                $0.clock = clock
                $0.todoStorage = SavedLists().storage
            })
    }

    @Test func theCountdownTicksEachSecondThenTheReminderIsDue() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 2)) { $0.path.push(.detail(TodoDetail(todoID: 2))) }
        store.send(Self.remind(1, seconds: 3)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 2, secondsLeft: 3)) }
        await clock.advance(by: .milliseconds(999))
        await clock.advance(by: .milliseconds(1))
        await store.receive(Self.tick(1)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 2, secondsLeft: 2)) }
        await clock.advance(by: .seconds(2))
        await store.receive(Self.tick(1)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 2, secondsLeft: 1)) }
        await store.receive(Self.tick(1)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 2, isReminderDue: true)) }
        #expect(store.state.openTodo?.title == "Call mom")
        await store.finish()
    }

    @Test func closingCancelsTheCountdownAndNoTickArrivesAfter() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 1)) { $0.path.push(.detail(TodoDetail(todoID: 1))) }
        store.send(Self.remind(1, seconds: 3)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 1, secondsLeft: 3)) }
        await clock.advance(by: .seconds(1))
        await store.receive(Self.tick(1)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 1, secondsLeft: 2)) }
        store.send(TodoList.Action.close) { $0.path.popToRoot() }
        await clock.advance(by: .seconds(10))
        #expect(clock.sleeperCount == 0)
        await store.finish()  // fails if a tick arrived: a message not received
    }

    @Test func openingAnotherTodoCancelsTheCountdownOfTheFirst() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 1)) { $0.path.push(.detail(TodoDetail(todoID: 1))) }
        store.send(Self.remind(1, seconds: 2)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 1, secondsLeft: 2)) }
        store.send(TodoList.Action.open(id: 3)) {
            $0.path.popToRoot()
            $0.path.push(.detail(TodoDetail(todoID: 3)))  // another screen: id 2
        }
        await clock.advance(by: .seconds(5))
        #expect(Array(store.state.path.ids) == [2])
        await store.finish()
    }

    @Test func openingTheOpenTodoAgainLetsItsCountdownGoOn() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 1)) { $0.path.push(.detail(TodoDetail(todoID: 1))) }
        store.send(Self.remind(1, seconds: 1)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 1, secondsLeft: 1)) }
        store.send(TodoList.Action.open(id: 1))
        await clock.advance(by: .seconds(1))
        await store.receive(Self.tick(1)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 1, isReminderDue: true)) }
        await store.finish()
    }

    @Test func aNewReminderReplacesTheOneCountingDown() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 1)) { $0.path.push(.detail(TodoDetail(todoID: 1))) }
        store.send(Self.remind(1, seconds: 5)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 1, secondsLeft: 5)) }
        store.send(Self.remind(1, seconds: 1)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 1, secondsLeft: 1)) }
        await clock.advance(by: .seconds(10))
        await store.receive(Self.tick(1)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 1, isReminderDue: true)) }
        await store.finish()
    }

    @Test func deletingTheOpenTodoPopsItsScreensAndCancelsTheCountdown() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 2)) { $0.path.push(.detail(TodoDetail(todoID: 2))) }
        store.send(Self.remind(1, seconds: 2)) { $0.path[id: 1] = .detail(TodoDetail(todoID: 2, secondsLeft: 2)) }
        store.send(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.showHistory)) {
            $0.path.push(.history(TodoHistory(todoID: 2)))
        }
        store.send(ElementMessage<Todo>(id: 2, Todo.Action.delete)) {
            $0.path.pop(from: 1)  // the detail, and its history over it
            _ = $0.todos.remove(id: 2)
        }
        await clock.advance(by: .seconds(5))
        await store.finish()
    }

    @Test func aReminderWithNoDetailOpenIsAnErrorAndOneForNoScreenDoesNothing() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        #expect(throws: CommandError.noTodoOpen) { try Command.remind(seconds: 2).message(for: store.state) }
        store.send(Self.remind(1, seconds: 2))  // no screen 1: not applied
        await store.finish()
    }
}
