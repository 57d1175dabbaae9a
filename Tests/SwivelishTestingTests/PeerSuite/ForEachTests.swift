import Swivelish
import SwivelishTesting
import Testing
import TestSupport

// The peer's `forEach` over an identified array is `updateElements` over an `IdentifiedArray`; its
// `.rows(.element(id:action:))` is `ElementMessage<Row>(id:_:)`.

extension PeerSuite {
    @Suite("ForEach: a collection of children")
    struct ForEachTests {
        /// A row whose value a message sets; an empty value is answered by an effect with "Empty".
        struct Line: State, Identifiable, Equatable {
            var id: Int
            var value: String

            enum Action: Message, Equatable {
                case setValue(String)
            }

            static func update(_ state: inout Line, with message: Message) -> Effect? {
                guard case let .setValue(value)? = message.as(Action.self) else { return nil }
                state.value = value
                guard value.isEmpty else { return nil }
                return Effects.run { dispatch in dispatch(Action.setValue("Empty")) }
            }
        }

        /// The rows, and the last row whose value the list saw set: it reads its rows' messages by pattern.
        struct Lines: State, Equatable {
            var rows: IdentifiedArray<Line> = []
            var lastEdited: Int?

            enum Action: Message, Equatable {
                case buttonTapped
            }

            static func update(_ state: inout Lines, with message: Message) -> Effect? {
                updateElements(\.rows, of: &state, with: message) { state, message in
                    if case let (id, .setValue(_))? = message.as(Line.Action.self, at: \Lines.rows) {
                        state.lastEdited = id
                    }
                    return nil
                }
            }
        }

        struct Stopwatches: State, Equatable {
            var timers: IdentifiedArray<Lap> = []
            var nextID = 0

            enum Action: Message, Equatable {
                case add
                case removeLast
            }

            static func update(_ state: inout Stopwatches, with message: Message) -> Effect? {
                updateElements(\.timers, of: &state, with: message) { state, message in
                    switch message.as(Action.self) {
                    case .add?:
                        state.timers.append(Lap(id: state.nextID))
                        state.nextID += 1
                    case .removeLast?:
                        state.timers.remove(id: state.timers[state.timers.count - 1].id)
                    case nil:
                        break
                    }
                    return nil
                }
            }
        }

        /// Two lists of one row type.
        struct Week: State, Equatable {
            var today: IdentifiedArray<Lap> = []
            var tomorrow: IdentifiedArray<Lap> = []

            enum Action: Message, Equatable {
                case planTomorrow(Int)
                case removeFromToday(Int)
                case removeFromTomorrow(Int)
            }

            static func update(_ state: inout Week, with message: Message) -> Effect? {
                updateElements(\.today, of: &state, with: message) { state, message in
                    updateElements(\.tomorrow, of: &state, with: message) { state, message in
                        switch message.as(Action.self) {
                        case let .planTomorrow(id)?: state.tomorrow.append(Lap(id: id))
                        case let .removeFromToday(id)?: state.today.remove(id: id)
                        case let .removeFromTomorrow(id)?: state.tomorrow.remove(id: id)
                        case nil: break
                        }
                        return nil
                    }
                }
            }
        }

        /// A row that asks for its price with effects whose ids it names without knowing of the other rows.
        struct Quote: State, Identifiable, Equatable {
            let id: Int
            var price: Int?

            enum Action: Message, Equatable {
                /// Asks for the price, answered a second later; cancels this row's request in flight.
                case refresh(Int)
                case priced(Int)
                /// Cancels this row's request in flight.
                case cancelRefresh
                /// Asks for the price once no other `type` came for half a second: debounced.
                case type(Int)
                /// Keeps its dispatcher in the mailbox, as a callback-style API would.
                case keepDispatch
            }

            struct RefreshID: Hashable, Sendable {}
            struct TypingID: Hashable, Sendable {}

            static func update(_ state: inout Quote, with message: Message) -> Effect? {
                switch message.as(Action.self) {
                case let .refresh(price)?:
                    return Effects.run(id: RefreshID(), cancelInFlight: true) { dispatch in
                        try await dispatch.dependencies.clock.sleep(for: .seconds(1))
                        dispatch(Action.priced(price))
                    }
                case let .priced(price)?:
                    state.price = price
                    return nil
                case .cancelRefresh?:
                    return Effects.cancel(id: RefreshID())
                case let .type(price)?:
                    return Effects.debounce(Effects.send(Action.priced(price)), id: TypingID(), for: .milliseconds(500))
                case .keepDispatch?:
                    let name = "quote \(state.id)"
                    return { dispatch in dispatch.dependencies.peerMailbox.keep(dispatch, as: name) }
                case nil:
                    return nil
                }
            }
        }

        /// Rows of quotes; the list refreshes too, with the rows' id, and notes the rows priced by pattern.
        struct Quotes: State, Equatable {
            var rows: IdentifiedArray<Quote> = []
            var refreshedAll = 0
            var seen: [Int] = []

            enum Action: Message, Equatable {
                case add(Int)
                case remove(Int)
                /// The list's own request, two seconds long, under the rows' id.
                case refreshAll
                case refreshedAll
            }

            static func update(_ state: inout Quotes, with message: Message) -> Effect? {
                updateElements(\.rows, of: &state, with: message) { state, message in
                    if case let (id, .priced(_))? = message.as(Quote.Action.self, at: \Quotes.rows) {
                        state.seen.append(id)
                    }
                    switch message.as(Action.self) {
                    case let .add(id)?:
                        state.rows.append(Quote(id: id))
                    case let .remove(id)?:
                        state.rows.remove(id: id)
                    case .refreshAll?:
                        return Effects.run(id: Quote.RefreshID()) { dispatch in
                            try await dispatch.dependencies.clock.sleep(for: .seconds(2))
                            dispatch(Action.refreshedAll)
                        }
                    case .refreshedAll?:
                        state.refreshedAll += 1
                    case nil:
                        break
                    }
                    return nil
                }
            }
        }

        // ForEachReducerTests.testElementAction
        @Test func aRowsMessageReachesThatRowAndItsEffectAnswersIt() async {
            let store = makeStore(
                Lines(rows: [
                    Line(id: 1, value: "Blob"), Line(id: 2, value: "Blob Jr."), Line(id: 3, value: "Blob Sr."),
                ])
            )
            store.send(ElementMessage<Line>(id: 1, Line.Action.setValue("Blob Esq."))) {
                $0.rows[id: 1]?.value = "Blob Esq."
                $0.lastEdited = 1
            }
            store.send(ElementMessage<Line>(id: 2, Line.Action.setValue(""))) {
                $0.rows[id: 2]?.value = ""
                $0.lastEdited = 2
            }
            await store.receive(ElementMessage<Line>(id: 2, Line.Action.setValue("Empty"))) {
                $0.rows[id: 2]?.value = "Empty"
            }
            await store.finish()
        }

        // ForEachReducerTests.testNonElementAction
        @Test func aMessageWithoutAnAddressReachesNoRow() async {
            let store = makeStore(Lines(rows: [Line(id: 1, value: "Blob")]))
            store.send(Lines.Action.buttonTapped)
            store.send(Line.Action.setValue("everyone"))  // a row's message, but for no row: no row changes
            await store.finish()
        }

        // ForEachReducerTests.testMissingElement
        @Test func aMessageForAMissingRowIsNotAppliedAndTheListDoesNotSeeIt() async {
            let store = makeStore(Lines())
            store.send(ElementMessage<Line>(id: 1, Line.Action.setValue("Blob Esq.")))
            await store.finish()

            let reasons = Locked<[String?]>([])
            let plain = Store(initialState: Lines(), observers: [StoreObserver { reasons.append($0.notAppliedReason) }])
            plain.dispatch(ElementMessage<Line>(id: 1, Line.Action.setValue("Blob Esq.")))
            #expect(
                reasons.current == [
                    "there is no element with the id 1 in the IdentifiedArray<PeerSuite.ForEachTests.Line>"
                ])
            #expect(plain.state == Lines())
        }

        // ForEachReducerTests.testAutomaticEffectCancellation
        @Test func removingARowCancelsItsEffects() async {
            let clock = TestClock()
            let store = makeStore(Stopwatches(), clock: clock)
            let tick = Lap.Action.tick
            store.send(Stopwatches.Action.add) {
                $0.timers = [Lap(id: 0)]
                $0.nextID = 1
            }
            store.send(ElementMessage<Lap>(id: 0, Lap.Action.start))
            await clock.advance(by: .seconds(2))
            await store.receive(ElementMessage<Lap>(id: 0, tick)) { $0.timers[id: 0]?.count = 1 }
            await store.receive(ElementMessage<Lap>(id: 0, tick)) { $0.timers[id: 0]?.count = 2 }
            store.send(Stopwatches.Action.add) {
                $0.timers.append(Lap(id: 1))
                $0.nextID = 2
            }
            await clock.advance(by: .seconds(1))
            await store.receive(ElementMessage<Lap>(id: 0, tick)) { $0.timers[id: 0]?.count = 3 }
            // Half a second later than the peer, so that the two timers never tick at the same instant and
            // their ticks arrive in one order.
            await clock.advance(by: .milliseconds(500))
            store.send(ElementMessage<Lap>(id: 1, Lap.Action.start))
            await clock.advance(by: .seconds(1))
            await store.receive(ElementMessage<Lap>(id: 0, tick)) { $0.timers[id: 0]?.count = 4 }
            await store.receive(ElementMessage<Lap>(id: 1, tick)) { $0.timers[id: 1]?.count = 1 }
            store.send(Stopwatches.Action.removeLast) { $0.timers = [Lap(id: 0, count: 4)] }
            #expect(await sleepers(of: clock, become: 1))  // row 1's timer ended at once
            await clock.advance(by: .seconds(1))
            await store.receive(ElementMessage<Lap>(id: 0, tick)) { $0.timers[id: 0]?.count = 5 }
            store.send(Stopwatches.Action.removeLast) { $0.timers = [] }
            #expect(await sleepers(of: clock, become: 0))
            await clock.advance(by: .seconds(5))
            await store.finish()  // fails if a removed row's timer still runs, or ticked
        }

        // Not in the peer's ForEach tests (its navigation tests, adapted to rows: testCancelInFlightEffects and
        // StackReducerTests.testSiblingCannotCancel): two rows' cancelInFlight effects with one id both complete.
        @Test func twoRowsCancelInFlightOnlyTheirOwnEffects() async {
            let clock = TestClock()
            let store = makeStore(Quotes(rows: [Quote(id: 1), Quote(id: 2)]), clock: clock)
            store.send(ElementMessage<Quote>(id: 1, Quote.Action.refresh(10)))
            store.send(ElementMessage<Quote>(id: 1, Quote.Action.refresh(11)))  // cancels row 1's first request
            await clock.advance(by: .milliseconds(500))
            store.send(ElementMessage<Quote>(id: 2, Quote.Action.refresh(20)))  // row 1's goes on
            await clock.advance(by: .milliseconds(500))
            await store.receive(ElementMessage<Quote>(id: 1, Quote.Action.priced(11))) {
                $0.rows[id: 1]?.price = 11
                $0.seen = [1]
            }
            await clock.advance(by: .milliseconds(500))
            await store.receive(ElementMessage<Quote>(id: 2, Quote.Action.priced(20))) {
                $0.rows[id: 2]?.price = 20
                $0.seen = [1, 2]
            }
            await store.finish()
        }

        // PresentationReducerTests.testNavigation_cancelID_childCannotCancelSibling and
        // testNavigation_cancelID_childCannotCancelParent, adapted to rows: a row's cancel(id:) ends its own.
        @Test func aRowsCancelEndsItsOwnEffectNotItsSiblingsNorItsLists() async {
            let clock = TestClock()
            let store = makeStore(Quotes(rows: [Quote(id: 1), Quote(id: 2)]), clock: clock)
            store.send(Quotes.Action.refreshAll)
            store.send(ElementMessage<Quote>(id: 1, Quote.Action.refresh(10)))
            await clock.advance(by: .milliseconds(500))
            store.send(ElementMessage<Quote>(id: 2, Quote.Action.refresh(20)))
            #expect(await sleepers(of: clock, become: 3))
            store.send(ElementMessage<Quote>(id: 1, Quote.Action.cancelRefresh))
            #expect(await sleepers(of: clock, become: 2))
            await clock.advance(by: .seconds(1))
            await store.receive(ElementMessage<Quote>(id: 2, Quote.Action.priced(20))) {
                $0.rows[id: 2]?.price = 20
                $0.seen = [2]
            }
            await clock.advance(by: .milliseconds(500))
            await store.receive(Quotes.Action.refreshedAll) { $0.refreshedAll = 1 }
            await store.finish()
        }

        // Not in the peer's suite (issue 34's bar): a debounce in a row debounces that row's effects only.
        @Test func twoRowsDebounceOnlyTheirOwnEffects() async {
            let clock = TestClock()
            let store = makeStore(Quotes(rows: [Quote(id: 1), Quote(id: 2)]), clock: clock)
            store.send(ElementMessage<Quote>(id: 1, Quote.Action.type(1)))
            store.send(ElementMessage<Quote>(id: 2, Quote.Action.type(2)))
            await clock.advance(by: .milliseconds(200))
            store.send(ElementMessage<Quote>(id: 1, Quote.Action.type(3)))  // replaces row 1's, not row 2's
            await clock.advance(by: .milliseconds(300))
            await store.receive(ElementMessage<Quote>(id: 2, Quote.Action.priced(2))) {
                $0.rows[id: 2]?.price = 2
                $0.seen = [2]
            }
            await clock.advance(by: .milliseconds(200))
            await store.receive(ElementMessage<Quote>(id: 1, Quote.Action.priced(3))) {
                $0.rows[id: 1]?.price = 3
                $0.seen = [2, 1]
            }
            await store.finish()
        }

        // ForEachReducerTests.testMissingElement, its second cause ("an in-flight effect emitted this action
        // when state contained no element at this ID"): a late message of a removed row reaches no state.
        @Test func aLateMessageOfARemovedRowIsNotReceived() async {
            let mailbox = Mailbox()
            defer { mailbox.empty() }
            let store = makeStore(Quotes(rows: [Quote(id: 1)]), mailbox: mailbox)
            store.send(ElementMessage<Quote>(id: 1, Quote.Action.keepDispatch))
            #expect(mailbox.send(Quote.Action.priced(5), through: "quote 1"))
            await store.receive(ElementMessage<Quote>(id: 1, Quote.Action.priced(5))) {
                $0.rows[id: 1]?.price = 5
                $0.seen = [1]
            }
            store.send(Quotes.Action.remove(1)) { $0.rows = [] }
            mailbox.send(Quote.Action.priced(6), through: "quote 1")  // not applied, not even to the list
            store.send(Quotes.Action.add(1)) { $0.rows = [Quote(id: 1)] }
            mailbox.send(Quote.Action.priced(7), through: "quote 1")  // the old row's: not the new row's either
            await store.finish()  // fails if a late message was received
        }

        // Not in the peer's suite (issue 34's bar): two lists of one row type. A row's timer ticks into its
        // own list only, and goes on past its first tick, even while the other list is empty.
        @Test func twoListsOfOneRowTypeKeepTheirRowsApart() async {
            let clock = TestClock()
            let store = makeStore(Week(today: [Lap(id: 1)]), clock: clock)
            let todaysTick = ElementMessage<Lap>(id: 1, in: \Week.today, Lap.Action.tick)
            let tomorrowsTick = ElementMessage<Lap>(id: 1, in: \Week.tomorrow, Lap.Action.tick)
            store.send(ElementMessage<Lap>(id: 1, in: \Week.today, Lap.Action.start))
            await clock.advance(by: .seconds(3))
            for elapsed in 1...3 {
                await store.receive(todaysTick) { $0.today[id: 1]?.count = elapsed }
            }
            store.send(Week.Action.planTomorrow(1)) { $0.tomorrow = [Lap(id: 1)] }
            await clock.advance(by: .milliseconds(1_500))
            await store.receive(todaysTick) { $0.today[id: 1]?.count = 4 }
            store.send(ElementMessage<Lap>(id: 1, in: \Week.tomorrow, Lap.Action.start))
            await clock.advance(by: .seconds(1))
            await store.receive(todaysTick) { $0.today[id: 1]?.count = 5 }
            await store.receive(tomorrowsTick) { $0.tomorrow[id: 1]?.count = 1 }
            store.send(Week.Action.removeFromToday(1)) { $0.today = [] }
            #expect(await sleepers(of: clock, become: 1))
            await clock.advance(by: .seconds(1))
            await store.receive(tomorrowsTick) { $0.tomorrow[id: 1]?.count = 2 }
            store.send(Week.Action.removeFromTomorrow(1)) { $0.tomorrow = [] }
            #expect(await sleepers(of: clock, become: 0))
            await store.finish()
        }
    }
}
