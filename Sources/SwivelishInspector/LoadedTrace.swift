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
    /// The kind of each record in ``records``, one letter each: `m`essage, `s`napshot, `e`ffect,
    /// `d`ivergence, `x` for the end.
    public var kinds: [UInt8] = []
    /// What the page lists of each message record, in order, so that it parses a record only when it shows
    /// the record's changes or rebuilds a state from it.
    public var messageIndex = MessageIndex()
    /// The number of message records.
    public var messageCount: Int { messageIndex.steps.count }
    /// Whether the trace ends with the record its writer writes when it is closed.
    public var isClosed = false
    /// What the trace says of the types of its state, by name, gathered from every record's `types`: which
    /// values are optionals, enums, identified arrays, and the fields of structs. Empty for a trace written
    /// before Swivelish described its types: the page then writes changes by position.
    public var types: [String: TraceTypeDescription] = [:]
    /// What was wrong, in the order found.
    public var problems: [TraceProblem] = []

    public init() {}

    /// Adds the descriptions of a record's `types` field, merging each with what earlier records said of its
    /// type (an enum's cases met since). One that cannot be read is left out.
    mutating func addTypes(_ descriptions: [String: Any]) {
        for (name, object) in descriptions {
            guard let description = TraceTypeDescription(object) else { continue }
            types[name, default: description].merge(description)
        }
    }

    /// Whether any problem is an error (a line skipped, a format too new).
    public var hasErrors: Bool {
        problems.contains { $0.severity == .error }
    }
}

/// The fields of the message records that the page's list needs, column by column.
public struct MessageIndex: Sendable {
    public var steps: [Int] = []
    public var texts: [String] = []
    /// Each message's type, as an index in ``typeNames``.
    public var types: [Int] = []
    public var typeNames: [String] = []
    /// 1: the record carries the whole state; 2: an effect sent the message; 4: dispatched (`send`);
    /// 8: messages were dropped before it.
    public var flags: [Int] = []
    /// The number of changes of each message.
    public var changeCounts: [Int] = []
    var typeIndexes: [String: Int] = [:]

    public init() {}

    mutating func append(_ record: [String: Any]) {
        steps.append((record["step"] as? NSNumber)?.intValue ?? 0)
        texts.append(record["text"] as? String ?? "")
        let type = record["type"] as? String ?? ""
        if let index = typeIndexes[type] {
            types.append(index)
        } else {
            typeIndexes[type] = typeNames.count
            types.append(typeNames.count)
            typeNames.append(type)
        }
        var flag = record["state"] != nil ? 1 : 0
        switch record["origin"] as? String {
        case "effect"?: flag |= 2
        case "send"?: flag |= 4
        default: break
        }
        if ((record["dropped"] as? NSNumber)?.intValue ?? 0) > 0 { flag |= 8 }
        flags.append(flag)
        changeCounts.append((record["changes"] as? [Any])?.count ?? 0)
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
