import Swivelish
import Testing

/// A message that each sub-state records with its own name, plus the effect it asks each to return.
private struct Visit: Message {
    var log: Locked<[String]>
    var effectsFrom: Set<String> = []
    /// Called by each effect before it dispatches.
    var whileRunningEffect: @Sendable () -> Void = {}
}

private protocol NamedSubstate: State {
    static var name: String { get }
    var visits: Int { get set }
}

extension NamedSubstate {
    static func update(_ state: inout Self, with message: Message) -> Effect? {
        guard let visit = message as? Visit else { return nil }
        state.visits += 1
        visit.log.append("update \(name)")
        guard visit.effectsFrom.contains(name) else { return nil }
        let log = visit.log
        let hook = visit.whileRunningEffect
        return { dispatch in
            log.append("effect \(name)")
            hook()
            dispatch(Reached(name: name))
        }
    }
}

private struct Reached: Message { var name: String }

private struct First: NamedSubstate {
    static let name = "first"
    var visits = 0
}

private struct Second: NamedSubstate {
    static let name = "second"
    var visits = 0
    var label = "a different type with more fields"
}

private struct Third: NamedSubstate {
    static let name = "third"
    var visits = 0
}

private struct Parent: State {
    var first = First()
    var second = Second()
    var third = Third()
    var untouched = 0

    static func update(_ state: inout Parent, with message: Message) -> Effect? {
        let update = makeSerialUpdate(\.first, \.second, \.third)
        return update(&state, message)
    }
}

private struct OnlyChild: State {
    var child = Second()

    static func update(_ state: inout OnlyChild, with message: Message) -> Effect? {
        let update = makeSerialUpdate(\.child)
        return update(&state, message)
    }
}

private func collect(_ effect: Effect?) -> [String] {
    let reached = Locked<[String]>([])
    effect?(
        Dispatcher { message in
            if let message = message as? Reached { reached.append(message.name) }
        })
    return reached.current
}

@Suite("makeSerialUpdate")
struct SerialUpdateTests {
    @Test func updatesSubstatesInKeyPathOrder() {
        let log = Locked<[String]>([])
        var state = Parent()
        _ = Parent.update(&state, with: Visit(log: log))
        #expect(log.current == ["update first", "update second", "update third"])
        #expect(state.first.visits == 1 && state.second.visits == 1 && state.third.visits == 1)
        #expect(state.untouched == 0)
    }

    @Test func returnsNilWhenNoSubstateHasAnEffect() {
        var state = Parent()
        #expect(Parent.update(&state, with: Visit(log: Locked([]))) == nil)
        #expect(Parent.update(&state, with: Reached(name: "x")) == nil)
    }

    @Test func effectsRunOnlyAfterEverySubstateWasUpdatedInKeyPathOrder() {
        let log = Locked<[String]>([])
        var state = Parent()
        let effect = Parent.update(&state, with: Visit(log: log, effectsFrom: ["third", "first"]))
        #expect(log.current == ["update first", "update second", "update third"])
        #expect(collect(effect) == ["first", "third"])
        #expect(log.current.suffix(2) == ["effect first", "effect third"])
    }

    @Test func singleEffectIsReturnedAndRunsOnce() {
        let log = Locked<[String]>([])
        var state = Parent()
        let effect = Parent.update(&state, with: Visit(log: log, effectsFrom: ["second"]))
        #expect(collect(effect) == ["second"])
    }

    @Test func worksWithOneSubstate() {
        let log = Locked<[String]>([])
        var state = OnlyChild()
        let effect = OnlyChild.update(&state, with: Visit(log: log, effectsFrom: ["second"]))
        #expect(state.child.visits == 1)
        #expect(collect(effect) == ["second"])
    }

    @Test func effectInAStoreSeesEverySubstateChanged() {
        let store = Store(initialState: Parent())
        let seen = Locked<[Int]>([])
        let log = Locked<[String]>([])
        store.dispatch(
            Visit(log: log, effectsFrom: ["first"]) {
                let state = store.state
                seen.append(state.first.visits + state.second.visits + state.third.visits)
            })
        #expect(seen.current == [3])
        #expect(log.current.last == "effect first")
    }
}
