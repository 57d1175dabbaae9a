import Foundation
import Testing

@testable import Swivelish

/// A reference type held in a state, to check that values read at an offset are retained properly.
final class Reference: Equatable, @unchecked Sendable {
    let name: String
    init(_ name: String) { self.name = name }
    static func == (lhs: Reference, rhs: Reference) -> Bool { lhs.name == rhs.name }
}

/// A state with fields of every kind a key path can reach.
struct Fields: State, Equatable {
    struct Profile: Equatable, Sendable {
        var age = 30
        var email = "ada@example.com"
        var tags: [String] = ["a"]
    }

    var count = 0
    var flag = false
    var name = "name"
    var items: [Int] = [1, 2]
    var profile = Profile()
    var pair = (x: 1, y: "one")
    var reference = Reference("first")
    var optionalProfile: Profile? = Profile()
    var small: UInt8 = 7
    var dictionary: [String: Int] = ["k": 1]

    /// A computed property: no offset, read through the key path.
    var doubled: Int { count * 2 }

    struct Bump: Message {}

    static func update(_ state: inout Fields, with message: Message) -> Effect? {
        guard message is Bump else { return nil }
        state.count += 1
        state.flag.toggle()
        state.name += "!"
        state.items.append(state.count)
        state.profile.age += 1
        state.profile.email = "ada\(state.count)@example.com"
        state.profile.tags.append("\(state.count)")
        state.pair.y = "v\(state.count)"
        state.reference = Reference("r\(state.count)")
        state.optionalProfile?.age += 2
        state.small &+= 1
        state.dictionary["k", default: 0] += 1
        return nil
    }

    static func == (lhs: Fields, rhs: Fields) -> Bool {
        lhs.count == rhs.count && lhs.name == rhs.name && lhs.items == rhs.items && lhs.profile == rhs.profile
            && lhs.pair == rhs.pair && lhs.reference == rhs.reference && lhs.optionalProfile == rhs.optionalProfile
            && lhs.small == rhs.small && lhs.dictionary == rhs.dictionary && lhs.flag == rhs.flag
    }
}

/// Subscribes to `keyPath` and returns what it received, after `changes` more `Bump`s.
private func received<Value: Sendable>(
    _ keyPath: KeyPath<Fields, Value>, changes: Int = 3
) -> (received: [Value], expected: [Value]) {
    let store = Store(initialState: Fields())
    let seen = Unsynchronized<[Value]>([])
    var expected = [store.state[keyPath: keyPath]]
    let unsubscribe = store.subscribe(keyPath) { seen.value.append($0) }
    for _ in 0..<changes {
        store.dispatch(Fields.Bump())
        expected.append(store.state[keyPath: keyPath])
    }
    unsubscribe()
    return (seen.value, expected)
}

@Suite("Key-path reads: resolved once, shared by subscriptions")
struct KeyPathReadTests {
    @Test func storedPathsResolveToAnOffsetAndOthersDoNot() {
        #expect(FieldReader(\Fields.count, in: .root).offset != nil)
        #expect(FieldReader(\Fields.profile.email, in: .root).offset != nil)
        #expect(FieldReader(\Fields.pair.y, in: .root).offset != nil)
        #expect(FieldReader(\Fields.self, in: .root).offset == 0)
        #expect(FieldReader(\Fields.doubled, in: .root).offset == nil)
        #expect(FieldReader(\Fields.optionalProfile?.age, in: .root).offset == nil)
        #expect(FieldReader(\Fields.items[0], in: .root).offset == nil)
        #expect(FieldReader(\Reference.name, in: .root).offset == nil)
    }

    @Test func everyKindOfValueIsReadCorrectly() {
        func check<Value: Equatable & Sendable>(_ keyPath: KeyPath<Fields, Value>) {
            let (got, expected) = received(keyPath)
            #expect(got == expected, "\(keyPath)")
        }
        check(\.count)
        check(\.flag)
        check(\.name)
        check(\.items)
        check(\.profile)
        check(\.profile.age)
        check(\.profile.email)
        check(\.profile.tags)
        check(\.pair.x)
        check(\.pair.y)
        check(\.reference)
        check(\.reference.name)
        check(\.optionalProfile)
        check(\.optionalProfile?.age)
        check(\.small)
        check(\.dictionary)
        check(\.doubled)
        check(\.items[1])
        check(\.self)
    }

    @Test func valuesReadAtAnOffsetOutliveTheState() {
        // A reference read at an offset is retained: it stays valid after the store and its states are gone.
        var kept: [Reference] = []
        do {
            let store = Store(initialState: Fields())
            let seen = Unsynchronized<[Reference]>([])
            store.subscribe(\.reference) { seen.value.append($0) }
            for _ in 0..<3 { store.dispatch(Fields.Bump()) }
            kept = seen.value
        }
        #expect(kept.map(\.name) == ["first", "r1", "r2", "r3"])
    }

    @Test func skipRepeatsSubscriptionsOnOneKeyPathShareOneReadPerChange() {
        // A computed property counts its reads: 50 `skipRepeats` subscribers on it cost one read per delivery
        // together; each of 50 others reads it itself (a watch of its own holds no value between deliveries).
        struct Counted: State {
            nonisolated(unsafe) static var reads = 0
            var count = 0
            var watched: Int {
                Counted.reads += 1
                return count
            }
            static func update(_ state: inout Counted, with message: Message) -> Effect? {
                state.count += 1
                return nil
            }
        }
        let store = Store(initialState: Counted())
        var unsubscribes: [@Sendable () -> Void] = []
        for index in 0..<100 {
            unsubscribes.append(
                store.subscribe(\.watched, immediately: false, skipRepeats: index.isMultiple(of: 2)) { _ in })
        }
        Counted.reads = 0
        for _ in 0..<10 { store.dispatch(Add()) }
        #expect(Counted.reads == 10 * (1 + 50))
        for unsubscribe in unsubscribes { unsubscribe() }
        let storage = store.rootStorage
        #expect(storage.lock.withLock("test") { storage.machine.sharedWatchCount == 0 })
    }

    @Test func sharedReadsKeepEachSubscriptionsOwnSemantics() {
        // Subscribers join at different points, with every combination of immediately and skipRepeats, on
        // a value that repeats; each receives exactly what it would receive alone.
        struct Cycling: State {
            var step = 0
            var stored = 0
            static func update(_ state: inout Cycling, with message: Message) -> Effect? {
                state.step += 1
                state.stored = state.step / 2
                return nil
            }
        }
        struct Subscriber {
            var joinsAfter: Int
            var immediately: Bool
            var skipRepeats: Bool
            var seen = Unsynchronized<[Int]>([])
        }
        let store = Store(initialState: Cycling())
        var generator = SystemRandomNumberGenerator()
        var subscribers: [Subscriber] = []
        for _ in 0..<200 {
            subscribers.append(
                Subscriber(
                    joinsAfter: Int.random(in: 0..<40, using: &generator), immediately: Bool.random(),
                    skipRepeats: Bool.random()))
        }
        var history = [store.state.stored]
        for step in 0..<40 {
            for subscriber in subscribers where subscriber.joinsAfter == step {
                let seen = subscriber.seen
                store.subscribe(\.stored, immediately: subscriber.immediately, skipRepeats: subscriber.skipRepeats) {
                    seen.value.append($0)
                }
            }
            store.dispatch(Add())
            history.append(store.state.stored)
        }
        for subscriber in subscribers {
            var expected: [Int] = []
            var last = history[subscriber.joinsAfter]
            if subscriber.immediately { expected.append(last) }
            for value in history[(subscriber.joinsAfter + 1)...] {
                if subscriber.skipRepeats && value == last { continue }
                last = value
                expected.append(value)
            }
            #expect(
                subscriber.seen.value == expected,
                "joins after \(subscriber.joinsAfter), immediately \(subscriber.immediately), skipRepeats \(subscriber.skipRepeats)"
            )
        }
    }
}
