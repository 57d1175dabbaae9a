import Testing

@testable import Swivelish

// MARK: - Two children of one type: the Elm Architecture's counter pair and gif pair

private struct PairCounter: State, Equatable {
    var count = 0

    enum Msg: Message, Equatable {
        case increment
    }

    static func update(_ state: inout PairCounter, with message: Message) -> Effect? {
        guard message.as(Msg.self) == .increment else { return nil }
        state.count += 1
        return nil
    }
}

private struct CounterPair: State, Equatable {
    var top = PairCounter()
    var bottom = PairCounter()

    static func update(_ state: inout CounterPair, with message: Message) -> Effect? {
        makeSerialUpdate(\.top, \.bottom)(&state, message)
    }
}

/// A viewer that asks for a picture of its topic and shows the answer: its effect answers at once, on the
/// dispatching thread, with the topic it was asked for.
private struct GifViewer: State, Equatable {
    var topic: String
    var shown = "none"
    var requests = 0

    enum Msg: Message, Equatable {
        case requestMore
        case answer(String)
    }

    static func update(_ state: inout GifViewer, with message: Message) -> Effect? {
        switch message.as(Msg.self) {
        case .requestMore?:
            state.requests += 1
            let topic = state.topic
            return { dispatch in dispatch(Msg.answer("a \(topic) gif")) }
        case let .answer(gif)?:
            state.shown = gif
            return nil
        case nil:
            return nil
        }
    }
}

private struct GifPair: State, Equatable {
    var left = GifViewer(topic: "cats")
    var right = GifViewer(topic: "dogs")

    static func update(_ state: inout GifPair, with message: Message) -> Effect? {
        makeSerialUpdate(\.left, \.right)(&state, message)
    }
}

/// Two pairs, for addresses of two levels.
private struct TwoPairs: State, Equatable {
    var first = CounterPair()
    var second = CounterPair()
    var gifs = GifPair()

    static func update(_ state: inout TwoPairs, with message: Message) -> Effect? {
        makeSerialUpdate(\.first, \.second, \.gifs)(&state, message)
    }
}

/// Two input forms of one type: a billing and a shipping address.
private struct AddressForm: BindableState, Equatable {
    struct Input: Equatable, Sendable {
        var street = ""
    }

    var input = Input()

    static func update(_ state: inout AddressForm, with message: Message) -> Effect? {
        _ = applyInputChange(message, to: &state)
        return nil
    }
}

private struct Checkout: State, Equatable {
    var billing = AddressForm()
    var shipping = AddressForm()

    static func update(_ state: inout Checkout, with message: Message) -> Effect? {
        makeSerialUpdate(\.billing, \.shipping)(&state, message)
    }
}

/// Seventeen sub-states: more than the overloads of `makeSerialUpdate`, so its variadic form composes them.
private struct Seventeen: State, Equatable {
    var c0 = PairCounter(), c1 = PairCounter(), c2 = PairCounter(), c3 = PairCounter(), c4 = PairCounter(),
        c5 = PairCounter()
    var c6 = PairCounter(), c7 = PairCounter(), c8 = PairCounter(), c9 = PairCounter(), c10 = PairCounter(),
        c11 = PairCounter()
    var c12 = PairCounter(), c13 = PairCounter(), c14 = PairCounter(), c15 = PairCounter(), c16 = PairCounter()

    static func update(_ state: inout Seventeen, with message: Message) -> Effect? {
        makeSerialUpdate(
            \.c0, \.c1, \.c2, \.c3, \.c4, \.c5, \.c6, \.c7, \.c8, \.c9, \.c10, \.c11, \.c12, \.c13, \.c14, \.c15,
            \.c16)(&state, message)
    }
}

/// A part with no stored property: it has no size, and shares its offset with its sibling.
private struct Pinger: State, Equatable {
    enum Msg: Message, Equatable {
        case ping, pong
    }

    static func update(_ state: inout Pinger, with message: Message) -> Effect? {
        guard message.as(Msg.self) == .ping else { return nil }
        return { dispatch in dispatch(Msg.pong) }
    }
}

/// Another part of no size, which answers a ping too.
private struct Ponger: State, Equatable {
    static func update(_ state: inout Ponger, with message: Message) -> Effect? {
        guard message.as(Pinger.Msg.self) == .ping else { return nil }
        return { dispatch in dispatch(Pinger.Msg.pong) }
    }
}

/// Two parts of no size at one offset, and a counter after them; the parent records who receives pongs.
private struct Pingers: State, Equatable {
    var pinger = Pinger()
    var ponger = Ponger()
    var counter = PairCounter()
    var pongs: [String] = []

    static func update(_ state: inout Pingers, with message: Message) -> Effect? {
        if message.as(Pinger.Msg.self, at: \Pingers.pinger) == .pong { state.pongs.append("pinger") }
        if message.as(Pinger.Msg.self, at: \Pingers.ponger) == .pong { state.pongs.append("ponger") }
        return makeSerialUpdate(\.pinger, \.ponger, \.counter)(&state, message)
    }
}

@Suite("A scoped store's messages reach its own sub-state")
struct SubstateAddressingTests {
    @Test func anIncrementThroughOneCounterOfAPairChangesThatCounterOnly() {
        let pair = Store(initialState: CounterPair())
        let top = pair.scope(\.top)
        let bottom = pair.scope(\.bottom)
        let bottomCalls = Locked(0)
        let unsubscribe = bottom.subscribe(\.count, immediately: false, skipRepeats: true) { _ in
            bottomCalls.withValue { $0 += 1 }
        }
        defer { unsubscribe() }
        top.dispatch(PairCounter.Msg.increment)
        top.dispatch(PairCounter.Msg.increment)
        bottom.dispatch(PairCounter.Msg.increment)
        #expect(pair.state.top.count == 2)
        #expect(pair.state.bottom.count == 1)
        #expect(bottomCalls.current == 1)
    }

    /// Swivel's broadcast stays: a message dispatched to the root store reaches every sub-state.
    @Test func aMessageToTheRootStillReachesEverySubstate() {
        let pair = Store(initialState: CounterPair())
        pair.dispatch(PairCounter.Msg.increment)
        #expect(pair.state == CounterPair(top: PairCounter(count: 1), bottom: PairCounter(count: 1)))
    }

    @Test func eachGifViewersAnswerReachesThatViewerOnly() {
        let pair = Store(initialState: GifPair())
        pair.scope(\.left).dispatch(GifViewer.Msg.requestMore)
        #expect(pair.state.left.shown == "a cats gif")
        #expect(pair.state.right.shown == "none")
        #expect(pair.state.right.requests == 0)
        pair.scope(\.right).dispatch(GifViewer.Msg.requestMore)
        #expect(pair.state.left.shown == "a cats gif")
        #expect(pair.state.right.shown == "a dogs gif")
        #expect(pair.state.left.requests == 1)
    }

    @Test func anAddressOfTwoLevelsReachesOnePartAndItsEffectsComeBackThere() {
        let app = Store(initialState: TwoPairs())
        app.scope(\.second).scope(\.bottom).dispatch(PairCounter.Msg.increment)
        var expected = TwoPairs()
        expected.second.bottom.count = 1
        #expect(app.state == expected)

        app.scope(\.gifs).scope(\.right).dispatch(GifViewer.Msg.requestMore)
        expected.gifs.right.requests = 1
        expected.gifs.right.shown = "a dogs gif"
        #expect(app.state == expected)
    }

    /// A scope of a scope sends what its component sends without an address to that component: within it,
    /// a broadcast, as a store of its own would make it.
    @Test func aMessageToAScopeOfAPairReachesBothCountersOfThatPairOnly() {
        let app = Store(initialState: TwoPairs())
        app.scope(\.first).dispatch(PairCounter.Msg.increment)
        var expected = TwoPairs()
        expected.first.top.count = 1
        expected.first.bottom.count = 1
        #expect(app.state == expected)
    }

    /// A path through several properties is not a sub-state any `makeSerialUpdate` names: its message is a
    /// broadcast, as documented.
    @Test func aScopeThroughSeveralPropertiesAtOnceBroadcasts() {
        let app = Store(initialState: TwoPairs())
        app.scope(\.first.top).dispatch(PairCounter.Msg.increment)
        #expect(app.state.first.top.count == 1)
        #expect(app.state.second.bottom.count == 1)
    }

    /// Parts of no size share their offset with the next part: their types tell them apart.
    @Test func partsOfNoSizeAtOneOffsetAreToldApartByType() {
        let store = Store(initialState: Pingers())
        store.scope(\.ponger).dispatch(Pinger.Msg.ping)
        #expect(store.state.pongs == ["ponger"])
        store.scope(\.pinger).dispatch(Pinger.Msg.ping)
        #expect(store.state.pongs == ["ponger", "pinger"])
        store.scope(\.counter).dispatch(PairCounter.Msg.increment)
        #expect(store.state.counter.count == 1)
    }

    @Test func theVariadicFormRoutesToo() {
        let store = Store(initialState: Seventeen())
        store.scope(\.c16).dispatch(PairCounter.Msg.increment)
        var expected = Seventeen()
        expected.c16.count = 1
        #expect(store.state == expected)
        store.dispatch(PairCounter.Msg.increment)
        #expect(store.state.c0.count == 1)
        #expect(store.state.c16.count == 2)
    }

    @Test func twoFormsOfOneTypeBindSeparately() {
        let checkout = Store(initialState: Checkout())
        checkout.scope(\.billing).set(\.street, "1 Bill Street")
        checkout.scope(\.shipping).set(\.street, "2 Ship Lane")
        #expect(checkout.state.billing.input.street == "1 Bill Street")
        #expect(checkout.state.shipping.input.street == "2 Ship Lane")
    }

    @Test func observersSeeTheAddressedMessage() {
        let written = Locked<[String]>([])
        let pair = Store(initialState: CounterPair(), observers: [.printChanges { written.append($0) }])
        pair.scope(\.bottom).dispatch(PairCounter.Msg.increment)
        #expect(
            written.current == [
                """
                SubstateMessage(\\CounterPair.bottom, PairCounter.Msg.increment)
                  bottom.count: 0 → 1
                """
            ])
    }

    @Test func aParentSeesWhatItsChildReceivesInOnePattern() {
        let increment = PairCounter.Msg.increment
        #expect(increment.as(PairCounter.Msg.self, at: \CounterPair.top) == .increment)  // a broadcast
        #expect(
            SubstateMessage(\CounterPair.top, increment).as(PairCounter.Msg.self, at: \CounterPair.top) == .increment)
        #expect(SubstateMessage(\CounterPair.bottom, increment).as(PairCounter.Msg.self, at: \CounterPair.top) == nil)
        #expect(SubstateMessage(\CounterPair.top, increment).as(GifViewer.Msg.self, at: \CounterPair.top) == nil)
        #expect(GifViewer.Msg.requestMore.as(PairCounter.Msg.self, at: \CounterPair.top) == nil)
    }

    @Test func addressedMessagesAreEqualWhenTheirPathsAndMessagesAre() {
        #expect(
            SubstateMessage(\CounterPair.top, PairCounter.Msg.increment)
                == SubstateMessage(\CounterPair.top, PairCounter.Msg.increment))
        #expect(
            SubstateMessage(\CounterPair.top, PairCounter.Msg.increment)
                != SubstateMessage(\CounterPair.bottom, PairCounter.Msg.increment))
    }

    /// What a recording keeps is the addressed message: replayed, it reaches the same sub-state.
    @Test func aReplayAppliesTheMessageWhereItWent() throws {
        let recorder = StoreRecorder<CounterPair>()
        let pair = Store(initialState: CounterPair(), observers: [recorder.observer])
        pair.scope(\.top).dispatch(PairCounter.Msg.increment)
        let recording = try #require(recorder.recording)
        #expect(recording.steps.map(\.state) == [CounterPair(top: PairCounter(count: 1), bottom: PairCounter())])
        try recording.replay()
    }
}
