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

/// The terminal mode: reads keys, redraws the count and the status line in place.
///
/// Each part of the screen has its own subscription with `skipRepeats`, so a line is redrawn only when
/// what it shows changes. Fetches take ``fetchDelay`` and add a random amount from 1 to 10; a fetch's
/// result is dispatched, and the screen redrawn, from a background thread while the main thread waits
/// for keys. `r` while a fetch runs is ignored.
struct InteractiveSession {
    /// How long a fetch takes in this mode: long enough to see the status line say so.
    static let fetchDelay = DispatchTimeInterval.seconds(1)

    private static let countLine = 2
    private static let statusLine = 4

    /// Runs the session until `q`, Ctrl-C, Ctrl-D, or SIGINT, SIGTERM or SIGHUP, and restores the
    /// terminal in every case.
    ///
    /// - Returns: The exit status: 130 for Ctrl-C, 0 otherwise. A signal exits with 128 plus its number.
    func run() -> Int32 {
        guard let terminal = Terminal() else {
            standardError("error: cannot switch the terminal to raw input\n")
            return 1
        }
        let signals = SignalHandler(for: [SIGINT, SIGTERM, SIGHUP]) { signal in
            terminal.restore(writing: "\n")
            exit(128 + signal)
        }
        let screen = Screen(
            terminal: terminal,
            lines: [
                "Swivelish counter",
                "",
                "",
                "",
                "",
                "+ - change   r random amount   u undo   q quit",
            ])

        let store = Store(initialState: AppState(fetcher: .random(delay: Self.fetchDelay)))
        let unsubscribeCount = store.subscribe(\.count, skipRepeats: true) { count in
            screen.replace(line: Self.countLine, with: "    Count: \u{1B}[1m\(count)\u{1B}[0m")
        }
        let unsubscribeStatus = store.subscribe(\.statusLine, skipRepeats: true) { status in
            screen.replace(line: Self.statusLine, with: status)
        }

        let status = readKeys(from: terminal, into: store)

        unsubscribeCount()
        unsubscribeStatus()
        terminal.restore(writing: "\n")
        withExtendedLifetime(signals) {}
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
