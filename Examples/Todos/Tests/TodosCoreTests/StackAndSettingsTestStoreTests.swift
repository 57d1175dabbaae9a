import Swivelish
import SwivelishPersistence
import SwivelishTesting
import Testing
import TodosCore

// The stack over the list (a detail, its history, the settings), `back` as `Dismiss` sent to the screen on
// top, and the settings every row reads, each asserted on the message that made it.

@Suite("The stack and the shared settings, with TestStore")
struct StackAndSettingsTestStoreTests {
    static func store(
        clock: TestClock = TestClock(), saved: SavedLists = SavedLists(),
        session: InMemoryPersistence<TodoSession> = InMemoryPersistence()
    ) -> TestStore<TodoList> {
        TestStore(
            initialState: TodoList(todos: threeTodos),
            dependencies: Dependencies {
                $0.clock = clock
                $0.todoStorage = saved.storage
                $0.setPersistence(session.persistence)
            })
    }

    /// Lets the session's save, which waits for a pause on `clock`, run: waits until `sleepers` effects sleep
    /// on the clock (the save among them), then moves the clock past the pause.
    static func letTheSessionSave(on clock: TestClock, sleepers: Int = 1) async {
        let deadline = ContinuousClock.now + .seconds(10)
        while clock.sleeperCount < sleepers, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        await clock.advance(by: TodoSession.saveDelay)
    }

    /// `back`: the `Dismiss` a screen's back button sends, addressed to the screen on top.
    static func back(_ id: ScreenID) -> ScreenMessage<TodoRoute> {
        ScreenMessage<TodoRoute>(id: id, Dismiss())
    }

    @Test func openHistoryBackSettingsAndClose() async throws {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 1)) { $0.path.push(.detail(TodoDetail(todoID: 1))) }
        store.send(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.showHistory)) {
            $0.path.push(.history(TodoHistory(todoID: 1)))
        }
        // The detail is no longer on top: it asks for nothing, and the command says why.
        store.send(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.showHistory))
        #expect(throws: CommandError.noDetailOnTop) { try Command.history.message(for: store.state) }
        store.send(Self.back(2)) { $0.path.pop(from: 2) }
        store.send(TodoList.Action.showSettings) { $0.path.push(.settings(SettingsScreen())) }
        store.send(TodoList.Action.showSettings)  // on top already
        #expect(Array(store.state.path.ids) == [1, 3])
        store.send(TodoList.Action.close) { $0.path.popToRoot() }
        #expect(throws: CommandError.noScreenOpen) { try Command.back.message(for: store.state) }
        #expect(throws: CommandError.noScreenOpen) { try Command.close.message(for: store.state) }
        await Self.letTheSessionSave(on: clock)
        await store.finish()
    }

    @Test func backPopsTheDetailAndCancelsItsCountdown() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 3)) { $0.path.push(.detail(TodoDetail(todoID: 3))) }
        store.send(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.remind(seconds: 3))) {
            $0.path[id: 1] = .detail(TodoDetail(todoID: 3, secondsLeft: 3))
        }
        await clock.advance(by: .seconds(1))
        await store.receive(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.tick)) {
            $0.path[id: 1] = .detail(TodoDetail(todoID: 3, secondsLeft: 2))
        }
        let message = try? Command.back.message(for: store.state)
        #expect(message as? ScreenMessage<TodoRoute> == Self.back(1))
        store.send(Self.back(1)) { $0.path.pop(from: 1) }
        await Self.letTheSessionSave(on: clock)
        #expect(clock.sleeperCount == 0)  // the countdown's sleep and the save's are over
        await clock.advance(by: .seconds(10))
        await store.finish()  // fails if a tick arrived after the pop
    }

    /// A late tick, addressed to a detail popped since (and to the id it had, which the same todo's detail
    /// opened again does not get): neither screen changes.
    @Test func aScreensLateTickAfterItsPopIsDropped() async {
        let clock = TestClock()
        let store = Self.store(clock: clock)
        store.send(TodoList.Action.open(id: 2)) { $0.path.push(.detail(TodoDetail(todoID: 2))) }
        store.send(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.remind(seconds: 5))) {
            $0.path[id: 1] = .detail(TodoDetail(todoID: 2, secondsLeft: 5))
        }
        store.send(Self.back(1)) { $0.path.pop(from: 1) }
        store.send(TodoDetail.Action.tick)  // unaddressed: no screen's
        store.send(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.tick))
        store.send(TodoList.Action.open(id: 2)) { $0.path.push(.detail(TodoDetail(todoID: 2))) }
        #expect(Array(store.state.path.ids) == [2])
        store.send(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.tick))
        store.send(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.remind(seconds: 1)))
        await Self.letTheSessionSave(on: clock)
        await store.finish()
    }

    @Test func theHistoryRecordsWhatHappenedToEachTodo() async {
        let saved = SavedLists()
        let clock = TestClock()
        let store = Self.store(clock: clock, saved: saved)
        store.send(TodoList.Action.add(title: "Water plants")) {
            $0.todos.append(Todo(id: 4, title: "Water plants"))
            $0.histories[4] = [.added("Water plants")]
            $0.nextID = 5
        }
        store.send(ElementMessage<Todo>(id: 4, Todo.Action.rename("Water the plants"))) {
            $0.todos[id: 4]?.title = "Water the plants"
            $0.histories[4]?.append(.renamed("Water the plants"))
        }
        store.send(ElementMessage<Todo>(id: 4, Todo.Action.toggle)) {
            $0.todos[id: 4]?.isDone = true
            $0.histories[4]?.append(.done)
        }
        store.send(ElementMessage<Todo>(id: 4, Todo.Action.toggle)) {
            $0.todos[id: 4]?.isDone = false
            $0.histories[4]?.append(.notDone)
        }
        // A todo loaded from the file has no history until something happens to it.
        store.send(ElementMessage<Todo>(id: 2, Todo.Action.toggle)) {
            $0.todos[id: 2]?.isDone = false
            $0.histories[2] = [.notDone]
        }
        // A move changes no todo; a rename to the same title changes nothing.
        store.send(TodoList.Action.move(id: 4, toPositionOf: 1)) { $0.todos.move(from: 3, to: 0) }
        store.send(ElementMessage<Todo>(id: 4, Todo.Action.rename("Water the plants")))
        store.send(TodoList.Action.open(id: 4)) { $0.path.push(.detail(TodoDetail(todoID: 4))) }
        store.send(ScreenMessage<TodoRoute>(id: 1, TodoDetail.Action.showHistory)) {
            $0.path.push(.history(TodoHistory(todoID: 4)))
        }
        #expect(
            store.state.changes(from: TodoList(todos: threeTodos)).suffix(6) == [
                "opened: Water the plants", "history: Water the plants", #"  added as "Water plants""#,
                #"  renamed to "Water the plants""#, "  done", "  not done",
            ])
        // Deleting it pops its screens and drops its history.
        store.send(ElementMessage<Todo>(id: 4, Todo.Action.delete)) {
            $0.path.popToRoot()
            _ = $0.todos.remove(id: 4)
            $0.histories[4] = nil
        }
        #expect(saved.saved.count == 7)
        await Self.letTheSessionSave(on: clock)
        await store.finish()
    }

    @Test func aSettingChangesEveryRowAndIsAssertedOnTheMessageThatMadeIt() async {
        let saved = SavedLists()
        let clock = TestClock()
        let session = InMemoryPersistence<TodoSession>()
        let store = Self.store(clock: clock, saved: saved, session: session)
        store.send(TodoSettings.Action.setDoneMark("✓")) { $0.settings.doneMark = "✓" }
        store.send(TodoSettings.Action.setShowsIDs(true)) { $0.settings.showsIDs = true }
        #expect(
            store.state.listing == [
                "3 of 3 shown (filter: all), 1 done", "  1. [ ] #1 Buy milk", "  2. [✓] #2 Call mom",
                "  3. [ ] #3 Walk the dog",
            ])
        // A mark that is not valid is ignored (the command refuses it before: `set mark` says why).
        store.send(TodoSettings.Action.setDoneMark("[]"))
        store.send(TodoSettings.Action.setDoneMark(" "))
        #expect(saved.saved.isEmpty)  // the settings are not the todo file's
        // Saved once the changes pause: the last settings, once.
        await Self.letTheSessionSave(on: clock)
        await store.finish()
        #expect(session.savedValues == [TodoSession(settings: TodoSettings(doneMark: "✓", showsIDs: true))])
    }

    /// The settings' own store (`store.scope(\.settings)`), which a screen or a row's view is given, writes
    /// them with a message, as the root store does.
    @Test func theSettingsStoreWritesTheSettings() async {
        let store = Store(
            initialState: TodoList(todos: threeTodos),
            dependencies: Dependencies { $0.todoStorage = SavedLists().storage })
        let settings = store.scope(\.settings)
        settings.dispatch(TodoSettings.Action.setDoneMark("*"))
        await store.waitForDeliveries()
        #expect(store.state.settings == TodoSettings(doneMark: "*"))
        #expect(settings.state.doneMark == "*")
    }
}
