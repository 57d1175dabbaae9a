import CounterCore
import Dispatch
import Swivelish

/// The line-based mode, for pipes and files: reads commands one per line, prints a line per change.
///
/// It is deterministic: fetches use ``AmountFetcher/seeded(_:in:delay:)`` with ``seed``, and each line
/// is applied only once the fetch started by the line before it, if any, has finished. The fetch still
/// runs on a background thread and dispatches from there; waiting for it between lines is what makes
/// the order of the output lines the same on every run.
struct ScriptedSession {
    /// The seed of the fetched amounts: 42 gives 4, 2, 9, 5, 1, ...
    static let seed: UInt64 = 42

    /// How long a fetch takes in this mode.
    static let fetchDelay = DispatchTimeInterval.milliseconds(50)

    /// Runs the session to the end of input or a `q` line.
    ///
    /// - Returns: The exit status: 1 if any line was bad, 0 otherwise.
    func run() -> Int32 {
        let store = Store(initialState: AppState(fetcher: .seeded(Self.seed, delay: Self.fetchDelay)))
        let unsubscribe = store.subscribe(\.summary, immediately: false, skipRepeats: true) { summary in
            print(summary)
        }
        defer { unsubscribe() }

        var lineNumber = 0
        var badLineCount = 0
        while let line = readLine() {
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
            store.waitForFetches()
        }
        store.waitForFetches()
        return badLineCount == 0 ? 0 : 1
    }
}
