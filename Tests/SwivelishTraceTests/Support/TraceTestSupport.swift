import Foundation
import Swivelish

@testable import SwivelishTrace

// `Locked`, `eventually` and `runConcurrently` live in the TestSupport target, shared with the other test
// targets; the states the trace tests give a store (`Counter`, `Add`, `Row`, `RowList`, `Detail`, `History`,
// `Route`), shared with SwivelishTests, in the SwivelishFixtures target. Both are re-exported here so that every
// file of this target sees them without an import of its own.
@_exported import SwivelishFixtures
@_exported import TestSupport

/// A trace file read back: its lines parsed into trees, in order, keeping the order of fields.
struct TraceContents {
    let lines: [TraceValue]

    init(path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        lines = try text.split(separator: "\n", omittingEmptySubsequences: true).map { try parseJSON(String($0)) }
    }

    var header: TraceValue? { lines.first }

    func records(ofKind kind: String) -> [TraceValue] {
        lines.filter { $0["kind"] == .string(kind) }
    }

    var messages: [TraceValue] { records(ofKind: "message") }

    /// The state after each message record, rebuilt as the inspector does: from the last whole state (a
    /// snapshot record, or a message's `state`), applying `filteredChanges` then `changes` of each message.
    /// Checks along the way that a message carrying a `state` agrees with the state rebuilt from changes.
    func rebuiltStates() -> (states: [Int: TraceValue], mismatches: [Int]) {
        var current: TraceValue?
        var states: [Int: TraceValue] = [:]
        var mismatches: [Int] = []
        for line in lines {
            switch line["kind"] {
            case .string("snapshot")?:
                current = line["state"]
            case .string("message")?:
                guard case let .number(stepText)? = line["step"], let step = Int(stepText) else { continue }
                if var state = current {
                    for change in changes(line["filteredChanges"]) + changes(line["changes"]) {
                        state = state.applying(change)
                    }
                    if let whole = line["state"], line["dropped"] == nil, whole.sortedKeys != state.sortedKeys {
                        mismatches.append(step)
                    }
                    current = state
                }
                if let whole = line["state"] {
                    current = whole
                }
                if let current {
                    states[step] = current
                }
            default:
                continue
            }
        }
        return (states, mismatches)
    }

    private func changes(_ value: TraceValue?) -> [TraceChange] {
        guard case let .array(elements)? = value else { return [] }
        return elements.map { element in
            guard case let .array(components)? = element["path"] else { fatalError("a change without a path") }
            let path = components.map { component -> TraceChange.Component in
                switch component {
                case let .string(key): .key(key)
                case let .number(index): .index(Int(index)!)
                default: fatalError("a path component that is neither a key nor an index")
                }
            }
            return TraceChange(path: path, old: element["old"], new: element["new"])
        }
    }
}

extension TraceValue {
    /// The integer of a number value.
    var int: Int? {
        if case let .number(text) = self { return Int(text) }
        return nil
    }

    /// The text of a string value.
    var text: String? {
        if case let .string(text) = self { return text }
        return nil
    }
}

/// Parses JSON into a tree, keeping the order of object fields (the tests compare trees exactly).
func parseJSON(_ text: String) throws -> TraceValue {
    var parser = JSONParser(bytes: Array(text.utf8))
    let value = try parser.value()
    parser.skipSpaces()
    guard parser.position == parser.bytes.count else { throw JSONParser.Failure(position: parser.position) }
    return value
}

private struct JSONParser {
    struct Failure: Error { let position: Int }
    let bytes: [UInt8]
    var position = 0

    mutating func skipSpaces() {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
    }

    mutating func value() throws -> TraceValue {
        skipSpaces()
        guard position < bytes.count else { throw Failure(position: position) }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var fields: [TraceValue.Field] = []
            skipSpaces()
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object([])
            }
            while true {
                skipSpaces()
                let key = try string()
                skipSpaces()
                try expect(":")
                fields.append(TraceValue.Field(key, try value()))
                skipSpaces()
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                try expect("}")
                return .object(fields)
            }
        case UInt8(ascii: "["):
            position += 1
            var elements: [TraceValue] = []
            skipSpaces()
            if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array([])
            }
            while true {
                elements.append(try value())
                skipSpaces()
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                try expect("]")
                return .array(elements)
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try literal("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null")
            return .null
        default:
            let start = position
            while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
            guard position > start else { throw Failure(position: position) }
            return .number(String(decoding: bytes[start..<position], as: UTF8.self))
        }
    }

    mutating func expect(_ character: Character) throws {
        guard position < bytes.count, bytes[position] == character.asciiValue! else {
            throw Failure(position: position)
        }
        position += 1
    }

    mutating func literal(_ word: String) throws {
        for byte in word.utf8 {
            guard position < bytes.count, bytes[position] == byte else { throw Failure(position: position) }
            position += 1
        }
    }

    mutating func string() throws -> String {
        try expect("\"")
        var result: [UInt8] = []
        while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
            if bytes[position] == UInt8(ascii: "\\") {
                position += 1
                switch bytes[position] {
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "u"):
                    let hex = String(decoding: bytes[(position + 1)...(position + 4)], as: UTF8.self)
                    let scalar = Unicode.Scalar(UInt32(hex, radix: 16)!)!
                    result.append(contentsOf: Array(String(Character(scalar)).utf8))
                    position += 4
                default: result.append(bytes[position])
                }
                position += 1
            } else {
                result.append(bytes[position])
                position += 1
            }
        }
        try expect("\"")
        return String(decoding: result, as: UTF8.self)
    }
}

/// Runs `body` on a thread of its own and returns when it has finished, without blocking a thread of the
/// concurrency pool: for `TraceWriter.flush()` and `close()`, which block their caller.
func onOwnThread(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
        Thread {
            body()
            finished.resume()
        }.start()
    }
}

/// A path for a trace file in a new temporary directory.
func temporaryTracePath(_ name: String = "trace.jsonl") -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swivelish-trace-\(UUID())")
    try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent(name).path
}
