import Testing

@testable import Swivelish
import TestSupport

/// Settings every row reads: kept once, in the root state, and written only by its messages.
private struct Settings: State, Equatable {
    var currency = "USD"
    var taxRate = 20

    enum Action: Message, Equatable {
        case setCurrency(String)
        case setTaxRate(Int)
    }

    static func update(_ state: inout Settings, with message: Message) -> Effect? {
        switch message as? Action {
        case let .setCurrency(currency)?: state.currency = currency
        case let .setTaxRate(rate)?: state.taxRate = rate
        case nil: break
        }
        return nil
    }
}

/// A shop: rows, and the settings they read.
private struct Shop: State, Equatable {
    var settings = Settings()
    var rows: IdentifiedArray<Row> = []

    static func update(_ state: inout Shop, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            makeSerialUpdate(\.settings)(&state, message)
        }
    }
}

@Suite("Shared state: one value read by every row")
struct SharedStateTests {
    /// 10,000 rows, each with its store, and the store of the settings: half the rows read the currency,
    /// half the tax rate. A currency change calls each currency reader once, and no other reader; a row's
    /// change calls its row's reader, and no reader of the settings.
    @Test func aSharedChangeInvalidatesExactlyTheReadersOfTheFieldThatChanged() async {
        let rows = 10_000
        let store = Store(initialState: Shop(rows: IdentifiedArray((0..<rows).map { Row(id: $0) })))
        let settings = store.scope(\.settings)
        let subscriptions = SubscriptionBag()
        let currencyCalls = Locked([Int](repeating: 0, count: rows))
        let taxCalls = Locked(0)
        let rowCalls = Locked(0)
        for id in 0..<rows {
            let row = store.scope(\.rows, id: id)!
            subscriptions.insert(
                row.subscribe(\.self, immediately: false, skipRepeats: true) { _ in
                    rowCalls.withValue { $0 += 1 }
                })
            if id.isMultiple(of: 2) {
                subscriptions.insert(
                    settings.subscribe(\.currency, immediately: false, skipRepeats: true) { _ in
                        currencyCalls.withValue { $0[id] += 1 }
                    })
            } else {
                subscriptions.insert(
                    settings.subscribe(\.taxRate, immediately: false, skipRepeats: true) { _ in
                        taxCalls.withValue { $0 += 1 }
                    })
            }
        }
        settings.dispatch(Settings.Action.setCurrency("EUR"))
        await store.waitForDeliveries()
        let calls = currencyCalls.withValue { $0 }
        #expect((0..<rows).allSatisfy { calls[$0] == ($0.isMultiple(of: 2) ? 1 : 0) })
        #expect(taxCalls.withValue { $0 } == 0)
        #expect(rowCalls.withValue { $0 } == 0)
        // The same currency again: no change, no call.
        settings.dispatch(Settings.Action.setCurrency("EUR"))
        store.dispatch(ElementMessage<Row>(id: 3, Row.Action.increment))
        await store.waitForDeliveries()
        #expect(currencyCalls.withValue { $0.reduce(0, +) } == rows / 2)
        #expect(taxCalls.withValue { $0 } == 0)
        #expect(rowCalls.withValue { $0 } == 1)
        #expect(store.state.settings.currency == "EUR")
    }
}
