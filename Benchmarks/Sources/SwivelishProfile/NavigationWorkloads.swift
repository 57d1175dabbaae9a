// W23 and W24, for callgrind: state shared by a list's rows, and a navigation stack.
//
// W23: settings (a currency, a tax rate) kept once in the root state beside 10,000 rows, each row with a
// `skipRepeats` subscription of its own store; every row also reads a setting through the settings' store
// (`scope(\.settings)`), half of them the currency and half the tax rate. A change of the currency must
// call its readers once each, and neither the tax rate's readers nor the rows' subscribers; a change of a
// row must cost about what W13's does, whatever the settings' readers.
//
// W24: a `ScreenStack` of 2 or 200 screens; a push then a pop, with a reader of the stack's ids and the
// bottom screen's store subscribed. The bar: a push or a pop costs the same at either depth.

import Swivelish

// MARK: - W23: settings shared by 10,000 rows

/// W23's settings: what every row reads, kept once in the root state.
struct Settings: State, Equatable {
    var currency = "EUR"
    var taxRate = 20

    /// Sets the currency.
    struct SetCurrency: Message {
        let currency: String
    }

    /// Sets the tax rate.
    struct SetTaxRate: Message {
        let taxRate: Int
    }

    static func update(_ state: inout Settings, with message: Message) -> Effect? {
        if let set = message.as(SetCurrency.self) {
            state.currency = set.currency
        } else if let set = message.as(SetTaxRate.self) {
            state.taxRate = set.taxRate
        }
        return nil
    }
}

/// W23's root state: the settings, and W13's rows.
struct PricedList: State {
    var settings = Settings()
    var rows: IdentifiedArray<BenchRow>

    init(rows: Int) {
        self.rows = IdentifiedArray((0..<rows).map { BenchRow(id: $0, title: "Row \($0)") })
    }

    static func update(_ state: inout PricedList, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            makeSerialUpdate(\.settings)(&state, message)
        }
    }
}

/// How often W23's readers were called: the rows' subscribers, and the readers of each setting.
final class SettingsReaders: @unchecked Sendable {
    // `@unchecked Sendable`: only the delivering thread writes it; the run reads it after delivery.
    var rowCalls = 0
    var currencyCalls = 0
    var taxRateCalls = 0
}

/// W23 on the store: 10,000 rows, each with a `skipRepeats` subscription of its row's store, and a reader
/// of one setting through the settings' store: the currency for the even rows, the tax rate for the odd.
final class SharedSettingsFixture: @unchecked Sendable {
    // `@unchecked Sendable`: used by one thread.
    let store: Store<PricedList>
    let settings: Store<Settings>
    let readers = SettingsReaders()
    let rows: Int
    private var subscriptions: [@Sendable () -> Void] = []

    init(rows: Int) {
        self.rows = rows
        store = Store(initialState: PricedList(rows: rows))
        settings = store.scope(\.settings)
        let readers = self.readers
        subscriptions.reserveCapacity(2 * rows)
        for id in 0..<rows {
            subscriptions.append(
                store.scope(\.rows, id: id)!.subscribe(\.self, immediately: false, skipRepeats: true) { _ in
                    readers.rowCalls += 1
                })
            if id.isMultiple(of: 2) {
                subscriptions.append(
                    settings.subscribe(\.currency, immediately: false, skipRepeats: true) { _ in
                        readers.currencyCalls += 1
                    })
            } else {
                subscriptions.append(
                    settings.subscribe(\.taxRate, immediately: false, skipRepeats: true) { _ in
                        readers.taxRateCalls += 1
                    })
            }
        }
    }

    /// W23-currency: `count` messages to the settings' store, each changing the currency (two values in
    /// turn, so that each is a change).
    @inline(never)
    func changeCurrency(count: Int) {
        for index in 0..<count {
            settings.dispatch(Settings.SetCurrency(currency: index.isMultiple(of: 2) ? "USD" : "EUR"))
        }
    }

    /// W23-row: `count` messages, each changing one row, as W13's.
    @inline(never)
    func changeRows(count: Int) {
        for index in 0..<count {
            store.dispatch(ElementMessage<BenchRow>(id: changedRow(index, of: rows), BenchRow.Increment()))
        }
    }
}

// MARK: - W24: a push and a pop on a stack of 2 or 200 screens

/// A screen of W24's stack: a counter.
struct BenchScreen: State, Equatable {
    var count = 0

    /// Increments the counter.
    struct Increment: Message {}

    static func update(_ state: inout BenchScreen, with message: Message) -> Effect? {
        if message.as(Increment.self) != nil {
            state.count += 1
        }
        return nil
    }
}

/// W24's root state: a stack of screens, which its own messages push and pop.
struct Navigation: State {
    var path = ScreenStack<BenchScreen>()

    /// Pushes a screen.
    struct Push: Message {}

    /// Pops the screen on top.
    struct Pop: Message {}

    static func update(_ state: inout Navigation, with message: Message) -> Effect? {
        updateStack(\.path, of: &state, with: message) { state, message in
            if message.as(Push.self) != nil {
                state.path.push(BenchScreen())
            } else if message.as(Pop.self) != nil {
                state.path.pop()
            }
            return nil
        }
    }
}

/// How often W24's readers were called: the reader of the stack's ids, and the bottom screen's subscriber.
final class StackReaders: @unchecked Sendable {
    // `@unchecked Sendable`: only the delivering thread writes it; the run reads it after delivery.
    var idsCalls = 0
    var bottomCalls = 0
}

/// W24 on the store: a stack pushed to `depth` screens, a `skipRepeats` reader of its ids (as a view's
/// navigation path reads them), and the bottom screen's store with a `skipRepeats` subscription, as the
/// view of a screen under the others has.
final class StackFixture: @unchecked Sendable {
    // `@unchecked Sendable`: used by one thread.
    let store = Store(initialState: Navigation())
    let readers = StackReaders()
    let depth: Int
    private var subscriptions: [@Sendable () -> Void] = []
    /// The bottom screen's store, kept as its view keeps it.
    private var bottom: Store<BenchScreen>?

    init(depth: Int) {
        self.depth = depth
        for _ in 0..<depth {
            store.dispatch(Navigation.Push())
        }
        let readers = self.readers
        subscriptions.append(
            store.subscribe(\.path.ids, immediately: false, skipRepeats: true) { _ in readers.idsCalls += 1 })
        let bottom = store.scope(\.path, id: store.state.path.ids[0])!
        subscriptions.append(
            bottom.subscribe(\.self, immediately: false, skipRepeats: true) { _ in readers.bottomCalls += 1 })
        self.bottom = bottom
    }

    /// `count` pairs of messages: a push, then a pop.
    @inline(never)
    func run(count: Int) {
        for _ in 0..<count {
            store.dispatch(Navigation.Push())
            store.dispatch(Navigation.Pop())
        }
    }
}
