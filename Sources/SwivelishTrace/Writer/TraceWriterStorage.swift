#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

import Swivelish

/// The lock, the ``TraceBuffer`` it guards, and the writer thread's loop: what a ``TraceWriter`` is made of.
///
/// The store's delivering thread only takes the lock to append an event (no rendering, no allocation:
/// the buffer's storage is reserved up front); the writer thread takes the lock only to swap the buffer
/// with its empty batch, then renders, diffs, encodes and writes without it, and lets the batch's values
/// (the user's states and messages) go before it takes the lock again.
///
/// `@unchecked Sendable`: `buffer` is guarded by `lock`; the other properties are `let`s, or used by the
/// writer thread only (`file`, `records`, `segmentMessages`, `segment`).
@usableFromInline
final class TraceWriterStorage<S: State>: @unchecked Sendable {
    @usableFromInline
    let lock = ConditionLock()
    @usableFromInline
    @exclusivity(unchecked)
    var buffer: TraceBuffer<S>
    @usableFromInline
    let options: TraceOptions

    // The writer thread's own.
    private let file: TraceFile
    private var records: TraceRecords<S>
    private let traceID: String
    private var segment = 1
    private var segmentMessages = 0

    /// Writes no more than this many bytes at once, so that a failed write loses a bounded number of records.
    private static var chunkSize: Int { 64 * 1024 }

    init(
        path: String, options: TraceOptions, report: @escaping @Sendable (String) -> Void = writeToStandardError
    ) throws {
        self.options = options
        file = try TraceFile(path: path, report: report)
        buffer = TraceBuffer(capacity: options.bufferCapacity)
        records = TraceRecords(snapshotInterval: options.snapshotInterval)
        let now = currentTime()
        traceID = "\(getpid())-\(Int(now * 1_000_000))"
        var firstLine: [UInt8] = []
        appendLine(header(time: now), to: &firstLine)
        _ = file.write(firstLine)
    }

    // MARK: - On the store's delivering thread

    /// Enqueues `event`: a lock round trip and an append, whatever the state.
    @inlinable
    func observe(_ event: StoreEvent<S>) {
        let isIncluded = options.messages.includes(event.message)
        let time = currentTime()
        lock.lock("a trace")
        let wake = buffer.observe(event, time: time, isIncluded: isIncluded)
        lock.unlock()
        if wake { lock.broadcast() }
    }

    /// Enqueues an effect event.
    @usableFromInline
    func observe(_ event: EffectEvent) {
        let time = currentTime()
        lock.lock("a trace")
        let wake = buffer.observe(event, time: time)
        lock.unlock()
        if wake { lock.broadcast() }
    }

    // MARK: - For the facade

    var statistics: TraceStatistics {
        lock.withLock("a trace") { buffer.statistics }
    }

    /// Waits until everything enqueued before the call is written (or the writer has stopped).
    func flush() {
        lock.lock("TraceWriter.flush()")
        let target = buffer.accepted
        while !buffer.hasCompleted(target) {
            lock.wait()
        }
        lock.unlock()
    }

    /// Stops taking events; the writer thread writes what waits and the end record, then closes the file.
    func requestClose() {
        let wake = lock.withLock("TraceWriter.close()") { buffer.close() }
        if wake { lock.broadcast() }
    }

    /// ``requestClose()``, then waits until the file is closed.
    func close() {
        requestClose()
        lock.lock("TraceWriter.close()")
        while !buffer.isFinished {
            lock.wait()
        }
        lock.unlock()
    }

    // MARK: - On the writer thread

    /// The writer thread's loop: until the trace is closed and everything is written.
    func runWriter() {
        var batch: [TraceBuffer<S>.Item] = []
        batch.reserveCapacity(options.bufferCapacity)
        while true {
            lock.lock("a trace's writer")
            var next = buffer.next(into: &batch)
            while case .wait = next {
                lock.wait()
                next = buffer.next(into: &batch)
            }
            lock.unlock()
            if case .finish = next {
                finish()
                return
            }
            let outcome = write(batch)
            let count = batch.count
            batch.removeAll(keepingCapacity: true)  // the user's states and messages go here, unlocked
            lock.withLock("a trace's writer") { buffer.completed(count, outcome: outcome) }
            lock.broadcast()
        }
    }

    /// Renders and writes `batch`, in chunks; returns what was written and lost.
    private func write(_ batch: [TraceBuffer<S>.Item]) -> TraceStatistics {
        var outcome = TraceStatistics()
        var output: [UInt8] = []
        var chunkMessages = 0
        var chunkEffects = 0
        func writeChunk() {
            guard !output.isEmpty else { return }
            if file.write(output) {
                outcome.messagesWritten += chunkMessages
                outcome.effectEventsWritten += chunkEffects
            } else {
                outcome.writeFailures += 1
                outcome.messagesLost += chunkMessages
                outcome.effectEventsDropped += chunkEffects
                records.recordLoss(messages: chunkMessages)
            }
            output.removeAll(keepingCapacity: true)
            chunkMessages = 0
            chunkEffects = 0
        }
        for item in batch {
            switch item {
            case let .message(event, step, time, dropped, filtered):
                let lines = records.message(
                    event.message, step: step, time: time, before: event.stateBefore, after: event.stateAfter,
                    sentByEffect: event.isSentByEffect, dropped: dropped, filtered: filtered,
                    notAppliedReason: event.notAppliedReason)
                for line in lines { appendLine(line, to: &output) }
                chunkMessages += 1
                segmentMessages += 1
                if let maximum = options.maximumMessages, segmentMessages >= maximum {
                    writeChunk()
                    startSegment(time: time)
                }
            case let .effect(event, step, time):
                appendLine(TraceRecords<S>.effect(event, step: step, time: time), to: &output)
                chunkEffects += 1
            }
            if output.count >= Self.chunkSize {
                writeChunk()
            }
        }
        writeChunk()
        return outcome
    }

    /// Renames the file `path.1` and starts a new one with the header and the last state.
    private func startSegment(time: Double) {
        segmentMessages = 0
        guard file.rotate() else { return }
        segment += 1
        var output: [UInt8] = []
        appendLine(header(time: time), to: &output)
        if let snapshot = records.snapshotOfLastState() {
            appendLine(snapshot, to: &output)
        }
        _ = file.write(output)
    }

    private func finish() {
        let statistics = lock.withLock("a trace's writer") { buffer.statistics }
        var output: [UInt8] = []
        appendLine(TraceRecords<S>.end(time: currentTime(), statistics: statistics), to: &output)
        _ = file.write(output)
        file.close()
        lock.withLock("a trace's writer") { buffer.markFinished() }
        lock.broadcast()
    }

    private func header(time: Double) -> TraceValue {
        TraceRecords<S>.header(
            traceID: traceID, segment: segment, time: time, snapshotInterval: options.snapshotInterval,
            maximumMessages: options.maximumMessages)
    }
}

/// Appends `record` and a newline.
func appendLine(_ record: TraceValue, to output: inout [UInt8]) {
    record.appendJSON(to: &output)
    output.append(UInt8(ascii: "\n"))
}

/// The time of day, in seconds since 1970 (`CLOCK_REALTIME`, through the vDSO: no system call).
@inlinable
func currentTime() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1_000_000_000
}
