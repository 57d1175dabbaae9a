import Foundation

/// Reads a trace file written by Swivelish's `TraceWriter` (or `Recording.writeTrace`), line by line, and
/// says what it could not read and why.
///
/// It never gives up on a file it could open: a line that is not JSON, a record cut short by a program
/// killed mid-write, a record of an unknown kind, or a header of a newer format version is reported with its
/// line, and every other line is kept. When the header says the trace was written in segments
/// (`maximumMessages`), the previous segment, `TRACE.1`, is read first if it belongs to the same trace.
public enum TraceReader {
    /// The newest format version this reader knows.
    public static let supportedVersion = 1

    /// The kinds of record this reader knows.
    static let knownKinds: Set<String> = ["snapshot", "message", "effect", "divergence", "end"]

    /// The letter of each kind in ``LoadedTrace/kinds``.
    static let kindLetters: [String: UInt8] = [
        "message": UInt8(ascii: "m"), "snapshot": UInt8(ascii: "s"), "effect": UInt8(ascii: "e"),
        "divergence": UInt8(ascii: "d"), "end": UInt8(ascii: "x"),
    ]

    /// Reads the trace at `path`.
    ///
    /// - Throws: The error of reading the file, when it cannot be read at all (it does not exist, it is a
    ///   directory, it is not readable).
    public static func load(path: String) throws -> LoadedTrace {
        var trace = LoadedTrace()
        let name = (path as NSString).lastPathComponent
        let data = try contents(of: path)
        let previousPath = path + ".1"
        if let header = firstLineFields(of: data), let segment = header["segment"]?.number, segment > 1 {
            if let previous = try? contents(of: previousPath),
                let previousHeader = firstLineFields(of: previous),
                previousHeader["trace"] == header["trace"], previousHeader["segment"]?.number == segment - 1
            {
                read(previous, named: name + ".1", into: &trace)
                trace.secondFileStart = trace.records.count
            } else {
                trace.problems.append(
                    TraceProblem(
                        file: name, line: 1,
                        message:
                            "the trace begins at segment \(Int(segment)): the messages before it were rotated away "
                            + "(maximumMessages), and \(name).1 does not hold the segment before it",
                        severity: .note))
            }
        }
        read(data, named: name, into: &trace)
        if !trace.isClosed, !trace.records.isEmpty || trace.header != nil {
            trace.problems.append(
                TraceProblem(
                    file: name, line: nil,
                    message:
                        "the trace has no end record: its program did not close it (it may still be running, or it "
                        + "stopped without TraceWriter.close()), so its last events may be missing",
                    severity: .note))
        }
        return trace
    }

    /// The bytes of the file at `path`.
    ///
    /// An empty regular file is not read: `Data(contentsOf:)` leaks the buffer it allocates for a file whose
    /// size is 0 (it reads those, as the files of /proc, in chunks), which LeakSanitizer reports in CI.
    static func contents(of path: String) throws -> Data {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        if attributes[.type] as? FileAttributeType == .typeRegular, (attributes[.size] as? NSNumber)?.intValue == 0 {
            return Data()
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// The fields of the first line of `data`, if it is a JSON object.
    private static func firstLineFields(of data: Data) -> [String: JSONValue]? {
        let end = data.firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
        guard let object = try? JSONSerialization.jsonObject(with: data[data.startIndex..<end]) as? [String: Any]
        else { return nil }
        return object.mapValues(JSONValue.init)
    }

    /// Reads the lines of one file into `trace`.
    static func read(_ data: Data, named name: String, into trace: inout LoadedTrace) {
        trace.files.append(name)
        guard !data.isEmpty else {
            trace.problems.append(
                TraceProblem(
                    file: name, line: 1,
                    message: "the file is empty: there is no header and no record (did the program write anything?)"))
            return
        }
        let endsWithNewline = data.last == UInt8(ascii: "\n")
        var lineNumber = 0
        var start = data.startIndex
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            lineNumber += 1
            let isLast = end == data.endIndex
            let line = data[start..<end]
            start = end < data.endIndex ? end + 1 : end
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                continue
            }
            check(
                line, lineNumber: lineNumber, isCut: isLast && !endsWithNewline, file: name, into: &trace)
        }
    }

    private static func check(
        _ line: Data, lineNumber: Int, isCut: Bool, file: String, into trace: inout LoadedTrace
    ) {
        func problem(_ message: String) {
            trace.problems.append(TraceProblem(file: file, line: lineNumber, message: message))
        }
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
                problem("not a record: a trace's lines are JSON objects; skipped")
                return
            }
            object = parsed
        } catch {
            if isCut {
                problem(
                    "cut short: the file ends in the middle of this record (was the program killed while it wrote?); "
                        + "skipped")
            } else {
                problem("not JSON (\(describe(error))); skipped")
            }
            return
        }
        if lineNumber == 1 {
            if let message = readHeader(object, text: line, into: &trace) {
                problem(message)
            }
            return
        }
        guard let kind = object["kind"] as? String else {
            problem("a record without a \"kind\"; skipped")
            return
        }
        guard knownKinds.contains(kind) else {
            problem("a record of an unknown kind, \"\(kind)\" (written by a newer Swivelish?); skipped")
            return
        }
        if let missing = missingFields(of: kind, in: object) {
            problem("a \(kind) record without \(missing); skipped")
            return
        }
        if kind == "message" { trace.messageIndex.append(object) }
        if let types = object["types"] as? [String: Any] {
            trace.addTypes(types)
        }
        if kind == "end" { trace.isClosed = true }
        trace.kinds.append(kindLetters[kind] ?? UInt8(ascii: "?"))
        trace.records.append(String(decoding: line, as: UTF8.self))
        trace.lines.append(lineNumber)
    }

    /// Reads the header into `trace`; returns what is wrong with it, if anything.
    private static func readHeader(_ object: [String: Any], text: Data, into trace: inout LoadedTrace) -> String? {
        guard object["format"] as? String == "swivelish-trace" else {
            return "not a Swivelish trace header: the first line must be {\"format\":\"swivelish-trace\",...}; "
                + "reading the other lines anyway"
        }
        trace.header = String(decoding: text, as: UTF8.self)
        trace.headerFields = object.mapValues(JSONValue.init)
        let version = (object["version"] as? NSNumber)?.intValue ?? 0
        if version > supportedVersion {
            return "the trace is in format version \(version), newer than the version \(supportedVersion) this "
                + "inspector reads: showing what it can read (update Swivelish to read it all)"
        }
        if version < 1 {
            return "the header has no valid format version; reading it as version \(supportedVersion)"
        }
        return nil
    }

    /// The first required field `object` lacks, in words, or `nil`.
    private static func missingFields(of kind: String, in object: [String: Any]) -> String? {
        let required: [(String, (Any) -> Bool)]
        switch kind {
        case "message":
            required = [("step", isNumber), ("text", { $0 is String }), ("changes", { $0 is [Any] })]
        case "snapshot":
            required = [("step", isNumber), ("state", { _ in true })]
        case "effect":
            required = [("step", isNumber), ("event", { $0 is String }), ("id", { $0 is String })]
        case "divergence":
            required = [("step", isNumber)]
        default:
            required = []
        }
        for (field, isValid) in required {
            guard let value = object[field], isValid(value) else { return "a valid \"\(field)\"" }
        }
        return nil
    }

    private static func isNumber(_ value: Any) -> Bool {
        value is NSNumber
    }

    /// A short description of a JSON error, without Foundation's wrapping.
    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let debug = nsError.userInfo[NSDebugDescriptionErrorKey] as? String { return debug }
        return nsError.localizedDescription
    }
}
