import Dispatch
import Testing

@testable import Swivelish

// MARK: - An app of two components

private struct Tally: State, Equatable {
    var count = 0
    var label = "tally"

    struct Add: Message { var amount = 1 }

    static func update(_ state: inout Tally, with message: Message) -> Effect? {
        guard let add = message.as(Add.self) else { return nil }
        state.count += add.amount
        return nil
    }
}

private struct Notes: State, Equatable {
    var lines: [String] = []

    struct Write: Message { var line: String }

    static func update(_ state: inout Notes, with message: Message) -> Effect? {
        guard let write = message.as(Write.self) else { return nil }
        state.lines.append(write.line)
        return nil
    }
}

private struct Panel: State, Equatable {
    var tally = Tally()
    var title = "panel"

    static func update(_ state: inout Panel, with message: Message) -> Effect? {
        makeSerialUpdate(\.tally)(&state, message)
    }
}

private struct App: State, Equatable {
    var tally = Tally()
    var notes = Notes()
    var panel = Panel()
    var updates = 0

    /// A computed part: a scope through it has no byte offset and reads through the key path.
    var summary: Tally {
        Tally(count: tally.count + panel.tally.count, label: "summary")
    }

    struct Rename: Message { var title: String }

    static func update(_ state: inout App, with message: Message) -> Effect? {
        state.updates += 1
        if let rename = message.as(Rename.self) { state.panel.title = rename.title }
        return makeSerialUpdate(\.tally, \.notes)(&state, message)
    }
}

/// A component written against `Store<Tally>` only, with no idea whether its store is scoped.
private final class TallyView: Sendable {
    let shown = Locked<[Int]>([])
    private let unsubscribe = Locked<(@Sendable () -> Void)?>(nil)
    private let store: Store<Tally>

    init(store: Store<Tally>) {
        self.store = store
        let shown = self.shown
        unsubscribe.withValue {
            $0 = store.subscribe(\.count, skipRepeats: true) { shown.append($0) }
        }
    }

    func tap() {
        store.dispatch(Tally.Add())
    }

    deinit {
        unsubscribe.current?()
    }
}

@Suite("Scoped stores")
struct ScopeTests {
    @Test func stateIsTheChildPartAndDispatchGoesToTheRootsUpdate() {
        let app = Store(initialState: App())
        let tally = app.scope(\.tally)
        tally.dispatch(Tally.Add(amount: 2))
        #expect(tally.state == Tally(count: 2))
        #expect(app.state.tally.count == 2)
        #expect(app.state.updates == 1)  // the root's update ran, once
        app.dispatch(Notes.Write(line: "root"))
        #expect(app.scope(\.notes).state.lines == ["root"])
    }

    @Test func aComponentWorksUnchangedStandaloneOrScoped() {
        let standalone = TallyView(store: Store(initialState: Tally()))
        standalone.tap()
        standalone.tap()

        let app = Store(initialState: App())
        let scoped = TallyView(store: app.scope(\.tally))
        scoped.tap()
        scoped.tap()
        app.dispatch(Notes.Write(line: "not the tally's"))

        #expect(standalone.shown.current == [0, 1, 2])
        #expect(scoped.shown.current == [0, 1, 2])
        #expect(app.state.tally.count == 2)
    }

    @Test func aScopedSubscriptionReceivesExactlyTheChildsChanges() {
        let app = Store(initialState: App())
        let tally = app.scope(\.tally)
        let skipping = Locked<[Int]>([])
        let every = Locked<[Int]>([])
        let rootSide = Locked<[Int]>([])
        tally.subscribe(\.count, immediately: false, skipRepeats: true) { skipping.append($0) }
        tally.subscribe(\.count, immediately: false) { every.append($0) }
        app.subscribe(\.tally.count, immediately: false) { rootSide.append($0) }
        app.dispatch(Tally.Add())
        app.dispatch(Notes.Write(line: "a"))
        app.dispatch(App.Rename(title: "b"))
        app.dispatch(Tally.Add(amount: 3))
        // skipRepeats: only the tally's changes; without it, every root change, as a root subscription.
        #expect(skipping.current == [1, 4])
        #expect(every.current == [1, 1, 1, 4])
        #expect(every.current == rootSide.current)
    }

    @Test func aScopedSubscriptionSharesTheRootsWatchOfTheSamePath() {
        let app = Store(initialState: App())
        let panel = app.scope(\.panel)
        let panelTally = panel.scope(\.tally)
        var unsubscribes: [@Sendable () -> Void] = []
        unsubscribes.append(app.subscribe(\.panel.tally.count, skipRepeats: true) { _ in })
        unsubscribes.append(panel.subscribe(\.tally.count, skipRepeats: true) { _ in })
        unsubscribes.append(panelTally.subscribe(\.count, skipRepeats: true) { _ in })
        let storage = app.rootStorage
        #expect(storage.lock.withLock("test") { storage.machine.sharedWatchCount } == 1)
        for unsubscribe in unsubscribes { unsubscribe() }
        #expect(storage.lock.withLock("test") { storage.machine.sharedWatchCount == 0 })
    }

    @Test func scopesNestAndReadAtTheComposedOffset() {
        let app = Store(initialState: App())
        let panelTally = app.scope(\.panel).scope(\.tally)
        #expect(panelTally.projection.offset == MemoryLayout<App>.offset(of: \App.panel.tally))
        let seen = Locked<[String]>([])
        panelTally.subscribe(\.label) { seen.append($0) }
        app.dispatch(App.Rename(title: "renamed"))  // panel.tally is not changed by it
        #expect(seen.current == ["tally", "tally"])
        #expect(panelTally.state == Tally())
        #expect(app.scope(\.panel).state.title == "renamed")
    }

    @Test func aScopeThroughAComputedPropertyReadsThroughTheKeyPath() {
        let app = Store(initialState: App())
        let summary = app.scope(\.summary)
        #expect(summary.projection.offset == nil)
        let counts = Locked<[Int]>([])
        summary.subscribe(\.count, skipRepeats: true) { counts.append($0) }
        app.dispatch(Tally.Add(amount: 2))
        app.dispatch(Notes.Write(line: "same summary"))
        app.dispatch(Tally.Add(amount: 1))
        #expect(counts.current == [0, 2, 3])
        #expect(summary.state.label == "summary")
    }

    @Test func valuesOfAScopedStoreFollowTheChild() async {
        let app = Store(initialState: App())
        let values = app.scope(\.tally).values(\.count)  // the scoped store itself is gone at once
        var iterator = values.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        app.dispatch(Notes.Write(line: "no change"))
        app.dispatch(Tally.Add(amount: 5))
        #expect(await iterator.next() == 5)
    }

    @Test func aScopedStoreKeepsItsRootAliveAndNotTheOtherWay() {
        weak var weakRoot: Store<App>?
        weak var weakScoped: Store<Tally>?
        var scoped: Store<Tally>? = {
            let app = Store(initialState: App())
            weakRoot = app
            return app.scope(\.tally)
        }()
        #expect(weakRoot != nil)  // only the scoped store holds it
        scoped?.dispatch(Tally.Add())
        #expect(scoped?.state.count == 1)
        weakScoped = scoped
        scoped = nil
        #expect(weakScoped == nil)
        #expect(weakRoot == nil)

        var root: Store<App>? = Store(initialState: App())
        weak let weakChild: Store<Tally>? = root?.scope(\.tally)
        #expect(weakChild == nil)  // the root does not keep its scoped stores
        weakRoot = root
        root = nil
        #expect(weakRoot == nil)
    }

    @Test func valuesAndUnsubscribeOfAScopedStoreDoNotKeepTheRootAlive() async {
        weak var weakRoot: Store<App>?
        var values: StoreValues<Int>?
        var unsubscribe: (@Sendable () -> Void)?
        do {
            let app = Store(initialState: App())
            weakRoot = app
            let tally = app.scope(\.tally)
            values = tally.values(\.count)
            unsubscribe = tally.subscribe(\.count) { _ in }
        }
        #expect(weakRoot == nil)
        unsubscribe?()  // does nothing, and does not crash
        var iterator = values?.makeAsyncIterator()
        #expect(await iterator?.next() == nil)  // the loop ends at once: the root is gone
    }

    @Test func scopedSubscribersSeeEveryChildStateInOrderUnderConcurrentDispatch() async {
        let app = Store(initialState: App())
        let tally = app.scope(\.tally)
        let seen = Unsynchronized<[Int]>([])
        tally.subscribe(\.count, immediately: false, skipRepeats: true) { seen.value.append($0) }
        let threads = 8
        let perThread = 500
        await runConcurrently(threads: threads) { thread in
            for _ in 0..<perThread {
                if thread.isMultiple(of: 2) {
                    tally.dispatch(Tally.Add())
                } else {
                    app.dispatch(Notes.Write(line: "\(thread)"))
                }
            }
        }
        await app.waitForDeliveries()
        let total = threads / 2 * perThread
        #expect(tally.state.count == total)
        #expect(seen.value == Array(1...total))
    }
}
