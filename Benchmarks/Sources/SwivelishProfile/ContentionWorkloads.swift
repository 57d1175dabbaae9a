// W19's deterministic twin, for callgrind: a row of W13's list changed while a delivery holds the state.
//
// A message changes the list's title; the title's subscriber dispatches a row's change from its callback.
// That dispatch is re-entrant: the delivery in progress holds the state it delivers, so the change is
// applied to a state shared with it, and waits for the delivery to end before it is delivered itself:
// the path a message takes when another thread is delivering, on one thread and repeatable. Against the
// same two messages dispatched one after the other, when nobody holds the state.
//
// The wall-clock W19 (two threads, a blocked subscriber) is `SwivelishContention toggle`.

import Swivelish

/// W19's list: W13's rows, and a title that a message changes.
struct TitledList: State {
    var rows: IdentifiedArray<BenchRow>
    var title = 0

    /// Changes the title.
    struct Retitle: Message {}

    init(rows: Int) {
        self.rows = IdentifiedArray((0..<rows).map { BenchRow(id: $0, title: "Row \($0)") })
    }

    static func update(_ state: inout TitledList, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            if message.as(Retitle.self) != nil {
                state.title += 1
            }
            return nil
        }
    }
}

/// The rows W19 has changed, and how many of their readers' calls there were.
final class ChangedRows: @unchecked Sendable {
    // `@unchecked Sendable`: only the delivering thread touches it (one thread here).
    var changed = 0
    var rowCalls = 0
}

/// W19 on the store: W13's list with a reader per row, and a reader of the title that changes a row from
/// its callback (`contended`) or does nothing (the row is then changed after the title's delivery).
final class ContendedListFixture: @unchecked Sendable {
    // `@unchecked Sendable`: used by one thread.
    let store: Store<TitledList>
    let rows: Int
    let contended: Bool
    let changes = ChangedRows()
    private var subscriptions: [@Sendable () -> Void] = []

    init(rows: Int, contended: Bool) {
        self.rows = rows
        self.contended = contended
        let store = Store(initialState: TitledList(rows: rows))
        self.store = store
        let changes = self.changes
        for id in 0..<rows {
            subscriptions.append(
                store.scope(\.rows, id: id)!.subscribe(\.self, immediately: false, skipRepeats: true) { _ in
                    changes.rowCalls += 1
                })
        }
        subscriptions.append(
            store.subscribe(\.title, immediately: false, skipRepeats: true) { [weak store] _ in
                guard contended, let store else { return }
                store.dispatch(
                    ElementMessage<BenchRow>(id: changedRow(changes.changed, of: rows), BenchRow.Increment()))
                changes.changed += 1
            })
    }

    /// `count` pairs of messages: a title's change, and a row's.
    @inline(never)
    func run(count: Int) {
        for _ in 0..<count {
            store.dispatch(TitledList.Retitle())
            if !contended {
                store.dispatch(
                    ElementMessage<BenchRow>(id: changedRow(changes.changed, of: rows), BenchRow.Increment()))
                changes.changed += 1
            }
        }
    }
}

/// W22's row for callgrind: a store of one row of 10,000 (`scope(_:id:)`) and its `skipRepeats`
/// subscription, as a list view makes for each row it shows. The stores and subscriptions are kept, as a
/// list's are while its rows show.
final class RowSubscriptionFixture: @unchecked Sendable {
    // `@unchecked Sendable`: used by one thread.
    let store = Store(initialState: BenchList(rows: 10_000))
    let readers = ListReaders()
    private var subscriptions: [@Sendable () -> Void] = []
    private var rowStores: [Store<BenchRow>] = []

    /// Makes the stores of `count` rows and subscribes to each.
    @inline(never)
    func subscribeRows(count: Int) {
        subscriptions.reserveCapacity(count)
        rowStores.reserveCapacity(count)
        let readers = self.readers
        for index in 0..<count {
            let row = store.scope(\.rows, id: changedRow(index, of: 10_000))!
            subscriptions.append(
                row.subscribe(\.self, immediately: false, skipRepeats: true) { _ in readers.rowCalls += 1 })
            rowStores.append(row)
        }
    }
}

extension RowSubscriptionFixture {
    /// W22's first change after the rows subscribed: for callgrind's `--toggle-collect`, apart from the next.
    @inline(never)
    func firstChange() {
        store.dispatch(ElementMessage<BenchRow>(id: changedRow(1, of: 10_000), BenchRow.Increment()))
    }

    /// The change after W22's first.
    @inline(never)
    func secondChange() {
        store.dispatch(ElementMessage<BenchRow>(id: changedRow(2, of: 10_000), BenchRow.Increment()))
    }
}

/// W13-rows: W13's list of 10,000 rows with a `skipRepeats` subscription to the whole collection
/// (`\.rows`), as a view that reads every row has; a message changes one row. The subscription's `==`
/// compares the two versions of the rows, which share every leaf but the changed row's.
final class WatchedRowsFixture: @unchecked Sendable {
    // `@unchecked Sendable`: used by one thread.
    let store = Store(initialState: BenchList(rows: 10_000))
    let readers = ListReaders()
    private var unsubscribe: (@Sendable () -> Void)?

    init() {
        let readers = self.readers
        unsubscribe = store.subscribe(\.rows, immediately: false, skipRepeats: true) { _ in readers.listCalls += 1 }
    }

    /// `count` messages, each changing one row.
    @inline(never)
    func changeRows(count: Int) {
        for index in 0..<count {
            store.dispatch(ElementMessage<BenchRow>(id: changedRow(index, of: 10_000), BenchRow.Increment()))
        }
    }
}
