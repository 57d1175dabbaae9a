import Swivelish

extension Recording {
    /// Writes the recording as a trace file, for `swivelish-inspect`, with the first divergence of a
    /// replay marked when there is one.
    ///
    /// ```swift
    /// do {
    ///     try recording.replay()
    /// } catch let divergence as ReplayDivergence<CounterState> {
    ///     try recording.writeTrace(to: "replay.trace.jsonl", divergence: divergence)
    ///     // swift run swivelish-inspect replay.trace.jsonl -o replay.html
    /// }
    /// ```
    ///
    /// The steps are numbered from 1, as in `ReplayDivergence`'s description. The messages have no time
    /// and no origin (a recording does not know which messages effects sent). The page marks the step
    /// of `divergence` as the first divergence and shows the fields whose replayed value differs from the
    /// recorded one.
    ///
    /// - Parameters:
    ///   - path: The file to write; created, or truncated.
    ///   - divergence: What `replay()` threw, if it did.
    /// - Throws: ``TraceError`` when the file cannot be opened or written.
    public func writeTrace(to path: String, divergence: ReplayDivergence<S>? = nil) throws {
        let file = try TraceFile(path: path)
        defer { file.close() }
        var records = TraceRecords<S>(snapshotInterval: 100)
        var output: [UInt8] = []
        let time = currentTime()
        appendLine(
            TraceRecords<S>.header(
                traceID: "recording-\(Int(time * 1_000_000))", segment: 1, time: time, snapshotInterval: 100,
                maximumMessages: nil),
            to: &output)
        appendLine(records.snapshot(step: 0, state: records.render(initialState)), to: &output)
        var before = initialState
        for (index, step) in steps.enumerated() {
            let lines = records.message(
                step.message, step: index + 1, time: nil, before: before, after: step.state, sentByEffect: nil,
                dropped: 0, filtered: 0)
            for line in lines { appendLine(line, to: &output) }
            before = step.state
        }
        if let divergence {
            appendLine(Self.record(of: divergence), to: &output)
        }
        var statistics = TraceStatistics()
        statistics.messagesObserved = steps.count
        statistics.messagesWritten = steps.count
        appendLine(TraceRecords<S>.end(time: time, statistics: statistics), to: &output)
        guard file.write(output) else {
            throw TraceError(path: path, reason: "the trace could not be written")
        }
    }

    /// A record of the first step whose replayed state differs from the recorded one.
    private static func record(of divergence: ReplayDivergence<S>) -> TraceValue {
        let recorded = TraceRecords<S>.render(divergence.recorded)
        let replayed = TraceRecords<S>.render(divergence.replayed)
        return .object([
            .init("kind", .string("divergence")),
            .init("step", .integer(divergence.index + 1)),
            .init("text", .string(divergence.description)),
            .init("changes", .array(recorded.changes(to: replayed).map(\.traceValue))),
            .init("replayed", replayed),
        ])
    }
}
