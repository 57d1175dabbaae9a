import Swivelish
import SwivelishTesting
import Testing

// The peer's `ifCaseLet` runs a child's reducer while an enum state is in the child's case; its enum
// `Destination` does the same for a presented child. In Swivelish an enum state's `update` switches on its case
// (as the Lists article shows), and an enum presented with `updatePresented` whose `id` names its case ends the
// effects of the case it replaces, as the peer's enum destinations do.

extension PeerSuite {
    @Suite("IfCaseLet and enum destinations: a child for each case")
    struct IfCaseLetTests {
        /// A value that a negative amount resets to zero from an effect.
        struct Amount: State, Equatable {
            var value = 0

            enum Action: Message, Equatable {
                case set(Int)
            }

            static func update(_ state: inout Amount, with message: Message) -> Effect? {
                guard case let .set(value)? = message.as(Action.self) else { return nil }
                state.value = value
                return value < 0 ? Effects.run { dispatch in dispatch(Action.set(0)) } : nil
            }
        }

        /// The peer's `Result<Int, SomeError>` state: a child in its success case, none in its failure case.
        enum Outcome: State, Equatable {
            case success(Amount)
            case failure(String)

            /// What the failure case would be told: nothing handles it.
            struct Retry: Message {}

            static func update(_ state: inout Outcome, with message: Message) -> Effect? {
                guard case var .success(amount) = state else { return nil }
                defer { state = .success(amount) }
                return Amount.update(&amount, with: message)
            }
        }

        /// Two cases of one child type, presented; the id names the case.
        enum Pane: State, Identifiable, Equatable {
            case first(Ticker)
            case second(Ticker)

            var id: String {
                switch self {
                case .first: "first"
                case .second: "second"
                }
            }

            static func update(_ state: inout Pane, with message: Message) -> Effect? {
                switch state {
                case var .first(ticker):
                    defer { state = .first(ticker) }
                    return Ticker.update(&ticker, with: message)
                case var .second(ticker):
                    defer { state = .second(ticker) }
                    return Ticker.update(&ticker, with: message)
                }
            }
        }

        struct Panes: State, Equatable {
            @Presented var pane: Pane?

            enum Action: Message, Equatable {
                case showSecond
            }

            static func update(_ state: inout Panes, with message: Message) -> Effect? {
                updatePresented(\.$pane, of: &state, with: message) { state, message in
                    if message.as(Action.self) == .showSecond {
                        state.pane = .second(Ticker())
                    }
                    return nil
                }
            }
        }

        /// One case, whose child is `Identifiable`: the id names the case and the child's id.
        enum Slide: State, Identifiable, Equatable {
            case echo(Echo)

            var id: String {
                switch self {
                case let .echo(echo): "echo \(echo.id)"
                }
            }

            static func update(_ state: inout Slide, with message: Message) -> Effect? {
                switch state {
                case var .echo(echo):
                    defer { state = .echo(echo) }
                    return Echo.update(&echo, with: message)
                }
            }
        }

        struct Slides: State, Equatable {
            @Presented var slide: Slide?

            enum Action: Message, Equatable {
                case newChild
            }

            static func update(_ state: inout Slides, with message: Message) -> Effect? {
                updatePresented(\.$slide, of: &state, with: message) { state, message in
                    if message.as(Action.self) == .newChild, case let .echo(echo)? = state.slide {
                        state.slide = .echo(Echo(id: echo.id + 1))
                    }
                    return nil
                }
            }
        }

        /// An alert, or a child with a timer that can ask to be closed.
        enum Destination: State, Identifiable, Equatable {
            case alert(Notice)
            case child(Lap)

            var id: String {
                switch self {
                case .alert: "alert"
                case let .child(lap): "child \(lap.id)"
                }
            }

            static func update(_ state: inout Destination, with message: Message) -> Effect? {
                switch state {
                case var .alert(notice):
                    defer { state = .alert(notice) }
                    return Notice.update(&notice, with: message)
                case var .child(lap):
                    defer { state = .child(lap) }
                    return Lap.update(&lap, with: message)
                }
            }
        }

        struct Navigator: State, Equatable {
            @Presented var destination: Destination?
            var isDeleted = false
            var nextID = 0

            enum Action: Message, Equatable {
                case presentAlert
                /// Presents a child with `id`, or with the next id.
                case presentChild(id: Int?)
                case dismiss
            }

            static func update(_ state: inout Navigator, with message: Message) -> Effect? {
                updatePresented(\.$destination, of: &state, with: message) { state, message in
                    if case .deleteButtonTapped? = message.as(Notice.Action.self, at: \Navigator.$destination) {
                        state.isDeleted = true
                        state.destination = nil
                    }
                    if case .close? = message.as(Lap.Action.self, at: \Navigator.$destination) {
                        state.destination = nil
                    }
                    switch message.as(Action.self) {
                    case .presentAlert?:
                        state.destination = .alert(Notice(title: "Uh oh!"))
                    case let .presentChild(id)?:
                        if let id {
                            state.destination = .child(Lap(id: id))
                        } else {
                            state.destination = .child(Lap(id: state.nextID))
                            state.nextID += 1
                        }
                    case .dismiss?:
                        state.destination = nil
                    case nil:
                        break
                    }
                    return nil
                }
            }
        }

        /// A child that may take another identity: a new presentation, for an enum destination whose id
        /// holds the child's.
        struct Badge: State, Identifiable, Equatable {
            var id: Int
            var count = 0

            enum Action: Message, Equatable {
                case tap
                case response
                case resetIdentity(to: Int)
            }

            static func update(_ state: inout Badge, with message: Message) -> Effect? {
                switch message.as(Action.self) {
                case .tap?:
                    state.count += 1
                    return Effects.run { dispatch in
                        try await dispatch.dependencies.clock.sleep(for: .seconds(1))
                        dispatch(Action.response)
                    }
                case .response?:
                    state.count = 999
                    return nil
                case let .resetIdentity(id)?:
                    state.id = id
                    state.count = 0
                    return nil
                case nil:
                    return nil
                }
            }
        }

        enum Twin: State, Identifiable, Equatable {
            case first(Badge)
            case second(Badge)

            var id: String {
                switch self {
                case let .first(badge): "first \(badge.id)"
                case let .second(badge): "second \(badge.id)"
                }
            }

            static func update(_ state: inout Twin, with message: Message) -> Effect? {
                switch state {
                case var .first(badge):
                    defer { state = .first(badge) }
                    return Badge.update(&badge, with: message)
                case var .second(badge):
                    defer { state = .second(badge) }
                    return Badge.update(&badge, with: message)
                }
            }
        }

        struct Twins: State, Equatable {
            @Presented var destination: Twin?

            enum Action: Message, Equatable {
                case presentFirst
                case dismiss
            }

            static func update(_ state: inout Twins, with message: Message) -> Effect? {
                updatePresented(\.$destination, of: &state, with: message) { state, message in
                    switch message.as(Action.self) {
                    case .presentFirst?: state.destination = .first(Badge(id: 0))
                    case .dismiss?: state.destination = nil
                    case nil: break
                    }
                    return nil
                }
            }
        }

        /// A choice that may open the other kind of choice in its place.
        struct Choice: State, Equatable {
            var title: String

            enum Action: Message, Equatable {
                case showAlert
                case showDialog
            }

            static func update(_ state: inout Choice, with message: Message) -> Effect? { nil }
        }

        enum Chooser: State, Identifiable, Equatable {
            case alert(Choice)
            case dialog(Choice)

            var id: String {
                switch self {
                case .alert: "alert"
                case .dialog: "dialog"
                }
            }

            static func update(_ state: inout Chooser, with message: Message) -> Effect? { nil }
        }

        struct Choosing: State, Equatable {
            @Presented var destination: Chooser?

            enum Action: Message, Equatable {
                case showAlert
                case showDialog
                case dismiss
            }

            static func update(_ state: inout Choosing, with message: Message) -> Effect? {
                updatePresented(\.$destination, of: &state, with: message) { state, message in
                    switch message.as(Choice.Action.self, at: \Choosing.$destination) {
                    case .showAlert?: state.destination = .alert(Choice(title: "Hello!"))
                    case .showDialog?: state.destination = .dialog(Choice(title: "Hello!"))
                    case nil: break
                    }
                    switch message.as(Action.self) {
                    case .showAlert?: state.destination = .alert(Choice(title: "Choose"))
                    case .showDialog?: state.destination = .dialog(Choice(title: "Choose"))
                    case .dismiss?: state.destination = nil
                    case nil: break
                    }
                    return nil
                }
            }
        }

        // IfCaseLetReducerTests.testChildAction
        @Test func theCurrentCasesChildReceivesItsMessagesAndItsEffectAnswersIt() async {
            let store = makeStore(Outcome.success(Amount()))
            store.send(Amount.Action.set(1)) { $0 = .success(Amount(value: 1)) }
            store.send(Outcome.Retry())
            store.send(Amount.Action.set(-1)) { $0 = .success(Amount(value: -1)) }
            await store.receive(Amount.Action.set(0)) { $0 = .success(Amount(value: 0)) }
            await store.finish()
        }

        // IfCaseLetReducerTests.testNilChild
        @Test func aMessageForACaseThatIsNotCurrentChangesNothing() async {
            let store = makeStore(Outcome.failure("oops"))
            store.send(Amount.Action.set(1))
            await store.finish()
        }

        // IfCaseLetReducerTests.testEffectCancellation_Siblings, presented: switching the case ends the effects
        // of the case it replaces, and none of its ticks reaches the new case.
        @Test func switchingToAnotherCaseOfOneChildTypeEndsTheOldCasesEffects() async {
            let clock = TestClock()
            let store = makeStore(Panes(pane: .first(Ticker())), clock: clock)
            store.send(PresentedMessage<Pane>(Ticker.Action.start))
            await clock.advance(by: .seconds(1))
            await store.receive(PresentedMessage<Pane>(Ticker.Action.tick)) { $0.pane = .first(Ticker(count: 1)) }
            store.send(Panes.Action.showSecond) { $0.pane = .second(Ticker()) }
            #expect(await sleepers(of: clock, become: 0))
            await clock.advance(by: .seconds(3))
            await store.finish()  // fails if the first case's timer still runs, or ticked into the second
        }

        // IfCaseLetReducerTests.testNilChild, its second cause ("an in-flight effect emitted this action when
        // child state was unavailable"): a late message of the case switched away reaches no state.
        @Test func aLateMessageOfTheCaseSwitchedAwayIsNotReceived() async {
            let mailbox = Mailbox()
            defer { mailbox.empty() }
            let store = makeStore(Panes(pane: .first(Ticker())), mailbox: mailbox)
            store.send(PresentedMessage<Pane>(Ticker.Action.keepDispatch("first")))
            #expect(mailbox.send(Ticker.Action.tick, through: "first"))
            await store.receive(PresentedMessage<Pane>(Ticker.Action.tick)) { $0.pane = .first(Ticker(count: 1)) }
            store.send(Panes.Action.showSecond) { $0.pane = .second(Ticker()) }
            mailbox.send(Ticker.Action.tick, through: "first")
            await store.finish()  // fails if the late tick was received (or counted by the second case)
        }

        // IfCaseLetReducerTests.testIdentifiableChild
        @Test func aCaseWhoseChildIsReplacedByOneWithAnotherIDLosesItsEffects() async {
            let clock = TestClock()
            let store = makeStore(Slides(slide: .echo(Echo(id: 1))), clock: clock)
            store.send(PresentedMessage<Slide>(Echo.Action.tap))
            #expect(await sleepers(of: clock, become: 1))
            store.send(Slides.Action.newChild) { $0.slide = .echo(Echo(id: 2)) }
            #expect(await sleepers(of: clock, become: 0))
            store.send(PresentedMessage<Slide>(Echo.Action.tap))
            await clock.advance(by: .seconds(1))
            await store.receive(PresentedMessage<Slide>(Echo.Action.response(2))) {
                $0.slide = .echo(Echo(id: 2, value: 2))
            }
            await store.finish()
        }

        // PresentationReducerTests.testEnumPresentation
        @Test func anEnumDestinationKeepsItsEffectsWhileItsIdentityStaysAndEndsThemWhenItChanges() async {
            let clock = TestClock()
            let store = makeStore(Navigator(), clock: clock)
            let tick = PresentedMessage<Destination>(Lap.Action.tick)
            store.send(Navigator.Action.presentChild(id: nil)) {
                $0.destination = .child(Lap(id: 0))
                $0.nextID = 1
            }
            store.send(PresentedMessage<Destination>(Lap.Action.start))
            await clock.advance(by: .seconds(2))
            await store.receive(tick) { $0.destination = .child(Lap(id: 0, count: 1)) }
            await store.receive(tick) { $0.destination = .child(Lap(id: 0, count: 2)) }
            store.send(PresentedMessage<Destination>(Lap.Action.closeButtonTapped))
            await store.receive(PresentedMessage<Destination>(Lap.Action.close)) { $0.destination = nil }
            #expect(await sleepers(of: clock, become: 0))

            store.send(Navigator.Action.presentChild(id: nil)) {
                $0.destination = .child(Lap(id: 1))
                $0.nextID = 2
            }
            await clock.advance(by: .seconds(2))  // the closed child's timer ended with it
            store.send(PresentedMessage<Destination>(Lap.Action.start))
            await clock.advance(by: .seconds(2))
            await store.receive(tick) { $0.destination = .child(Lap(id: 1, count: 1)) }
            await store.receive(tick) { $0.destination = .child(Lap(id: 1, count: 2)) }

            // The same case and id: the same presentation, whose timer goes on.
            store.send(Navigator.Action.presentChild(id: 1)) { $0.destination = .child(Lap(id: 1)) }
            await clock.advance(by: .seconds(2))
            await store.receive(tick) { $0.destination = .child(Lap(id: 1, count: 1)) }
            await store.receive(tick) { $0.destination = .child(Lap(id: 1, count: 2)) }

            // Another case: the child's timer ends.
            store.send(Navigator.Action.presentAlert) { $0.destination = .alert(Notice(title: "Uh oh!")) }
            #expect(await sleepers(of: clock, become: 0))
            store.send(PresentedMessage<Destination>(Notice.Action.deleteButtonTapped)) {
                $0.destination = nil
                $0.isDeleted = true
            }
            await clock.advance(by: .seconds(2))
            await store.finish()
        }

        // PresentationReducerTests.testPresentation_DestinationEnum_IdentityChange
        @Test func aChildThatChangesItsOwnIdentityLosesItsEffects() async {
            let clock = TestClock()
            let store = makeStore(Twins(), clock: clock)
            store.send(Twins.Action.presentFirst) { $0.destination = .first(Badge(id: 0)) }
            store.send(PresentedMessage<Twin>(Badge.Action.tap)) { $0.destination = .first(Badge(id: 0, count: 1)) }
            #expect(await sleepers(of: clock, become: 1))
            store.send(PresentedMessage<Twin>(Badge.Action.resetIdentity(to: 1))) {
                $0.destination = .first(Badge(id: 1, count: 0))
            }
            #expect(await sleepers(of: clock, become: 0))
            await clock.advance(by: .seconds(2))  // no response: the tap's effect ended with the old identity
            store.send(Twins.Action.dismiss) { $0.destination = nil }
            await store.finish()
        }

        // PresentationReducerTests.testAlertThenDialog
        @Test func theCurrentCaseMayAskForAnotherCaseInItsPlace() async {
            let store = makeStore(Choosing())
            store.send(Choosing.Action.showAlert) { $0.destination = .alert(Choice(title: "Choose")) }
            store.send(PresentedMessage<Chooser>(Choice.Action.showDialog)) {
                $0.destination = .dialog(Choice(title: "Hello!"))
            }
            store.send(Choosing.Action.dismiss) { $0.destination = nil }

            store.send(Choosing.Action.showDialog) { $0.destination = .dialog(Choice(title: "Choose")) }
            store.send(PresentedMessage<Chooser>(Choice.Action.showAlert)) {
                $0.destination = .alert(Choice(title: "Hello!"))
            }
            store.send(Choosing.Action.dismiss) { $0.destination = nil }
            await store.finish()
        }

        // PresentationReducerTests.testPresentation_leaveAlertPresentedForNonAlertActions
        @Test func aMessageForAnotherCaseLeavesTheCurrentCasePresented() async {
            let store = makeStore(Navigator())
            store.send(Navigator.Action.presentAlert) { $0.destination = .alert(Notice(title: "Uh oh!")) }
            store.send(PresentedMessage<Destination>(Lap.Action.tick))
            await store.finish()
        }
    }
}
