#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Swivelish
import SwivelishPersistence
import SwivelishTrace
import TodosCore
import ExampleTerminal

/// Runs the todo list: loads its file, then is interactive when standard input is a terminal, scripted
/// otherwise.
@main
enum TodosApp {
    static func main() {
        reserveClosedStandardDescriptors()
        let arguments = CommandLine.arguments.dropFirst()
        if arguments == ["--help"] || arguments == ["-h"] {
            do {
                try writeAll(usage + "\n", to: STDOUT_FILENO)
            } catch {
                standardError("error: cannot write the output: \(error)\n")
                exit(ScriptedSession.outputErrorStatus)
            }
            exit(0)
        }
        var printsChanges = false
        var tracePath: String?
        var filePath = TodoFile.defaultPath
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--print-changes" {
                printsChanges = true
            } else if argument == "--trace", let path = remaining.popFirst() {
                tracePath = path
            } else if argument == "--file", let path = remaining.popFirst(), !path.isEmpty {
                filePath = path
            } else {
                standardError("error: unexpected arguments \(arguments.joined(separator: " "))\n\n\(usage)\n")
                exit(2)
            }
        }
        // Clocks need macOS 13: the Todos app is a terminal program for Linux and macOS 13 or later.
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else {
            standardError("error: Todos needs macOS 13 or later\n")
            exit(1)
        }
        let file = TodoFile(path: filePath)
        let todos = load(file)
        let sessionFile = JSONFile<TodoSession>(path: TodoSession.path(forTodoFile: filePath))
        let session = load(sessionFile)
        var observers = printsChanges ? [Self.changesOnStandardError] : []
        let trace = tracePath.map(Self.openTrace)
        if let trace {
            observers.append(trace.observer)
        }
        let initialState = TodoList(todos: todos, session: session)
        let storage = TodoStorage.file(file)
        let sessionStorage = Persistence.file(sessionFile)
        let status =
            isatty(STDIN_FILENO) == 1
            ? InteractiveSession(
                initialState: initialState, storage: storage, session: sessionStorage, observers: observers,
                beforeSignalExit: { [trace] in trace?.close() }
            ).run()
            : ScriptedSession(
                initialState: initialState, storage: storage, session: sessionStorage, observers: observers
            ).run()
        trace?.close()
        exit(status)
    }

    /// The exit status when the todo file exists but cannot be read, or is corrupt and cannot be moved
    /// aside: `EX_NOINPUT` of `sysexits.h`. The file is left as it is.
    static let fileErrorStatus: Int32 = 66

    /// The exit status when the file of `--trace` cannot be created: `EX_CANTCREAT` of `sysexits.h`.
    static let traceErrorStatus: Int32 = 73

    /// The todos in `file`, after reporting a corrupt file moved aside; exits when it cannot be read.
    private static func load(_ file: TodoFile) -> [Todo] {
        do {
            switch try file.load() {
            case let .loaded(todos):
                return todos
            case let .backedUp(backup):
                standardError(backup.message + "\n")
                return []
            }
        } catch {
            standardError("error: \(error)\n")
            exit(fileErrorStatus)
        }
    }

    /// The session in `file` (the settings, the screens open), after reporting a corrupt file moved aside;
    /// exits when it cannot be read, as for the todo file.
    private static func load(_ file: JSONFile<TodoSession>) -> TodoSession {
        do {
            switch try file.load() {
            case .missing:
                return TodoSession()
            case let .loaded(session):
                return session
            case let .movedAside(corrupt):
                standardError("warning: \(corrupt.message); started with the default settings and no screen open\n")
                return TodoSession()
            }
        } catch {
            standardError("error: \(error)\n")
            exit(fileErrorStatus)
        }
    }

    /// Starts the trace of `--trace`, or exits saying why it cannot.
    private static func openTrace(at path: String) -> TraceWriter<TodoList> {
        do {
            return try TraceWriter<TodoList>(path: path)
        } catch {
            standardError("error: \(error)\n")
            exit(traceErrorStatus)
        }
    }

    /// Writes each message and the state changes it made to standard error, for `--print-changes`.
    private static let changesOnStandardError = StoreObserver<TodoList>.printChanges { standardError($0 + "\n") }

    /// Opens `/dev/null` on each of the descriptors 0, 1 and 2 that is closed (as after `>&-`), the
    /// wrong way round, so that reading or writing it still fails, with EBADF.
    ///
    /// Otherwise the next file the process opens, such as the todo file, would take the lowest free
    /// number, and the output would be written into it.
    private static func reserveClosedStandardDescriptors() {
        for (descriptor, flags) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // `open` returns the lowest free descriptor: `descriptor` itself, as the lower ones are open.
            _ = open("/dev/null", flags)
        }
    }

    static let usage = """
        usage: Todos [--file PATH] [--print-changes] [--trace FILE]
               (interactive when stdin is a terminal, scripted otherwise)

        Options:
          --file PATH       the JSON file the list is loaded from and saved to after each change
                            (default: \(TodoFile.defaultPath) in the current directory)
          --print-changes   also write each message and the state changes it made to stderr
                            (in interactive mode, send stderr elsewhere: 2>changes.log)
          --trace FILE      write a trace of every message to FILE, for swivelish-inspect:
                            swift run swivelish-inspect FILE -o inspector.html
          -h, --help        print this help

        A file that is not a valid list is renamed PATH.corrupt-N (the first N free), said so on
        stderr, and the list starts empty. A file that cannot be read (a directory, no permission)
        is reported and left alone, and the program exits \(fileErrorStatus).

        Lines (scripted); rows are numbered as the list shows them, from 1:
          add TITLE         add a todo
          toggle N          mark row N done, or not done
          edit N TITLE      rename row N
          delete N          delete row N (and close its screens)
          filter F          show all, active or done todos
          move N M          move row N to where row M is
          open N            show the detail of row N over the list (closing any screen open; the
                            detail of row N open already stays, with the screens over it closed)
          history           show the history of the todo whose detail is on top
          settings          show the settings screen
          set mark C        the mark of done rows, one character such as x, ✓ or *
          set ids on|off    show each row's id, or not
          remind S          (detail open) the reminder is due in S seconds, counted down each second
          back              close the screen on top (a detail's countdown stops)
          close             close every screen, cancelling the detail's countdown
          wait S            let S seconds pass on the session's clock (scripted time passes only so)
          list              print the list
          quit              stop reading; later lines are ignored
          blank, #...       ignored

        Keys (interactive):
          up/down or k/j    move the cursor          space or x   toggle
          a                 add (type, Enter)        e            edit (type, Enter; Esc cancels)
          d                 delete                   f            next filter
          K / J             move the row up / down   Enter or o   open the detail
          1-9               (detail open) remind in that many seconds
          h                 (detail on top) show its history
          s                 show the settings        Esc or b     close the screen on top
          m / i             (settings on top) next done mark / show ids, or not
          c                 close every screen       q            quit (also Ctrl-C, Ctrl-D)

        The settings and the screens open are saved beside the file (todos.session.json for
        todos.json), half a second after the last change and when the session ends; the next session
        starts with them (a reminder is not kept). A corrupt session file is moved aside, as the todo
        file is.

        Scripted mode prints what each line changed, reports bad lines on stderr with their number,
        and goes on with the next line.

        Exit status:
          0         success
          1         a scripted line was bad, or a save failed (the other lines were still run)
          2         bad arguments
          \(fileErrorStatus)        the todo file cannot be read, or is corrupt and cannot be moved aside
          \(traceErrorStatus)        the file of --trace could not be created
          \(ScriptedSession.outputErrorStatus)        the output could not be written (scripted mode, or --help)
          130       Ctrl-C (interactive); 128 + N for signal N
        """
}
