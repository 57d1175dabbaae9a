import Swivelish

/// Streams every message a store applies to a file, as JSON Lines, for `swivelish-inspect` to show in a
/// browser: the message, the fields it changed, the whole state every so often, and the effects started
/// and cancelled by id.
///
/// ```swift
/// let trace = try TraceWriter<CounterState>(path: "counter.trace.jsonl")
/// let store = Store(initialState: CounterState(), observers: [trace.observer])
/// store.dispatch(CounterMessage.increment(amount: 2))
/// trace.close()  // writes what waits, then closes the file
/// ```
///
/// Then `swift run swivelish-inspect counter.trace.jsonl -o inspector.html` makes the page (see
/// <doc:InspectingAStore>, which also describes the format).
///
/// **What it costs the store.** The observer runs on the store's delivering thread, and does no more
/// there than read the clock and append the event (the message and the states around it) to a bounded
/// buffer under a lock of its own. A thread of the writer's renders the states (their `Codable` encoding,
/// or a structural rendering through `Mirror` for states that are not `Codable`), finds the fields that
/// changed, encodes and writes. So a slow or full disk never slows the store: when
/// ``TraceOptions/bufferCapacity`` events wait, newer ones are dropped and counted, and the next record
/// written says how many and carries the whole state. A write that fails is reported once on standard
/// error and counted in ``statistics``; the writer goes on with the next records. Memory stays bounded by
/// the buffer.
///
/// **Lifetime.** Call ``close()`` before the program exits, or ``flush()`` to wait until everything
/// observed so far is written: events still in the buffer when the process ends are lost. When the writer
/// and every copy of its ``observer`` are freed (with the store), the trace closes itself, without
/// waiting. A trace from a program killed mid-write ends in a cut line; the inspector says so and shows
/// the rest.
public final class TraceWriter<S: State>: Sendable {
    @usableFromInline
    let storage: TraceWriterStorage<S>
    /// Closes the trace when the last of the writer and its observers goes.
    @usableFromInline
    let closer: TraceCloser

    /// The file the trace is written to.
    public let path: String

    /// Creates (or truncates) the file at `path`, writes the header, and starts the writer thread.
    ///
    /// - Parameters:
    ///   - path: Where to write the trace; the directory must exist. With
    ///     ``TraceOptions/maximumMessages``, the previous segment goes to `path` + `.1`.
    ///   - options: Which messages to write, how often to write the whole state, and the limits.
    /// - Throws: ``TraceError`` when the file cannot be opened for writing or the thread cannot start.
    public init(path: String, options: TraceOptions = TraceOptions()) throws {
        let storage = try TraceWriterStorage<S>(path: path, options: options)
        guard DeliveryThread.start({ storage.runWriter() }) else {
            throw TraceError(path: path, reason: "the writer thread could not be started")
        }
        self.storage = storage
        self.path = path
        closer = TraceCloser { storage.requestClose() }
    }

    /// The observer to give the store: it sees every message applied, and every effect with an id that
    /// the store starts, cancels, or sees finish.
    ///
    /// Give it to one store only: the trace numbers the messages it observes as the steps of one store.
    ///
    /// (Inlinable, so that what it does on the store's thread is specialised for `S` where the store is.)
    @inlinable
    public var observer: StoreObserver<S> {
        let storage = storage
        let closer = closer
        return StoreObserver(
            { event in
                withExtendedLifetime(closer) { storage.observe(event) }
            },
            effects: { event in
                withExtendedLifetime(closer) { storage.observe(event) }
            })
    }

    /// What was observed, written, left out, dropped and lost so far.
    public var statistics: TraceStatistics {
        storage.statistics
    }

    /// Blocks the calling thread until every event observed before the call is written to the file (handed
    /// to the system; not necessarily on the disk yet), or the trace is closed.
    ///
    /// The writer is a thread of its own, not one of the concurrency pool, so waiting here never waits for
    /// a task.
    public func flush() {
        storage.flush()
    }

    /// Stops observing, writes what waits and an end record with the totals, closes the file, and returns
    /// when that is done. Later events are ignored; calling it again does nothing.
    public func close() {
        storage.close()
    }
}

/// Calls its closure when freed: the trace closes when nothing can send it events any more.
@usableFromInline
final class TraceCloser: Sendable {
    private let onDeinit: @Sendable () -> Void

    init(_ onDeinit: @escaping @Sendable () -> Void) {
        self.onDeinit = onDeinit
    }

    deinit {
        onDeinit()
    }
}
