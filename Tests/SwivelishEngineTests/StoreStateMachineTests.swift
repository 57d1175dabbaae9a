import TestSupport
import Testing

@testable import Swivelish

/// The store's state machine driven alone, without a lock or a thread: each test plays one interleaving
/// that matters by telling the machine where each caller stands, as `StoreStorage` would, through the
/// machine's API alone (`.ci/check-engine-api` checks that these tests read none of its stored properties).
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

/// What a dispatch of `Add` did, as `StoreStorage.dispatch` does it with the lock held: the change the
/// caller delivers, if it became the deliverer, and the state's old box, when a delivery held it.
private struct Dispatched {
    var change: Change<Tally>?
    var replaced: StateBox<Tally>?
}

/// Applies `Add` and commits the change when it has something to deliver, as a dispatch does with the lock
/// held (and the same calls, in the same order).
@discardableResult
private func dispatchAdd(_ machine: inout Machine, by caller: Machine.Caller) -> Dispatched {
    let (effect, replaced) = machine.apply(Tally.Add(), tellingThreadSanitizer: false)
    let change = machine.hasDeliveries(effect) ? machine.commit(effect, by: caller) : nil
    return Dispatched(change: change, replaced: replaced)
}

/// Adds a subscription on `\.count`, as `subscribe` does.
private func subscribe(
    _ machine: inout Machine, by caller: Machine.Caller?, received: Locked<[Int]>? = nil
) -> (id: UInt64, first: FirstState<Tally>?) {
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
        let change = dispatchAdd(&machine, by: .becameDeliverer).change
        #expect(change?.box.state.count == 1)
        #expect(change?.commit == 1)
        #expect(change?.slots.count == 1)
        #expect(change?.audience == 1)  // the one subscription, id 0
        var budget = 32
        #expect(next(&machine, budget: &budget).0 == "finish")
    }

    @Test func aChangeCommittedWhileAnotherThreadDeliversIsQueuedForIt() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        _ = subscribe(&machine, by: nil)
        #expect(dispatchAdd(&machine, by: .bystander).change == nil)
        #expect(dispatchAdd(&machine, by: .deliverer).change == nil)
        var budget = 32
        #expect(next(&machine, budget: &budget).0 == "change 1")
        #expect(next(&machine, budget: &budget).0 == "change 2")
        #expect(next(&machine, budget: &budget).0 == "finish")
        #expect(budget == 31)  // the re-entrant change did not count
    }

    @Test func aQueuedChangeIsDeliveredToTheSubscriptionsOfItsDeliveryUpToItsAudience() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        _ = subscribe(&machine, by: nil)  // id 0
        dispatchAdd(&machine, by: .bystander)  // queued while subscription 0 alone existed
        _ = subscribe(&machine, by: nil)  // id 1, made before the change is delivered
        var budget = 32
        guard case let (.perform(.change(change)), _) = machine.next(budget: &budget) else {
            Issue.record("expected a change")
            return
        }
        #expect(change.slots.count == 2)  // the subscriptions when it is delivered...
        #expect(change.audience == 1)  // ...of which it reaches those made before it
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
        _ = next(&machine, budget: &budget)
        #expect(!machine.mayHaveToWait)  // no one waits, and there is room
    }

    @Test func aSubscriptionMadeMidDeliveryStartsBehindTheChangesBeforeIt() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        _ = subscribe(&machine, by: nil)  // id 0
        dispatchAdd(&machine, by: .bystander)  // count 1, for subscription 0 only
        let (id, first) = subscribe(&machine, by: .bystander)
        #expect(id == 1 && first == nil)
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
        // Its watch went with its last subscription: the next subscription to the key makes a new one.
        let (_, again) = subscribe(&machine, by: .becameDeliverer)
        #expect(again != nil)
        #expect(again?.subscription.watch !== removed?.watch)
    }

    @Test func aSubscriptionMadeByTheNewDelivererIsReturnedToDeliverItsFirstState() {
        var machine = Machine(state: Tally(count: 7), backlogLimit: 10)
        let received = Locked<[Int]>([])
        let (_, first) = subscribe(&machine, by: .becameDeliverer, received: received)
        guard let first else {
            Issue.record("expected the first state")
            return
        }
        #expect(first.commit == 0)
        first.subscription.deliverFirst(UnsafeRawPointer(first.box.pointer), delivery: first.commit)
        #expect(received.current == [7])
        var budget = 32
        #expect(next(&machine, budget: &budget).0 == "finish")  // nothing was queued
    }

    @Test func aSubscriptionEndedByTheDelivererIsSkippedByTheDeliveryInProgress() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        let (first, _) = subscribe(&machine, by: nil)
        let (second, _) = subscribe(&machine, by: nil)
        let removed = machine.unsubscribe(id: first, isDeliverer: true)
        #expect(removed?.isCancelledDuringDelivery == true)
        let removedAgain = machine.unsubscribe(id: first, isDeliverer: true)
        #expect(removedAgain == nil)  // once
        let removedSecond = machine.unsubscribe(id: second, isDeliverer: false)
        #expect(removedSecond?.watch === removed?.watch)  // both read one watch
        #expect(removedSecond?.isCancelledDuringDelivery == false)
    }

    @Test func anEventIsQueuedBeforeItsChangeAndAnEffectWhereEffectsRun() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        let before = machine.state
        let (effect, _) = machine.apply(Tally.Add(), tellingThreadSanitizer: false)
        #expect(effect == nil)
        let event = StoreEvent(message: Tally.Add(), stateBefore: before, stateAfter: machine.state)
        let queued = machine.commit(event, then: { _ in }, by: .bystander)  // an effect: something to deliver
        let scheduled = machine.schedule({ _ in }, with: Dispatcher { _ in }, by: .bystander)
        #expect(!queued.deliversEvent && queued.change == nil && scheduled == nil)
        var budget = 32
        #expect(next(&machine, budget: &budget).0 == "event")
        #expect(next(&machine, budget: &budget).0 == "change 1")
        #expect(next(&machine, budget: &budget).0 == "effect")
        #expect(next(&machine, budget: &budget).0 == "finish")
    }

    @Test func theNewDelivererGetsAnEventWithItsChangeOnlyWhenTheChangeHasSomethingToDeliver() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        let event = StoreEvent(message: Tally.Add(), stateBefore: Tally(), stateAfter: Tally(count: 1))
        _ = machine.apply(Tally.Add(), tellingThreadSanitizer: false)
        let alone = machine.commit(event, then: nil, by: .becameDeliverer)
        #expect(alone.deliversEvent && alone.change == nil)  // the event, and no change: no subscriber, no effect
        _ = subscribe(&machine, by: nil)
        _ = machine.apply(Tally.Add(), tellingThreadSanitizer: false)
        let withChange = machine.commit(event, then: nil, by: .becameDeliverer)
        #expect(withChange.deliversEvent && withChange.change?.box.state.count == 2)
        var budget = 32
        #expect(next(&machine, budget: &budget).0 == "finish")
    }

    @Test func updateWritesTheStatesBoxInPlaceOnlyWhileNoOneElseHoldsIt() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        _ = subscribe(&machine, by: nil)
        var delivered = dispatchAdd(&machine, by: .becameDeliverer)  // a delivery holds the box...
        #expect(delivered.replaced == nil)
        let held = delivered.change!.box
        let second = dispatchAdd(&machine, by: .becameDeliverer)  // ...so the next update copies the state
        #expect(second.replaced === held)  // returned to be let go of after unlocking
        #expect(second.change?.box !== held)
        #expect(held.state.count == 1)  // what the delivery reads has not changed
        #expect(second.change?.box.state.count == 2)

        let current = ObjectIdentifier(second.change!.box)  // an identity, not a reference that holds the box
        delivered = Dispatched()
        _ = consume held
        _ = consume second  // every delivery is done
        let third = dispatchAdd(&machine, by: .becameDeliverer)  // lent before, found unique: in place
        #expect(third.replaced == nil)
        #expect(third.change.map { ObjectIdentifier($0.box) } == current)
        #expect(third.change?.box.state.count == 3)
    }

    @Test func aChangeWithNothingToDeliverIsNotCommitted() {
        var machine = Machine(state: Tally(), backlogLimit: 10)
        let dispatched = dispatchAdd(&machine, by: .becameDeliverer)
        #expect(dispatched.change == nil)  // no subscriber, no effect: nothing to deliver
        #expect(machine.stateAndCommit.commit == 1 && machine.stateAndCommit.state.count == 1)
        let effect: Effect = { _ in }
        let hasAnEffectToDeliver = machine.hasDeliveries(effect)
        #expect(hasAnEffectToDeliver)
        _ = subscribe(&machine, by: nil)
        #expect(machine.hasDeliveries(nil))
    }
}
