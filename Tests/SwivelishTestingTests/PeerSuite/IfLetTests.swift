import Swivelish
import SwivelishTesting
import Testing
import TestSupport

// The peer's `ifLet` of an optional child is `updatePresented` of a `@Presented` child; its
// `.child(action)` is `PresentedMessage<Child>(action)`.

extension PeerSuite {
    @Suite("IfLet: an optional child")
    struct IfLetTests {
        /// A parent that counts the messages of its child it reads by pattern.
        struct Holder: State, Equatable {
            @Presented var child: Ticker?
            var childMessagesSeen = 0

            static func update(_ state: inout Holder, with message: Message) -> Effect? {
                updatePresented(\.$child, of: &state, with: message) { state, message in
                    if message.as(Ticker.Action.self, at: \Holder.$child) != nil {
                        state.childMessagesSeen += 1
                    }
                    return nil
                }
            }
        }

        /// A parent whose button presents its child, or dismisses it.
        struct Toggler: State, Equatable {
            @Presented var child: Ticker?

            enum Action: Message, Equatable {
                case childButtonTapped
            }

            static func update(_ state: inout Toggler, with message: Message) -> Effect? {
                updatePresented(\.$child, of: &state, with: message) { state, message in
                    if message.as(Action.self) == .childButtonTapped {
                        state.child = state.child == nil ? Ticker() : nil
                    }
                    return nil
                }
            }
        }

        /// A child that presents the grandchild.
        struct Middle: State, Equatable {
            @Presented var grandchild: Ticker?

            static func update(_ state: inout Middle, with message: Message) -> Effect? {
                updatePresented(\.$grandchild, of: &state, with: message) { _, _ in nil }
            }
        }

        struct Outer: State, Equatable {
            @Presented var child: Middle?

            enum Action: Message, Equatable {
                case startButtonTapped
                case exitButtonTapped
            }

            static func update(_ state: inout Outer, with message: Message) -> Effect? {
                updatePresented(\.$child, of: &state, with: message) { state, message in
                    switch message.as(Action.self) {
                    case .startButtonTapped?: state.child = Middle(grandchild: Ticker())
                    case .exitButtonTapped?: state.child = nil
                    case nil: break
                    }
                    return nil
                }
            }
        }

        /// A parent of an alert, which it closes when the alert answers: the peer's ephemeral state, which
        /// it dismisses by itself on any action of the alert.
        struct Alerting: State, Equatable {
            @Presented var alert: Notice?

            enum Action: Message, Equatable {
                case tap
            }

            static func update(_ state: inout Alerting, with message: Message) -> Effect? {
                updatePresented(\.$alert, of: &state, with: message) { state, message in
                    switch message.as(Notice.Action.self, at: \Alerting.$alert) {
                    case .again?: state.alert = Notice(title: "Hello")
                    case .ok?, .deleteButtonTapped?: state.alert = nil
                    case nil: break
                    }
                    if message.as(Action.self) == .tap {
                        state.alert = Notice(title: "Hello")
                    }
                    return nil
                }
            }
        }

        /// A parent that replaces its child with one of the next id.
        struct EchoHolder: State, Equatable {
            @Presented var child: Echo?

            enum Action: Message, Equatable {
                case newChild
            }

            static func update(_ state: inout EchoHolder, with message: Message) -> Effect? {
                updatePresented(\.$child, of: &state, with: message) { state, message in
                    if message.as(Action.self) == .newChild, let child = state.child {
                        state.child = Echo(id: child.id + 1)
                    }
                    return nil
                }
            }
        }

        // IfLetReducerTests.testNilChild and PresentationReducerTests.testRuntimeWarn_NilChild_SendChildAction
        @Test func aMessageForAnAbsentChildReachesNeitherChildNorParent() async {
            let store = makeStore(Holder())
            store.send(PresentedMessage<Ticker>(Ticker.Action.tick))
            await store.finish()

            let reasons = Locked<[String?]>([])
            let plain = Store(
                initialState: Holder(), observers: [StoreObserver { reasons.append($0.notAppliedReason) }])
            plain.dispatch(PresentedMessage<Ticker>(Ticker.Action.tick))
            #expect(reasons.current == ["no PeerSuite.Ticker is presented"])
            #expect(plain.state == Holder())
        }

        // IfLetReducerTests.testEffectCancellation
        @Test func dismissingTheChildCancelsItsEffects() async {
            let clock = TestClock()
            let store = makeStore(Toggler(), clock: clock)
            store.send(Toggler.Action.childButtonTapped) { $0.child = Ticker() }
            store.send(PresentedMessage<Ticker>(Ticker.Action.start))
            await clock.advance(by: .seconds(2))
            await store.receive(PresentedMessage<Ticker>(Ticker.Action.tick)) { $0.child?.count = 1 }
            await store.receive(PresentedMessage<Ticker>(Ticker.Action.tick)) { $0.child?.count = 2 }
            store.send(Toggler.Action.childButtonTapped) { $0.child = nil }
            #expect(await sleepers(of: clock, become: 0))
            await clock.advance(by: .seconds(2))
            await store.finish()  // fails if the timer still runs, or ticked
        }

        // IfLetReducerTests.testGrandchildEffectCancellation
        @Test func dismissingTheChildCancelsTheEffectsOfItsGrandchild() async {
            let clock = TestClock()
            let store = makeStore(Outer(), clock: clock)
            store.send(Outer.Action.startButtonTapped) { $0.child = Middle(grandchild: Ticker()) }
            store.send(PresentedMessage<Middle>(PresentedMessage<Ticker>(Ticker.Action.start)))
            await clock.advance(by: .seconds(1))
            await store.receive(PresentedMessage<Middle>(PresentedMessage<Ticker>(Ticker.Action.tick))) {
                $0.child?.grandchild?.count = 1
            }
            store.send(Outer.Action.exitButtonTapped) { $0.child = nil }
            #expect(await sleepers(of: clock, become: 0))
            await clock.advance(by: .seconds(2))
            await store.finish()
        }

        // IfLetReducerTests.testEphemeralState
        @Test func theParentClosesAnAlertWhenItAnswers() async {
            let store = makeStore(Alerting())
            store.send(Alerting.Action.tap) { $0.alert = Notice(title: "Hello") }
            store.send(PresentedMessage<Notice>(Notice.Action.ok)) { $0.alert = nil }
            await store.finish()
        }

        // IfLetReducerTests.testEphemeralDismissal
        @Test func anAlertThatAsksToBeShownAgainStaysUntilItIsAnswered() async {
            let store = makeStore(Alerting())
            store.send(Alerting.Action.tap) { $0.alert = Notice(title: "Hello") }
            store.send(PresentedMessage<Notice>(Notice.Action.again))
            store.send(PresentedMessage<Notice>(Notice.Action.ok)) { $0.alert = nil }
            await store.finish()
        }

        // IfLetReducerTests.testIdentifiableChild
        @Test func aChildReplacedByOneWithAnotherIDLosesItsEffects() async {
            let clock = TestClock()
            let store = makeStore(EchoHolder(child: Echo(id: 1)), clock: clock)
            store.send(PresentedMessage<Echo>(Echo.Action.tap))
            #expect(await sleepers(of: clock, become: 1))
            store.send(EchoHolder.Action.newChild) { $0.child = Echo(id: 2) }
            #expect(await sleepers(of: clock, become: 0))  // the first child's answer will never come
            store.send(PresentedMessage<Echo>(Echo.Action.tap))
            await clock.advance(by: .seconds(1))
            await store.receive(PresentedMessage<Echo>(Echo.Action.response(2))) { $0.child?.value = 2 }
            await store.finish()
        }
    }
}
