import Swivelish
import Testing

@testable import SwivelishTrace

@Suite("Trace writer under many threads")
struct TraceConcurrencyTests {
    /// Eight threads dispatch at once while the writer writes; with room for every event, each message is
    /// written once, numbered in commit order, and the last state rebuilt from the file is the store's.
    /// Under ThreadSanitizer (CI), this also checks the hand-over between the store's threads and the writer.
    @Test func everyMessageFromEightThreadsIsWrittenOnceInCommitOrder() async throws {
        let path = temporaryTracePath()
        let threads = 8
        let perThread = 250
        let trace = try TraceWriter<Counter>(
            path: path, options: TraceOptions(snapshotInterval: 50, bufferCapacity: threads * perThread))
        let store = Store(initialState: Counter(), observers: [trace.observer])
        await runConcurrently(threads: threads) { _ in
            for _ in 0..<perThread { store.dispatch(Add()) }
        }
        await store.waitForDeliveries()
        await onOwnThread { trace.close() }

        let contents = try TraceContents(path: path)
        let total = threads * perThread
        #expect(contents.messages.compactMap { $0["step"]?.int } == Array(1...total))
        let (states, mismatches) = contents.rebuiltStates()
        #expect(mismatches.isEmpty)
        #expect(states[total] == TraceValue(mirroring: store.state))
        #expect(trace.statistics.messagesWritten == total)
        #expect(trace.statistics.messagesDropped == 0)
    }

    /// A small buffer under eight threads: whatever is dropped is counted, what is written is in order,
    /// and the counts add up.
    @Test func aSmallBufferUnderEightThreadsDropsAndCountsWithoutLosingCount() async throws {
        let path = temporaryTracePath()
        let trace = try TraceWriter<Counter>(path: path, options: TraceOptions(bufferCapacity: 4))
        let store = Store(initialState: Counter(), observers: [trace.observer])
        await runConcurrently(threads: 8) { _ in
            for _ in 0..<250 { store.dispatch(Add()) }
        }
        await store.waitForDeliveries()
        await onOwnThread { trace.close() }

        let statistics = trace.statistics
        #expect(statistics.messagesObserved == 2_000)
        #expect(statistics.messagesWritten + statistics.messagesDropped == 2_000)
        let contents = try TraceContents(path: path)
        let steps = contents.messages.compactMap { $0["step"]?.int }
        #expect(steps.count == statistics.messagesWritten)
        #expect(steps == steps.sorted())
        let droppedInRecords = contents.messages.compactMap { $0["dropped"]?.int }.reduce(0, +)
        // Messages dropped after the last one written are only in the totals of the end record.
        #expect(droppedInRecords <= statistics.messagesDropped)
        #expect(contents.lines.last?["dropped"]?.int == statistics.messagesDropped)
        // Each step rebuilt from the file is the count at that step: Counter adds 1 per message.
        for (step, state) in contents.rebuiltStates().states {
            #expect(state["count"] == .number(String(step)), "step \(step)")
        }
    }
}
