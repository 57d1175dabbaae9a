import Foundation
import Testing

@testable import Swivelish

/// An entity whose `==` compares its id only, as app code often writes it: two instances with the same
/// id and different titles are `==`.
private struct Todo: Equatable, Sendable {
    var id = 1
    var title = "first"

    static func == (lhs: Todo, rhs: Todo) -> Bool { lhs.id == rhs.id }
}

private struct Board: State {
    var todo = Todo()
    var maybe: Todo? = Todo()
    var list = Column()
    var renames = 0

    /// A computed path whose value is `==` at every rename.
    var latest: Todo { Todo(id: todo.id, title: "\(todo.title) #\(renames)") }

    struct Column: State {
        var top = Todo()
        static func update(_ state: inout Column, with message: Message) -> Effect? { nil }
    }

    struct Rename: Message {
        var title: String
    }

    static func update(_ state: inout Board, with message: Message) -> Effect? {
        guard let rename = message.as(Rename.self) else { return nil }
        state.todo.title = rename.title
        state.maybe?.title = rename.title
        state.list.top.title = rename.title
        state.renames += 1
        return nil
    }
}

private let renames = ["second", "third", "fourth"]

/// The titles a subscriber on `path` of a store of `Board` is given while the todo is renamed three times,
/// with or without a `skipRepeats` subscriber sharing the path (which reads the same values).
private func titles(
    subscribing subscribe: (Store<Board>, @escaping @Sendable (String) -> Void) -> @Sendable () -> Void,
    alongsideSkipRepeats: Bool,
    skipRepeatsSubscription: (Store<Board>) -> @Sendable () -> Void
) -> [String] {
    let store = Store(initialState: Board())
    let seen = Locked<[String]>([])
    let other = alongsideSkipRepeats ? skipRepeatsSubscription(store) : {}
    let unsubscribe = subscribe(store) { seen.append($0) }
    for title in renames {
        store.dispatch(Board.Rename(title: title))
    }
    unsubscribe()
    other()
    return seen.current
}

@Suite("A subscriber is given the value of the state delivered, even when == says it repeats")
struct IdentityEqualityTests {
    @Test(arguments: [false, true])
    func storedPath(alongsideSkipRepeats: Bool) {
        let seen = titles(
            subscribing: { store, body in store.subscribe(\.todo, skipRepeats: false) { body($0.title) } },
            alongsideSkipRepeats: alongsideSkipRepeats,
            skipRepeatsSubscription: { $0.subscribe(\.todo, skipRepeats: true) { _ in } })
        #expect(seen == ["first"] + renames)
    }

    @Test(arguments: [false, true])
    func computedPath(alongsideSkipRepeats: Bool) {
        let seen = titles(
            subscribing: { store, body in store.subscribe(\.latest, skipRepeats: false) { body($0.title) } },
            alongsideSkipRepeats: alongsideSkipRepeats,
            skipRepeatsSubscription: { $0.subscribe(\.latest, skipRepeats: true) { _ in } })
        #expect(seen == ["first #0", "second #1", "third #2", "fourth #3"])
    }

    @Test(arguments: [false, true])
    func optionalChain(alongsideSkipRepeats: Bool) {
        let seen = titles(
            subscribing: { store, body in
                store.subscribe(\.maybe?.title, skipRepeats: false) { body($0 ?? "nil") }
            },
            alongsideSkipRepeats: alongsideSkipRepeats,
            skipRepeatsSubscription: { $0.subscribe(\.maybe, skipRepeats: true) { _ in } })
        #expect(seen == ["first"] + renames)
        // The optional itself, compared by the id inside it.
        let whole = titles(
            subscribing: { store, body in store.subscribe(\.maybe, skipRepeats: false) { body($0?.title ?? "nil") } },
            alongsideSkipRepeats: alongsideSkipRepeats,
            skipRepeatsSubscription: { $0.subscribe(\.maybe, skipRepeats: true) { _ in } })
        #expect(whole == ["first"] + renames)
    }

    @Test(arguments: [false, true])
    func scopedStore(alongsideSkipRepeats: Bool) {
        let seen = titles(
            subscribing: { store, body in
                store.scope(\.list).subscribe(\.top, skipRepeats: false) { body($0.title) }
            },
            alongsideSkipRepeats: alongsideSkipRepeats,
            skipRepeatsSubscription: { $0.subscribe(\.list.top, skipRepeats: true) { _ in } })
        #expect(seen == ["first"] + renames)
    }

    @Test func skipRepeatsStillSkipsWhatEqualsSays() {
        // `==` keeps deciding whether a skipRepeats subscriber is called: renames are repeats for it.
        let seen = titles(
            subscribing: { store, body in store.subscribe(\.todo, skipRepeats: true) { body($0.title) } },
            alongsideSkipRepeats: false, skipRepeatsSubscription: { _ in {} })
        #expect(seen == ["first"])
    }

    @Test func aSkipRepeatsSubscriberCalledLaterGetsTheNewestInstance() {
        // After renames that are repeats, a change of id calls the subscriber with the state delivered.
        let store = Store(initialState: Board())
        let seen = Locked<[String]>([])
        let unsubscribe = store.subscribe(\.todo, immediately: false, skipRepeats: true) { seen.append($0.title) }
        store.dispatch(Board.Rename(title: "second"))
        #expect(seen.current.isEmpty)
        unsubscribe()
        let values = Locked<[String]>([])
        let unsubscribeAgain = store.subscribe(\.todo, immediately: true, skipRepeats: true) {
            values.append($0.title)
        }
        #expect(values.current == ["second"])
        unsubscribeAgain()
    }

    @Test func valuesStartFromTheCurrentInstance() async {
        let store = Store(initialState: Board())
        store.dispatch(Board.Rename(title: "second"))
        // A subscription on the path exists already, so the sequence shares its watch.
        let unsubscribe = store.subscribe(\.todo, skipRepeats: true) { _ in }
        defer { unsubscribe() }
        store.dispatch(Board.Rename(title: "third"))
        var iterator = store.values(\.todo).makeAsyncIterator()
        let first = await iterator.next()
        #expect(first?.title == "third")
    }

    @MainActor
    @Test func mainActorSubscribersGetTheNewestInstance() async {
        let store = Store(initialState: Board())
        let seen = Locked<[String]>([])
        let unsubscribe = store.subscribe(\.todo, skipRepeats: false, on: .main) { seen.append($0.title) }
        for title in renames {
            store.dispatch(Board.Rename(title: title))
        }
        #expect(await mainActorWait { seen.current.count == 4 })
        #expect(seen.current == ["first"] + renames)
        unsubscribe()
    }

    #if canImport(Observation)
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @MainActor
    @Test func anObservedStoreReadsTheNewestInstance() async {
        let store = Store(initialState: Board())
        let model = store.observable()
        for title in renames {
            store.dispatch(Board.Rename(title: title))
        }
        #expect(await mainActorWait { model.renames == 3 })
        #expect(model.todo.title == "fourth")
    }
    #endif
}

/// How many times `==` of a ``Counted`` has run.
private let comparisons = Locked(0)

/// A value whose `==` counts its calls.
private struct Counted: Equatable, Sendable {
    var label: String

    static func == (lhs: Counted, rhs: Counted) -> Bool {
        comparisons.withValue { $0 += 1 }
        return lhs.label == rhs.label
    }
}

/// A state with a value that stays as it is while another changes.
private struct Panel: State {
    var counted = Counted(label: "a label too long to be stored inline in a string")
    var ratio = Double.nan
    var ticks = 0

    struct Tick: Message {}
    struct Relabel: Message {
        var label: String
    }

    static func update(_ state: inout Panel, with message: Message) -> Effect? {
        if message.as(Tick.self) != nil {
            state.ticks += 1
        } else if let relabel = message.as(Relabel.self) {
            state.counted = Counted(label: relabel.label)
        }
        return nil
    }
}

@Suite("A value left as it was is a repeat, without a call of ==", .serialized)
struct UnchangedValueTests {
    @Test func aSkipRepeatsSubscriptionComparesOnlyWhatWasWritten() {
        let store = Store(initialState: Panel())
        let seen = Locked<[String]>([])
        let unsubscribe = store.subscribe(\.counted, immediately: false, skipRepeats: true) {
            seen.append($0.label)
        }
        let before = comparisons.current
        for _ in 0..<3 {
            store.dispatch(Panel.Tick())
        }
        #expect(comparisons.current == before)  // the same bytes: neither compared nor delivered
        #expect(seen.current.isEmpty)

        // A new string with the same text: other bytes, so `==` decides, and says it repeats.
        store.dispatch(
            Panel.Relabel(label: String(decoding: Array(Panel().counted.label.utf8), as: UTF8.self)))
        #expect(comparisons.current == before + 1)
        #expect(seen.current.isEmpty)

        store.dispatch(Panel.Relabel(label: "another"))
        #expect(seen.current == ["another"])
        unsubscribe()
    }

    @Test func aNaNLeftAsItWasIsARepeat() {
        // `==` says NaN is not NaN; the value has not changed, so the subscriber is not called again.
        let store = Store(initialState: Panel())
        let calls = Locked(0)
        let unsubscribe = store.subscribe(\.ratio, immediately: true, skipRepeats: true) { _ in
            calls.withValue { $0 += 1 }
        }
        for _ in 0..<3 {
            store.dispatch(Panel.Tick())
        }
        #expect(calls.current == 1)
        unsubscribe()
    }

    #if canImport(Observation)
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @MainActor
    @Test func aModelComparesOnlyWhatWasWritten() async {
        let store = Store(initialState: Panel())
        let model = store.observable()
        #expect(model.counted.label.hasPrefix("a label"))
        let before = comparisons.current
        for _ in 0..<3 {
            store.dispatch(Panel.Tick())
        }
        #expect(await mainActorWait { model.ticks == 3 })
        #expect(comparisons.current == before)
        store.dispatch(Panel.Relabel(label: "another"))
        #expect(await mainActorWait { model.counted.label == "another" })
        #expect(comparisons.current > before)  // a change is compared
    }
    #endif
}
