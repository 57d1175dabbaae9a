import Foundation
import Swivelish
import Testing

@testable import SwivelishTrace

/// A `Codable` state whose encoding waits at a gate while the gate is closed: it holds the writer thread
/// in the middle of rendering, as a slow disk would, without holding the store.
struct Gated: State, Encodable {
    static let gate = Gate()

    var count = 0

    static func update(_ state: inout Gated, with message: Message) -> Effect? {
        if message is Add { state.count += 1 }
        return nil
    }

    func encode(to encoder: any Encoder) throws {
        Self.gate.pass()
        var container = encoder.singleValueContainer()
        try container.encode(count)
    }
}

/// Holds whoever calls `pass()` while closed, and says when someone is held.
final class Gate: @unchecked Sendable {
    // `@unchecked Sendable`: `condition` guards `isOpen` and `held`.
    private let condition = NSCondition()
    private var isOpen = true
    private var held = 0

    func pass() {
        condition.lock()
        held += 1
        condition.broadcast()
        while !isOpen { condition.wait() }
        held -= 1
        condition.unlock()
    }

    func close() {
        condition.lock()
        isOpen = false
        condition.unlock()
    }

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until someone is held at the gate.
    func waitUntilSomeoneIsHeld() {
        condition.lock()
        while held == 0 { condition.wait() }
        condition.unlock()
    }
}

// The gate is one for the whole state type: these tests run one after another.
@Suite("Trace writer limits: a slow writer, a full disk, a ring", .serialized)
struct TraceWriterLimitsTests {
    // The limit catches a dispatch that waits for the writer (a hang); it is generous, since a loaded
    // ThreadSanitizer run has kept this test waiting for its turn on the concurrency pool for over a minute.
    @Test(.timeLimit(.minutes(10)))
    func aFullBufferDropsAndCountsMessagesWithoutHoldingTheStore() async throws {
        let path = temporaryTracePath()
        let trace = try TraceWriter<Gated>(path: path, options: TraceOptions(bufferCapacity: 2))
        let store = Store(initialState: Gated(), observers: [trace.observer])
        Gated.gate.close()
        store.dispatch(Add())  // 1: the writer takes it, renders it, and is held at the gate
        await onOwnThread { Gated.gate.waitUntilSomeoneIsHeld() }
        // 2 and 3 fill the buffer; 4 and 5 are dropped. None of these dispatches waits for the writer: if
        // one did, this test would hang here (and fail at its time limit).
        for _ in 2...5 { store.dispatch(Add()) }
        #expect(store.state.count == 5)
        #expect(trace.statistics.messagesDropped == 2)
        Gated.gate.open()
        await onOwnThread { trace.flush() }
        store.dispatch(Add())  // 6: the first after the gap
        await onOwnThread { trace.close() }

        let contents = try TraceContents(path: path)
        let messages = contents.messages
        #expect(messages.compactMap { $0["step"]?.int } == [1, 2, 3, 6])
        #expect(messages[3]["dropped"] == .number("2"))
        #expect(messages[3]["state"] == .number("6"))  // the whole state, after the gap
        #expect(messages[3]["changes"]?.json == #"[{"path":[],"old":5,"new":6}]"#)
        #expect(contents.rebuiltStates().states[6] == .number("6"))
        let statistics = trace.statistics
        #expect(statistics.messagesObserved == 6)
        #expect(statistics.messagesWritten == 4)
        #expect(statistics.messagesDropped == 2)
        #expect(contents.lines.last?["dropped"] == .number("2"))
    }

    @Test func aWriteThatFailsIsReportedOnceAndTheMessagesAreCountedAsLost() async throws {
        let reports = Locked<[String]>([])
        let storage = try TraceWriterStorage<Shelf>(
            path: "/dev/full", options: TraceOptions(), report: { reports.append($0) })
        guard DeliveryThread.start({ storage.runWriter() }) else {
            Issue.record("no writer thread")
            return
        }
        let store = Store(initialState: Shelf(), observers: [StoreObserver { storage.observe($0) }])
        for message in Shelf.messages(20) {
            store.dispatch(message)
        }
        await onOwnThread { storage.close() }
        let statistics = storage.statistics
        #expect(statistics.messagesObserved == 20)
        #expect(statistics.messagesWritten == 0)
        #expect(statistics.messagesLost == 20)
        #expect(statistics.writeFailures >= 1)
        #expect(
            reports.current == [
                "Swivelish: cannot write the trace to /dev/full: No space left on device. Records are lost and "
                    + "counted (TraceWriter.statistics) until writes succeed again.\n"
            ])
    }

    @Test func aFailedWriteLeavesAGapThatTheNextRecordFillsWithTheWholeState() throws {
        // The records of a write that failed are lost: the next message record carries the whole state.
        var records = TraceRecords<Shelf>(snapshotInterval: 100)
        var state = Shelf()
        var lines: [TraceValue] = []
        for (step, message) in Shelf.messages(3).enumerated() {
            let before = state
            _ = Shelf.update(&state, with: message)
            lines += records.message(
                message, step: step + 1, time: nil, before: before, after: state, sentByEffect: false, dropped: 0,
                filtered: 0)
        }
        records.recordLoss(messages: 1)
        let before = state
        _ = Shelf.update(&state, with: Shelf.Tick())
        let next = try #require(
            records.message(
                Shelf.Tick(), step: 5, time: nil, before: before, after: state, sentByEffect: false, dropped: 0,
                filtered: 0
            ).last)
        #expect(next["dropped"] == .number("1"))
        #expect(next["state"] == TraceValue(mirroring: state))
        #expect(next["changes"]?.json == #"[{"path":["count"],"old":\#(state.count - 1),"new":\#(state.count)}]"#)
    }

    @Test func maximumMessagesKeepsTheLastOnesInTwoSegmentsThatEachStartWithTheWholeState() async throws {
        let path = temporaryTracePath()
        let trace = try TraceWriter<Shelf>(path: path, options: TraceOptions(maximumMessages: 5))
        let recorder = StoreRecorder<Shelf>()
        let store = Store(initialState: Shelf(), observers: [trace.observer, recorder.observer])
        for message in Shelf.messages(12) {
            store.dispatch(message)
        }
        await onOwnThread { trace.close() }

        let previous = try TraceContents(path: path + ".1")
        let current = try TraceContents(path: path)
        #expect(previous.header?["segment"] == .number("2"))
        #expect(current.header?["segment"] == .number("3"))
        #expect(previous.header?["trace"] == current.header?["trace"])
        #expect(previous.header?["maximumMessages"] == .number("5"))
        #expect(previous.messages.compactMap { $0["step"]?.int } == [6, 7, 8, 9, 10])
        #expect(current.messages.compactMap { $0["step"]?.int } == [11, 12])
        #expect(current.lines[1]["kind"] == .string("snapshot"))
        #expect(current.lines[1]["step"] == .number("10"))
        let steps = try #require(recorder.recording?.steps)
        for contents in [previous, current] {
            let (states, mismatches) = contents.rebuiltStates()
            #expect(mismatches.isEmpty)
            for (step, state) in states {
                #expect(state.sortedKeys == TraceValue(mirroring: steps[step - 1].state).sortedKeys, "step \(step)")
            }
        }
    }
}
