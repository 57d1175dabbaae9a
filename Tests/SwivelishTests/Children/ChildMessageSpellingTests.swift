import Swivelish
import Testing

/// The Lists article's promise: a child's message is printed as its addresses, outermost first, and equals
/// the same spelling made by hand, whichever element or presentation sent it.
@Suite("A child's message is written as its addresses")
struct ChildMessageSpellingTests {
    @Test func aGrandchildsMessageIsPrintedOutermostFirst() {
        let message = PresentedMessage<Row>(ElementMessage<Row>(id: 2, Row.Action.increment))
        #expect("\(message)" == "PresentedMessage<Row>(ElementMessage<Row>(id: 2, Row.Action.increment))")
    }

    /// What a presented row's effect sends back equals the message made by hand.
    @Test func theMessageAnEffectSentEqualsTheOneWrittenByHand() async {
        let sent = Locked<[any Message]>([])
        let store = Store(initialState: RowList(), observers: [StoreObserver { event in sent.append(event.message) }])
        store.dispatch(RowList.Action.open(3))
        store.dispatch(PresentedMessage<Row>(Row.Action.echo(5)))
        #expect(
            await eventually {
                sent.current.contains { ($0 as? PresentedMessage<Row>) == PresentedMessage<Row>(Row.Action.echoed(5)) }
            })
    }
}
