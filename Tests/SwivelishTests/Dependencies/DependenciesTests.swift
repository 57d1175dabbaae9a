import Dispatch
import Testing

@testable import Swivelish

/// A dependency an effect reads: where amounts come from.
private struct AmountSource: DependencyKey, Sendable {
    var amount: @Sendable () -> Int
    static let defaultValue = AmountSource { 1 }
}

/// Another dependency, to check that overriding one keeps the other.
private struct Greeting: DependencyKey {
    static let defaultValue = "hello"
}

extension Dependencies {
    fileprivate var amountSource: AmountSource {
        get { self[AmountSource.self] }
        set { self[AmountSource.self] = newValue }
    }
}

private struct Wallet: State, Equatable {
    var total = 0
    var greeting = ""
    var child = Pocket()

    struct Fetch: Message {}
    struct Add: Message { var amount: Int }
    struct Greeted: Message { var text: String }

    static func update(_ state: inout Wallet, with message: Message) -> Effect? {
        switch message {
        case is Fetch:
            return { dispatch in
                dispatch(Add(amount: dispatch.dependencies.amountSource.amount()))
                dispatch(Greeted(text: dispatch.dependencies[Greeting.self]))
            }
        case let add as Add:
            state.total += add.amount
        case let greeted as Greeted:
            state.greeting = greeted.text
        default:
            break
        }
        return makeSerialUpdate(\.child)(&state, message)
    }
}

/// A part of ``Wallet`` whose effect reads a dependency, for the scoped store.
private struct Pocket: State, Equatable {
    var coins = 0

    struct Fill: Message {}
    struct Filled: Message { var coins: Int }

    static func update(_ state: inout Pocket, with message: Message) -> Effect? {
        switch message {
        case is Fill:
            return Effects.run { dispatch in dispatch(Filled(coins: dispatch.dependencies.amountSource.amount())) }
        case let filled as Filled:
            state.coins = filled.coins
            return nil
        default:
            return nil
        }
    }
}

@Suite("Dependencies of effects")
struct DependenciesTests {
    @Test func keysGiveTheirDefaultUntilSet() {
        var dependencies = Dependencies()
        #expect(dependencies.amountSource.amount() == 1)
        #expect(dependencies[Greeting.self] == "hello")
        dependencies[Greeting.self] = "hi"
        #expect(dependencies[Greeting.self] == "hi")
        #expect(dependencies.with(Greeting.self, "hey")[Greeting.self] == "hey")
        #expect(dependencies[Greeting.self] == "hi")
    }

    @Test func effectsReadTheStoresDependencies() {
        let defaults = Store(initialState: Wallet())
        defaults.dispatch(Wallet.Fetch())
        #expect(defaults.state.total == 1)
        #expect(defaults.state.greeting == "hello")

        // Overriding one dependency keeps the others at their defaults.
        let overridden = Store(
            initialState: Wallet(), dependencies: Dependencies { $0.amountSource = AmountSource { 42 } })
        overridden.dispatch(Wallet.Fetch())
        #expect(overridden.state.total == 42)
        #expect(overridden.state.greeting == "hello")
    }

    @Test func anEffectInATaskReadsItsOwnStoresDependencies() async {
        let first = Store(initialState: Wallet(), dependencies: Dependencies { $0.amountSource = AmountSource { 5 } })
        let second = Store(initialState: Wallet(), dependencies: Dependencies { $0.amountSource = AmountSource { 7 } })
        let filled = DispatchSemaphore(value: 0)
        // `skipRepeats`: one call per store, when its coins change. Without it, each message calls the
        // subscriber, `Fill` included, and the first store's two calls could stand for both stores.
        let unsubscribes = [first, second].map { store in
            store.subscribe(\.child.coins, immediately: false, skipRepeats: true) { _ in filled.signal() }
        }
        first.dispatch(Pocket.Fill())
        second.dispatch(Pocket.Fill())
        await Task.detached {
            filled.wait()
            filled.wait()
        }.value
        #expect(first.state.child.coins == 5)
        #expect(second.state.child.coins == 7)
        for unsubscribe in unsubscribes { unsubscribe() }
    }

    @Test func aScopedStoreRunsEffectsWithItsRootsDependencies() async {
        let app = Store(initialState: Wallet(), dependencies: Dependencies { $0.amountSource = AmountSource { 9 } })
        let pocket = app.scope(\.child)
        var values = pocket.values(\.coins).makeAsyncIterator()
        #expect(await values.next() == 0)
        pocket.dispatch(Pocket.Fill())
        #expect(await values.next() == 9)
    }

    @Test func aDispatcherMadeFromAClosureCarriesDependencies() {
        let added = Locked<[Int]>([])
        let dispatch = Dispatcher(dependencies: Dependencies { $0.amountSource = AmountSource { 3 } }) { message in
            if let add = message as? Wallet.Add { added.append(add.amount) }
        }
        Wallet.update(&Wallet.initial, with: Wallet.Fetch())?(dispatch)
        #expect(added.current == [3])
        #expect(Dispatcher { _ in }.dependencies[Greeting.self] == "hello")
    }
}

extension Wallet {
    /// A state to pass `inout` where only the returned effect matters.
    fileprivate nonisolated(unsafe) static var initial = Wallet()
}
