#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs the counter: interactive when standard input is a terminal, scripted otherwise.
@main
enum CounterApp {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments == ["--help"] || arguments == ["-h"] {
            print(usage)
            exit(0)
        }
        guard arguments.isEmpty else {
            standardError("error: unexpected arguments \(arguments.joined(separator: " "))\n\n\(usage)\n")
            exit(2)
        }
        let status = isatty(STDIN_FILENO) == 1 ? InteractiveSession().run() : ScriptedSession().run()
        exit(status)
    }

    static let usage = """
        usage: Counter          (interactive when stdin is a terminal, scripted otherwise)

        Keys (interactive) or lines (scripted):
          +  -      add or subtract 1 (scripted also +N and -N, N from 1 to 1000000)
          r         fetch a random amount and add it (ignored while a fetch runs)
          u         undo the last change of the count
          q         quit (interactive also Ctrl-C)

        Scripted mode prints one line per state change, reports bad lines on stderr, waits for
        each fetch before reading the next line, and exits 1 if any line was bad, 0 otherwise.
        Its fetches are seeded, so a script prints the same lines on every run.
        """
}
