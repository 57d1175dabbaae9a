import Testing

@testable import Swivelish

@Suite("Paths that name a value of the root state, for watches and row groups")
struct PartPathTests {
    /// Two paths name the same value when their elements have the same ids in the same collections and
    /// their key paths are equal; the path to a row's value and to another row's never do, nor a path
    /// through an element and one without, whatever their hashes.
    @Test func namesAValueByItsElementsIDsAndItsKeyPaths() {
        let rows = PartPath(\Deck.cards)
        let first = rows.appending(elementWithID: AnyHashable(1)).appending(\Card.face)
        let firstAgain = PartPath(\Deck.cards).appending(elementWithID: AnyHashable(1)).appending(\Card.face)
        let second = rows.appending(elementWithID: AnyHashable(2)).appending(\Card.face)
        #expect(first == firstAgain && first.hashValue == firstAgain.hashValue)
        #expect(first != second)
        #expect(first != rows.appending(elementWithID: AnyHashable(1)).appending(\Card.label))
        #expect(first != rows.appending(elementWithID: AnyHashable(1)))
        #expect(first.appending(\Card.Face.value) == firstAgain.appending(\Card.Face.value))
        // Another collection with the same ids, and a path through no element.
        let other = PartPath(\Deck.title).appending(elementWithID: AnyHashable(1)).appending(\Card.face)
        #expect(first != other)
        #expect(PartPath(\Deck.title) == PartPath(\Deck.title))
        #expect(PartPath(\Deck.title) != rows)
    }

    /// Subscriptions to the same value of the same row share one watch, and each row has its own.
    @Test func aRowsSubscriptionsShareAWatchAndOtherRowsDoNot() {
        let deck = Store(initialState: Deck(cards: 3))
        let subscriptions = SubscriptionBag()
        for _ in 0..<2 {
            for id in 0..<3 {
                subscriptions.insert(
                    deck.scope(\.cards, id: id)!.subscribe(\.face, immediately: false, skipRepeats: true) { _ in })
            }
        }
        #expect(deck.storage!.lock.withLock("test") { deck.storage!.machine.sharedWatchCount } == 3)
    }
}
