import TestSupport
import Testing

@testable import Swivelish

private let idle = DeliveryFlag.idle
private let delivering = DeliveryFlag.delivering
private let mustCheck = DeliveryFlag.mustCheck
private let values = [idle, delivering, mustCheck]

private enum Operation: CaseIterable {
    case claim, requireCheck, release, stop
}

/// What each operation does from each value, written out: the pure transitions and the flag's methods
/// are both checked against it. `returns` is `nil` for an operation that returns nothing.
private let specification: [(operation: Operation, from: Int, next: Int, returns: Bool?)] = [
    (.claim, idle, delivering, true),  // no one delivers: the caller becomes the deliverer
    (.claim, delivering, mustCheck, false),  // the deliverer must look at what the caller queues
    (.claim, mustCheck, mustCheck, false),
    (.requireCheck, idle, idle, nil),
    (.requireCheck, delivering, mustCheck, nil),  // the deliverer must look, and wake the dispatch
    (.requireCheck, mustCheck, mustCheck, nil),
    (.release, idle, idle, nil),
    (.release, delivering, idle, nil),
    (.release, mustCheck, idle, nil),
    (.stop, idle, idle, false),
    (.stop, delivering, idle, true),  // nothing was queued since the deliverer last looked
    (.stop, mustCheck, mustCheck, false),  // it must take the lock and look
]

private func name(_ value: Int) -> String {
    switch value {
    case idle: "idle"
    case delivering: "delivering"
    case mustCheck: "mustCheck"
    default: "\(value)"
    }
}

/// The store's delivery flag: each operation from each value of the word, then the protocol it is part of,
/// run through every interleaving of a deliverer, queuers and dispatches waiting for room (see `Run`).
@Suite("The delivery flag")
struct DeliveryFlagTests {
    @Test func theSpecificationCoversEachOperationFromEachValue() {
        for operation in Operation.allCases {
            #expect(specification.filter { $0.operation == operation }.map { $0.from }.sorted() == values)
        }
    }

    @Test func eachPureTransitionDoesWhatTheSpecificationSays() {
        for expected in specification {
            let next: Int
            let returned: Bool?
            switch expected.operation {
            case .claim: (next, returned) = DeliveryFlag.claim(from: expected.from)
            case .requireCheck: (next, returned) = (DeliveryFlag.requireCheck(from: expected.from), nil)
            case .release: (next, returned) = (DeliveryFlag.release(from: expected.from), nil)
            case .stop: (next, returned) = DeliveryFlag.stop(from: expected.from)
            }
            #expect(
                name(next) == name(expected.next) && returned == expected.returns,
                "\(expected.operation) from \(name(expected.from)) gave \(name(next)), \(String(describing: returned))")
        }
    }

    @Test func eachMethodOfTheFlagDoesWhatTheSpecificationSays() {
        for expected in specification {
            let flag = DeliveryFlag()
            flag.word.store(expected.from)
            var returned: Bool?
            switch expected.operation {
            case .claim: returned = flag.claim()
            case .requireCheck: flag.requireCheck()
            case .release: flag.release()
            case .stop: returned = flag.stop()
            }
            let next = flag.word.load()
            #expect(
                name(next) == name(expected.next) && returned == expected.returns,
                "\(expected.operation) from \(name(expected.from)) gave \(name(next)), \(String(describing: returned))")
            #expect(flag.isSet == (next != idle))
        }
    }

    @Test func aNewFlagIsNotSet() {
        let flag = DeliveryFlag()
        #expect(!flag.isSet)
        #expect(flag.word.load() == idle)
    }

    // MARK: - Every interleaving

    @Test func aDelivererStopsWhileTwoQueuersClaim() async {
        let result = await explore([.deliverer, .queuer, .queuer])
        #expect(result.firstViolation == nil)
        #expect(result.coverage.exchangeLostToStop > 0)
        #expect(result.coverage.stopFoundMustCheck > 0)
        #expect(result.coverage.becameDelivererAfterStop > 0)
    }

    @Test func aDelivererStopsWhileAQueuerClaimsAndADispatchWaitsForRoom() async {
        let result = await explore([.deliverer, .queuer, .dispatch])
        #expect(result.firstViolation == nil)
        #expect(result.coverage.waitedForRoom > 0)
        #expect(result.coverage.exchangeLostToStop > 0)
    }

    @Test func aDelivererStopsWhileTwoQueuersClaimAndADispatchWaitsForRoom() async {
        let result = await explore([.deliverer, .queuer, .queuer, .dispatch])
        #expect(result.firstViolation == nil)
        #expect(result.coverage.waitedForRoom > 0)
        #expect(result.coverage.exchangeLostToStop > 0)
    }

    @Test func aDelivererStopsWhileAQueuerClaimsAndTwoDispatchesWaitForRoom() async {
        let result = await explore([.deliverer, .queuer, .dispatch, .dispatch])
        #expect(result.firstViolation == nil)
        #expect(result.coverage.waitedForRoom > 0)
        #expect(result.coverage.waitedBehindAnother > 0)
    }

    @Test func noOneDeliversWhileTwoQueuersAndADispatchClaim() async {
        let result = await explore([.queuer, .queuer, .dispatch])
        #expect(result.firstViolation == nil)
        #expect(result.coverage.waitedForRoom > 0)
        #expect(result.coverage.exchangeLostToStop > 0)
    }
}

// MARK: - The model

/// What an actor of the model starts as.
private enum Role {
    /// A thread that became the deliverer and performed its own work: it stops next.
    case deliverer
    /// A store call that commits work without waiting for room (an effect's next part, a first state).
    case queuer
    /// A dispatch: it waits for room when the queue is full or others wait, then commits its change.
    case dispatch
}

/// An actor's next step. The locked ones run whole while the lock is held; the lock-free ones (`stop`,
/// `broadcast`) may also run between two operations on the word inside another actor's locked step.
private indirect enum Step {
    /// Locked: commits (or, `waitsForRoom`, first waits when the queue is full or others wait).
    case commit(waitsForRoom: Bool)
    /// Blocked on the condition until a broadcast.
    case waiting(ticket: Int)
    /// Locked: woken, checks whether it may apply now.
    case woken(ticket: Int)
    /// Lock-free: the deliverer's `stop()`.
    case stop
    /// Locked: the deliverer takes the next queued item, or releases when there is none.
    case look
    /// Lock-free: the deliverer wakes the waiting dispatches after unlocking.
    case broadcast(then: Step)
    case done

    var isLockFree: Bool {
        switch self {
        case .stop, .broadcast: true
        default: false
        }
    }
}

/// What some runs reached, so that a test knows the model explored the cases that matter.
private struct Coverage {
    /// An exchange with the lock held (a claim's, or a `requireCheck`'s) failed: the deliverer stopped
    /// between the load of `delivering` and the exchange.
    var exchangeLostToStop = 0
    /// The deliverer's exchange failed, so it took the lock and looked.
    var stopFoundMustCheck = 0
    /// An actor became the deliverer after another had stopped.
    var becameDelivererAfterStop = 0
    var waitedForRoom = 0
    var waitedBehindAnother = 0
}

/// The choices of one run (which actor steps, and where a lock-free step comes inside a locked one),
/// replayed and extended depth first, so that the runs together make every sequence of choices once.
private final class Schedule {
    private var choices: [(made: Int, count: Int)] = []
    private var position = 0

    /// Picks one of `count` options: the one this run replays, or the first of a choice not made before.
    func choose(_ count: Int) -> Int {
        guard count > 1 else { return 0 }
        defer { position += 1 }
        if position < choices.count {
            precondition(choices[position].count == count, "the model is not deterministic")
            return choices[position].made
        }
        choices.append((0, count))
        return 0
    }

    /// Moves on to the next run's choices; `false` when every run has been made.
    func advance() -> Bool {
        position = 0
        while let last = choices.popLast() {
            if last.made + 1 < last.count {
                choices.append((last.made + 1, last.count))
                return true
            }
        }
        return false
    }
}

/// A word whose every operation is a point where another actor's lock-free step may come first.
private final class SteppedWord: DeliveryFlag.Word {
    var value = DeliveryFlag.idle
    var beforeEachOperation: () -> Void = {}
    var onFailedExchange: () -> Void = {}

    func load() -> Int {
        beforeEachOperation()
        return value
    }

    func store(_ value: Int) {
        beforeEachOperation()
        self.value = value
    }

    func compareExchange(expected: Int, desired: Int) -> Bool {
        beforeEachOperation()
        guard value == expected else {
            onFailedExchange()
            return false
        }
        value = desired
        return true
    }
}

/// One run of the protocol: the actors, the word they share, and what the store's lock guards.
private final class Run {
    let schedule: Schedule
    let word = SteppedWord()
    var steps: [Step]
    let names: [String]
    var coverage: Coverage
    var violations: [String] = []
    /// The steps taken, to show with a violation.
    var trace: [(actor: Int, step: Step)] = []

    /// What the lock guards.
    let backlogLimit = 1
    var queued = 0
    var committed = 0
    var delivered = 0
    var deliverers = 0
    var waitingDispatches = 0
    var nextTicket = 0
    var servedTicket = 0
    var someoneStopped = false

    /// The actor in a locked step, and whether a lock-free step runs inside it.
    var lockHolder: Int?
    var isInterleaving = false

    init(_ roles: [Role], schedule: Schedule, coverage: Coverage) {
        self.schedule = schedule
        self.coverage = coverage
        names = roles.indices.map { "\(roles[$0])\($0)" }
        steps = roles.map {
            switch $0 {
            case .deliverer: .stop
            case .queuer: .commit(waitsForRoom: false)
            case .dispatch: .commit(waitsForRoom: true)
            }
        }
        if roles.contains(.deliverer) {
            // The deliverer claimed when no one delivered, and delivered its own work.
            precondition(DeliveryFlag.claim(on: word))
            deliverers = 1
            committed = 1
            delivered = 1
        }
        word.beforeEachOperation = { [unowned self] in interleaveLockFreeSteps() }
        word.onFailedExchange = { [unowned self] in
            if lockHolder != nil && !isInterleaving {
                self.coverage.exchangeLostToStop += 1
            }
        }
    }

    /// Runs until no actor can step, then checks how the run ended.
    func run() {
        var stepCount = 0
        while true {
            let ready = steps.indices.filter {
                switch steps[$0] {
                case .done, .waiting: false
                default: true
                }
            }
            guard !ready.isEmpty else { break }
            let actor = ready[schedule.choose(ready.count)]
            step(actor)
            checkAfterStep()
            stepCount += 1
            if stepCount > 100 {
                fail("the run does not end")
                return
            }
        }
        checkAtEnd()
    }

    /// Before an operation on the word inside a locked step: lets the actors whose next step is lock-free
    /// (the deliverer's `stop()`, a broadcast) take it first, as many as the schedule says. Elsewhere in a
    /// locked step a lock-free one commutes with it (it touches only the word, and dispatches blocked in a
    /// wait), so these points and the boundaries between steps make every interleaving.
    private func interleaveLockFreeSteps() {
        guard let holder = lockHolder, !isInterleaving else { return }
        while true {
            let lockFree = steps.indices.filter { $0 != holder && steps[$0].isLockFree }
            let choice = schedule.choose(lockFree.count + 1)
            guard choice > 0 else { return }
            isInterleaving = true
            step(lockFree[choice - 1])
            isInterleaving = false
        }
    }

    private func step(_ actor: Int) {
        let isLocked = !steps[actor].isLockFree
        if isLocked {
            lockHolder = actor
        }
        defer {
            if isLocked {
                lockHolder = nil
            }
        }
        trace.append((actor, steps[actor]))
        switch steps[actor] {
        case let .commit(waitsForRoom):
            if waitsForRoom && (queued >= backlogLimit || waitingDispatches != 0) {
                // `StoreStorage.waitForRoom`.
                coverage.waitedForRoom += 1
                if waitingDispatches != 0 {
                    coverage.waitedBehindAnother += 1
                }
                waitingDispatches += 1
                DeliveryFlag.requireCheck(on: word)
                steps[actor] = .waiting(ticket: nextTicket)  // unlocks as it starts to wait
                nextTicket += 1
            } else {
                steps[actor] = commit(by: actor)
            }
        case let .woken(ticket):
            guard ticket == servedTicket && queued < backlogLimit else {
                steps[actor] = .waiting(ticket: ticket)
                return
            }
            servedTicket += 1
            waitingDispatches -= 1
            if waitingDispatches > 0 && queued < backlogLimit {
                wakeWaitingDispatches()  // with the lock held, as `waitForRoom` does
            }
            steps[actor] = commit(by: actor)
        case .stop:
            if DeliveryFlag.stop(on: word) {
                deliverers -= 1
                someoneStopped = true
                steps[actor] = .done
            } else {
                coverage.stopFoundMustCheck += 1
                steps[actor] = .look
            }
        case .look:
            // `StoreStorage.deliverQueued` with `StoreStateMachine.next`.
            if queued == 0 {
                DeliveryFlag.release(on: word)
                deliverers -= 1
                someoneStopped = true
                steps[actor] = waitingDispatches > 0 ? .broadcast(then: .done) : .done
            } else {
                queued -= 1
                delivered += 1
                steps[actor] = waitingDispatches > 0 && queued < backlogLimit ? .broadcast(then: .look) : .look
            }
        case let .broadcast(then):
            wakeWaitingDispatches()
            steps[actor] = then
        case .waiting, .done:
            preconditionFailure("\(names[actor]) cannot step")
        }
    }

    /// Claims with the lock held: becomes the deliverer and delivers its own work, or queues it.
    private func commit(by actor: Int) -> Step {
        committed += 1
        guard DeliveryFlag.claim(on: word) else {
            queued += 1
            return .done
        }
        if deliverers != 0 {
            fail("\(names[actor]) became a second deliverer")
        }
        if someoneStopped {
            coverage.becameDelivererAfterStop += 1
        }
        deliverers += 1
        delivered += 1
        return .stop
    }

    private func wakeWaitingDispatches() {
        for actor in steps.indices {
            if case let .waiting(ticket) = steps[actor] {
                steps[actor] = .woken(ticket: ticket)
            }
        }
    }

    /// What holds between any two steps: at most one deliverer; the word says whether someone delivers; and
    /// what is queued has a deliverer that must look at the queue before it stops.
    private func checkAfterStep() {
        if deliverers > 1 {
            fail("two deliverers")
        }
        if (word.value == idle) != (deliverers == 0) {
            fail("the word is \(name(word.value)) with \(deliverers) deliverers")
        }
        if queued > 0 && word.value != mustCheck {
            fail("\(queued) queued while the word is \(name(word.value)): the deliverer may stop without them")
        }
    }

    private func checkAtEnd() {
        for actor in steps.indices {
            if case .waiting = steps[actor] {
                fail("\(names[actor]) waits for room, and no one will wake it")
            }
        }
        if queued != 0 || delivered != committed {
            fail("\(committed) committed, \(delivered) delivered, \(queued) left in the queue")
        }
        if word.value != idle {
            fail("the word ends \(name(word.value))")
        }
    }

    private func fail(_ violation: String) {
        let steps = trace.map { "\(names[$0.actor]): \($0.step)" }
        violations.append("\(violation), after: \(steps.joined(separator: "; "))")
    }
}

/// What running some actors through every interleaving found.
private struct Exploration {
    var runs = 0
    var firstViolation: String?
    var coverage = Coverage()
}

/// Runs `roles` through every interleaving of their steps, on a thread of its own.
///
/// Not on the cooperative pool: the thousands of runs held its two threads for about 77 s under
/// AddressSanitizer in a parallel run, and tests that wait for an effect's task meanwhile timed out.
private func explore(_ roles: [Role]) async -> Exploration {
    let result = Locked<Exploration?>(nil)
    await runConcurrently(threads: 1) { _ in
        let found = exploreHere(roles)
        result.withValue { $0 = found }
    }
    return result.current!
}

/// Runs `roles` through every interleaving of their steps, on the calling thread.
private func exploreHere(_ roles: [Role]) -> Exploration {
    let schedule = Schedule()
    var exploration = Exploration()
    repeat {
        let run = Run(roles, schedule: schedule, coverage: exploration.coverage)
        run.run()
        exploration.runs += 1
        exploration.firstViolation = exploration.firstViolation ?? run.violations.first
        exploration.coverage = run.coverage
    } while schedule.advance()
    return exploration
}
