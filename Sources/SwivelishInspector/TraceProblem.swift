/// Something wrong with a trace file, or worth knowing about it, with the line it is on.
public struct TraceProblem: Equatable, Sendable {
    /// How bad it is.
    public enum Severity: String, Sendable {
        /// Part of the file could not be read (a line skipped, a format too new): the page shows the rest.
        case error
        /// Worth knowing, but nothing was skipped (the trace was not closed, earlier segments are gone).
        case note
    }

    /// The file's name, as given on the command line (or with `.1` for the previous segment).
    public var file: String
    /// The line, from 1; `nil` for the file as a whole.
    public var line: Int?
    /// What is wrong, and what was done about it.
    public var message: String
    public var severity: Severity

    public init(file: String, line: Int?, message: String, severity: Severity = .error) {
        self.file = file
        self.line = line
        self.message = message
        self.severity = severity
    }

    /// `trace.jsonl, line 12: not JSON (…); skipped`.
    public var description: String {
        "\(file)\(line.map { ", line \($0)" } ?? ""): \(message)"
    }
}
