#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CounterCore
import Swivelish
import ExampleTerminal

/// The line-based mode, for pipes and files: reads commands one per line, prints a line per change.
///
/// It is deterministic: its store's fetcher is ``AmountFetcher/seeded(_:in:delay:)`` with ``seed``, and
/// each line is applied only once the fetch started by the line before it, if any, has finished. The
/// fetch still waits on the real clock in a task and dispatches from there; waiting for it between lines
/// is what makes the order of the output lines the same on every run.
struct ScriptedSession {
    /// Observers to give the store, such as `printChanges` for `--print-changes`.
    var observers: [StoreObserver<AppState>] = []

    /// The seed of the fetched amounts: 42 gives 4, 2, 9, 5, 1, ...
    static let seed: UInt64 = 42

    /// How long a fetch takes in this mode.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    static var fetchDelay: Duration { .milliseconds(50) }

    /// The exit status when the output cannot be written: `EX_IOERR` of `sysexits.h`.
    static let outputErrorStatus: Int32 = 74

    /// Runs the session to the end of input, a `q` line, or a failed write of the output.
    ///
    /// A failed write (a full disk, a closed standard output, a pipe whose reader is gone) is reported
    /// on standard error, and reading stops: the lines it would print could not be seen.
    ///
    /// - Returns: The exit status: ``outputErrorStatus`` if the output could not be written, else 1 if
    ///   any line was bad, 0 otherwise.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    func run() -> Int32 {
        // A pipe whose reader is gone makes `write` fail with EPIPE, reported like any other failure,
        // instead of ending the process silently.
        signal(SIGPIPE, SIG_IGN)
        let output = ScriptOutput()
        let store = Store(
            initialState: AppState(),
            dependencies: Dependencies { $0.amountFetcher = .seeded(Self.seed, delay: Self.fetchDelay) },
            observers: observers)
        let unsubscribe = store.subscribe(\.summary, immediately: false, skipRepeats: true) { summary in
            output.write(line: summary)
        }
        defer { unsubscribe() }

        var lineNumber = 0
        var badLineCount = 0
        while output.failure == nil, let line = readLine() {
            lineNumber += 1
            let command: Command?
            do {
                command = try Command(parsing: line)
            } catch {
                badLineCount += 1
                standardError("error: line \(lineNumber): \(error)\n")
                continue
            }
            guard let command else { continue }
            guard let message = command.message else { break }  // quit
            store.dispatch(message)
            store.waitForFetches()  // and the deliveries, so `output.failure` is up to date
        }
        store.waitForFetches()
        if let failure = output.failure {
            standardError("error: cannot write the output: \(failure)\n")
            return Self.outputErrorStatus
        }
        return badLineCount == 0 ? 0 : 1
    }
}
