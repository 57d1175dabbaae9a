import Foundation
import SwivelishInspector

/// `swivelish-inspect TRACE [-o PAGE] [--diverged-at STEP]`: writes the inspector page of a trace.
enum Inspect {
    static let usage = """
        usage: swivelish-inspect TRACE [-o PAGE] [--diverged-at STEP]

        Writes one HTML file that shows the trace a Swivelish TraceWriter wrote: the messages (with search
        and a type filter), what each changed, the state at any step (a slider and the arrow keys travel in
        time), and a TestStore test skeleton for a range of steps. The page opens from disk and fetches
        nothing.

        Options:
          -o, --output PAGE     where to write the page (default: TRACE with .html for .jsonl)
          --diverged-at STEP    mark STEP as the first divergence of a replay (a trace written by
                                Recording.writeTrace(to:divergence:) marks it itself)
          -h, --help            print this help

        A trace with maximumMessages is in two files, TRACE and TRACE.1: give TRACE, and both are read.

        Lines that cannot be read (a record cut short, a line that is not JSON, a newer format) are named
        on standard error and on the page, which shows everything else.

        Exit status:
          0    the page was written
          1    the page was written, but lines of the trace could not be read (listed on stderr)
          2    bad arguments
          66   the trace cannot be read
          73   the page cannot be written
        """

    static func main() -> Int32 {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var tracePath: String?
        var outputPath: String?
        var divergedAt: Int?
        while !arguments.isEmpty {
            let argument = arguments.removeFirst()
            switch argument {
            case "-h", "--help":
                print(usage)
                return 0
            case "-o", "--output":
                guard !arguments.isEmpty else { return fail("\(argument) needs a file name") }
                outputPath = arguments.removeFirst()
            case "--diverged-at":
                guard let value = arguments.first, let step = Int(value), step >= 1 else {
                    return fail("--diverged-at needs a step number, from 1")
                }
                arguments.removeFirst()
                divergedAt = step
            default:
                guard !argument.hasPrefix("-") || argument == "-", tracePath == nil else {
                    return fail(tracePath == nil ? "unknown option \(argument)" : "unexpected argument \(argument)")
                }
                tracePath = argument
            }
        }
        guard let tracePath else { return fail("no trace given") }
        let output = outputPath ?? defaultOutput(for: tracePath)

        let trace: LoadedTrace
        do {
            trace = try TraceReader.load(path: tracePath)
        } catch {
            standardError("error: cannot read the trace \(tracePath): \(error.localizedDescription)\n")
            return 66
        }
        for problem in trace.problems {
            standardError("\(problem.severity == .error ? "error" : "note"): \(problem.description)\n")
        }
        let page = InspectorPage(
            trace: trace, source: (tracePath as NSString).lastPathComponent, divergedAt: divergedAt)
        do {
            try page.html().write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            standardError("error: cannot write the page \(output): \(error.localizedDescription)\n")
            return 73
        }
        print("wrote \(output): \(trace.messageCount) messages from \(trace.files.joined(separator: " and "))")
        return trace.hasErrors ? 1 : 0
    }

    static func defaultOutput(for trace: String) -> String {
        let base = trace.hasSuffix(".jsonl") ? String(trace.dropLast(".jsonl".count)) : trace
        return base + ".html"
    }

    static func fail(_ message: String) -> Int32 {
        standardError("error: \(message)\n\n\(usage)\n")
        return 2
    }

    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}

exit(Inspect.main())
