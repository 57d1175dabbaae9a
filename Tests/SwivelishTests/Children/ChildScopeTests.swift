import Foundation
import Testing

@testable import Swivelish

@Suite("Stores of one element, and of a presented child")
struct ChildScopeTests {
    @Test func anElementsStoreReadsDispatchesAndSubscribesLikeAnyStore() {
        let list = Store(initialState: rowList(count: 3))
        let row = list.scope(\.rows, id: 1)!
        let counts = Locked<[Int]>([])
        let unsubscribe = row.subscribe(\.count, skipRepeats: true) { counts.append($0) }
        row.dispatch(Row.Action.increment)
        row.dispatch(Row.Action.increment)
        #expect(row.state.count == 2)
        #expect(list.state.rows.map(\.count) == [0, 2, 0])
        #expect(counts.current == [0, 1, 2])
        unsubscribe()
        #expect(list.scope(\.rows, id: 7) == nil)
    }

    /// A hundred rows, each with a `skipRepeats` subscriber on its element: a change of one row calls one
    /// subscriber, not a hundred; a change of 40 rows at once (more than the collection's log keeps) calls
    /// those 40.
    @Test func aChangeOfOneRowCallsOnlyItsSubscribers() {
        let list = Store(initialState: rowList(count: 100))
        let calls = Locked<[Int]>([])
        let subscriptions = SubscriptionBag()
        subscribeToEachRow(of: list, ids: 0..<100, \.self, in: subscriptions) { _, row in calls.append(row.id) }
        list.dispatch(ElementMessage<Row>(id: 42, Row.Action.increment))
        #expect(calls.current == [42])
        list.dispatch(RowList.Action.add(100))  // a new row: no row subscriber is called
        #expect(calls.current == [42])
        list.dispatch(ElementMessage<Row>(id: 7, Row.Action.rename("seven")))
        #expect(calls.current == [42, 7])
        calls.withValue { $0 = [] }
        list.dispatch(RowList.Action.renameAll("all"))  // 101 changes in one update
        #expect(Set(calls.current) == Set(0..<100))
        #expect(calls.current.count == 100)
    }

    /// Removing a row moves the last row into its slot of the collection (see `IdentifiedArray.slots`), where
    /// the change log said the moved row was: its subscribers still see its changes, the removed row's
    /// subscribers are told nothing more, also when the change and the removal are in one update.
    @Test func aRowMovedToAnotherSlotByARemovalIsStillFollowed() {
        let list = Store(initialState: rowList(count: 5))
        let titles = Locked<[String]>([])
        let subscriptions = SubscriptionBag()
        subscribeToEachRow(of: list, ids: 0..<5, \.title, in: subscriptions) { id, title in
            titles.append("\(id): \(title)")
        }
        list.dispatch(ElementMessage<Row>(id: 4, Row.Action.rename("four")))  // seen in the last slot
        list.dispatch(RowList.Action.remove(0))  // row 4 moves to the first slot
        list.dispatch(ElementMessage<Row>(id: 4, Row.Action.rename("FOUR")))
        list.dispatch(ElementMessage<Row>(id: 1, Row.Action.rename("one")))
        // Row 3 is renamed in the last slot, then row 1's removal moves it into row 1's slot: the log's
        // entry for row 3 names a slot that no longer exists, and row 1's entry names row 3's slot.
        list.dispatch(RowList.Action.rename(3, "three", thenRemove: 1))
        list.dispatch(ElementMessage<Row>(id: 3, Row.Action.rename("THREE")))
        #expect(titles.current == ["4: four", "4: FOUR", "1: one", "3: three", "3: THREE"])
        #expect(list.state.rows.ids == [2, 3, 4])
        #expect(list.state.rows.map(\.title) == ["", "THREE", "FOUR"])
    }

    /// Row stores subscribed and unsubscribed from four threads while a fifth changes rows: the group of row
    /// subscriptions is changed while deliveries hold it (it is copied then, not changed under them). Every
    /// row subscribed at the end is followed, once per change of its row.
    @Test func rowsSubscribedFromManyThreadsDuringDeliveriesAreFollowed() async {
        let list = Store(initialState: rowList(count: 64))
        await runConcurrently(threads: 5) { thread in
            guard thread < 4 else {
                for round in 0..<2_000 {
                    list.dispatch(ElementMessage<Row>(id: (round &* 7) % 64, Row.Action.increment))
                }
                return
            }
            for round in 0..<300 {
                let row = list.scope(\.rows, id: thread * 16 + round % 16)!
                let unsubscribe = row.subscribe(\.count, immediately: false, skipRepeats: true) { _ in }
                if round % 3 != 0 { unsubscribe() }  // a third stay, until the store goes
            }
        }
        let calls = Locked<[Int]>([])
        let subscriptions = SubscriptionBag()
        subscribeToEachRow(of: list, ids: 0..<64, \.self, in: subscriptions) { _, row in calls.append(row.id) }
        for id in 0..<64 {
            list.dispatch(ElementMessage<Row>(id: id, Row.Action.increment))
        }
        await list.waitForDeliveries()  // the delivery thread may have taken over delivering
        #expect(calls.current == Array(0..<64))
        #expect(list.state.rows.map(\.count).reduce(0, +) == 2_064)
    }

    /// Three threads change three rows through the rows' stores while each row's subscriber is slow: every
    /// subscriber sees its own row's counts only, rising, and the last one, however many the store had to
    /// merge while it was busy.
    @Test func slowRowSubscribersWhileThreeThreadsDispatchSeeTheirOwnRowsLatestState() async {
        let list = Store(initialState: rowList(count: 3))
        let seen = (0..<3).map { _ in Locked<[Int]>([]) }
        let strangers = Locked<[Int]>([])  // rows delivered to another row's subscriber
        let subscriptions = SubscriptionBag()
        subscribeToEachRow(of: list, ids: 0..<3, \.self, in: subscriptions) { id, row in
            if row.id != id { strangers.append(row.id) }
            seen[id].append(row.count)
            usleep(200)
        }
        await runConcurrently(threads: 3) { thread in
            let row = list.scope(\.rows, id: thread)!
            for _ in 0..<300 {
                row.dispatch(Row.Action.increment)
            }
        }
        await list.waitForDeliveries()
        for id in 0..<3 {
            let counts = seen[id].current
            #expect(counts.last == 300, "row \(id)")
            #expect(zip(counts, counts.dropFirst()).allSatisfy { $0 < $1 }, "row \(id)")
        }
        #expect(list.state.rows.map(\.count) == [300, 300, 300])
        #expect(strangers.current.isEmpty)
    }

    /// Several subscribers to one row are called in the order they subscribed, however they come and go.
    @Test func aRowsSubscribersAreCalledInSubscriptionOrder() {
        let list = Store(initialState: rowList(count: 3))
        let row = list.scope(\.rows, id: 1)!
        let calls = Locked<[String]>([])
        func subscriber(_ name: String) -> @Sendable () -> Void {
            row.subscribe(\.count, immediately: false, skipRepeats: true) { _ in calls.append(name) }
        }
        func change() -> [String] {
            calls.withValue { $0 = [] }
            list.dispatch(ElementMessage<Row>(id: 1, Row.Action.increment))
            return calls.current
        }
        let endA = subscriber("A")
        let endB = subscriber("B")
        let endC = subscriber("C")
        #expect(change() == ["A", "B", "C"])
        endA()
        #expect(change() == ["B", "C"])
        let endD = subscriber("D")
        #expect(change() == ["B", "C", "D"])
        endC()
        #expect(change() == ["B", "D"])
        endB()
        endD()
        #expect(change() == [])
        let endE = subscriber("E")
        #expect(change() == ["E"])
        endE()
    }

    /// A row's group hands its subscriptions' watches the element it found: each reads its own part of it
    /// (the whole element, a stored property deep in it, a computed one), and a store scoped further from the
    /// row, or a root subscription to the same row (a watch of its own, named by a key path rather than by
    /// the row's id), reads through the root state. Every one sees its
    /// row's changes only, and none is called while the row is gone.
    @Test func aRowsSubscriptionsReadTheirPartOfTheElementTheGroupFound() {
        let deck = Store(initialState: Deck(cards: 3))
        let calls = Locked<[String]>([])
        let subscriptions = SubscriptionBag()
        let rootSubscriptions = SubscriptionBag()  // ended before the row goes: they force-unwrap it
        // The root's subscription to the row, made before the row store's.
        rootSubscriptions.insert(
            deck.subscribe(\.cards[id: 1]!, immediately: false, skipRepeats: true) {
                calls.append("root \($0.face.value)")
            })
        let card = deck.scope(\.cards, id: 1)!
        subscriptions.insert(
            card.subscribe(\.self, immediately: false, skipRepeats: true) { calls.append("self \($0.face.value)") })
        subscriptions.insert(
            card.subscribe(\.face.value, immediately: false, skipRepeats: true) { calls.append("value \($0)") })
        subscriptions.insert(
            card.subscribe(\.label, immediately: false, skipRepeats: true) { calls.append("label \($0)") })
        subscriptions.insert(
            card.scope(\.face).subscribe(\.self, immediately: false, skipRepeats: true) {
                calls.append("face \($0.value)")
            })
        // The root's subscription to the other row, made after the row store's.
        let other = deck.scope(\.cards, id: 2)!
        subscriptions.insert(
            other.subscribe(\.face, immediately: false, skipRepeats: true) { calls.append("other \($0.value)") })
        rootSubscriptions.insert(
            deck.subscribe(\.cards[id: 2]!.face, immediately: false, skipRepeats: true) {
                calls.append("root other \($0.value)")
            })
        func change(_ id: Int, to value: Int) -> [String] {
            calls.withValue { $0 = [] }
            deck.dispatch(ElementMessage<Card>(id: id, Card.Set(value: value)))
            return calls.current
        }
        #expect(change(1, to: 5) == ["root 5", "self 5", "value 5", "label card 1: 5", "face 5"])
        #expect(change(0, to: 7) == [])
        #expect(change(2, to: 3) == ["other 3", "root other 3"])
        #expect(change(1, to: 5) == [])  // the same value: every subscriber skips it
        rootSubscriptions.removeAll()
        #expect(change(1, to: 4) == ["self 4", "value 4", "label card 1: 4", "face 4"])
        calls.withValue { $0 = [] }
        deck.dispatch(Deck.Remove(id: 1))
        #expect(change(1, to: 6) == [])  // no row 1: not applied, nobody called
        deck.dispatch(Deck.Add(id: 1, value: 9))
        #expect(calls.current == ["self 9", "value 9", "label card 1: 9", "face 9"])
    }

    /// The first change after the rows subscribe reads the changed row only: the rows' group starts at the
    /// collection's latest change, not at its beginning, which the change log (of the last 32 changes) no
    /// longer reaches after 200 appends, so that every row would be read once (O(n) at the first dispatch).
    @Test func theFirstChangeAfterRowsSubscribeReadsOnlyTheChangedRow() {
        let shelf = Store(initialState: JarShelf(jars: 200))
        let subscriptions = SubscriptionBag()
        let calls = Locked<[Int]>([])
        for id in 0..<200 {
            let jar = shelf.scope(\.jars, id: id)!
            subscriptions.insert(
                jar.subscribe(\.countedLabel, immediately: false, skipRepeats: true) { _ in calls.append(id) })
        }
        Jar.labelReads.withValue { $0 = 0 }
        shelf.dispatch(ElementMessage<Jar>(id: 150, Jar.Fill()))
        #expect(Jar.labelReads.current == 1)
        #expect(calls.current == [150])
        shelf.dispatch(ElementMessage<Jar>(id: 3, Jar.Fill()))
        #expect(Jar.labelReads.current == 2)
        #expect(calls.current == [150, 3])
    }

    @Test func anElementStoreOutlivesItsElementWithoutStaleDeliveries() {
        let list = Store(initialState: rowList(count: 2))
        let row = list.scope(\.rows, id: 1)!
        let everyState = Locked<[Int]>([])
        let unsubscribe = row.subscribe(\.count) { everyState.append($0) }  // every delivery, while present
        row.dispatch(Row.Action.increment)
        #expect(row.state.count == 1)
        list.dispatch(RowList.Action.remove(1))
        list.dispatch(RowList.Action.add(5))
        row.dispatch(Row.Action.increment)  // for a missing element: not applied
        #expect(everyState.current == [0, 1])
        #expect(row.state.count == 1)  // as it was last read
        #expect(list.state.rows.map(\.count) == [0, 0])
        list.dispatch(RowList.Action.add(1))  // back, new: followed again
        #expect(everyState.current == [0, 1, 0])
        unsubscribe()
    }

    @Test func removingARowWhileItsSubscriberRunsIsSafe() async {
        let list = Store(initialState: rowList(count: 2))
        let row = list.scope(\.rows, id: 0)!
        let entered = DispatchSemaphore(value: 0)
        let leave = DispatchSemaphore(value: 0)
        let seen = Locked<[Int]>([])
        let unsubscribe = row.subscribe(\.count, immediately: false, skipRepeats: true) { count in
            seen.append(count)
            if count == 1 {
                entered.signal()
                leave.wait()
            }
        }
        Thread.detachNewThread { row.dispatch(Row.Action.increment) }
        entered.wait()
        list.dispatch(RowList.Action.remove(0))  // queued behind the subscriber's delivery
        leave.signal()
        await list.waitForDeliveries()
        row.dispatch(Row.Action.increment)
        #expect(seen.current == [1])
        #expect(list.state.rows.ids == [1])
        unsubscribe()
    }

    /// A presentation ends when its child goes, and, for an `Identifiable` child, when a child with another
    /// id replaces it; other changes, and any change of a child that is not `Identifiable`, keep it.
    @Test func aPresentationEndsWhenItsChildGoesOrIsReplacedByAnotherID() {
        var row = Presented<Row>(wrappedValue: Row(id: 1))
        let first = row.incarnation
        row.wrappedValue?.count += 1
        row.wrappedValue = Row(id: 1, title: "same id")
        #expect(row.incarnation == first && row.dismissedIncarnations.isEmpty)
        row.wrappedValue = Row(id: 2)
        #expect(row.incarnation != first && row.dismissedIncarnations == [first])
        let second = row.incarnation
        row.wrappedValue = nil
        #expect(row.incarnation == 0 && row.dismissedIncarnations == [first, second])

        var header = Presented<RowList.Header>(wrappedValue: RowList.Header())
        let only = header.incarnation
        header.wrappedValue = RowList.Header(messages: 5)
        #expect(header.incarnation == only && header.dismissedIncarnations.isEmpty)
    }

    /// A detail opened over another with a different id is a new presentation: the first's running effect
    /// is cancelled, and what it still sends never reaches the second. Opened again with the same id, the
    /// detail goes on, its effect too.
    @Test func aChildReplacedByOneWithAnotherIDLosesItsEffects() async {
        let store = Store(initialState: RowList())
        store.dispatch(RowList.Action.open(71))
        store.scope(\.$detail)!.dispatch(Row.Action.startTicking)
        #expect(await eventually { (store.state.detail?.ticks ?? 0) > 0 })
        store.dispatch(RowList.Action.open(71))  // the same id: the same presentation, still ticking
        let ticks = store.state.detail?.ticks ?? 0
        #expect(await eventually { (store.state.detail?.ticks ?? 0) > ticks })
        store.dispatch(RowList.Action.open(72))
        #expect(await eventually { Row.stoppedTicking.current.contains(71) })
        for _ in 0..<100 { await Task.yield() }
        #expect(store.state.detail == Row(id: 72))  // no tick of 71's effect reached it
    }

    /// A `PresentedMessage` made by hand goes to the child presented when it is applied, and to none while
    /// none is.
    @Test func aPresentedMessageMadeByHandReachesTheChildPresentedNow() {
        let store = Store(initialState: RowList())
        store.dispatch(PresentedMessage<Row>(Row.Action.increment))
        #expect(store.state.detail == nil)
        store.dispatch(RowList.Action.open(3))
        store.dispatch(PresentedMessage<Row>(Row.Action.increment))
        store.dispatch(RowList.Action.open(4))
        store.dispatch(PresentedMessage<Row>(Row.Action.rename("four")))
        #expect(store.state.detail == Row(id: 4, title: "four"))
        #expect(PresentedMessage<Row>(Row.Action.tick) == PresentedMessage<Row>(Row.Action.tick))
        #expect(PresentedMessage<Row>(Row.Action.tick) != PresentedMessage<Row>(Row.Action.increment))
    }

    /// A child dismissed by the update that started one of its effects: the effect is cancelled too.
    @Test func anEffectStartedByTheUpdateThatDismissesItsChildIsCancelled() async {
        let store = Store(initialState: StartAndDismiss())
        store.dispatch(PresentedMessage<Row>(Row.Action.startTicking))
        #expect(store.state.detail == nil)
        #expect(await eventually(seconds: 60) { Row.stoppedTicking.current.contains(778) })
    }

    /// A presented child dropped without a dismissal being recorded (the whole state reset): its effects
    /// end at their next message, which is not applied.
    @Test func aChildDroppedByAResetOfTheStateHasItsEffectsCancelled() async {
        let store = Store(initialState: ResettableDetail())
        store.dispatch(PresentedMessage<Row>(Row.Action.startTicking))
        #expect(await eventually(seconds: 60) { store.state.detail?.ticks ?? 0 > 0 })
        store.dispatch(ResettableDetail.Reset())
        #expect(await eventually(seconds: 60) { Row.stoppedTicking.current.contains(783) })
        #expect(store.state.detail?.ticks == 0)  // the new child's: the old effect's ticks were not applied
    }

    /// A presented child dropped by a reset of the state, whose effect sends nothing: the effect is
    /// cancelled by the update that resets the state, not left running until it next sends.
    @Test func aChildDroppedByAResetOfTheStateHasItsQuietEffectsCancelledAtOnce() async {
        let store = Store(initialState: ResettableDetail(detail: Row(id: 788)))
        store.dispatch(PresentedMessage<Row>(Row.Action.waitQuietly))
        #expect(await eventually(seconds: 60) { Row.startedWaiting.current.contains(788) })
        store.dispatch(ResettableDetail.Reset())
        #expect(await eventually(seconds: 60) { Row.stoppedWaiting.current.contains(788) })
    }

    /// A presented child kept through a reset to a copy of the state that holds the same presentation: its
    /// effects go on, and still reach it.
    @Test func aChildKeptThroughAResetToACopyKeepsItsEffects() async {
        let store = Store(initialState: ResettableDetail(detail: Row(id: 789)))
        store.dispatch(PresentedMessage<Row>(Row.Action.startTicking))
        #expect(await eventually(seconds: 60) { store.state.detail?.ticks ?? 0 > 0 })
        store.dispatch(ResettableDetail.ResetToACopy())
        let ticks = store.state.detail?.ticks ?? 0
        // A few ticks after the reset show the effect goes on and reaches the child: more than the one a
        // cancellation could still let through (the ticker may be delivering as the reset is dispatched; the
        // cancellation then runs as soon as that delivery ends). No more is asked for, so that a ticker the
        // parallel tests leave little time (under ThreadSanitizer) still passes.
        #expect(await eventually(seconds: 120) { store.state.detail?.ticks ?? 0 > ticks + 2 })
        #expect(!Row.stoppedTicking.current.contains(789))
        store.dispatch(ResettableDetail.Reset())
        #expect(await eventually(seconds: 60) { Row.stoppedTicking.current.contains(789) })
    }

    @Test func aPresentedChildRunsOnlyWhilePresentedAndItsEffectsEndWithIt() async {
        let store = Store(initialState: RowList())
        #expect(store.scope(\.$detail) == nil)
        store.dispatch(Row.Action.increment)  // no detail: nothing happens to it
        store.dispatch(RowList.Action.open(1))
        let detail = store.scope(\.$detail)!
        detail.dispatch(Row.Action.increment)
        #expect(store.state.detail?.count == 1)
        detail.dispatch(Row.Action.startTicking)
        #expect(await eventually { (store.state.detail?.ticks ?? 0) > 0 })
        let seen = Locked<[Int]>([])
        let unsubscribe = detail.subscribe(\.count, immediately: false) { seen.append($0) }
        store.dispatch(RowList.Action.close)
        #expect(store.state.detail == nil)
        store.dispatch(Row.Action.increment)  // no detail: no delivery to its subscriber
        let whilePresented = seen.current
        #expect(whilePresented.allSatisfy { $0 == 1 })
        store.dispatch(RowList.Action.open(1))  // presented again: a new presentation, followed again
        for _ in 0..<100 { await Task.yield() }
        #expect(store.state.detail?.ticks == 0)  // the old ticker's messages are not this presentation's
        let sincePresentedAgain = seen.current.dropFirst(whilePresented.count)
        #expect(!sincePresentedAgain.isEmpty && sincePresentedAgain.allSatisfy { $0 == 0 })
        #expect(await eventually { Row.stoppedTicking.current.contains(1) })
        unsubscribe()
    }
}

/// A card with a face: a row whose values lie at offsets in it, one level down, and behind a computed
/// property.
struct Card: State, Identifiable, Equatable {
    let id: Int
    var face = Face()

    /// What `label` computes from the stored values.
    var label: String { "card \(id): \(face.value)" }

    struct Face: State, Equatable {
        var value = 0
        static func update(_ state: inout Face, with message: Message) -> Effect? { nil }
    }

    struct Set: Message {
        let value: Int
    }

    static func update(_ state: inout Card, with message: Message) -> Effect? {
        if let set = message.as(Set.self) {
            state.face.value = set.value
        }
        return nil
    }
}

/// A deck of cards, which adds and removes them.
struct Deck: State {
    var title = "Deck"
    var cards: IdentifiedArray<Card>

    init(cards: Int) {
        self.cards = IdentifiedArray((0..<cards).map { Card(id: $0) })
    }

    struct Add: Message {
        let id: Int
        let value: Int
    }

    struct Remove: Message {
        let id: Int
    }

    static func update(_ state: inout Deck, with message: Message) -> Effect? {
        updateElements(\.cards, of: &state, with: message) { state, message in
            if let add = message.as(Add.self) {
                state.cards.append(Card(id: add.id, face: Card.Face(value: add.value)))
            } else if let remove = message.as(Remove.self) {
                state.cards.remove(id: remove.id)
            }
            return nil
        }
    }
}

/// A presented row that its parent dismisses in the update that tells it to start ticking.
struct StartAndDismiss: State {
    @Presented var detail: Row? = Row(id: 778)

    static func update(_ state: inout StartAndDismiss, with message: Message) -> Effect? {
        updatePresented(\.$detail, of: &state, with: message) { state, message in
            if let addressed = message.as(PresentedMessage<Row>.self), addressed.message as? Row.Action == .startTicking
            {
                state.detail = nil
            }
            return nil
        }
    }
}

/// A presented row, and a message that resets the whole state.
struct ResettableDetail: State {
    @Presented var detail: Row?

    init(detail: Row = Row(id: 783)) {
        self.detail = detail
    }

    /// Resets the state to a new one, presenting a new child with the same id.
    struct Reset: Message {}

    /// Resets the state to a copy of itself, which holds the same presentation.
    struct ResetToACopy: Message {}

    static func update(_ state: inout ResettableDetail, with message: Message) -> Effect? {
        updatePresented(\.$detail, of: &state, with: message) { state, message in
            if message.as(Reset.self) != nil {
                state = ResettableDetail(detail: Row(id: state.detail?.id ?? 783))
            }
            if message.as(ResetToACopy.self) != nil {
                let copy = state
                state = ResettableDetail()
                state = copy
            }
            return nil
        }
    }
}

/// A jar: a row with a computed property that counts its reads (no other test reads it).
struct Jar: State, Identifiable {
    let id: Int
    var fill = 0

    /// How many times ``countedLabel`` was read.
    static let labelReads = Locked(0)

    var countedLabel: String {
        Jar.labelReads.withValue { $0 += 1 }
        return "jar \(id): \(fill)"
    }

    struct Fill: Message {}

    static func update(_ state: inout Jar, with message: Message) -> Effect? {
        if message.as(Fill.self) != nil { state.fill += 1 }
        return nil
    }
}

/// The jars of a shelf.
struct JarShelf: State {
    var jars: IdentifiedArray<Jar>

    init(jars: Int) {
        self.jars = IdentifiedArray((0..<jars).map { Jar(id: $0) })
    }

    static func update(_ state: inout JarShelf, with message: Message) -> Effect? {
        updateElements(\.jars, of: &state, with: message) { _, _ in nil }
    }
}
