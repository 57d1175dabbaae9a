#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CounterCore
import Swivelish
import SwivelishTrace
import ExampleTerminal

/// Runs the counter: interactive when standard input is a terminal, scripted otherwise.
@main
enum CounterApp {
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
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--print-changes" {
                printsChanges = true
            } else if argument == "--trace", let path = remaining.popFirst() {
                tracePath = path
            } else {
                standardError("error: unexpected arguments \(arguments.joined(separator: " "))\n\n\(usage)\n")
                exit(2)
            }
        }
        // Clocks need macOS 13: the Counter is a terminal program for Linux and macOS 13 or later.
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else {
            standardError("error: Counter needs macOS 13 or later\n")
            exit(1)
        }
        var observers = printsChanges ? [Self.changesOnStandardError] : []
        let trace = tracePath.map(Self.openTrace)
        if let trace {
            observers.append(trace.observer)
        }
        let status =
            isatty(STDIN_FILENO) == 1
            ? InteractiveSession(observers: observers, beforeSignalExit: { [trace] in trace?.close() }).run()
            : ScriptedSession(observers: observers).run()
        trace?.close()
        exit(status)
    }

    /// The exit status when the file of `--trace` cannot be created: `EX_CANTCREAT` of `sysexits.h`.
    static let traceErrorStatus: Int32 = 73

    /// Starts the trace of `--trace`, or exits saying why it cannot.
    private static func openTrace(at path: String) -> TraceWriter<AppState> {
        do {
            return try TraceWriter<AppState>(path: path)
        } catch {
            standardError("error: \(error)\n")
            exit(traceErrorStatus)
        }
    }

    /// Writes each message and the state changes it made to standard error, for `--print-changes`.
    private static let changesOnStandardError = StoreObserver<AppState>.printChanges { standardError($0 + "\n") }

    /// Opens `/dev/null` on each of the descriptors 0, 1 and 2 that is closed (as after `>&-`), the
    /// wrong way round, so that reading or writing it still fails, with EBADF.
    ///
    /// Otherwise the next file the process opens, such as the event descriptors of Dispatch, would take
    /// the lowest free number, and the output would be written into it.
    private static func reserveClosedStandardDescriptors() {
        for (descriptor, flags) in [(STDIN_FILENO, O_WRONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_RDONLY)]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // `open` returns the lowest free descriptor: `descriptor` itself, as the lower ones are open.
            _ = open("/dev/null", flags)
        }
    }

    static let usage = """
        usage: Counter [--print-changes] [--trace FILE]
               (interactive when stdin is a terminal, scripted otherwise)

        Options:
          --print-changes   also write each message and the state changes it made to stderr
                            (in interactive mode, send stderr elsewhere: 2>changes.log)
          --trace FILE      write a trace of every message to FILE, for swivelish-inspect:
                            swift run swivelish-inspect FILE -o inspector.html
          -h, --help        print this help

        Keys (interactive) or lines (scripted):
          +  -      add or subtract 1 (scripted also +N and -N, N from 1 to \(Command.maximumAmount))
          r         fetch a random amount and add it (ignored while a fetch runs)
          u         undo the last change of the count (up to the last \(AppState.undoLimit) changes)
          q         quit (interactive also Ctrl-C)

        Scripted mode prints one line per state change, reports bad lines on stderr, and waits for
        each fetch before reading the next line. Its fetches are seeded, so a script prints the same
        lines on every run.

        Exit status:
          0         success
          1         a scripted line was bad (the others were still run)
          2         bad arguments
          \(traceErrorStatus)        the file of --trace could not be created
          \(ScriptedSession.outputErrorStatus)        the output could not be written (scripted mode, or --help)
          130       Ctrl-C (interactive); 128 + N for signal N
        """
}
