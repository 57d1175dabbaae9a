// Measures a list store when other threads dispatch (issue 35, "any thread, any size"): W19–W22.
//
//     cd Benchmarks
//     swift build -c release --product SwivelishContention
//     .build/release/SwivelishContention [toggle | threads | backlog | subscribe | all] [rows]
//
// Defaults: `all`, 10,000 rows. The list is a pantry: `IdentifiedArray<Row>` in the root state, a message to
// one row sent as an `ElementMessage` and routed by `updateElements(_:of:with:_:)`. Each row has a
// `skipRepeats` subscription of its own store (`scope(\.rows, id:)`, then `subscribe(\.self)`), and the ids
// one, as W13's list. The rows toggled are spread over the list (W13's `7,919 × i mod rows`). Every figure
// with a bar is a ratio to a baseline measured in the same run, or a count.
//
// - `toggle` (W19): thread B dispatches a message whose subscriber blocks on a gate, so that B holds the state
//   while it delivers; meanwhile this thread toggles 400 rows, timing each dispatch; then it opens the gate,
//   waits for the deliveries (and 1 ms more, for the delivery thread to let go of the state) and toggles the
//   same rows with nobody delivering. 5 rounds of contended then free, after a warm-up round. Bar: the median
//   contended toggle at most 3× the free one.
// - `threads` (W20): row messages from 1 thread for 0.5 s, then from 8, in messages per second; the same
//   against a hand-written list (a `[Int: Row]` dictionary behind one `pthread_mutex_t`, the row's reader
//   called after unlocking), whose 8/1 ratio says what this machine allows. Bar (design note): 8/1 at least
//   0.5, restated against the hand-written ratio on a machine with fewer cores than threads.
// - `backlog` (W21): 900 toggles of one row queued behind thread B's subscriber, blocked for 3 s (or until
//   they are queued, if that takes longer), with the store's default `backlogLimit` (1,000: nobody waits for
//   room). A plain subscriber of the row records its count at each delivery: it must receive 0 (B's change),
//   then 1, 2, ..., 900. Reports the peak RSS (`VmHWM`) before and after, the difference and the kibibytes
//   per waiting change. Bar: a peak RSS of at most 64 MiB (run `backlog` alone).
// - `subscribe` (W22): the time to make the rows' stores and their subscriptions (bar: 3 µs per row), then
//   the first toggle after they all subscribed, the second, and the median of the next 100 (bar: the first
//   within 2× of the next). Twice: a first list ("cold"), then a second one in the same process ("warm").
//
// It measures; it does not judge. The exit status is 1 when a count is wrong (toggles applied against
// messages sent, readers called, states delivered out of order) or a gate timed out, 2 for bad arguments,
// else 0. The last line is a machine-readable summary of the modes run: `key=value ...`.
//
// Preconditions: W19's 400 toggles per round and W21's 900 must stay under the store's `backlogLimit`, or
// this thread would wait for room while B waits for it: B's gate times out (30 s, 60 s) instead of hanging.
// In `all`, the peak RSS is reset (`/proc/self/clear_refs`) before W21, and W22's "cold" list comes after
// the other modes' lists: run `backlog` and `subscribe` alone for a process's own figures.

import BenchmarkSupport
import Swivelish

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - The pantry list

/// A row of the list: an item of the pantry, checked when it is packed.
struct Row: State, Identifiable, Equatable {
    let id: Int
    var name: String
    var isPacked = false
    /// How many toggles were applied to the row: what the checks add up.
    var toggles = 0

    struct Toggle: Message {}

    static func update(_ state: inout Row, with message: Message) -> Effect? {
        if message.as(Toggle.self) != nil {
            state.isPacked.toggle()
            state.toggles += 1
        }
        return nil
    }
}

/// The list, and a count of thread B's messages, whose subscriber blocks.
struct Pantry: State {
    var rows: IdentifiedArray<Row>
    var blocks = 0

    struct Block: Message {}

    init(rows: Int) {
        self.rows = IdentifiedArray((0..<rows).map { Row(id: $0, name: "Item \($0)") })
    }

    static func update(_ state: inout Pantry, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            if message.as(Block.self) != nil { state.blocks += 1 }
            return nil
        }
    }
}

/// The message that toggles the row `index` (spread over the list, as W13's).
@inline(__always)
func toggle(_ index: Int, of rows: Int) -> ElementMessage<Row> {
    ElementMessage<Row>(id: (index &* 7_919) % rows, Row.Toggle())
}

/// A count that only one thread at a time writes (a store's subscribers never run two at once).
final class Tally: @unchecked Sendable {
    // `@unchecked Sendable`: written by one thread at a time, read after the writers are done.
    var value = 0
}

/// The store, a store and a `skipRepeats` subscription per row (as a row view keeps), one on the ids, and
/// how long the rows' stores and subscriptions took to make.
final class PantryFixture {
    let store: Store<Pantry>
    let rows: Int
    let rowCalls = Tally()
    let scopeNanoseconds: UInt64
    let subscribeNanoseconds: UInt64
    private var rowStores: [Store<Row>] = []
    private var unsubscribes: [@Sendable () -> Void] = []

    init(rows: Int) {
        self.rows = rows
        store = Store(initialState: Pantry(rows: rows))
        rowStores.reserveCapacity(rows)
        unsubscribes.reserveCapacity(rows + 1)
        let calls = rowCalls
        let begin = now()
        for id in 0..<rows { rowStores.append(store.scope(\.rows, id: id)!) }
        let scoped = now()
        for row in rowStores {
            unsubscribes.append(row.subscribe(\.self, immediately: false, skipRepeats: true) { _ in calls.value += 1 })
        }
        let subscribed = now()
        unsubscribes.append(store.subscribe(\.rows.ids, immediately: false, skipRepeats: true) { _ in })
        scopeNanoseconds = scoped - begin
        subscribeNanoseconds = subscribed - scoped
    }

    deinit {
        unsubscribes.forEach { $0() }
    }

    /// The toggles applied to every row.
    var togglesApplied: Int { store.state.rows.reduce(0) { $0 + $1.toggles } }
}

// MARK: - Threads, gates, clock, memory

/// A gate that opens once: `wait` returns when it is open, or false when the time ran out first.
final class Gate: @unchecked Sendable {
    // `@unchecked Sendable`: `isOpen` and `didTimeOut` are only touched with the monitor's lock held.
    private let monitor = Monitor()
    private var isOpen = false
    private var didTimeOut = false

    func open() {
        monitor.withLock { isOpen = true }
        monitor.broadcast()
    }

    @discardableResult
    func wait(seconds: Int) -> Bool {
        let opened = monitor.wait(seconds: seconds) { isOpen }
        if !opened {
            monitor.withLock { didTimeOut = true }
        }
        return opened
    }

    /// Whether a `wait` ran out of time.
    var timedOut: Bool {
        monitor.withLock { didTimeOut }
    }
}

/// The peak and current resident set size in KiB (see `residentSetSize()`), -1 for what cannot be read.
func kibibytesResident() -> (peak: Int, current: Int) {
    let size = residentSetSize()
    return (size.peak ?? -1, size.current ?? -1)
}

// MARK: - Figures

/// The nearest-rank `quantile` of `samples`, which are sorted.
func percentile(_ samples: [UInt64], _ quantile: Double) -> UInt64 {
    samples[min(samples.count - 1, max(0, Int((quantile * Double(samples.count)).rounded(.up)) - 1))]
}

func microseconds(_ nanoseconds: UInt64) -> String { decimal(Double(nanoseconds) / 1e3, places: 2) }

func mebibytes(_ kibibytes: Int) -> String { decimal(Double(kibibytes) / 1024, places: 1) }

/// What a mode found: its figures for the last line, and whether its counts were right.
struct Report {
    var figures: [(key: String, value: String)] = []
    var isCorrect = true

    mutating func add(_ key: String, _ value: String) { figures.append((key, value)) }

    mutating func check(_ condition: Bool, _ what: String) {
        print("check: \(what): \(condition ? "yes" : "NO")")
        isCorrect = isCorrect && condition
    }
}

/// Thread B, delivering its message to a subscriber that waits for `release` (at most `seconds`), and that
/// subscriber's `unsubscribe`; nil when the subscriber did not block within 30 s.
func blockDeliveries(of store: Store<Pantry>, until release: Gate, seconds: Int) -> (
    thread: BenchmarkThread, unsubscribe: @Sendable () -> Void
)? {
    let entered = Gate()
    let unsubscribe = store.subscribe(\.blocks, immediately: false) { _ in
        entered.open()
        release.wait(seconds: seconds)
    }
    let thread = spawn { store.dispatch(Pantry.Block()) }
    guard entered.wait(seconds: 30) else { return nil }
    return (thread, unsubscribe)
}

// MARK: - W19: a toggle while another thread delivers

func measureToggle(rows: Int) -> Report {
    let rounds = 5
    let perRound = 400  // under the default backlogLimit of 1,000, or this thread would wait for room
    var report = Report()
    let fixture = PantryFixture(rows: rows)
    let store = fixture.store
    var contended: [UInt64] = []
    var free: [UInt64] = []
    contended.reserveCapacity(rounds * perRound)
    free.reserveCapacity(rounds * perRound)
    var sent = 0
    var timeouts = 0
    print("W19: toggle one row of \(rows) while another thread delivers, \(rounds) rounds of \(perRound) toggles")
    for round in 0...rounds {  // round 0 warms up
        if round == 1 {
            contended.removeAll(keepingCapacity: true)
            free.removeAll(keepingCapacity: true)
        }
        let release = Gate()
        guard let blocked = blockDeliveries(of: store, until: release, seconds: 30) else {
            report.check(false, "thread B's subscriber blocked within 30 s")
            return report
        }
        for index in 0..<perRound {
            let message = toggle(round &* perRound &+ index, of: rows)
            let begin = now()
            store.dispatch(message)
            contended.append(now() - begin)
        }
        release.open()
        join(blocked.thread)
        store.waitForDeliveries()
        blocked.unsubscribe()
        // Returns when the delivery thread has delivered, maybe before it has let go of the state: a toggle
        // made then is queued for it, and so may each next one (a convoy, each copying the list).
        usleep(1_000)
        for index in 0..<perRound {
            let message = toggle(round &* perRound &+ index, of: rows)
            let begin = now()
            store.dispatch(message)
            free.append(now() - begin)
        }
        sent += 2 * perRound
        timeouts += release.timedOut ? 1 : 0
        guard round > 0 else { continue }
        let thisRound = (contended.suffix(perRound).sorted(), free.suffix(perRound).sorted())
        print(
            "  round \(round): contended median \(microseconds(percentile(thisRound.0, 0.5))) µs,"
                + " free median \(microseconds(percentile(thisRound.1, 0.5))) µs: "
                + decimal(Double(percentile(thisRound.0, 0.5)) / Double(percentile(thisRound.1, 0.5)), places: 1) + "×")
    }
    contended.sort()
    free.sort()
    let ratio = Double(percentile(contended, 0.5)) / Double(percentile(free, 0.5))
    for (name, samples) in [("while B delivers", contended), ("nobody delivering", free)] {
        print(
            "  \(name): median \(microseconds(percentile(samples, 0.5))) µs,"
                + " p99 \(microseconds(percentile(samples, 0.99))) µs, worst \(microseconds(samples.last!)) µs")
    }
    print("  contended / free, medians of the \(rounds * perRound) toggles: \(decimal(ratio, places: 1))× (bar: 3×)")
    store.waitForDeliveries()
    report.check(timeouts == 0, "this thread released thread B in every round (no dispatch waited for room)")
    report.check(fixture.togglesApplied == sent, "toggles applied \(fixture.togglesApplied) = sent \(sent)")
    report.check(fixture.rowCalls.value == sent, "row readers called \(fixture.rowCalls.value) = sent \(sent)")
    report.add("toggle_contended_median_us", microseconds(percentile(contended, 0.5)))
    report.add("toggle_contended_p99_us", microseconds(percentile(contended, 0.99)))
    report.add("toggle_free_median_us", microseconds(percentile(free, 0.5)))
    report.add("toggle_free_p99_us", microseconds(percentile(free, 0.99)))
    report.add("toggle_ratio", decimal(ratio, places: 1))
    return report
}

// MARK: - W20: row messages from 8 threads against 1

/// W20 by hand: the rows in a dictionary by id behind one mutex, a reader per row called after unlocking.
final class HandWrittenList: @unchecked Sendable {
    // `@unchecked Sendable`: `rowsByID` is only touched with `mutex` held; `readers` is not written after init.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var rowsByID: [Int: Row] = [:]
    private var readers: [Int: @Sendable (Row) -> Bool] = [:]

    init(rows: Int) {
        pthread_mutex_init(mutex, nil)
        for id in 0..<rows {
            rowsByID[id] = Row(id: id, name: "Item \(id)")
            readers[id] = { row in row.toggles > 0 }
        }
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Toggles the row `id` and calls its reader: whether the reader saw the toggle.
    @inline(never)
    func toggle(_ id: Int) -> Bool {
        pthread_mutex_lock(mutex)
        rowsByID[id]!.isPacked.toggle()
        rowsByID[id]!.toggles += 1
        let row = rowsByID[id]!
        pthread_mutex_unlock(mutex)
        return readers[id]!(row)
    }

    var togglesApplied: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return rowsByID.values.reduce(0) { $0 + $1.toggles }
    }
}

/// `threads` threads call `send` for 0.5 s, each with rows spread over the list of `rows`: the messages sent,
/// how many of them `send` said a reader saw, and the seconds until the threads returned and `drain` did.
func throughput(
    threads: Int, rows: Int, drain: () -> Void, _ send: @escaping @Sendable (Int) -> Bool
) -> (sent: Int, seen: Int, seconds: Double) {
    final class Run: @unchecked Sendable {
        // `@unchecked Sendable`: `deadline` is written before `start` opens; each thread writes its own counts.
        let start = Gate()
        var deadline: UInt64 = 0
        let counts: UnsafeMutablePointer<Int>
        init(threads: Int) { counts = .allocate(capacity: 2 * threads) }
        deinit { counts.deallocate() }
    }
    let run = Run(threads: threads)
    let running = (0..<threads).map { thread in
        spawn {
            run.start.wait(seconds: 30)
            let deadline = run.deadline
            var index = thread &* 104_729
            var sent = 0
            var seen = 0
            while now() < deadline {
                if send((index &* 7_919) % rows) { seen += 1 }
                index &+= 1
                sent += 1
            }
            run.counts[2 * thread] = sent
            run.counts[2 * thread + 1] = seen
        }
    }
    let begin = now()
    run.deadline = begin + 500_000_000
    run.start.open()
    running.forEach(join)
    drain()
    let seconds = Double(now() - begin) / 1e9
    let counts = (0..<threads).map { (sent: run.counts[2 * $0], seen: run.counts[2 * $0 + 1]) }
    return (counts.reduce(0) { $0 + $1.sent }, counts.reduce(0) { $0 + $1.seen }, seconds)
}

func measureThreads(rows: Int) -> Report {
    var report = Report()
    let fixture = PantryFixture(rows: rows)
    let store = fixture.store
    let list = HandWrittenList(rows: rows)
    print("W20: row messages to \(rows) rows for 0.5 s from 1 thread, then from 8: the store, then by hand")
    var rates: [String: Double] = [:]
    var sent = (store: 0, hand: 0, handSeen: 0)
    for threads in [1, 8] {
        let onStore = throughput(threads: threads, rows: rows, drain: { store.waitForDeliveries() }) { id in
            store.dispatch(ElementMessage<Row>(id: id, Row.Toggle()))
            return true
        }
        sent.store += onStore.sent
        rates["store_\(threads)"] = Double(onStore.sent) / onStore.seconds
        let byHand = throughput(threads: threads, rows: rows, drain: {}) { list.toggle($0) }
        sent.hand += byHand.sent
        sent.handSeen += byHand.seen
        rates["hand_\(threads)"] = Double(byHand.sent) / byHand.seconds
    }
    let ratios = (store: rates["store_8"]! / rates["store_1"]!, hand: rates["hand_8"]! / rates["hand_1"]!)
    for (name, key, ratio) in [("store", "store", ratios.store), ("by hand", "hand", ratios.hand)] {
        print(
            "  \(name): 1 thread \(Int(rates["\(key)_1"]!)) messages/s, 8 threads \(Int(rates["\(key)_8"]!))"
                + " messages/s; 8/1 \(decimal(ratio, places: 2))")
    }
    print(
        "  the store's 8/1 over the hand-written list's: \(decimal(ratios.store / ratios.hand, places: 2))"
            + " (bar: 8/1 at least 0.5, restated against the hand-written 8/1)")
    let applied = (store: fixture.togglesApplied, hand: list.togglesApplied)
    let called = fixture.rowCalls.value
    report.check(applied.store == sent.store, "store: toggles applied \(applied.store) = sent \(sent.store)")
    report.check(called == sent.store, "store: row readers called \(called) = sent \(sent.store)")
    report.check(applied.hand == sent.hand, "by hand: toggles applied \(applied.hand) = sent \(sent.hand)")
    report.check(sent.handSeen == sent.hand, "by hand: readers saw \(sent.handSeen) = sent \(sent.hand)")
    for key in ["store_1", "store_8", "hand_1", "hand_8"] {
        report.add("threads_\(key)_per_s", "\(Int(rates[key]!))")
    }
    report.add("threads_store_ratio", decimal(ratios.store, places: 3))
    report.add("threads_hand_ratio", decimal(ratios.hand, places: 3))
    return report
}

// MARK: - W21: 900 toggles waiting behind a blocked subscriber

func measureBacklog(rows: Int, resetsPeak: Bool) -> Report {
    let waiting = 900  // under the default backlogLimit of 1,000: no dispatch waits for room
    var report = Report()
    let fixture = PantryFixture(rows: rows)
    let store = fixture.store
    let id = rows / 2
    final class Received: @unchecked Sendable {
        // `@unchecked Sendable`: written by the store's subscribers, which never run two at once; read after.
        var counts: [Int] = []
    }
    let received = Received()
    received.counts.reserveCapacity(waiting + 1)
    // Not `skipRepeats`: called at every change, B's first (the row at 0), then each toggle's.
    let unsubscribeRecord = store.scope(\.rows, id: id)!.subscribe(\.toggles, immediately: false) {
        received.counts.append($0)
    }
    defer { unsubscribeRecord() }
    print("W21: \(waiting) toggles of one row of \(rows) queued behind a subscriber blocked for 3 s")
    let wasReset = resetsPeak && resetPeakResidentSetSize()
    let before = kibibytesResident()
    let release = Gate()
    let blockedAt = now()
    guard let blocked = blockDeliveries(of: store, until: release, seconds: 60) else {
        report.check(false, "thread B's subscriber blocked within 30 s")
        return report
    }
    var times: [UInt64] = []
    times.reserveCapacity(waiting)
    for _ in 0..<waiting {
        let message = ElementMessage<Row>(id: id, Row.Toggle())
        let begin = now()
        store.dispatch(message)
        times.append(now() - begin)
    }
    let queued = kibibytesResident()
    let queuedIn = now() - blockedAt
    if queuedIn < 3_000_000_000 { usleep(UInt32((3_000_000_000 - queuedIn) / 1_000)) }
    release.open()
    join(blocked.thread)
    store.waitForDeliveries()
    blocked.unsubscribe()
    let after = kibibytesResident()
    times.sort()
    let growth = after.peak - before.peak
    let perChange = decimal(Double(growth) / Double(waiting), places: 1)
    print(
        "  peak RSS before \(mebibytes(before.peak)) MiB\(wasReset ? " (reset to the RSS then)" : ""), after"
            + " \(mebibytes(after.peak)) MiB: +\(mebibytes(growth)) MiB, \(perChange) KiB per waiting change"
            + " (bar: a peak of 64 MiB)")
    print(
        "  RSS with the \(waiting) waiting \(mebibytes(queued.current)) MiB; a dispatch's median"
            + " \(microseconds(percentile(times, 0.5))) µs, p99 \(microseconds(percentile(times, 0.99))) µs")
    let mistake = received.counts.indices.first { received.counts[$0] != $0 }
    if let mistake { print("  first mistake: delivery \(mistake + 1) had the row at \(received.counts[mistake])") }
    let inOrder = received.counts.count == waiting + 1 && mistake == nil
    report.check(!release.timedOut, "this thread released thread B (no dispatch waited for room)")
    report.check(inOrder, "the row's subscriber received 0 (B's change), 1, 2, ..., \(waiting)")
    report.check(fixture.togglesApplied == waiting, "toggles applied \(fixture.togglesApplied) = sent \(waiting)")
    report.add("backlog_peak_before_mib", mebibytes(before.peak))
    report.add("backlog_peak_after_mib", mebibytes(after.peak))
    report.add("backlog_growth_mib", mebibytes(growth))
    report.add("backlog_kib_per_change", perChange)
    report.add("backlog_in_order", "\(inOrder)")
    return report
}

// MARK: - W22: the rows subscribe, then the first toggle

func measureSubscribe(rows: Int) -> Report {
    var report = Report()
    print("W22: \(rows) rows' stores and subscriptions, then the first toggles; a first list, then a second")
    for pass in ["cold", "warm"] {
        let fixture = PantryFixture(rows: rows)
        var times: [UInt64] = []
        times.reserveCapacity(102)
        for index in 0..<102 {
            let message = toggle(index, of: rows)
            let begin = now()
            fixture.store.dispatch(message)
            times.append(now() - begin)
        }
        let next = times[2...].sorted()[50]
        let perRow = Double(fixture.scopeNanoseconds + fixture.subscribeNanoseconds) / Double(rows) / 1e3
        let ratio = decimal(Double(times[0]) / Double(next), places: 1)
        print(
            "  \(pass): \(decimal(perRow, places: 2)) µs per row (bar: 3 µs): scope"
                + " \(microseconds(fixture.scopeNanoseconds / UInt64(rows))) µs, subscribe"
                + " \(microseconds(fixture.subscribeNanoseconds / UInt64(rows))) µs")
        print(
            "  \(pass): first toggle \(microseconds(times[0])) µs, second \(microseconds(times[1])) µs, median of the"
                + " next 100 \(microseconds(next)) µs: first / next \(ratio)× (bar: 2×)")
        report.check(fixture.rowCalls.value == 102, "\(pass): row readers called \(fixture.rowCalls.value) = sent 102")
        report.add("subscribe_\(pass)_us_per_row", decimal(perRow, places: 2))
        report.add("subscribe_\(pass)_first_us", microseconds(times[0]))
        report.add("subscribe_\(pass)_second_us", microseconds(times[1]))
        report.add("subscribe_\(pass)_next_median_us", microseconds(next))
        report.add("subscribe_\(pass)_first_ratio", ratio)
    }
    return report
}

// MARK: - The run

let modes = ["toggle", "threads", "backlog", "subscribe"]
let arguments = Array(CommandLine.arguments.dropFirst())
let mode = arguments.first ?? "all"
let rows = arguments.count > 1 ? Int(arguments[1]) : 10_000
guard arguments.count <= 2, mode == "all" || modes.contains(mode), let rows, rows >= 1 else {
    print("usage: SwivelishContention [toggle | threads | backlog | subscribe | all (default)] [rows, default 10000]")
    exit(2)
}
var summary = Report()
for (index, name) in (mode == "all" ? modes : [mode]).enumerated() {
    if index > 0 { print("") }
    let report: Report
    switch name {
    case "toggle": report = measureToggle(rows: rows)
    case "threads": report = measureThreads(rows: rows)
    case "backlog": report = measureBacklog(rows: rows, resetsPeak: index > 0)
    default: report = measureSubscribe(rows: rows)
    }
    summary.figures += report.figures
    summary.isCorrect = summary.isCorrect && report.isCorrect
    fflush(nil)  // all streams: show each mode's figures as it ends
}
print("")
print(
    (["mode=\(mode)", "rows=\(rows)"] + summary.figures.map { "\($0.key)=\($0.value)" }
        + ["counts_correct=\(summary.isCorrect)"]).joined(separator: " "))
exit(summary.isCorrect ? 0 : 1)
