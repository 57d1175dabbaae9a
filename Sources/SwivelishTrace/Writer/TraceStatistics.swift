import Swivelish

/// What a ``TraceWriter`` has done so far: messages seen, written, left out and dropped.
///
/// Every message the store applied while the trace was open is counted once in ``messagesObserved``, and
/// then in exactly one of ``messagesFiltered``, ``messagesDropped``, ``messagesWritten`` or
/// ``messagesLost``, or not yet in any while it waits for the writer.
public struct TraceStatistics: Sendable, Equatable {
    /// The messages the store applied while the trace was open.
    public var messagesObserved = 0

    /// The messages left out by ``TraceOptions/messages``.
    public var messagesFiltered = 0

    /// The messages dropped because ``TraceOptions/bufferCapacity`` events were waiting already.
    public var messagesDropped = 0

    /// The messages written to the file.
    public var messagesWritten = 0

    /// The messages whose record could not be written (see ``writeFailures``).
    public var messagesLost = 0

    /// The effect events (started, cancelled, finished) written.
    public var effectEventsWritten = 0

    /// The effect events dropped because the buffer was full, or lost to a failed write.
    public var effectEventsDropped = 0

    /// How many writes to the file failed (a full disk, an I/O error). The first failure is reported on
    /// standard error; the writer goes on trying with the next records.
    public var writeFailures = 0

    /// Creates statistics with every count at zero.
    public init() {}
}
