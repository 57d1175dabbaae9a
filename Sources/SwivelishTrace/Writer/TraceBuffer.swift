import Swivelish

/// What waits for a ``TraceWriter``'s thread, and the counts, as a plain value: the whole protocol
/// between the store's delivering thread (which only enqueues) and the writer thread (which renders and
/// writes), guarded by the writer's lock.
///
/// Every method runs with the lock held and returns what the caller must do after unlocking (wake the
/// writer, wake those waiting in `flush`). The buffer never grows past ``capacity``: a message or an
/// effect event that finds it full is dropped and counted, and the next message accepted says how many
/// messages were dropped before it.
@usableFromInline
struct TraceBuffer<S: State> {
    /// An event waiting to be written.
    @usableFromInline
    enum Item {
        case message(StoreEvent<S>, step: Int, time: Double, dropped: Int, filtered: Int)
        case effect(EffectEvent, step: Int, time: Double)
    }

    /// What the writer thread does next.
    enum Next {
        /// Write the items just moved into its batch.
        case write
        /// Wait for a wake-up: nothing to write.
        case wait
        /// Write the end record, close the file and stop: the trace was closed and everything is written.
        case finish
    }

    @usableFromInline
    let capacity: Int
    @usableFromInline
    var pending: [Item] = []
    @usableFromInline
    var statistics = TraceStatistics()

    /// Messages observed so far: the step of the last one.
    @usableFromInline
    var step = 0
    @usableFromInline
    var droppedSinceAccepted = 0
    @usableFromInline
    var filteredSinceAccepted = 0

    /// Items accepted since the trace opened, and items the writer has finished with.
    @usableFromInline
    var accepted = 0
    private(set) var completed = 0

    /// Whether the writer thread is waiting for a wake-up, so that only the first item after it began to
    /// wait wakes it (one condition broadcast per idle period, not one per message).
    @usableFromInline
    var isWriterWaiting = false
    @usableFromInline
    var isClosing = false
    private(set) var isFinished = false

    init(capacity: Int) {
        self.capacity = capacity
        pending.reserveCapacity(capacity)
    }

    /// Takes in a message the store applied. Returns whether to wake the writer.
    @inlinable
    mutating func observe(_ event: StoreEvent<S>, time: Double, isIncluded: Bool) -> Bool {
        guard !isClosing else { return false }
        step += 1
        statistics.messagesObserved += 1
        guard isIncluded else {
            statistics.messagesFiltered += 1
            filteredSinceAccepted += 1
            return false
        }
        guard pending.count < capacity else {
            statistics.messagesDropped += 1
            droppedSinceAccepted += 1
            return false
        }
        pending.append(
            .message(event, step: step, time: time, dropped: droppedSinceAccepted, filtered: filteredSinceAccepted))
        droppedSinceAccepted = 0
        filteredSinceAccepted = 0
        return accept()
    }

    /// Takes in an effect event. Returns whether to wake the writer.
    mutating func observe(_ event: EffectEvent, time: Double) -> Bool {
        guard !isClosing else { return false }
        guard pending.count < capacity else {
            statistics.effectEventsDropped += 1
            return false
        }
        pending.append(.effect(event, step: step, time: time))
        return accept()
    }

    @inlinable
    mutating func accept() -> Bool {
        accepted += 1
        defer { isWriterWaiting = false }
        return isWriterWaiting
    }

    /// For the writer thread: moves what waits into `batch` (empty, with room for ``capacity``), or says
    /// to wait or to finish.
    mutating func next(into batch: inout [Item]) -> Next {
        if !pending.isEmpty {
            swap(&pending, &batch)
            return .write
        }
        if isClosing {
            return .finish
        }
        isWriterWaiting = true
        return .wait
    }

    /// For the writer thread: `count` items were handled, with these outcomes. The caller then wakes those
    /// waiting in `flush`.
    mutating func completed(_ count: Int, outcome: TraceStatistics) {
        completed += count
        statistics.messagesWritten += outcome.messagesWritten
        statistics.messagesLost += outcome.messagesLost
        statistics.effectEventsWritten += outcome.effectEventsWritten
        statistics.effectEventsDropped += outcome.effectEventsDropped
        statistics.writeFailures += outcome.writeFailures
    }

    /// Whether everything accepted before `target` was handled, or the writer has stopped.
    func hasCompleted(_ target: Int) -> Bool {
        completed >= target || isFinished
    }

    /// Stops taking in events; the writer writes what waits, then finishes. Returns whether to wake it.
    mutating func close() -> Bool {
        guard !isClosing else { return false }
        isClosing = true
        return true
    }

    /// Records that the writer thread has stopped, after the end record; `flush` and `close` stop waiting.
    mutating func markFinished() {
        isFinished = true
    }
}
