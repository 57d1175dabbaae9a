import Swivelish

/// The lines of a trace file, one JSON object each: the format (version ``formatVersion``) that
/// `swivelish-inspect` reads. The DocC article "Inspecting a store" describes every field.
///
/// It remembers the state of the last message written, so that each message record carries only the
/// fields that changed, and the whole state at the start, every ``snapshotInterval`` messages and after a
/// gap (messages dropped or lost). Used by the writer thread of a ``TraceWriter``, and by
/// `Recording.writeTrace(to:divergence:)`, one record at a time.
struct TraceRecords<S: State> {
    /// The version of the format written; a reader refuses a newer one it does not know.
    static var formatVersion: Int { 1 }

    /// Whether states are rendered through `Codable` (decided once per state type).
    private static var isEncodable: Bool { S.self is any Encodable.Type }

    let snapshotInterval: Int

    /// The state after the last message written (or of the last snapshot); `nil` before the first.
    private(set) var lastState: TraceValue?
    /// The step of ``lastState``.
    private(set) var lastStep = 0
    /// Messages written since the last one that carried the whole state.
    private var messagesSinceSnapshot = 0
    /// Messages lost since the last record written (a failed write): the next message record says so and
    /// carries the whole state.
    private var lostMessages = 0
    /// The types met in the states written, described in the records that first meet them.
    private let types = TraceTypes()

    init(snapshotInterval: Int) {
        self.snapshotInterval = snapshotInterval
    }

    /// The tree of a state.
    static func render(_ state: S) -> TraceValue {
        if isEncodable, let encodable = state as? any Encodable, let tree = try? TraceValueEncoder.encode(encodable) {
            return tree
        }
        return TraceValue(mirroring: state)
    }

    /// The tree of a state, describing the types met (to write in the next record) and keeping the ids of
    /// the elements of identified arrays.
    func render(_ state: S) -> TraceValue {
        if Self.isEncodable, let encodable = state as? any Encodable,
            let tree = try? TraceValueEncoder.encode(encodable, describingTypesIn: types)
        {
            return tree
        }
        return TraceValue(mirroring: state, describingTypesIn: types)
    }

    /// The first line of a trace file (or of a segment of one).
    static func header(
        traceID: String, segment: Int, time: Double, snapshotInterval: Int, maximumMessages: Int?
    ) -> TraceValue {
        .object([
            .init("format", .string("swivelish-trace")),
            .init("version", .integer(formatVersion)),
            .init("state", .string(displayName(of: S.self))),
            .init("trace", .string(traceID)),
            .init("segment", .integer(segment)),
            .init("time", .floatingPoint(time)),
            .init("snapshotInterval", .integer(snapshotInterval)),
            .init("maximumMessages", maximumMessages.map { .integer($0) } ?? .null),
        ])
    }

    /// A record of the whole state after `step` (0: before the first message), rendered by ``render(_:)``;
    /// with the types described since the last record (or, with `allTypes`, every type described so far).
    mutating func snapshot(step: Int, state: TraceValue, allTypes: Bool = false) -> TraceValue {
        lastState = state
        lastStep = step
        messagesSinceSnapshot = 0
        var fields: [TraceValue.Field] = [
            .init("kind", .string("snapshot")), .init("step", .integer(step)), .init("state", state),
        ]
        let newTypes = types.takeNewDescriptions()
        if let described = allTypes ? types.allDescriptions() : newTypes {
            fields.append(.init("types", described))
        }
        return .object(fields)
    }

    /// A snapshot of the last state written, to begin a new segment, with every type described so far (the
    /// segment may be read alone); `nil` before the first message or after a loss (the next message record
    /// carries the whole state then).
    mutating func snapshotOfLastState() -> TraceValue? {
        guard let lastState, lostMessages == 0 else { return nil }
        return snapshot(step: lastStep, state: lastState, allTypes: true)
    }

    /// Records that the last `messages` message records could not be written.
    mutating func recordLoss(messages: Int) {
        lostMessages += messages
    }

    /// The records of one message applied: a snapshot of the state before it first, when none was written
    /// yet, then the message.
    ///
    /// - Parameters:
    ///   - step: The message's number since the trace began (every message the store applied counts).
    ///   - before: The state before it.
    ///   - after: The state it made.
    ///   - sentByEffect: Whether an effect sent it; `nil` when not known (a recording).
    ///   - dropped: Messages dropped just before it (they left a gap: the record carries the whole state).
    ///   - filtered: Messages left out by the filter since the last message written.
    ///   - notAppliedReason: Why the message reached no state, if it did not (``StoreEvent/notAppliedReason``);
    ///     written as `notApplied`.
    mutating func message(
        _ message: any Message, step: Int, time: Double?, before: S, after: S, sentByEffect: Bool?, dropped: Int,
        filtered: Int, notAppliedReason: String? = nil
    ) -> [TraceValue] {
        var records: [TraceValue] = []
        let missing = dropped + lostMessages
        var fields: [TraceValue.Field] = [.init("kind", .string("message")), .init("step", .integer(step))]
        if let time { fields.append(.init("time", .floatingPoint(time))) }
        fields.append(.init("type", .string(displayName(of: type(of: message)))))
        let text = codeDescription(of: message)
        fields.append(.init("text", .string(text)))
        if let code = testCode(of: message), code != text {
            fields.append(.init("code", .string(code)))
        }
        if let payload = message as? any Encodable, let tree = try? TraceValueEncoder.encode(payload) {
            fields.append(.init("payload", tree))
        }
        if let sentByEffect { fields.append(.init("origin", .string(sentByEffect ? "effect" : "send"))) }
        if let notAppliedReason { fields.append(.init("notApplied", .string(notAppliedReason))) }

        let beforeTree: TraceValue
        var filteredChanges: [TraceChange] = []
        if let lastState, missing == 0, filtered == 0 {
            beforeTree = lastState
        } else {
            beforeTree = render(before)
            if let lastState, missing == 0 {
                filteredChanges = lastState.changes(to: beforeTree)
            } else if lastState == nil {
                records.append(snapshot(step: step - 1, state: beforeTree))
            }
        }
        if missing > 0 {
            fields.append(.init("dropped", .integer(missing)))
        }
        if filtered > 0 {
            fields.append(.init("filtered", .integer(filtered)))
        }
        if !filteredChanges.isEmpty {
            fields.append(.init("filteredChanges", .array(filteredChanges.map(\.traceValue))))
        }
        // Rendered after the state before it (and its snapshot, for the first message), so that the types only
        // it holds are described in the message's record.
        let afterTree: TraceValue
        if !Self.isEncodable {
            // `beforeTree` is the rendering of `before`: reuse what did not change.
            afterTree = TraceValue(mirroring: after, reusing: beforeTree, of: before, describingTypesIn: types)
        } else {
            afterTree = render(after)
        }
        fields.append(.init("changes", .array(beforeTree.changes(to: afterTree).map(\.traceValue))))
        messagesSinceSnapshot += 1
        if missing > 0 || messagesSinceSnapshot >= snapshotInterval {
            fields.append(.init("state", afterTree))
            messagesSinceSnapshot = 0
        }
        if let described = types.takeNewDescriptions() {
            fields.append(.init("types", described))
        }
        lastState = afterTree
        lastStep = step
        lostMessages = 0
        records.append(.object(fields))
        return records
    }

    /// A record of an effect started, cancelled or finished, after message `step`.
    static func effect(_ event: EffectEvent, step: Int, time: Double) -> TraceValue {
        var fields: [TraceValue.Field] = [
            .init("kind", .string("effect")), .init("step", .integer(step)), .init("time", .floatingPoint(time)),
        ]
        switch event.kind {
        case .started: fields.append(.init("event", .string("started")))
        case let .cancelled(count):
            fields.append(.init("event", .string("cancelled")))
            fields.append(.init("count", .integer(count)))
        case .finished: fields.append(.init("event", .string("finished")))
        }
        fields.append(.init("id", .string(event.idDescription)))
        fields.append(.init("idType", .string(event.idTypeName)))
        return .object(fields)
    }

    /// The last record of a trace closed by its app: the totals.
    static func end(time: Double, statistics: TraceStatistics) -> TraceValue {
        .object([
            .init("kind", .string("end")),
            .init("time", .floatingPoint(time)),
            .init("messages", .integer(statistics.messagesObserved)),
            .init("written", .integer(statistics.messagesWritten)),
            .init("filtered", .integer(statistics.messagesFiltered)),
            .init("dropped", .integer(statistics.messagesDropped)),
            .init("lost", .integer(statistics.messagesLost)),
            .init("effectEventsDropped", .integer(statistics.effectEventsDropped)),
            .init("writeFailures", .integer(statistics.writeFailures)),
        ])
    }
}
