// Measures the store under overload: producers that dispatch faster than a slow subscriber can keep up with.
//
//     cd Benchmarks
//     swift run -c release --scratch-path .build-overload SwivelishOverload [seconds] [subscriber-µs] [threads]
//
// Defaults: 0.5 seconds, 20 µs, 3 threads. One subscriber on `\.count` (not `immediately`, no `skipRepeats`)
// busy-waits on CLOCK_MONOTONIC for the given time per call and checks that it receives exactly 1, 2, ...,
// the final count. The producer threads start together at a barrier and dispatch `Increment` as fast as they
// can until the given time has passed, timing every `dispatch` call. Then the tool waits (polling, at most
// 600 s) until the subscriber has received the final count, and reads the peak RSS (VmHWM in
// /proc/self/status; the maximum resident set size from getrusage elsewhere).
//
// The bar (the acceptance bar for a delivery engine that holds up under overload):
//
// - the worst single `dispatch` call takes at most 100 ms;
// - the peak RSS stays at or below 64 MiB;
// - the subscriber receives every state, in order, with no gap and no repeat;
// - the backlog is drained within 1 s after the last producer's `dispatch` has returned.
//
// It measures; it does not judge. The exit status is 0 whatever the figures, 1 when the subscriber missed a
// state or received one out of order (or had not received them all after 600 s), and 2 for bad arguments.
// The last line is a machine-readable summary:
//
//     worst_dispatch_ms=... p99_dispatch_us=... peak_rss_mib=... drain_ms=... delivered_in_order=... dispatches=...
//
// `drain_ms` is `timeout` when the subscriber had not received the final count after 600 s. Percentiles come
// from a log-linear histogram (32 buckets per power of two, so within about 3%, rounded up); the worst call is
// exact. The tool allocates nothing per dispatch: each producer records into a fixed histogram of its own.

import BenchmarkSupport
import Swivelish

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - The state and the message

struct OverloadState: State {
    var count = 0

    static func update(_ state: inout OverloadState, with message: Message) -> Effect? {
        guard message.as(Increment.self) != nil else { return nil }
        state.count += 1
        return nil
    }
}

struct Increment: Message {}

// MARK: - Locks

/// Releases the producer threads together once all of them are ready.
final class StartBarrier: @unchecked Sendable {
    // `@unchecked Sendable`: `waiting` is only touched with the monitor's lock held.
    private let monitor = Monitor()
    private let parties: Int
    private var waiting = 0

    init(parties: Int) {
        self.parties = parties
    }

    func arriveAndWait() {
        monitor.withLock {
            waiting += 1
            if waiting == parties { monitor.broadcast() }
        }
        monitor.wait { waiting >= parties }
    }
}

// MARK: - The subscriber's record

/// What the subscriber received: checked in order as it arrives, read by the main thread while it waits.
final class DeliveryRecord: @unchecked Sendable {
    // `@unchecked Sendable`: every field is read and written with the monitor's lock held.
    struct Snapshot {
        var deliveries = 0
        var last = 0
        var highest = 0
        var gaps = 0
        var missing = 0
        var repeatsOrReorders = 0
        var firstMistake: (expected: Int, received: Int)?
    }

    private let monitor = Monitor()
    private var snapshot = Snapshot()

    func receive(_ value: Int) {
        monitor.withLock {
            snapshot.deliveries += 1
            let expected = snapshot.last + 1
            if value != expected {
                if value > expected {
                    snapshot.gaps += 1
                    snapshot.missing += value - expected
                } else {
                    snapshot.repeatsOrReorders += 1
                }
                if snapshot.firstMistake == nil { snapshot.firstMistake = (expected, value) }
            }
            snapshot.last = value
            snapshot.highest = max(snapshot.highest, value)
        }
    }

    func read() -> Snapshot {
        monitor.withLock { snapshot }
    }
}

// MARK: - Latency histogram

/// A log-linear histogram of nanoseconds: exact below 64 ns, then 32 buckets per power of two.
final class LatencyHistogram: @unchecked Sendable {
    // `@unchecked Sendable`: one producer thread writes it; the main thread reads it after joining that thread.
    static let bucketCount = 64 + 58 * 32
    let counts = UnsafeMutablePointer<UInt64>.allocate(capacity: LatencyHistogram.bucketCount)

    init() {
        counts.initialize(repeating: 0, count: Self.bucketCount)
    }

    deinit {
        counts.deallocate()
    }

    @inline(__always)
    static func bucket(of nanoseconds: UInt64) -> Int {
        if nanoseconds < 64 { return Int(nanoseconds) }
        let exponent = 63 - nanoseconds.leadingZeroBitCount
        let step = Int((nanoseconds >> UInt64(exponent - 5)) & 31)
        return 64 + (exponent - 6) * 32 + step
    }

    /// The largest value that falls in `bucket`.
    static func upperBound(of bucket: Int) -> UInt64 {
        if bucket < 64 { return UInt64(bucket) }
        let exponent = (bucket - 64) / 32 + 6
        let step = UInt64((bucket - 64) % 32)
        let width = UInt64(1) << UInt64(exponent - 5)
        return (32 + step) * width + width - 1
    }

    @inline(__always)
    func record(_ nanoseconds: UInt64) {
        counts[Self.bucket(of: nanoseconds)] &+= 1
    }

    func add(_ other: LatencyHistogram) {
        for bucket in 0..<Self.bucketCount {
            counts[bucket] += other.counts[bucket]
        }
    }

    /// The value below which a fraction `quantile` of the samples fall, rounded up to its bucket's top and
    /// capped at `worst`.
    func percentile(_ quantile: Double, worst: UInt64) -> UInt64 {
        var total: UInt64 = 0
        for bucket in 0..<Self.bucketCount { total += counts[bucket] }
        guard total > 0 else { return 0 }
        let rank = max(1, UInt64((quantile * Double(total)).rounded(.up)))
        var seen: UInt64 = 0
        for bucket in 0..<Self.bucketCount {
            seen += counts[bucket]
            if seen >= rank { return min(Self.upperBound(of: bucket), worst) }
        }
        return worst
    }
}

// MARK: - Producers

/// One producer thread: dispatches until its deadline and times every call.
final class Producer: @unchecked Sendable {
    // `@unchecked Sendable`: the thread writes the results at the end of `run`; the main thread reads them
    // after joining it.
    let store: Store<OverloadState>
    let barrier: StartBarrier
    let duration: UInt64
    let histogram = LatencyHistogram()
    var dispatches = 0
    var worst: UInt64 = 0
    var overBar = 0
    var started: UInt64 = 0
    var finished: UInt64 = 0

    init(store: Store<OverloadState>, barrier: StartBarrier, duration: UInt64) {
        self.store = store
        self.barrier = barrier
        self.duration = duration
    }

    func run() {
        let store = store
        let histogram = histogram
        barrier.arriveAndWait()
        let started = now()
        let deadline = started + duration
        var dispatches = 0
        var worst: UInt64 = 0
        var overBar = 0
        var end: UInt64
        repeat {
            let begin = now()
            store.dispatch(Increment())
            end = now()
            let elapsed = end &- begin
            histogram.record(elapsed)
            if elapsed > worst { worst = elapsed }
            if elapsed > 100_000_000 { overBar += 1 }
            dispatches += 1
        } while end < deadline
        self.dispatches = dispatches
        self.worst = worst
        self.overBar = overBar
        self.started = started
        self.finished = end
    }
}

// MARK: - Formatting

/// A duration in the unit that suits it, with three significant digits or so.
func duration(_ nanoseconds: UInt64) -> String {
    let value = Double(nanoseconds)
    switch value {
    case ..<1_000: return "\(nanoseconds) ns"
    case ..<10_000: return decimal(value / 1e3, places: 2) + " µs"
    case ..<1_000_000: return decimal(value / 1e3, places: 1) + " µs"
    case ..<10_000_000: return decimal(value / 1e6, places: 2) + " ms"
    case ..<1_000_000_000: return decimal(value / 1e6, places: 1) + " ms"
    default: return decimal(value / 1e9, places: 2) + " s"
    }
}

/// `kibibytes` in MiB, with one digit after the point.
func mebibytes(_ kibibytes: Int?) -> String {
    kibibytes.map { decimal(Double($0) / 1024, places: 1) + " MiB" } ?? "unknown"
}

/// `text` padded with spaces to `width`, on the left for numbers.
func column(_ text: String, _ width: Int, right: Bool = true) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
}

// MARK: - The run

func run(seconds: Double, subscriberMicroseconds: Double, threads: Int) -> Int32 {
    let drainCap: UInt64 = 600_000_000_000
    let work = UInt64(subscriberMicroseconds * 1_000)
    let store = Store(initialState: OverloadState())
    let record = DeliveryRecord()
    let unsubscribe = store.subscribe(\.count, immediately: false) { count in
        let begin = now()
        record.receive(count)
        while now() &- begin < work {}
    }
    defer { unsubscribe() }

    let before = residentSetSize()
    print(
        "SwivelishOverload: \(threads) producer thread\(threads == 1 ? "" : "s") for \(decimal(seconds, places: 3)) s,"
            + " one subscriber busy for \(decimal(subscriberMicroseconds, places: 1)) µs per call"
    )
    print("RSS before dispatching: \(mebibytes(before.current))")
    fflush(nil)  // all streams: show the header before a long run

    let barrier = StartBarrier(parties: threads)
    let producers = (0..<threads).map { _ in
        Producer(store: store, barrier: barrier, duration: UInt64(seconds * 1e9))
    }
    let running = producers.map { producer in spawn { producer.run() } }
    running.forEach(join)
    let stopped = now()

    // Wait for the subscriber to receive the final count.
    let finalCount = store.state.count
    var received = DeliveryRecord.Snapshot()
    var drained: UInt64?
    while true {
        received = record.read()
        if received.highest >= finalCount || received.deliveries >= finalCount {
            drained = now() - stopped
            break
        }
        if now() - stopped > drainCap { break }
        usleep(200)
    }
    let memory = residentSetSize()

    // Per-thread and overall latencies.
    let all = LatencyHistogram()
    producers.forEach { all.add($0.histogram) }
    let dispatches = producers.reduce(0) { $0 + $1.dispatches }
    let worst = producers.map(\.worst).max() ?? 0
    let deadline = (producers.map(\.started).min() ?? 0) + UInt64(seconds * 1e9)
    let lastReturn = producers.map(\.finished).max() ?? 0
    print("")
    print(
        [
            column("thread", 6, right: false), column("dispatches", 11), column("p50", 10), column("p99", 10),
            column("p99.9", 10), column("worst", 10), column("> 100 ms", 9), column("returned after deadline", 24),
        ].joined(separator: " ")
    )
    let rows: [(name: String, histogram: LatencyHistogram, dispatches: Int, worst: UInt64, over: Int, late: UInt64)] =
        producers.enumerated().map { index, producer in
            (
                "\(index + 1)", producer.histogram, producer.dispatches, producer.worst, producer.overBar,
                producer.finished - min(producer.finished, producer.started + UInt64(seconds * 1e9))
            )
        } + [
            (
                "all", all, dispatches, worst, producers.reduce(0) { $0 + $1.overBar },
                lastReturn - min(lastReturn, deadline)
            )
        ]
    for row in rows {
        print(
            [
                column(row.name, 6, right: false), column("\(row.dispatches)", 11),
                column(duration(row.histogram.percentile(0.5, worst: row.worst)), 10),
                column(duration(row.histogram.percentile(0.99, worst: row.worst)), 10),
                column(duration(row.histogram.percentile(0.999, worst: row.worst)), 10),
                column(duration(row.worst), 10), column("\(row.over)", 9), column(duration(row.late), 24),
            ].joined(separator: " ")
        )
    }

    let exact = finalCount == dispatches
    let inOrder =
        drained != nil && received.gaps == 0 && received.repeatsOrReorders == 0
        && received.deliveries == finalCount && received.last == finalCount
    print("")
    print("final count \(finalCount), dispatches \(dispatches): \(exact ? "exact" : "NOT EXACT")")
    print(
        "subscriber received \(received.deliveries) states, the last \(received.last);"
            + " gaps \(received.gaps) (\(received.missing) states missing), repeats or reorders \(received.repeatsOrReorders)"
    )
    if let mistake = received.firstMistake {
        print("first mistake: expected \(mistake.expected), received \(mistake.received)")
    }
    print("every state delivered in order: \(inOrder ? "yes" : "NO")")
    if let drained {
        print(
            "backlog drained \(duration(drained)) after the last producer returned"
                + " (\(duration(stopped + drained - min(stopped + drained, deadline))) after the first deadline)"
        )
    } else {
        print("backlog NOT drained \(duration(drainCap)) after the last producer returned")
    }
    print("peak RSS (VmHWM) \(mebibytes(memory.peak)), RSS now (VmRSS) \(mebibytes(memory.current))")
    print("")
    print(
        "worst_dispatch_ms=\(decimal(Double(worst) / 1e6, places: 3))"
            + " p99_dispatch_us=\(decimal(Double(all.percentile(0.99, worst: worst)) / 1e3, places: 3))"
            + " peak_rss_mib=\(memory.peak.map { decimal(Double($0) / 1024, places: 1) } ?? "unknown")"
            + " drain_ms=\(drained.map { decimal(Double($0) / 1e6, places: 3) } ?? "timeout")"
            + " delivered_in_order=\(inOrder) dispatches=\(dispatches)"
    )
    return inOrder ? 0 : 1
}

let arguments = CommandLine.arguments.dropFirst()
let seconds = arguments.count > 0 ? Double(arguments[arguments.startIndex]) : 0.5
let subscriberMicroseconds = arguments.count > 1 ? Double(arguments[arguments.startIndex + 1]) : 20
let threads = arguments.count > 2 ? Int(arguments[arguments.startIndex + 2]) : 3
guard arguments.count <= 3, let seconds, seconds > 0, let subscriberMicroseconds, subscriberMicroseconds >= 0,
    let threads, threads >= 1
else {
    print("usage: SwivelishOverload [seconds, default 0.5] [subscriber-µs, default 20] [threads, default 3]")
    exit(2)
}
exit(run(seconds: seconds, subscriberMicroseconds: subscriberMicroseconds, threads: threads))
