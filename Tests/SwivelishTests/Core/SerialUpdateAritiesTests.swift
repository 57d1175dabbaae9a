import Swivelish
import Testing

/// A message each sub-state logs, and to which it returns an effect that logs too.
private struct Mark: Message {
    var log: Locked<[String]>
}

/// A sub-state that logs its number when updated and when its effect runs.
private struct Numbered: State {
    var number: Int
    var marks = 0

    static func update(_ state: inout Numbered, with message: Message) -> Effect? {
        guard let mark = message as? Mark else { return nil }
        state.marks += 1
        let number = state.number
        mark.log.append("update \(number)")
        return { _ in mark.log.append("effect \(number)") }
    }
}

/// A class holding a sub-state: a key path through it has no offset in the parent.
private final class Box: @unchecked Sendable {
    var inner = Numbered(number: 101)
}

/// Seventeen sub-states, one more than the overloads of `makeSerialUpdate` take, and sub-states reached
/// through a computed property, an optional and a class.
private struct Wide: State {
    var s0 = Numbered(number: 0)
    var s1 = Numbered(number: 1)
    var s2 = Numbered(number: 2)
    var s3 = Numbered(number: 3)
    var s4 = Numbered(number: 4)
    var s5 = Numbered(number: 5)
    var s6 = Numbered(number: 6)
    var s7 = Numbered(number: 7)
    var s8 = Numbered(number: 8)
    var s9 = Numbered(number: 9)
    var s10 = Numbered(number: 10)
    var s11 = Numbered(number: 11)
    var s12 = Numbered(number: 12)
    var s13 = Numbered(number: 13)
    var s14 = Numbered(number: 14)
    var s15 = Numbered(number: 15)
    var s16 = Numbered(number: 16)
    var optional: Numbered? = Numbered(number: 100)
    let box = Box()
    var stored = Numbered(number: 99)
    var computed: Numbered {
        get { stored }
        set { stored = newValue }
    }

    static func update(_ state: inout Wide, with message: Message) -> Effect? { nil }

    /// `makeSerialUpdate` of the first `count` sub-states, called as an app calls it: with key-path literals.
    static func updateFirst(_ count: Int, of state: inout Wide, with message: Message) -> Effect? {
        switch count {
        case 1: makeSerialUpdate(\.s0)(&state, message)
        case 2: makeSerialUpdate(\.s0, \.s1)(&state, message)
        case 3: makeSerialUpdate(\.s0, \.s1, \.s2)(&state, message)
        case 4: makeSerialUpdate(\.s0, \.s1, \.s2, \.s3)(&state, message)
        case 5: makeSerialUpdate(\.s0, \.s1, \.s2, \.s3, \.s4)(&state, message)
        case 6: makeSerialUpdate(\.s0, \.s1, \.s2, \.s3, \.s4, \.s5)(&state, message)
        case 7: makeSerialUpdate(\.s0, \.s1, \.s2, \.s3, \.s4, \.s5, \.s6)(&state, message)
        case 8: makeSerialUpdate(\.s0, \.s1, \.s2, \.s3, \.s4, \.s5, \.s6, \.s7)(&state, message)
        case 9: makeSerialUpdate(\.s0, \.s1, \.s2, \.s3, \.s4, \.s5, \.s6, \.s7, \.s8)(&state, message)
        case 10: makeSerialUpdate(\.s0, \.s1, \.s2, \.s3, \.s4, \.s5, \.s6, \.s7, \.s8, \.s9)(&state, message)
        case 11: makeSerialUpdate(\.s0, \.s1, \.s2, \.s3, \.s4, \.s5, \.s6, \.s7, \.s8, \.s9, \.s10)(&state, message)
        case 12:
            makeSerialUpdate(\.s0, \.s1, \.s2, \.s3, \.s4, \.s5, \.s6, \.s7, \.s8, \.s9, \.s10, \.s11)(&state, message)
        case 13:
            makeSerialUpdate(\.s0, \.s1, \.s2, \.s3, \.s4, \.s5, \.s6, \.s7, \.s8, \.s9, \.s10, \.s11, \.s12)(
                &state, message)
        case 14:
            makeSerialUpdate(\.s0, \.s1, \.s2, \.s3, \.s4, \.s5, \.s6, \.s7, \.s8, \.s9, \.s10, \.s11, \.s12, \.s13)(
                &state, message)
        case 15:
            makeSerialUpdate(
                \.s0, \.s1, \.s2, \.s3, \.s4, \.s5, \.s6, \.s7, \.s8, \.s9, \.s10, \.s11, \.s12, \.s13, \.s14)(
                    &state, message)
        case 16:
            makeSerialUpdate(
                \.s0, \.s1, \.s2, \.s3, \.s4, \.s5, \.s6, \.s7, \.s8, \.s9, \.s10, \.s11, \.s12, \.s13, \.s14, \.s15)(
                    &state, message)
        case 17:
            makeSerialUpdate(
                \.s0, \.s1, \.s2, \.s3, \.s4, \.s5, \.s6, \.s7, \.s8, \.s9, \.s10, \.s11, \.s12, \.s13, \.s14, \.s15,
                \.s16)(&state, message)
        default: fatalError("no composition of \(count) sub-states here")
        }
    }
}

@Suite("makeSerialUpdate for any number of sub-states")
struct SerialUpdateAritiesTests {
    /// Every arity (1 to 16 have overloads of their own; 17 uses the variadic function) updates the
    /// sub-states in key-path order, defers every effect until all are updated, and runs them in that order.
    @Test(arguments: 1...17)
    func updatesInOrderAndDefersEffects(count: Int) {
        let log = Locked<[String]>([])
        var state = Wide()
        let effect = Wide.updateFirst(count, of: &state, with: Mark(log: log))
        #expect(log.current == (0..<count).map { "update \($0)" })
        effect?(Dispatcher { _ in })
        #expect(log.current == (0..<count).map { "update \($0)" } + (0..<count).map { "effect \($0)" })
        #expect(state.s0.marks == 1)
        #expect(state.s16.marks == (count == 17 ? 1 : 0))
    }

    @Test(arguments: 1...17)
    func returnsNilWhenNoSubstateHasAnEffect(count: Int) {
        var state = Wide()
        #expect(Wide.updateFirst(count, of: &state, with: Reset()) == nil)
    }

    /// Paths that have no byte offset in the parent still work: a computed property, an optional, a class.
    @Test func pathsWithoutAnOffsetStillWork() {
        let log = Locked<[String]>([])
        var state = Wide()
        let update = Wide.makeSerialUpdate(\.computed, \.optional!, \.box.inner, \.s3)
        let effect = update(&state, Mark(log: log))
        effect?(Dispatcher { _ in })
        #expect(
            log.current == [
                "update 99", "update 100", "update 101", "update 3", "effect 99", "effect 100", "effect 101",
                "effect 3",
            ])
        #expect(state.stored.marks == 1 && state.optional?.marks == 1 && state.box.inner.marks == 1)
    }
}

private struct Reset: Message {}
