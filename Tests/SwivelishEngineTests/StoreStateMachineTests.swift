import TestSupport
import Testing

@testable import Swivelish

/// The store's state machine driven alone, without a lock or a thread: each test plays one interleaving
/// that matters by telling the machine where each caller stands, as `StoreStorage` would.
private struct Tally: State {
    var count = 0

    struct Add: Message {}

    static func update(_ state: inout Tally, with message: Message) -> Effect? {
        if message.as(Add.self) != nil {
            state.count += 1
        }
        return nil
    }
}

private typealias Machine = StoreStateMachine<Tally>

/// Applies `Add` to the machine's state and commits the change, as a dispatch does with the lock held.
/// Returns whether the caller delivers it.
@discardableResult
private func dispatchAdd(_ machine: inout Machine, by caller: Machine.Caller, effect: Effect? = nil) -> Bool {
    _ = machine.makeStateWritable(tellingThreadSanitizer: false)
    _ = Tally.update(&machine.statePointer.pointee, with: Tally.Add())
    return machine.commit(effect, by: caller)
}

/// Adds a subscription on `\.count`, as `subscribe` does.
private func subscribe(
    _ machine: inout Machine, by caller: Machine.Caller?, received: Locked<[Int]>? = nil
) -> (id: UInt64, deliverFirst: Subscription?) {
    let key = StateProjection<Tally>.root.watchKey(\Tally.count, comparesValues: true)
    return SubscriptionRequest.with(
        key: key, skipsRepeats: false, receivesFirstState: true, deliversFirstState: caller != nil,
        makeWatch: { EquatableWatch(FieldReader(\Tally.count, in: .root), key: key) },
        receive: { watch in received?.append(unsafeDowncast(watch, to: EquatableWatch<Int>.self).value!) }
    ) { machine.subscribe($0, by: caller) }
}

/// What the deliverer does next, as a word: the kind of delivery, and the count of a change.
private func next(_ machine: inout Machine, budget: inout Int) -> (String, wake: Bool) {
    let (next, wake) = machine.next(budget: &budget)
    switch next {
    case let .perform(.change(change)): return ("change \(change.box.state.count)", wake)
    case .perform(.first): return ("first", wake)
    case .perform(.effect): return ("effect", wake)
    case .perform(.event): return ("event", wake)
    case .skip: return ("skip", wake)
    case .handOff: return ("hand off", wake)
    case .finish: return ("finish", wake)
    }
}

@Suite("The store's state machine, alone")
struct StoreStateMachineTests {
    @Test func aCallerThatBecameTheDelivererGetsItsChangeAndQueuesNothing() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        _ = subscribe(&machine, by: nil)
        #expect(dispatchAdd(&machine, by: .becameDeliverer))
        let change = machine.change(with: nil)
        #expect(change.box.state.count == 1)
        #expect(change.slots.count == 1)
        #expect(change.audience == 1)  // the one subscription, id 0
        #expect(machine.queue.isEmpty)
    }

    @Test func aChangeCommittedWhileAnotherThreadDeliversIsQueuedForIt() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        _ = subscribe(&machine, by: nil)
        #expect(!dispatchAdd(&machine, by: .bystander))
        #expect(!dispatchAdd(&machine, by: .deliverer))
        #expect(machine.queue.count == 2)
        #expect(machine.queue.items.compactMap { $0?.isReentrant } == [false, true])
        var budget = 32
        #expect(next(&machine, budget: &budget).0 == "change 1")
        #expect(next(&machine, budget: &budget).0 == "change 2")
        #expect(next(&machine, budget: &budget).0 == "finish")
        #expect(budget == 31)  // the re-entrant change did not count
    }

    @Test func theDelivererHandsOnAtItsBudgetAndTheDeliveryThreadDrainsTheRest() {
        var machine = Machine(state: Tally(), backlogLimit: 100)
        _ = subscribe(&machine, by: nil)
        for _ in 0..<40 {
            dispatchAdd(&machine, by: .bystander)
        }
        dispatchAdd(&machine, by: .deliverer)  // re-entrant, behind the others
        var budget = Machine.deliveryBudget
        var performed: [String] = []
        while case let (step, _) = next(&machine, budget: &budget), step != "hand off" {
            performed.append(step)
        }
        #expect(performed == (1...32).map { "change \($0)" })
        var unbounded = Int.max
        performed = []
        while case let (step, _) = next(&machine, budget: &unbounded), step != "finish" {
            performed.append(step)
        }
        #expect(performed == (33...41).map { "change \($0)" })
    }

    @Test func aDispatchWaitsForRoomInTicketOrderAndTheDelivererNeverWaits() {
        var machine = Machine(state: Tally(), backlogLimit: 2)
        _ = subscribe(&machine, by: nil)
        dispatchAdd(&machine, by: .bystander)
        #expect(!machine.mayHaveToWait)
        dispatchAdd(&machine, by: .bystander)
        #expect(machine.mayHaveToWait)
        let delivererTicket = machine.admit(isDeliverer: true)
        #expect(delivererTicket == nil)  // it would wait for itself
        let first = machine.admit(isDeliverer: false)
        let second = machine.admit(isDeliverer: false)
        #expect(first == 0 && second == 1)
        #expect(!machine.mayApply(ticket: 0))
        var budget = 32
        let (_, wake) = next(&machine, budget: &budget)
        #expect(wake)  // room for one: the waiters look again
        #expect(machine.mayApply(ticket: 0))
        #expect(!machine.mayApply(ticket: 1))  // the second goes after the first
        let wakesTheSecond = machine.stopWaiting()
        #expect(wakesTheSecond)  // it checks for room once the first has applied its message (lock held)...
        dispatchAdd(&machine, by: .bystander)
        #expect(!machine.mayApply(ticket: 1))  // ...and finds none
        _ = next(&machine, budget: &budget)
        #expect(machine.mayApply(ticket: 1))  // ...until the deliverer took one more
        let wakesAnother = machine.stopWaiting()
        #expect(!wakesAnother)
        #expect(machine.waitingDispatches == 0)
    }

    @Test func aSubscriptionMadeMidDeliveryStartsBehindTheChangesBeforeIt() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        _ = subscribe(&machine, by: nil)  // id 0
        dispatchAdd(&machine, by: .bystander)  // count 1, for subscription 0 only
        let (id, deliverFirst) = subscribe(&machine, by: .bystander)
        #expect(id == 1 && deliverFirst == nil)
        dispatchAdd(&machine, by: .bystander)  // count 2, for both
        var budget = 32
        var audiences: [UInt64] = []
        var steps: [String] = []
        while true {
            let (next, _) = machine.next(budget: &budget)
            switch next {
            case let .perform(.change(change)):
                steps.append("change \(change.box.state.count)")
                audiences.append(change.audience)
            case .perform(.first): steps.append("first")
            case .finish: break
            default: Issue.record("unexpected \(next)")
            }
            if case .finish = next { break }
        }
        #expect(steps == ["change 1", "first", "change 2"])
        #expect(audiences == [1, 2])
    }

    @Test func aFirstStateWhoseSubscriptionEndedBeforeItIsSkipped() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        let (id, _) = subscribe(&machine, by: .bystander)
        let removed = machine.unsubscribe(id: id, isDeliverer: false)
        #expect(removed?.isCancelledDuringDelivery == false)
        var budget = 32
        #expect(next(&machine, budget: &budget).0 == "skip")
        #expect(machine.watches.isEmpty)  // its watch went with its last subscription
    }

    @Test func aSubscriptionMadeByTheNewDelivererIsReturnedToDeliverItsFirstState() {
        var machine = Machine(state: Tally(count: 7), backlogLimit: 10)
        let received = Locked<[Int]>([])
        let (_, deliverFirst) = subscribe(&machine, by: .becameDeliverer, received: received)
        #expect(deliverFirst != nil)
        #expect(machine.queue.isEmpty)
        withUnsafePointer(to: machine.state) { deliverFirst?.deliverFirst(UnsafeRawPointer($0), delivery: 1) }
        #expect(received.current == [7])
    }

    @Test func aSubscriptionEndedByTheDelivererIsSkippedByTheDeliveryInProgress() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        let (first, _) = subscribe(&machine, by: nil)
        let (second, _) = subscribe(&machine, by: nil)
        #expect(machine.watches.count == 1)  // both read one watch
        let removed = machine.unsubscribe(id: first, isDeliverer: true)
        #expect(removed?.isCancelledDuringDelivery == true)
        let removedAgain = machine.unsubscribe(id: first, isDeliverer: true)
        #expect(removedAgain == nil)  // once
        #expect(machine.watches.count == 1)
        _ = machine.unsubscribe(id: second, isDeliverer: false)
        #expect(machine.watches.isEmpty)
    }

    @Test func anEventIsQueuedBeforeItsChangeAndAnEffectWhereEffectsRun() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        let before = machine.state
        _ = machine.makeStateWritable(tellingThreadSanitizer: false)
        _ = Tally.update(&machine.statePointer.pointee, with: Tally.Add())
        let event = StoreEvent(message: Tally.Add(), stateBefore: before, stateAfter: machine.state)
        let observed = machine.observe(event, by: .bystander)
        let committed = machine.commit({ _ in }, by: .bystander)  // an effect: something to deliver, no subscriber
        let scheduled = machine.schedule({ _ in }, with: Dispatcher { _ in }, by: .bystander)
        #expect(!observed && !committed && scheduled == nil)
        let observedByTheDeliverer = machine.observe(event, by: .becameDeliverer)
        #expect(observedByTheDeliverer)
        var budget = 32
        #expect(next(&machine, budget: &budget).0 == "event")
        #expect(next(&machine, budget: &budget).0 == "change 1")
        #expect(next(&machine, budget: &budget).0 == "effect")
        #expect(next(&machine, budget: &budget).0 == "finish")
    }

    @Test func updateWritesTheStatesBoxInPlaceOnlyWhileNoOneElseHoldsIt() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        let first = ObjectIdentifier(machine.box)  // an identity, not a reference that holds the box
        #expect(machine.makeStateWritable(tellingThreadSanitizer: false) == nil)
        #expect(ObjectIdentifier(machine.box) == first)  // the machine's alone: written in place

        let delivered = machine.lendBox()  // as a delivery or a queued change holds it
        #expect(machine.boxMayBeShared)
        let replaced = machine.makeStateWritable(tellingThreadSanitizer: false)
        #expect(replaced === delivered)  // returned to be let go of after unlocking
        #expect(machine.box !== delivered)
        _ = Tally.update(&machine.statePointer.pointee, with: Tally.Add())
        #expect(delivered.state.count == 0)  // what the delivery reads has not changed
        #expect(machine.state.count == 1)

        _ = consume delivered  // the delivery is done
        _ = consume replaced
        #expect(!machine.boxMayBeShared)  // the new box is the machine's own
        let second = ObjectIdentifier(machine.box)
        _ = machine.lendBox()  // lent, and let go of: checked, found unique, written in place
        #expect(machine.makeStateWritable(tellingThreadSanitizer: false) == nil)
        #expect(ObjectIdentifier(machine.box) == second)
        #expect(!machine.boxMayBeShared)
    }

    @Test func aChangeWithNothingToDeliverIsNotCommitted() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        #expect(!machine.hasDeliveries(nil))
        let effect: Effect = { _ in }
        let hasAnEffectToDeliver = machine.hasDeliveries(effect)
        #expect(hasAnEffectToDeliver)
        _ = subscribe(&machine, by: nil)
        #expect(machine.hasDeliveries(nil))
    }
}
