import Foundation
import Swivelish
import SwivelishTrace
import Testing

@testable import SwivelishInspector

@Suite("Reading a trace for the inspector")
struct TraceReaderTests {
    /// A trace a real TraceWriter wrote: three messages, closed.
    static func writtenTrace() throws -> String {
        let path = temporaryPath()
        let trace = try TraceWriter<Tally>(path: path)
        let store = Store(initialState: Tally(), observers: [trace.observer])
        for _ in 0..<3 { store.dispatch(Tally.Bump()) }
        trace.close()
        return path
    }

    @Test func aClosedTraceIsReadWholeWithNoProblem() throws {
        let trace = try TraceReader.load(path: try Self.writtenTrace())
        #expect(trace.problems.isEmpty)
        #expect(trace.messageCount == 3)
        #expect(trace.isClosed)
        #expect(trace.headerFields["state"] == .string("Tally"))
        #expect(trace.records.count == 5)  // the snapshot, three messages, the end
        #expect(trace.lines == [2, 3, 4, 5, 6])
    }

    @Test func aRecordCutShortIsNamedWithItsLineAndTheRestIsKept() throws {
        let path = try Self.writtenTrace()
        var text = try String(contentsOfFile: path, encoding: .utf8)
        text.removeLast(text.count - text.range(of: "\"kind\":\"end\"")!.upperBound.utf16Offset(in: text))
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let trace = try TraceReader.load(path: path)
        #expect(trace.messageCount == 3)
        #expect(!trace.isClosed)
        #expect(
            trace.problems.map(\.description) == [
                "\(name(path)), line 6: cut short: the file ends in the middle of this record (was the program "
                    + "killed while it wrote?); skipped",
                "\(name(path)): the trace has no end record: its program did not close it (it may still be running, "
                    + "or it stopped without TraceWriter.close()), so its last events may be missing",
            ])
        #expect(trace.hasErrors)
    }

    @Test func aLineOfGarbageIsSkippedAndNamed() throws {
        let path = try Self.writtenTrace()
        var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        lines.insert("this is not JSON", at: 3)
        lines.insert(#"{"kind":"hologram","step":1}"#, at: 4)
        lines.insert(#"{"kind":"message","text":"no step","changes":[]}"#, at: 5)
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let trace = try TraceReader.load(path: path)
        #expect(trace.messageCount == 3)
        #expect(trace.problems.map(\.line) == [4, 5, 6])
        #expect(trace.problems[0].message.hasPrefix("not JSON ("))
        #expect(trace.problems[1].message.contains("unknown kind, \"hologram\""))
        #expect(trace.problems[2].message == "a message record without a valid \"step\"; skipped")
    }

    @Test func anEmptyFileSaysSo() throws {
        let path = temporaryPath()
        _ = FileManager.default.createFile(atPath: path, contents: Data())
        let trace = try TraceReader.load(path: path)
        #expect(
            trace.problems.map(\.description) == [
                "\(name(path)), line 1: the file is empty: there is no header and no record (did the program "
                    + "write anything?)"
            ])
        #expect(trace.records.isEmpty)
    }

    @Test func aNewerFormatVersionIsNamedAndTheRecordsAreStillRead() throws {
        let path = try Self.writtenTrace()
        let text = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "\"version\":1", with: "\"version\":7")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let trace = try TraceReader.load(path: path)
        #expect(trace.messageCount == 3)
        #expect(
            trace.problems.map(\.description) == [
                "\(name(path)), line 1: the trace is in format version 7, newer than the version 1 this inspector "
                    + "reads: showing what it can read (update Swivelish to read it all)"
            ])
    }

    @Test func theSegmentBeforeIsReadFirstWhenItBelongsToTheTrace() throws {
        let path = temporaryPath()
        let trace = try TraceWriter<Tally>(path: path, options: TraceOptions(maximumMessages: 4))
        let store = Store(initialState: Tally(), observers: [trace.observer])
        for _ in 0..<10 { store.dispatch(Tally.Bump()) }
        trace.close()
        let loaded = try TraceReader.load(path: path)
        #expect(loaded.files == [name(path) + ".1", name(path)])
        #expect(loaded.messageCount == 6)  // steps 5 to 8, then 9 and 10
        #expect(loaded.secondFileStart == 5)  // the snapshot and four messages of the segment before
        #expect(loaded.problems.isEmpty)

        // Without the segment before, the page says that the earlier messages are gone.
        try FileManager.default.removeItem(atPath: path + ".1")
        let alone = try TraceReader.load(path: path)
        #expect(alone.messageCount == 2)
        #expect(alone.problems.map(\.severity) == [.note])
    }

    @Test func aFileThatCannotBeReadThrows() {
        #expect(throws: (any Error).self) { try TraceReader.load(path: "/nonexistent/trace.jsonl") }
    }
}

/// A state for these tests.
struct Tally: State {
    struct Bump: Message {}
    var count = 0
    static func update(_ state: inout Tally, with message: Message) -> Effect? {
        if message is Bump { state.count += 1 }
        return nil
    }
}

func temporaryPath() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("inspector-\(UUID()).trace.jsonl").path
}

func name(_ path: String) -> String {
    (path as NSString).lastPathComponent
}
