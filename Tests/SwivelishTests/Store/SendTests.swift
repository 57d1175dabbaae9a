import Dispatch
import Foundation
import SwivelishFixtures
import Testing

@testable import Swivelish

/// Messages from many senders, each numbering its own: the state counts them, and counts those that came
/// out of their sender's order.
private struct Tally: State {
    var count = 0
    var lastBySender: [Int: Int] = [:]
    var outOfOrder = 0

    struct Sent: Message {
        let sender: Int
        let number: Int
    }

    static func update(_ state: inout Tally, with message: Message) -> Effect? {
        guard let sent = message as? Sent else { return nil }
        if sent.number != state.lastBySender[sent.sender, default: -1] + 1 {
            state.outOfOrder += 1
        }
        state.lastBySender[sent.sender] = sent.number
        state.count += 1
        return nil
    }
}

/// The sender whose `send` is running on this task, for a subscriber to tell a delivery made by a sender
/// from one made by the delivery thread.
private enum Sender {
    @TaskLocal static var current: Int?
}

/// How many threads a test's senders may hold at most, as Swift's cooperative pool on this machine has.
private var poolWidth: Int { ProcessInfo.processInfo.activeProcessorCount }

@Suite("An async send")
struct SendTests {
    @Test func aSendAnswersWhatItsOwnMessageDid() async {
        let store = Store(initialState: Shop())
        let answers = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<1_000 {
                group.addTask {
                    await store.send(take(2)) {
                        $0.items[id: 2]!.taken
                    }.answer ?? -1
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.sorted() == Array(1...1_000))
    }

    /// The bar: 1,000 tasks send on the cooperative pool while a subscriber takes 1 ms a change. Every
    /// message is applied, each sender's in its order, and every change is delivered in order; a sender
    /// holds its thread for its own change's delivery at most, never for another's (a `dispatch` would
    /// deliver up to 32 of them), and the backlog's senders wait for room suspended.
    @Test func aThousandSendersDeliverTheirOwnChangesOnlyAndAreAppliedInOrder() async {
        let store = Store(initialState: Tally(), backlogLimit: 64)
        let seen = Locked<[(count: Int, sender: Int?)]>([])
        let unsubscribe = store.subscribe(\.count, immediately: false) { count in
            usleep(1_000)
            seen.append((count, Sender.current))
        }
        let messagesPerSender = 3
        // Each sender's answers: the counts its own messages made.
        let answers = await withTaskGroup(of: (Int, [Int]).self) { group in
            for sender in 0..<1_000 {
                group.addTask {
                    await Sender.$current.withValue(sender) {
                        var counts: [Int] = []
                        for number in 0..<messagesPerSender {
                            let result = await store.send(Tally.Sent(sender: sender, number: number)) { $0.count }
                            counts.append(result.answer ?? -1)
                        }
                        return (sender, counts)
                    }
                }
            }
            return await group.reduce(into: [Int: [Int]]()) { $0[$1.0] = $1.1 }
        }
        await store.waitForDeliveries()
        unsubscribe()

        let state = store.state
        #expect(state.count == 3_000)
        #expect(state.outOfOrder == 0)
        #expect(answers.values.flatMap { $0 }.sorted() == Array(1...3_000))
        #expect(seen.current.map(\.count) == Array(1...3_000), "every change delivered once, in order")
        let byASender = seen.current.filter { $0.sender != nil }
        let othersChanges = byASender.filter { !(answers[$0.sender!] ?? []).contains($0.count) }
        #expect(othersChanges.count == 0, "a sender delivered changes of other senders")
    }

    @Test func aSendSuspendsRatherThanBlockWhileTheBacklogIsFull() async {
        let held = await HeldDelivery(backlogLimit: 2)
        let (store, gate) = (held.store, held.gate)
        // Twice as many senders as the pool has threads: blocked, they would hold every one of them.
        let senders = 4 * poolWidth + 2
        let sending = Task {
            await withTaskGroup(of: Void.self) { group in
                for sender in 0..<senders {
                    group.addTask { await store.send(Tally.Sent(sender: sender, number: 0)) }
                }
            }
        }
        let storage = store.rootStorage
        let parked = await eventually(seconds: 30) {
            storage.lock.withLock("test") { storage.machine.parkedCount } == senders - 2
        }
        #expect(parked, "all but the two the backlog has room for are suspended")
        // This task runs on the same pool: it ran, so the senders hold no thread.
        gate.signal()
        await sending.value
        await store.waitForDeliveries()
        held.unsubscribe()
        #expect(store.state.count == senders + 1)
        #expect(storage.lock.withLock("test") { storage.machine.admittedCount } == 0)
    }

    /// A thread blocked in `dispatch` behind a send that was admitted does not wait for the send's task to
    /// run: that task may need the very thread (here the one thread of its executor) to run.
    @Test @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func aBlockedDispatchDoesNotWaitForAnAdmittedSendsTask() async {
        let held = await HeldDelivery(backlogLimit: 1)
        let (store, gate, storage) = (held.store, held.gate, held.store.rootStorage)
        store.dispatch(Tally.Sent(sender: 1, number: 0))  // queued: the backlog is full now
        let executor = OneThreadExecutor()
        // The send suspends, first in the line, on an executor of one thread.
        let send = Task(executorPreference: executor) {
            await store.send(Tally.Sent(sender: 2, number: 0))
        }
        #expect(await eventually { storage.lock.withLock("test") { storage.machine.parkedCount } == 1 })
        // That thread then blocks in `dispatch`, second in the line.
        let blocked = DispatchSemaphore(value: 0)
        executor.enqueue {
            store.dispatch(Tally.Sent(sender: 3, number: 0))
            blocked.signal()
        }
        #expect(await eventually { storage.lock.withLock("test") { storage.machine.waitingCount } == 2 })
        gate.signal()
        // The send is admitted, but its task needs the executor's thread, which the dispatch holds.
        let dispatched = Locked(false)
        await onThread { dispatched.withValue { $0 = blocked.wait(timeout: .now() + 20) == .success } }
        #expect(dispatched.current, "the blocked dispatch waited for the admitted send's task")
        if dispatched.current {
            await send.value
            await store.waitForDeliveries()
            #expect(store.state.count == 4)
        }
        held.unsubscribe()
    }

    @Test func aSendToAnElementThatIsNotThereAnswersNotApplied() async {
        let store = Store(initialState: Shop())
        let result = await store.send(take(9)) { $0.items.count }
        #expect(result.answer == nil)
        guard case let .notApplied(reason) = result else { return }
        #expect(reason.contains("9"))
    }

    @Test func aScopedStoreSendsWithItsPartAndNotAppliedOnceThePartIsGone() async throws {
        let store = Store(initialState: Shop())
        let item = try #require(store.scope(\.items, id: 1))
        #expect(await item.send(Shop.Item.Take()) { $0.taken } == .applied(1))
        await item.send(Shop.Item.Take())
        #expect(store.state.items[id: 1]?.taken == 2)
    }

    @Test func aStoreWithObserversSendsAndTellsItsObservers() async {
        let events = Locked<Int>(0)
        let store = Store(initialState: Shop(), observers: [StoreObserver { _ in events.withValue { $0 += 1 } }])
        #expect(
            await store.send(take(0)) { $0.items[id: 0]!.taken }
                == .applied(1))
        #expect(events.current == 1)
    }

    @Test func aSendWhoseTaskIsCancelledWhileItWaitsIsStillApplied() async {
        let held = await HeldDelivery(backlogLimit: 1)
        let (store, gate, storage) = (held.store, held.gate, held.store.rootStorage)
        store.dispatch(Tally.Sent(sender: 1, number: 0))  // the backlog is full now
        let send = Task { await store.send(Tally.Sent(sender: 2, number: 0)) }
        #expect(await eventually { storage.lock.withLock("test") { storage.machine.parkedCount } == 1 })
        send.cancel()
        gate.signal()
        await send.value
        #expect(store.state.lastBySender[2] == 0, "the cancelled task's message was applied")
        await store.send(Tally.Sent(sender: 3, number: 0))  // and the line goes on
        #expect(store.state.count == 4)
        held.unsubscribe()
    }

    /// An actor whose executor is one thread of its own sends: the answer is read on that thread, where a
    /// nonisolated async function would have run on the global executor's.
    @Test @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
    func aSendRunsOnItsCallersExecutor() async {
        let store = Store(initialState: Shop())
        let onItsThread = await OneThreadActor().send(take(0), to: store)
        #expect(onItsThread == .applied(true), "the answer was read off the calling actor's executor")
    }

    @MainActor
    @Test func aSendFromTheMainActorAnswersWithWhatTheMainActorOwns() async {
        final class Screen {  // not Sendable: the main actor's own
            var shown: [Int] = []
        }
        let screen = Screen()
        let store = Store(initialState: Shop())
        for _ in 0..<3 {
            _ = await store.send(take(3)) { state in
                screen.shown.append(state.items[id: 3]!.taken)
            }
        }
        #expect(screen.shown == [1, 2, 3])
    }
}

/// A store of ``Tally`` whose first change (of sender -1) a thread of its own is delivering, held in the
/// subscriber until `gate` is signalled: the changes committed meanwhile wait in the backlog.
private struct HeldDelivery {
    let store: Store<Tally>
    let gate = DispatchSemaphore(value: 0)
    let unsubscribe: @Sendable () -> Void

    init(backlogLimit: Int) async {
        let store = Store(initialState: Tally(), backlogLimit: backlogLimit)
        let (gate, delivering) = (gate, DispatchSemaphore(value: 0))
        unsubscribe = store.subscribe(\.count, immediately: false) { count in
            if count == 1 {
                delivering.signal()
                gate.wait()
            }
        }
        // Not a thread of `DispatchQueue.global()`: on Linux those are the cooperative pool's, which this
        // test's tasks, and others', need.
        Thread { store.dispatch(Tally.Sent(sender: -1, number: 0)) }.start()
        await onThread { delivering.wait() }
        self.store = store
    }
}

/// An actor that runs on a thread of its own.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private actor OneThreadActor {
    private let executor = OneThreadExecutor()

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Sends `message` to `store`, and answers whether the answer was read on this actor's thread.
    func send(_ message: some Message, to store: Store<Shop>) async -> DispatchResult<Bool> {
        await store.send(message) { _ in self.executor.isCurrentThread }
    }
}

/// A task executor (and a serial one) with one thread of its own, which runs what it is given in order. The
/// thread lives as long as the test process.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
private final class OneThreadExecutor: TaskExecutor, SerialExecutor, @unchecked Sendable {
    // `@unchecked Sendable`: `work` and `thread` are guarded by `condition`.
    private let condition = NSCondition()
    private var work: [() -> Void] = []
    private var thread: pthread_t?

    /// Whether the caller runs on the executor's thread.
    var isCurrentThread: Bool {
        condition.lock()
        defer { condition.unlock() }
        return thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false
    }

    init() {
        Thread {
            self.condition.lock()
            self.thread = pthread_self()
            self.condition.unlock()
            while true {
                self.condition.lock()
                while self.work.isEmpty { self.condition.wait() }
                let next = self.work.removeFirst()
                self.condition.unlock()
                next()
            }
        }.start()
    }

    func enqueue(_ body: @escaping () -> Void) {
        condition.lock()
        work.append(body)
        condition.signal()
        condition.unlock()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        enqueue {
            job.runSynchronously(isolatedTo: self.asUnownedSerialExecutor(), taskExecutor: self.asUnownedTaskExecutor())
        }
    }
}
