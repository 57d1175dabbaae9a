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
import SwivelishTestClock
import TodosCore
import ExampleTerminal

/// The line-based mode, for pipes and files: reads commands one per line, prints what each changed.
///
/// It is deterministic. Each line is applied, then the session waits until the lines it printed are
/// written, before it reads the next. Time on the store's clock passes only when a `wait N` line says
/// so: the clock is a `TestClock` (from SwivelishTestClock, which an app may link), which `wait N`
/// advances by `N` seconds, waking the reminder's countdown at each second it passes. So `remind 3` then `wait 3` prints the three ticks
/// at once, in order, on every run, and `close` before the end of a countdown shows that no tick comes
/// after it.
struct ScriptedSession {
    /// The list as loaded.
    var initialState: TodoList

    /// Where the changes are saved.
    var storage: TodoStorage

    /// Where the session (the settings, the screens open) is saved: after each change once changes pause,
    /// and when the session ends.
    var session: Persistence<TodoSession>

    /// Observers to give the store, such as `printChanges` for `--print-changes`.
    var observers: [StoreObserver<TodoList>] = []

    /// The exit status when the output cannot be written: `EX_IOERR` of `sysexits.h`.
    static let outputErrorStatus: Int32 = 74

    /// Runs the session to the end of input, a `quit` line, or a failed write of the output.
    ///
    /// - Returns: The exit status: ``outputErrorStatus`` if the output could not be written, else 1 if
    ///   any line was bad or any save failed, 0 otherwise.
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    func run() -> Int32 {
        // A pipe whose reader is gone makes `write` fail with EPIPE, reported like any other failure,
        // instead of ending the process silently.
        signal(SIGPIPE, SIG_IGN)
        let output = ScriptOutput()
        let clock = TestClock()
        let store = Store(
            initialState: initialState,
            dependencies: Dependencies {
                $0.todoStorage = storage
                $0.setPersistence(session)
                $0.clock = clock
            },
            observers: observers)
        let previous = Previous(store.state)
        let saveFailures = Previous(0)
        let unsubscribe = store.subscribe(\TodoList.self, immediately: false, skipRepeats: true) { state in
            let old = previous.replace(with: state)
            for line in state.changes(from: old) {
                output.write(line: line)
            }
            if let error = state.saveError, error != old.saveError {
                _ = saveFailures.replace(with: saveFailures.value + 1)
                standardError("error: \(error)\n")
            }
        }
        defer { unsubscribe() }

        var lineNumber = 0
        var badLineCount = 0
        while output.failure == nil, let line = readLine() {
            lineNumber += 1
            do throws(CommandError) {
                guard let command = try Command(parsing: line) else { continue }
                switch command {
                case .quit:
                    break
                case .list:
                    for line in store.state.listing {
                        output.write(line: line)
                    }
                    continue
                case let .wait(seconds):
                    Self.advance(clock, by: .seconds(seconds))
                    store.waitForDeliveries()
                    continue
                default:
                    if let message = try command.message(for: store.state) {
                        store.dispatch(message)
                    }
                    store.waitForDeliveries()  // so that the lines are printed before the next is read
                    continue
                }
                break  // quit
            } catch {
                badLineCount += 1
                standardError("error: line \(lineNumber): \(error)\n")
            }
        }
        store.waitForDeliveries()
        // A save still waiting for a pause (on the script's clock) would be lost: the last session is saved now.
        if !saveLastSession(of: store, session: session, startedWith: initialState) {
            _ = saveFailures.replace(with: saveFailures.value + 1)
        }
        if let failure = output.failure {
            standardError("error: cannot write the output: \(failure)\n")
            return Self.outputErrorStatus
        }
        return badLineCount == 0 && saveFailures.value == 0 ? 0 : 1
    }

    /// Advances `clock` by `duration`, blocking this thread until it has (and the woken effects are done).
    @available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
    private static func advance(_ clock: TestClock, by duration: Duration) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await clock.advance(by: duration)
            done.signal()
        }
        done.wait()
    }
}

/// A value the store's subscriber keeps from one call to the next (the subscriber is never called
/// concurrently with itself, but on whichever thread delivers); the main thread reads it after waiting
/// for the deliveries.
///
/// `@unchecked Sendable`: `lock` guards `stored`.
final class Previous<Value: Sendable>: @unchecked Sendable {
    private let lock = DispatchQueue(label: "Todos.Previous")
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    /// The value.
    var value: Value {
        lock.sync { stored }
    }

    /// Stores `value` and returns the one before.
    func replace(with value: Value) -> Value {
        lock.sync {
            let old = stored
            stored = value
            return old
        }
    }
}

/// Saves the session of `store` through `session` when it differs from the one the app started with, and
/// says on standard error when that fails; returns whether it is saved (or had nothing to save).
func saveLastSession(
    of store: Store<TodoList>, session: Persistence<TodoSession>, startedWith initialState: TodoList
) -> Bool {
    let last = store.state.session
    guard last != initialState.session else { return true }
    do {
        try session.save(last)
        return true
    } catch {
        standardError("error: \(error)\n")
        return false
    }
}
