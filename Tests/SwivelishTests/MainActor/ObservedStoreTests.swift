#if canImport(Observation)
import Observation
import Testing

@testable import Swivelish

private struct Profile: Equatable, Sendable {
    var name = "Ada"
    var age = 36
}

/// A value that is not `Equatable`: readers of it are told of every new state.
private struct Opaque: Sendable {
    var payload = 0
}

private struct Screen: State, Equatable {
    var count = 0
    var title = "title"
    var profile = Profile()
    var opaque = Opaque()
    var child = Tally()

    static func == (lhs: Screen, rhs: Screen) -> Bool {
        lhs.count == rhs.count && lhs.title == rhs.title && lhs.profile == rhs.profile && lhs.child == rhs.child
            && lhs.opaque.payload == rhs.opaque.payload
    }

    struct Tally: State, Equatable {
        var value = 0
        struct Set: Message {
            let value: Int
        }

        static func update(_ state: inout Tally, with message: Message) -> Effect? {
            if let set = message.as(Set.self) {
                state.value = set.value
            }
            return nil
        }
    }

    enum Change: Message {
        case count(Int)
        case title(String)
        case age(Int)
        case child(Int)
        case increment
    }

    static func update(_ state: inout Screen, with message: Message) -> Effect? {
        guard let change = message.as(Change.self) else { return makeSerialUpdate(\.child)(&state, message) }
        switch change {
        case let .count(count): state.count = count
        case let .title(title): state.title = title
        case let .age(age): state.profile.age = age
        case let .child(value): state.child.value = value
        case .increment: state.count += 1
        }
        return nil
    }
}

/// Whether `read` was invalidated by `change`, once the model shows `applied`.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
private func invalidates(
    _ model: ObservedStore<Screen>, reading read: @escaping @MainActor () -> Void,
    when change: Screen.Change, appliedWhen applied: @escaping @MainActor () -> Bool
) async -> Bool {
    // Read once first, so that the model tracks what `applied` reads, and shows it as it applies changes (a
    // value read for the first time is read from the store's current state).
    _ = applied()
    let fired = Unsynchronized(false)
    withObservationTracking {
        read()
    } onChange: {
        fired.value = true
    }
    model.dispatch(change)
    #expect(await mainActorWait(until: applied))
    return fired.value
}

/// The counts a model shows, each time it applies a state that changes its count: read by observation,
/// as a view would, when each change is about to be applied (so each entry is the count before it).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
private final class CountHistory {
    private(set) var countsBeforeEachChange: [Int] = []
    private let model: ObservedStore<Screen>

    init(of model: ObservedStore<Screen>) {
        self.model = model
        observe()
    }

    private func observe() {
        withObservationTracking {
            _ = model.count
        } onChange: { [weak self] in
            // Weakly: the model's registrar keeps the last registration, which would keep the history, and
            // through it the model, alive for ever (LeakSanitizer reports the cycle).
            MainActor.assumeIsolated {
                guard let self else { return }
                // On the main actor, where the model applies states: record the count the change replaces,
                // and observe again for the next change.
                self.countsBeforeEachChange.append(self.model.count)
                self.observe()
            }
        }
    }
}

@Suite("ObservedStore: the state as an Observable on the main actor")
struct ObservedStoreTests {
    @Test @MainActor func aReaderIsInvalidatedByWhatItReadAndNotByOtherFields() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let model = Store(initialState: Screen()).observable()
        #expect(
            await invalidates(model, reading: { _ = model.count }, when: .title("new")) { model.title == "new" }
                == false)
        #expect(await invalidates(model, reading: { _ = model.count }, when: .count(1)) { model.count == 1 })
        #expect(
            await invalidates(model, reading: { _ = model.count }, when: .count(1)) { model.count == 1 } == false,
            "an equal value is not a change")
        #expect(
            await invalidates(model, reading: { _ = model.profile.name }, when: .age(40)) { model.profile.age == 40 })
        #expect(
            await invalidates(model, reading: { _ = model.child }, when: .age(41)) { model.profile.age == 41 } == false)
        #expect(await invalidates(model, reading: { _ = model.state }, when: .title("x")) { model.title == "x" })
    }

    @Test @MainActor func aValueThatIsNotEquatableCountsAsChangedAtEveryNewState() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let model = Store(initialState: Screen()).observable()
        #expect(
            await invalidates(model, reading: { _ = model.opaque }, when: .title("other")) { model.title == "other" })
    }

    @Test @MainActor func statesCommittedBeforeTheMainActorRunsAreAppliedAsOne() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: Screen())
        let model = store.observable()
        let history = CountHistory(of: model)
        for count in 1...100 { store.dispatch(Screen.Change.count(count)) }
        #expect(model.count == 0)  // the main actor is busy running this test: nothing applied yet
        #expect(await mainActorWait { model.count == 100 })
        // The state at subscription and the 100 states coalesce: one change, from 0 to the latest.
        #expect(history.countsBeforeEachChange == [0])
    }

    @Test @MainActor func statesFromEightThreadsAreAppliedOnTheMainActorInCommitOrder() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: Screen())
        let model = store.observable()
        let history = CountHistory(of: model)
        let threads = 8
        let perThread = 300
        await Task.detached {
            await runConcurrently(threads: threads) { _ in
                // The store applies them one at a time: the counts in commit order are 1, 2, 3, ...
                for _ in 0..<perThread { store.dispatch(Screen.Change.increment) }
            }
        }.value
        let total = threads * perThread
        #expect(await mainActorWait { model.count == total })
        // Every change the model applied moved the count forward: states in commit order, some coalesced.
        let applied = history.countsBeforeEachChange.dropFirst() + [total]
        #expect(history.countsBeforeEachChange.first == 0)
        #expect(zip(applied, applied.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test @MainActor func theModelKeepsItsStoreAliveAndTheStoreDoesNotKeepTheModel() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        weak var weakStore: Store<Screen>?
        weak var weakModel: ObservedStore<Screen>?
        var model: ObservedStore<Screen>? = {
            let store = Store(initialState: Screen())
            weakStore = store
            return store.observable()
        }()
        weakModel = model
        #expect(weakStore != nil)
        model?.dispatch(Screen.Change.count(3))
        #expect(await mainActorWait { model?.count == 3 })
        model = nil
        #expect(weakModel == nil)
        #expect(weakStore == nil)

        let store = Store(initialState: Screen())
        weak let unheld = store.observable()
        #expect(unheld == nil)
        store.dispatch(Screen.Change.count(1))  // the model's subscription has ended: nothing to deliver to
    }

    @Test @MainActor func aScopedStoreHasAModelOfItsOwnState() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let app = Store(initialState: Screen())
        let child = app.scope(\.child).observable()
        let fired = Unsynchronized(false)
        withObservationTracking {
            _ = child.value
        } onChange: {
            fired.value = true
        }
        app.dispatch(Screen.Change.count(9))
        child.dispatch(Screen.Tally.Set(value: 5))  // to the child's update, through the root's
        #expect(await mainActorWait { child.value == 5 })
        #expect(fired.value)
        #expect(app.state.child.value == 5)
    }
}
#endif
