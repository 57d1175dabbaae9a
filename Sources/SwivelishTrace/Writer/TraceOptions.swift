import Swivelish

/// What a ``TraceWriter`` writes, and how much it may hold in memory.
///
/// ```swift
/// let trace = try TraceWriter<AppState>(
///     path: "app.trace.jsonl",
///     options: TraceOptions(snapshotInterval: 50, maximumMessages: 10_000, messages: .excluding(Tick.self)))
/// ```
public struct TraceOptions: Sendable {
    /// Which messages a trace writes: all of them, only some types, or all but some types.
    ///
    /// A message left out still changes the state: the next message written carries what the messages
    /// left out since the last one changed (`filteredChanges`), so that every step in the trace can still
    /// be rebuilt, and how many there were (`filtered`).
    public struct MessageFilter: Sendable {
        /// The types named, by identity; `nil` for ``all``.
        @usableFromInline
        let types: Set<ObjectIdentifier>?
        /// Whether ``types`` are the ones written (`true`) or the ones left out.
        @usableFromInline
        let includesTypes: Bool

        /// Every message.
        public static var all: MessageFilter {
            MessageFilter(types: nil, includesTypes: false)
        }

        /// Only messages of exactly these types (a subclass does not match its superclass).
        ///
        /// - Parameter types: The message types to write.
        /// - Returns: The filter.
        public static func only(_ types: any Message.Type...) -> MessageFilter {
            MessageFilter(types: Set(types.map { ObjectIdentifier($0) }), includesTypes: true)
        }

        /// Every message but those of exactly these types: a timer's ticks, say.
        ///
        /// - Parameter types: The message types to leave out.
        /// - Returns: The filter.
        public static func excluding(_ types: any Message.Type...) -> MessageFilter {
            MessageFilter(types: Set(types.map { ObjectIdentifier($0) }), includesTypes: false)
        }

        /// Whether `message` is written.
        @inlinable
        func includes(_ message: any Message) -> Bool {
            guard let types else { return true }
            return types.contains(ObjectIdentifier(type(of: message))) == includesTypes
        }
    }

    /// How often a message record carries the whole state: every `snapshotInterval` messages written
    /// (100 by default), besides the first record and the first after a gap. The others carry only the
    /// fields that changed, so the inspector rebuilds a step from at most this many records.
    public var snapshotInterval: Int

    /// The most messages to keep, like Redux DevTools' `maxAge`, or `nil` (the default) to keep all.
    ///
    /// The trace is then written in segments of this many messages: when the file at `path` holds
    /// `maximumMessages`, it is renamed `path.1` (replacing the one before) and a new file is started at
    /// `path`, beginning with the whole state. So the disk holds at most twice this many messages, in two
    /// files, and `swivelish-inspect path` reads both and shows the last `maximumMessages`.
    public var maximumMessages: Int?

    /// How many messages and effect events may wait for the writer thread (10,000 by default).
    ///
    /// When that many wait (the disk or the writer is slower than the store), newer ones are dropped and
    /// counted, never blocking the store: the next message written says how many were dropped before it
    /// (`dropped`) and carries the whole state. The memory the trace holds is bounded by this many events
    /// (each holds its message and the states before and after it, which share storage with the store's
    /// state until it changes) plus the batch being written.
    public var bufferCapacity: Int

    /// Which messages to write; ``MessageFilter/all`` by default.
    public var messages: MessageFilter

    /// Creates options.
    ///
    /// - Parameters:
    ///   - snapshotInterval: Write the whole state every this many messages; at least 1.
    ///   - maximumMessages: Keep at most this many messages (at least 1), or `nil` for all.
    ///   - bufferCapacity: The most events waiting for the writer; at least 1.
    ///   - messages: Which messages to write.
    public init(
        snapshotInterval: Int = 100, maximumMessages: Int? = nil, bufferCapacity: Int = 10_000,
        messages: MessageFilter = .all
    ) {
        precondition(snapshotInterval >= 1, "Swivelish: a trace's snapshotInterval must be at least 1")
        precondition(maximumMessages.map { $0 >= 1 } ?? true, "Swivelish: a trace's maximumMessages must be at least 1")
        precondition(bufferCapacity >= 1, "Swivelish: a trace's bufferCapacity must be at least 1")
        self.snapshotInterval = snapshotInterval
        self.maximumMessages = maximumMessages
        self.bufferCapacity = bufferCapacity
        self.messages = messages
    }
}
