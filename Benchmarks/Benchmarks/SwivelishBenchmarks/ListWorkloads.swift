// W13 and W14: a list of N rows, each row with a reader of its own, and the list with a reader of its ids,
// as a list screen has; its `ObservedStore` is alive too, reading the ids. W13 changes one row per
// message; W14 appends one row per message. Against a list written by hand that keeps its rows in a
// dictionary by id, behind a mutex, and calls the changed row's reader directly.
//
// The benchmark target measures them; `SwivelishProfile` compiles this same file (through a symbolic link)
// to count their instructions and their readers' calls.

import Swivelish

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A row of W13's list.
struct BenchRow: State, Identifiable, Equatable {
    let id: Int
    var title: String
    var count = 0

    /// The message that changes the row.
    struct Increment: Message {}

    static func update(_ state: inout BenchRow, with message: Message) -> Effect? {
        if message.as(Increment.self) != nil {
            state.count += 1
        }
        return nil
    }
}

/// W13's list: rows, and a title the list shows.
struct BenchList: State {
    var rows: IdentifiedArray<BenchRow>
    var title = "Rows"

    /// W14's message: append a row.
    struct Append: Message {
        let id: Int
    }

    init(rows: Int) {
        self.rows = IdentifiedArray((0..<rows).map { BenchRow(id: $0, title: "Row \($0)") })
    }

    static func update(_ state: inout BenchList, with message: Message) -> Effect? {
        updateElements(\.rows, of: &state, with: message) { state, message in
            if let append = message.as(Append.self) {
                state.rows.append(BenchRow(id: append.id, title: "Row \(append.id)"))
            }
            return nil
        }
    }
}

/// How often the readers were called: the row readers together, and the list's.
final class ListReaders: @unchecked Sendable {
    // `@unchecked Sendable`: only the delivering thread writes it; benchmarks read it after delivery.
    var rowCalls = 0
    var listCalls = 0
}

/// The row W13's `index`-th message changes: spread over the list, not always the same one.
@inline(__always)
func changedRow(_ index: Int, of rows: Int) -> Int {
    (index &* 7_919) % rows
}

/// W13 and W14 on the store: the list, a reader per row (a `skipRepeats` subscription of the row's store,
/// or with `rowModels`, a model of the row's store reading its count and title, as a row view's), a reader
/// of the ids, and the list's model.
final class StoreListFixture: @unchecked Sendable {
    // `@unchecked Sendable`: made on the main actor (its model must be), then used by one thread at a time.
    let store: Store<BenchList>
    let readers = ListReaders()
    let rows: Int
    private var subscriptions: [@Sendable () -> Void] = []
    /// The list's model, alive as in an app (its changes wait for the main actor, which this loop does not
    /// give up: they are read and merged at each change, and applied once it runs).
    private let model: AnyObject?
    /// The rows' models, with `rowModels`.
    private var rowModels: [AnyObject] = []

    @MainActor
    init(rows: Int, rowModels: Bool = false) {
        self.rows = rows
        store = Store(initialState: BenchList(rows: rows))
        let readers = self.readers
        for id in 0..<rows {
            let row = store.scope(\.rows, id: id)!
            #if canImport(Observation)
            if rowModels, #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
                let model = row.observable()
                _ = model.count
                _ = model.title
                self.rowModels.append(model)
                continue
            }
            #endif
            subscriptions.append(
                row.subscribe(\.self, immediately: false, skipRepeats: true) { _ in
                    readers.rowCalls += 1
                })
        }
        if rowModels {
            // Each row changed once before the measure: its model's first change schedules the main actor,
            // which this loop never gives up, so that later changes only merge (as they do in an app between
            // two frames).
            for id in 0..<rows {
                store.dispatch(ElementMessage<BenchRow>(id: id, BenchRow.Increment()))
            }
        }
        subscriptions.append(
            store.subscribe(\.rows.ids, immediately: false, skipRepeats: true) { _ in readers.listCalls += 1 })
        #if canImport(Observation)
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) {
            let model = store.observable()
            _ = model[tracking: \.rows.ids]
            _ = model.title
            self.model = model
        } else {
            model = nil
        }
        #else
        model = nil
        #endif
    }

    /// W13: `count` messages, each changing one row.
    @inline(never)
    func changeRows(count: Int) {
        for index in 0..<count {
            store.dispatch(ElementMessage<BenchRow>(id: changedRow(index, of: rows), BenchRow.Increment()))
        }
    }

    /// W14: `count` messages, each appending one row.
    @inline(never)
    func appendRows(count: Int) {
        let first = store.state.rows.count
        for index in 0..<count {
            store.dispatch(BenchList.Append(id: first + index))
        }
    }
}

/// W13 and W14 by hand: the rows in a dictionary by id and their order in an array, behind a mutex; a
/// change calls the changed row's readers, an append the list's readers, directly.
final class HandWrittenListFixture: @unchecked Sendable {
    // `@unchecked Sendable`: `rows`, `order` and the readers are only touched with `mutex` held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var rowsByID: [Int: BenchRow] = [:]
    private var order: [Int] = []
    private var rowReaders: [Int: [(BenchRow) -> Void]] = [:]
    private var listReaders: [([Int]) -> Void] = []
    let readers = ListReaders()
    let rows: Int

    init(rows: Int) {
        self.rows = rows
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        let readers = self.readers
        for id in 0..<rows {
            rowsByID[id] = BenchRow(id: id, title: "Row \(id)")
            order.append(id)
            rowReaders[id] = [{ _ in readers.rowCalls += 1 }]
        }
        listReaders.append { _ in readers.listCalls += 1 }
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// W13 by hand: `count` changes, each of one row.
    @inline(never)
    func changeRows(count: Int) {
        for index in 0..<count {
            let id = changedRow(index, of: rows)
            pthread_mutex_lock(mutex)
            rowsByID[id]!.count += 1
            let row = rowsByID[id]!
            let readers = rowReaders[id] ?? []
            pthread_mutex_unlock(mutex)
            for reader in readers {
                reader(row)
            }
        }
    }

    /// W14 by hand: `count` appends.
    @inline(never)
    func appendRows(count: Int) {
        pthread_mutex_lock(mutex)
        let first = order.count
        pthread_mutex_unlock(mutex)
        for index in 0..<count {
            let id = first + index
            pthread_mutex_lock(mutex)
            rowsByID[id] = BenchRow(id: id, title: "Row \(id)")
            order.append(id)
            let ids = order
            let readers = listReaders
            pthread_mutex_unlock(mutex)
            for reader in readers {
                reader(ids)
            }
        }
    }
}

/// W16: a row of a list whose `update` returns an effect that sends the row a message at once, as a row's
/// effect often does (`Effects.send`, a `run` that dispatches before it awaits). The effect runs while the
/// store delivers the change that started it: its message must change the rows in place, not a copy.
struct EchoingRow: State, Identifiable {
    let id: Int
    var echoes = 0

    /// Starts the effect.
    struct Echo: Message {}

    /// What the effect sends.
    struct Echoed: Message {}

    static func update(_ state: inout EchoingRow, with message: Message) -> Effect? {
        if message.as(Echo.self) != nil {
            return Effects.send(Echoed())
        }
        if message.as(Echoed.self) != nil {
            state.echoes += 1
        }
        return nil
    }
}

/// W16's list, with a subscriber to its ids.
final class EchoingListFixture: @unchecked Sendable {
    // `@unchecked Sendable`: used by one thread at a time.
    struct List: State {
        var rows: IdentifiedArray<EchoingRow>

        static func update(_ state: inout List, with message: Message) -> Effect? {
            updateElements(\.rows, of: &state, with: message) { _, _ in nil }
        }
    }

    let store: Store<List>
    let rows: Int
    private let unsubscribe: @Sendable () -> Void

    init(rows: Int) {
        self.rows = rows
        store = Store(initialState: List(rows: IdentifiedArray((0..<rows).map { EchoingRow(id: $0) })))
        unsubscribe = store.subscribe(\.rows.ids, immediately: false, skipRepeats: true) { _ in }
    }

    deinit {
        unsubscribe()
    }

    /// W16: `count` messages, each starting an effect of one row that sends the row a message at once.
    @inline(never)
    func echo(count: Int) {
        for index in 0..<count {
            store.dispatch(ElementMessage<EchoingRow>(id: changedRow(index, of: rows), EchoingRow.Echo()))
        }
    }
}
