import Foundation
import Swivelish
import TestSupport
import Testing

@testable import SwivelishTesting

/// Where a list is saved: a file in the app. It declares no test value.
private struct Persistence: DependencyKey, Sendable {
    var save: @Sendable (_ items: [String]) async -> Void
    static let defaultValue = Persistence { _ in }  // stands in for writing a real file
}

/// A price lookup that declares a test value.
private struct PriceLookup: DependencyKey, Sendable {
    var price: @Sendable () -> Int
    static let defaultValue = PriceLookup { 999 }
    static let testValue = PriceLookup { 1 }
}

extension Dependencies {
    fileprivate var persistence: Persistence {
        get { self[Persistence.self] }
        set { self[Persistence.self] = newValue }
    }
    fileprivate var priceLookup: PriceLookup {
        get { self[PriceLookup.self] }
        set { self[PriceLookup.self] = newValue }
    }
}

private struct List: State, Equatable {
    var items: [String] = []
    var price = 0

    enum Action: Message, Equatable {
        case add(String)
        case saved
        case lookUpPrice
        case priced(Int)
        case wait
    }

    static func update(_ state: inout List, with message: Message) -> Effect? {
        switch message as? Action {
        case let .add(item)?:
            state.items.append(item)
            let items = state.items
            return Effects.run { dispatch in
                await dispatch.dependencies.persistence.save(items)
                dispatch(Action.saved)
            }
        case .lookUpPrice?:
            return { dispatch in dispatch(Action.priced(dispatch.dependencies.priceLookup.price())) }
        case let .priced(price)?:
            state.price = price
            return nil
        case .wait?:
            return Effects.run { dispatch in try await dispatch.dependencies.clock.sleep(for: .seconds(1)) }
        case .saved?, nil:
            return nil
        }
    }
}

/// A test store whose failures are collected instead of recorded.
private func listStore(
    dependencies: Dependencies = Dependencies(), failures: Locked<[String]>
) -> TestStore<List> {
    TestStore(
        initialState: List(), dependencies: dependencies,
        reporter: FailureReporter { _, message, _ in failures.append(message) })
}

@Suite("A TestStore uses no live dependency silently")
struct TestDependenciesTests {
    @Test func anEffectThatReadsADependencyWithoutATestValueFailsNamingItAndTheMessage() async {
        let failures = Locked<[String]>([])
        let store = listStore(failures: failures)
        store.exhaustivity = .off
        store.send(List.Action.add("milk")) { $0.items = ["milk"] }
        await store.finish()
        #expect(failures.current.count == 1)
        #expect(failures.current.first?.contains("The effect of List.Action.add(\"milk\") used Persistence") == true)
        // The effect was cancelled: what it sent afterwards was dropped.
        #expect(store.state.items == ["milk"])
    }

    @Test func aDependencyTheTestSetIsUsedWithoutAFailure() async {
        let failures = Locked<[String]>([])
        let saved = Locked<[[String]]>([])
        let store = listStore(
            dependencies: Dependencies { $0.persistence = Persistence { saved.append($0) } }, failures: failures)
        store.send(List.Action.add("milk")) { $0.items = ["milk"] }
        await store.receive(List.Action.saved)
        await store.finish()
        #expect(failures.current.isEmpty)
        #expect(saved.current == [["milk"]])
    }

    @Test func aDependencyWithATestValueGivesIt() async {
        let failures = Locked<[String]>([])
        let store = listStore(failures: failures)
        store.send(List.Action.lookUpPrice)
        await store.receive(List.Action.priced(1)) { $0.price = 1 }
        await store.finish()
        #expect(failures.current.isEmpty)
    }

    @Test func theClockHasNoTestValue() async {
        let failures = Locked<[String]>([])
        let store = listStore(failures: failures)
        store.send(List.Action.wait)
        await store.finish()
        #expect(failures.current.first?.contains("used the clock (Dependencies.clock)") == true)
    }

    @Test func anAppStoreUsesTheDefaultValues() async {
        let store = Store(initialState: List())
        store.dispatch(List.Action.lookUpPrice)
        #expect(store.state.price == 999)
    }
}
