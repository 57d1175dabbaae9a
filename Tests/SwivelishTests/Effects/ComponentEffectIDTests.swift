import Swivelish
import Testing

/// What each effect of the tests below saw: `"<item> <what> <number>"` when it was cancelled.
private let cancellations = CancellationLog()

private struct PriceCheck: Hashable, Sendable {}
private struct Upload: Hashable, Sendable {}

/// An item of a shelf: its effects use ids of their own, written without knowing of the other items.
private struct PricedItem: State, Identifiable, Equatable {
    let id: Int
    var checks = 0
    var uploads = 0

    enum Action: Message, Equatable {
        /// Starts a price check that cancels the one in flight.
        case check
        /// Cancels the price check in flight.
        case stopChecking
        /// Starts an upload for the whole shelf, cancelling the one in flight, whichever item started it.
        case upload
    }

    static func update(_ state: inout PricedItem, with message: Message) -> Effect? {
        let name = "\(state.id)"
        switch message as? Action {
        case .check?:
            state.checks += 1
            return Effects.run(
                id: PriceCheck(), cancelInFlight: true,
                cancellations.waitUntilCancelled("\(name) check \(state.checks)"))
        case .stopChecking?:
            return Effects.cancel(id: PriceCheck())
        case .upload?:
            state.uploads += 1
            return Effects.run(
                id: StoreWideEffectID(Upload()), cancelInFlight: true,
                cancellations.waitUntilCancelled("\(name) upload \(state.uploads)"))
        case nil:
            return nil
        }
    }
}

private struct PriceList: State {
    var items: IdentifiedArray<PricedItem> = [PricedItem(id: 1), PricedItem(id: 2)]

    enum Action: Message {
        case cancelPriceChecks
        case cancelUpload
    }

    static func update(_ state: inout PriceList, with message: Message) -> Effect? {
        updateElements(\.items, of: &state, with: message) { _, message in
            switch message as? Action {
            case .cancelPriceChecks?: Effects.cancel(id: PriceCheck())
            case .cancelUpload?: Effects.cancel(id: Upload())
            case nil: nil
            }
        }
    }
}

@Suite("An id given inside a child's effects names that child's effects", .serialized)
struct ComponentEffectIDTests {
    init() {
        cancellations.reset()
    }

    private func settle() async {
        // A cancellation lands when the cancelled task wakes: give the tasks a moment, then read.
        _ = await eventually(seconds: 1) { false }
    }

    /// Two items start a price check with one id: each cancels its own earlier one only.
    @Test func twoItemsCancelInFlightOnlyTheirOwnEffects() async {
        let store = Store(initialState: PriceList())
        store.dispatch(ElementMessage<PricedItem>(id: 1, PricedItem.Action.check))
        store.dispatch(ElementMessage<PricedItem>(id: 2, PricedItem.Action.check))
        await settle()
        #expect(cancellations.current == [])
        store.dispatch(ElementMessage<PricedItem>(id: 1, PricedItem.Action.check))
        #expect(await eventually { cancellations.current == ["1 check 1"] })
        store.dispatch(ElementMessage<PricedItem>(id: 2, PricedItem.Action.stopChecking))
        #expect(await eventually { Set(cancellations.current) == ["1 check 1", "2 check 1"] })
        await settle()
        #expect(cancellations.current.count == 2)  // item 1's second check still runs
    }

    /// The parent's `Effects.cancel(id:)` names its own effects: the items' price checks go on.
    @Test func theParentsIDDoesNotNameItsChildrensEffects() async {
        let store = Store(initialState: PriceList())
        store.dispatch(ElementMessage<PricedItem>(id: 1, PricedItem.Action.check))
        store.dispatch(PriceList.Action.cancelPriceChecks)
        await settle()
        #expect(cancellations.current == [])
        store.dispatch(PriceList.Action.cancelUpload)  // nothing in flight
    }

    /// A `StoreWideEffectID` names one set of effects across the items, and is the parent's plain id.
    @Test func aStoreWideIDNamesTheEffectsOfEveryPart() async {
        let store = Store(initialState: PriceList())
        store.dispatch(ElementMessage<PricedItem>(id: 1, PricedItem.Action.upload))
        store.dispatch(ElementMessage<PricedItem>(id: 2, PricedItem.Action.upload))
        #expect(await eventually { cancellations.current == ["1 upload 1"] })
        store.dispatch(PriceList.Action.cancelUpload)
        #expect(await eventually { cancellations.current == ["1 upload 1", "2 upload 1"] })
    }
}
