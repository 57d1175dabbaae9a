import Testing

@testable import Swivelish

/// An id whose `==` and hash look at its name only: two with the same name are one id.
private struct NamedID: Hashable, Sendable {
    let name: String
    let note: Int

    static func == (left: NamedID, right: NamedID) -> Bool {
        left.name == right.name
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
    }
}

/// Effect ids compare as the ids given do: by the type's own `==` within a type, as `AnyHashable`s across
/// types; the library's children's ids by their numbers.
@Suite("Effect ids")
struct EffectIDTests {
    @Test func idsOfOneTypeCompareAndHashByTheTypesOwnEquality() {
        let first = EffectID(NamedID(name: "search", note: 1))
        let second = EffectID(NamedID(name: "search", note: 2))
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != EffectID(NamedID(name: "load", note: 1)))
        #expect(EffectID("a") == EffectID("a"))
        #expect(EffectID("a") != EffectID("b"))
    }

    @Test func idsOfDifferentTypesCompareAsAnyHashableDoes() {
        #expect(EffectID(7) == EffectID(Int64(7)))  // as AnyHashable(7) == AnyHashable(Int64(7))
        #expect(EffectID(7).hashValue == EffectID(Int64(7)).hashValue)
        #expect(EffectID(7) != EffectID("7"))
        #expect(EffectID("a") != EffectID(Substring("a")))
        #expect(EffectID(Double.nan) != EffectID(Double.nan))
    }

    @Test func childrensIdsCompareByTheirNumbersAndKind() {
        let child = ChildEffects(EffectOwner(presented: Int.self, incarnation: 5))
        #expect(EffectID(child) == EffectID(ChildEffects(EffectOwner(presented: String.self, incarnation: 5))))
        #expect(EffectID(child) != EffectID(ChildEffects(EffectOwner(presented: Int.self, incarnation: 6))))
        #expect(EffectID(child) != EffectID(CollectionEffects(origin: 5, elementType: Int.self)))
        #expect(EffectID(child) != EffectID(5 as UInt64))
    }

    @Test func theIdIsKeptAsGivenForTraces() {
        #expect(EffectID(NamedID(name: "search", note: 3)).value as? NamedID == NamedID(name: "search", note: 3))
        #expect((EffectID(NamedID(name: "search", note: 3)).value as? NamedID)?.note == 3)
        #expect(EffectID(7).value as? Int == 7)
    }

    /// A store cancels an effect by an id equal to the one it runs under, though not the same value.
    @Test func aStoreCancelsByAnEqualId() async {
        let store = Store(initialState: Tracked(Journal()))
        let cancelled = Signal()
        store.dispatch(
            Journal.Note(
                "start",
                effect: Effects.run(id: NamedID(name: "search", note: 1)) { dispatch in
                    try await sleepUntilCancelled(cancelled)
                    dispatch(Journal.Note("finished"))
                }))
        store.dispatch(Journal.Note("cancel", effect: Effects.cancel(id: NamedID(name: "search", note: 2))))
        #expect(await cancelled.wait())
        await store.waitForEffects()
        #expect(store.state.entries == ["start", "cancel"])
    }
}
