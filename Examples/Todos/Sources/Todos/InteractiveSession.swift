#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch
import Swivelish
import SwivelishPersistence
import TodosCore
import ExampleTerminal

/// The terminal mode: reads keys, redraws the list in place.
///
/// The screen is redrawn from subscriptions with `skipRepeats`, so a message that changes nothing draws
/// nothing: one to the list's ``ListStructure`` (the order of the todos, the filter, the screens over the
/// list); one per row, to a store of that row made by `store.scope(\.todos, id:)`, for what changes inside
/// a todo: toggling or renaming one notifies that row's subscriber only, not the others' nor the
/// structure's; and one to the store of the settings, `store.scope(\.settings)`, which every row and the
/// settings screen show. It is also redrawn after each key that moves the cursor or types. The
/// reminder's countdown runs on the real clock (the store's default): its ticks come from a background
/// task, which redraws the detail line while the main thread waits for keys. On SIGWINCH the whole
/// screen is redrawn for the new size.
struct InteractiveSession {
    /// The list as loaded.
    var initialState: TodoList

    /// Where the changes are saved.
    var storage: TodoStorage

    /// Where the session (the settings, the screens open) is saved: after each change once changes pause,
    /// and when the session ends.
    var session: Persistence<TodoSession>

    /// Observers to give the store, such as `printChanges` for `--print-changes`.
    var observers: [StoreObserver<TodoList>] = []

    /// Called before a signal ends the process, after the terminal is restored: closes the trace of
    /// `--trace`, so that it ends with its end record.
    var beforeSignalExit: @Sendable () -> Void = {}

    /// Runs the session until `q`, Ctrl-C, Ctrl-D, or SIGINT, SIGTERM or SIGHUP, and restores the
    /// terminal in every case. The last screen stays above the prompt.
    ///
    /// - Returns: The exit status: 130 for Ctrl-C, 0 otherwise. A signal exits with 128 plus its number.
    func run() -> Int32 {
        let store = Store(
            initialState: initialState,
            dependencies: Dependencies {
                $0.todoStorage = storage
                $0.setPersistence(session)
            },
            observers: observers)
        guard let terminal = Terminal() else {
            standardError("error: cannot switch the terminal to raw input\n")
            return 1
        }
        let ui = Previous(InteractiveState())
        let screen = Screen(terminal: terminal, list: store.state, ui: ui.value)
        let finish: @Sendable () -> Void = {
            var last = ui.value
            last.mode = .browsing
            screen.close(list: store.state, ui: last)
            terminal.restore(writing: "\n")
        }
        let endingSignals = SignalHandler(for: [SIGINT, SIGTERM, SIGHUP]) { signal in
            finish()
            beforeSignalExit()
            exit(128 + signal)
        }
        let resizes = SignalHandler(for: [SIGWINCH]) { _ in screen.redraw() }
        let rows = RowSubscriptions(store: store, screen: screen)
        rows.follow(store.state.todos.ids)
        // Every row's line, and the settings screen, show the settings: they are read where they are kept,
        // through their own store, as a row's view reads them (see the article "Navigation and shared state").
        // One subscription serves every row: the screen draws its rows in one pass, so one per row would draw
        // once, then find nothing to draw as many times as there are rows.
        let unsubscribeSettings = store.scope(\.settings).subscribe(\.self, immediately: false, skipRepeats: true) {
            settings in
            screen.show(settings: settings)
        }
        let unsubscribe = store.subscribe(\.structure, immediately: false, skipRepeats: true) { structure in
            // The whole list as it is now, which may be later than `structure`: drawn the same either way.
            screen.show(list: store.state)
            rows.follow(structure.ids)
        }

        var status: Int32 = 0
        while let key = readKey(from: terminal) {
            var state = ui.value
            let result = state.handle(key, in: store.state)
            _ = ui.replace(with: state)
            for message in result.messages {
                store.dispatch(message)
            }
            screen.show(ui: state)
            if let quit = result.quitStatus {
                status = quit
                break
            }
        }

        unsubscribe()
        unsubscribeSettings()
        rows.follow([])
        finish()
        withExtendedLifetime((endingSignals, resizes)) {}
        // A save still waiting for a pause would be lost with the process: the last session is saved now.
        if !saveLastSession(of: store, session: session, startedWith: initialState) {
            return status == 0 ? 1 : status
        }
        return status
    }

    /// Reads the next key, decoding the arrows' escape sequences; `nil` at end of input.
    ///
    /// An escape is a key of its own (cancel, close) unless more bytes follow it within 50 ms.
    private func readKey(from terminal: Terminal) -> Key? {
        while let byte = terminal.readKey() {
            guard byte == 27 else {
                if let key = Key(byte: byte) { return key }
                continue
            }
            guard terminal.hasInput(within: 50) else { return .escape }
            var sequence: [UInt8] = []
            while sequence.count < 2, terminal.hasInput(within: 50), let next = terminal.readKey() {
                sequence.append(next)
            }
            if let key = Key(escapeSequence: sequence) { return key }
        }
        return nil
    }
}

/// One subscription per row of the list, each to a store of that row (`store.scope(\.todos, id:)`),
/// that shows the row's todo on the screen when it changes.
///
/// `@unchecked Sendable`: `lock` guards `unsubscribers`.
final class RowSubscriptions: @unchecked Sendable {
    private let store: Store<TodoList>
    private let screen: Screen
    private let lock = DispatchQueue(label: "Todos.RowSubscriptions")
    private var unsubscribers: [Int: @Sendable () -> Void] = [:]

    init(store: Store<TodoList>, screen: Screen) {
        self.store = store
        self.screen = screen
    }

    /// Subscribes to the rows of `ids` not followed yet, and ends the subscriptions of the others.
    func follow(_ ids: some Sequence<Int>) {
        lock.sync {
            let kept = Set(ids)
            for (id, unsubscribe) in unsubscribers where !kept.contains(id) {
                unsubscribe()
                unsubscribers[id] = nil
            }
            for id in ids where unsubscribers[id] == nil {
                guard let row = store.scope(\.todos, id: id) else { continue }
                let screen = screen
                unsubscribers[id] = row.subscribe(\.self, immediately: false, skipRepeats: true) { todo in
                    screen.show(todo: todo)
                }
            }
        }
    }
}
