import Swivelish
import SwivelishTesting
import Testing
import TodosCore

// The detail, an optional child with an effect of its own: its countdown runs on a TestClock, which the
// tests advance; closing the detail cancels it, and advancing further delivers nothing.

@Suite("TodoDetail in TodoList, with TestStore")
struct TodoDetailTestStoreTests {
    /// A tick of the open detail's countdown, as its effect sends it back to the detail.
    static let tick = PresentedMessage<TodoDetail>(TodoDetail.Action.tick)

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
        store.send(TodoList.Action.open(id: 2)) { $0.detail = TodoDetail(todoID: 2) }
        store.send(TodoDetail.Action.remind(seconds: 3)) { $0.detail?.secondsLeft = 3 }
        await clock.advance(by: .milliseconds(999))
        await clock.advance(by: .milliseconds(1))
        await store.receive(Self.tick) { $0.detail?.secondsLeft = 2 }
        await clock.advance(by: .seconds(2))
        await store.receive(Self.tick) { $0.detail?.secondsLeft = 1 }
        await store.receive(Self.tick) {
            $0.detail?.secondsLeft = nil
            $0.detail?.isReminderDue = true
        }
        #expect(store.state.openTodo?.title == "Call mom")
        await store.finish()
    }

    @Test func closingCancelsTheCountdownAndNoTickArrivesAfter() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 1)) { $0.detail = TodoDetail(todoID: 1) }
        store.send(TodoDetail.Action.remind(seconds: 3)) { $0.detail?.secondsLeft = 3 }
        await clock.advance(by: .seconds(1))
        await store.receive(Self.tick) { $0.detail?.secondsLeft = 2 }
        store.send(TodoList.Action.close) { $0.detail = nil }
        await clock.advance(by: .seconds(10))
        #expect(clock.sleeperCount == 0)
        await store.finish()  // fails if a tick arrived: a message not received
    }

    @Test func openingAnotherTodoCancelsTheCountdownOfTheFirst() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 1)) { $0.detail = TodoDetail(todoID: 1) }
        store.send(TodoDetail.Action.remind(seconds: 2)) { $0.detail?.secondsLeft = 2 }
        store.send(TodoList.Action.open(id: 3)) { $0.detail = TodoDetail(todoID: 3) }
        await clock.advance(by: .seconds(5))
        store.expect(\.detail, TodoDetail(todoID: 3))
        await store.finish()
    }

    @Test func openingTheOpenTodoAgainLetsItsCountdownGoOn() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 1)) { $0.detail = TodoDetail(todoID: 1) }
        store.send(TodoDetail.Action.remind(seconds: 1)) { $0.detail?.secondsLeft = 1 }
        store.send(TodoList.Action.open(id: 1))
        await clock.advance(by: .seconds(1))
        await store.receive(Self.tick) {
            $0.detail?.secondsLeft = nil
            $0.detail?.isReminderDue = true
        }
        await store.finish()
    }

    @Test func aNewReminderReplacesTheOneCountingDown() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 1)) { $0.detail = TodoDetail(todoID: 1) }
        store.send(TodoDetail.Action.remind(seconds: 5)) { $0.detail?.secondsLeft = 5 }
        store.send(TodoDetail.Action.remind(seconds: 1)) { $0.detail?.secondsLeft = 1 }
        await clock.advance(by: .seconds(10))
        await store.receive(Self.tick) {
            $0.detail?.secondsLeft = nil
            $0.detail?.isReminderDue = true
        }
        await store.finish()
    }

    @Test func deletingTheOpenTodoClosesItsDetailAndCancelsTheCountdown() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 2)) { $0.detail = TodoDetail(todoID: 2) }
        store.send(TodoDetail.Action.remind(seconds: 2)) { $0.detail?.secondsLeft = 2 }
        store.send(ElementMessage<Todo>(id: 2, Todo.Action.delete)) {
            $0.detail = nil
            _ = $0.todos.remove(id: 2)
        }
        await clock.advance(by: .seconds(5))
        await store.finish()
    }

    @Test func aReminderWithNoDetailOpenDoesNothing() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoDetail.Action.remind(seconds: 2))
        #expect(throws: CommandError.noTodoOpen) { try Command.remind(seconds: 2).message(for: store.state) }
        await store.finish()
    }
}
