#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CounterCore
import Dispatch
import Swivelish
import ExampleTerminal

/// The terminal mode: reads keys, redraws the count and the status line in place.
///
/// Each part of the screen has its own subscription with `skipRepeats`, so a line is redrawn only when
/// what it shows changes. Fetches use the store's default ``AmountFetcher``: they take a second and add
/// a random amount from 1 to 10; a fetch's result is dispatched, and the screen redrawn, from a
/// background thread while the main thread waits for keys. `r` while a fetch runs is ignored. On
/// SIGWINCH the whole screen is redrawn for the new size (``Screen``).
struct InteractiveSession {
    /// Observers to give the store, such as `printChanges` for `--print-changes`.
    var observers: [StoreObserver<AppState>] = []

    /// Called before a signal ends the process, after the terminal is restored: closes the trace of
    /// `--trace`, so that it ends with its end record.
    var beforeSignalExit: @Sendable () -> Void = {}

    /// Runs the session until `q`, Ctrl-C, Ctrl-D, or SIGINT, SIGTERM or SIGHUP, and restores the
    /// terminal in every case.
    ///
    /// The last screen stays above the prompt. A fetch still running then is not waited for, and the
    /// status line says that it was dropped rather than that it is loading.
    ///
    /// - Returns: The exit status: 130 for Ctrl-C, 0 otherwise. A signal exits with 128 plus its number.
    func run() -> Int32 {
        // The default dependencies: random amounts, each after a second (long enough to see the status
        // line say so), on the real clock.
        let store = Store(initialState: AppState(), observers: observers)
        guard let terminal = Terminal() else {
            standardError("error: cannot switch the terminal to raw input\n")
            return 1
        }
        let screen = Screen(terminal: terminal, count: store.state.count, status: store.state.statusLineForms)
        // Draws the last screen from the state as it is now, then restores the terminal. Once it has
        // drawn, later changes (a fetch finishing) are not shown.
        let finish: @Sendable () -> Void = {
            let state = store.state
            screen.close(count: state.count, status: state.quitStatusLineForms)
            terminal.restore(writing: "\n")
        }
        let endingSignals = SignalHandler(for: [SIGINT, SIGTERM, SIGHUP]) { signal in
            finish()
            beforeSignalExit()
            exit(128 + signal)
        }
        let resizes = SignalHandler(for: [SIGWINCH]) { _ in screen.redraw() }

        let unsubscribeCount = store.subscribe(\.count, immediately: false, skipRepeats: true) { count in
            screen.show(count: count)
        }
        let unsubscribeStatus = store.subscribe(\.statusLineForms, immediately: false, skipRepeats: true) {
            screen.show(status: $0)
        }

        let status = readKeys(from: terminal, into: store)

        unsubscribeCount()
        unsubscribeStatus()
        finish()
        withExtendedLifetime((endingSignals, resizes)) {}
        return status
    }

    /// Dispatches the command of each key until a key ends the session, and returns the exit status.
    private func readKeys(from terminal: Terminal, into store: Store<AppState>) -> Int32 {
        let controlC: UInt8 = 3
        let controlD: UInt8 = 4
        while let key = terminal.readKey() {
            switch key {
            case controlC:
                return 130
            case controlD:
                return 0
            default:
                guard let command = Command(key: key) else { continue }
                guard let message = command.message else { return 0 }  // quit
                store.dispatch(message)
            }
        }
        return 0  // end of input
    }
}
