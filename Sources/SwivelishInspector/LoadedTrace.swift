import Foundation

/// A trace file read for the page: its header, its records as the JSON text they were written in, the line
/// each came from, and what was wrong with the file.
///
/// The records are kept as text: the page parses them itself, so the command only checks each line and
/// copies it, which is what keeps a trace of 100,000 messages quick to turn into a page.
public struct LoadedTrace: Sendable {
    /// The files read, in order: the previous segment (`TRACE.1`) first when it belongs to the trace.
    public var files: [String] = []
    /// The header line of the last file read, as JSON text; `nil` when there is none.
    public var header: String?
    /// The fields of that header.
    public var headerFields: [String: JSONValue] = [:]
    /// Every record line that can be shown, in order, as JSON text.
    public var records: [String] = []
    /// The line of each record in ``records``, in its file.
    public var lines: [Int] = []
    /// The index in ``records`` where the second file begins; `nil` when only one was read.
    public var secondFileStart: Int?
    /// The number of message records.
    public var messageCount = 0
    /// Whether the trace ends with the record its writer writes when it is closed.
    public var isClosed = false
    /// What was wrong, in the order found.
    public var problems: [TraceProblem] = []

    public init() {}

    /// Whether any problem is an error (a line skipped, a format too new).
    public var hasErrors: Bool {
        problems.contains { $0.severity == .error }
    }
}

/// A parsed JSON value, for checking records: only what the checks need.
public enum JSONValue: Equatable, Sendable {
    case number(Double)
    case string(String)
    case other

    init(_ any: Any) {
        switch any {
        case let number as NSNumber: self = .number(number.doubleValue)
        case let string as String: self = .string(string)
        default: self = .other
        }
    }

    var number: Double? {
        if case let .number(value) = self { return value }
        return nil
    }

    var string: String? {
        if case let .string(value) = self { return value }
        return nil
    }
}
