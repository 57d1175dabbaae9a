import Testing

@testable import Swivelish

/// What each effect of the tests below saw: `"<counter> <what> <number>"` when it was cancelled.
private let cancellations = CancellationLog()

private struct Tick: Hashable, Sendable {}
private struct Save: Hashable, Sendable {}

/// A counter whose ticks and saves use ids of their own, written without knowing of other counters.
private struct TickingCounter: State, Equatable {
    var name: String
    var ticks = 0
    var saves = 0

    enum Action: Message, Equatable {
        /// Starts a tick that cancels the one in flight.
        case tick
        /// Cancels the tick in flight.
        case stop
        /// Starts a save for the whole store, cancelling the one in flight, whichever counter started it.
        case save
    }

    static func update(_ state: inout TickingCounter, with message: Message) -> Effect? {
        switch message as? Action {
        case .tick?:
            state.ticks += 1
            return Effects.run(
                id: Tick(), cancelInFlight: true, cancellations.waitUntilCancelled("\(state.name) tick \(state.ticks)"))
        case .stop?:
            return Effects.cancel(id: Tick())
        case .save?:
            state.saves += 1
            return Effects.run(
                id: StoreWideEffectID(Save()), cancelInFlight: true,
                cancellations.waitUntilCancelled("\(state.name) save \(state.saves)"))
        case nil:
            return nil
        }
    }
}

/// Two counters of one type side by side, and a parent with actions of its own.
private struct CounterPair: State, Equatable {
    var top: TickingCounter
    var bottom: TickingCounter

    init(_ name: String = "") {
        top = TickingCounter(name: name + "top")
        bottom = TickingCounter(name: name + "bottom")
    }

    enum Action: Message {
        case stopTicks
        case stopSaves
    }

    static func update(_ state: inout CounterPair, with message: Message) -> Effect? {
        let children = makeSerialUpdate(\.top, \.bottom)(&state, message)
        switch message as? Action {
        case .stopTicks?: return Effects.concat(children, Effects.cancel(id: Tick()))
        case .stopSaves?: return Effects.concat(children, Effects.cancel(id: Save()))
        case nil: return children
        }
    }
}

/// Two pairs: `\.left.top` and `\.right.top` are two places of one type, one level down.
private struct TwoPairs: State {
    var left = CounterPair("left ")
    var right = CounterPair("right ")

    static func update(_ state: inout TwoPairs, with message: Message) -> Effect? {
        makeSerialUpdate(\.left, \.right)(&state, message)
    }
}

/// Pairs in rows: a sub-state of an element is a component of that element.
private struct PairRow: State, Identifiable, Equatable {
    let id: Int
    var pair: CounterPair

    init(id: Int) {
        self.id = id
        pair = CounterPair("row \(id) ")
    }

    static func update(_ state: inout PairRow, with message: Message) -> Effect? {
        makeSerialUpdate(\.pair)(&state, message)
    }
}

private struct PairRows: State {
    var rows: IdentifiedArray<PairRow> = [PairRow(id: 1), PairRow(id: 2)]

    static func update(_ state: inout PairRows, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { _, _ in nil }
    }
}

@Suite("An id given inside a sub-state's effects names that sub-state's effects", .serialized)
struct SubstateEffectIDTests {
    init() {
        cancellations.reset()
    }

    private func settle() async {
        // A cancellation lands when the cancelled task wakes: give the tasks a moment, then read.
        _ = await eventually(seconds: 1) { false }
    }

    /// Two counters of one type start a tick with one id: each cancels its own earlier one only.
    @Test func twoCountersOfOneTypeCancelInFlightOnlyTheirOwnEffects() async {
        let store = Store(initialState: CounterPair())
        store.scope(\.top).dispatch(TickingCounter.Action.tick)
        store.scope(\.bottom).dispatch(TickingCounter.Action.tick)
        await settle()
        #expect(cancellations.current == [])
        store.scope(\.top).dispatch(TickingCounter.Action.tick)
        #expect(await eventually { cancellations.current == ["top tick 1"] })
        store.scope(\.bottom).dispatch(TickingCounter.Action.stop)
        #expect(await eventually { Set(cancellations.current) == ["top tick 1", "bottom tick 1"] })
        await settle()
        #expect(cancellations.current.count == 2)  // the top's second tick still runs
    }

    /// A sub-state is one component whether its message came through its scoped store or was broadcast:
    /// a broadcast `stop` cancels the tick a scoped store started, and each counter's broadcast tick
    /// cancels its own.
    @Test func aBroadcastMessageReachesTheComponentAScopedStoreDoes() async {
        let store = Store(initialState: CounterPair())
        store.scope(\.top).dispatch(TickingCounter.Action.tick)
        store.dispatch(TickingCounter.Action.stop)
        #expect(await eventually { cancellations.current == ["top tick 1"] })
        store.dispatch(TickingCounter.Action.tick)
        store.dispatch(TickingCounter.Action.tick)
        #expect(await eventually { Set(cancellations.current) == ["top tick 1", "top tick 2", "bottom tick 1"] })
        await settle()
        #expect(cancellations.current.count == 3)
    }

    /// The parent's `Effects.cancel(id:)` names its own effects, not its fixed children's; a
    /// `StoreWideEffectID` names one set of effects across them, and is the parent's plain id.
    @Test func theParentsIDNamesItsOwnEffectsAndAStoreWideIDEveryPart() async {
        let store = Store(initialState: CounterPair())
        store.scope(\.top).dispatch(TickingCounter.Action.tick)
        store.dispatch(CounterPair.Action.stopTicks)
        await settle()
        #expect(cancellations.current == [])
        store.scope(\.top).dispatch(TickingCounter.Action.save)
        store.scope(\.bottom).dispatch(TickingCounter.Action.save)
        #expect(await eventually { cancellations.current == ["top save 1"] })
        store.dispatch(CounterPair.Action.stopSaves)
        #expect(await eventually { cancellations.current == ["top save 1", "bottom save 1"] })
    }

    /// `\.left.top` and `\.right.top` are two components; so are the pair of row 1 and that of row 2.
    @Test func placesOfOneTypeAtAnyDepthAreComponentsOfTheirOwn() async {
        let pairs = Store(initialState: TwoPairs())
        pairs.scope(\.left).scope(\.top).dispatch(TickingCounter.Action.tick)
        pairs.scope(\.right).scope(\.top).dispatch(TickingCounter.Action.tick)
        pairs.scope(\.left).scope(\.bottom).dispatch(TickingCounter.Action.tick)
        await settle()
        #expect(cancellations.current == [])
        pairs.scope(\.right).scope(\.top).dispatch(TickingCounter.Action.stop)
        #expect(await eventually { cancellations.current == ["right top tick 1"] })

        let rows = Store(initialState: PairRows())
        rows.scope(\.rows, id: 1)!.scope(\.pair).scope(\.top).dispatch(TickingCounter.Action.tick)
        rows.scope(\.rows, id: 2)!.scope(\.pair).scope(\.top).dispatch(TickingCounter.Action.tick)
        await settle()
        #expect(cancellations.current == ["right top tick 1"])
        rows.scope(\.rows, id: 2)!.scope(\.pair).scope(\.top).dispatch(TickingCounter.Action.stop)
        #expect(await eventually { cancellations.current == ["right top tick 1", "row 2 top tick 1"] })
        await settle()
        #expect(cancellations.current.count == 2)
    }

    /// Observers (the trace) are told whose effects an id names, by the place's name.
    @Test func observersNameTheComponentByItsPlace() async {
        let started = Locked<[String]>([])
        let observer = StoreObserver<PairRows>({ _ in }) { event in
            if event.kind == .started { started.append(event.idDescription) }
        }
        let rows = Store(initialState: PairRows(), observers: [observer])
        rows.scope(\.rows, id: 2)!.scope(\.pair).scope(\.bottom).dispatch(TickingCounter.Action.tick)
        let pair = Store(
            initialState: TwoPairs(),
            observers: [
                StoreObserver<TwoPairs>({ _ in }) { event in
                    if event.kind == .started { started.append(event.idDescription) }
                }
            ])
        pair.scope(\.right).scope(\.top).dispatch(TickingCounter.Action.tick)
        #expect(
            started.current == [
                "ChildEffects<PairRow>(id: 2)",
                "Tick() in \\PairRow.pair.bottom in ChildEffects<PairRow>(id: 2)",
                "Tick() in \\TwoPairs.right.top",
            ])
    }
}
