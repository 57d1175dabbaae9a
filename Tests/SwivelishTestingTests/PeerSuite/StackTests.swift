import Foundation
import Swivelish
import SwivelishTesting
import Testing

// The peer's `StackState` with `forEach(\.path, action: \.path)` is a `ScreenStack` with `updateStack(\.path)`;
// its `.path(.element(id:action:))` is `ScreenMessage<Screen>(id:_:)`, its `.path(.popFrom(id:))` is
// `state.path.pop(from: id)`, and its `dismiss` dependency is the `Dismiss` message.

extension PeerSuite {
    @Suite("Stack: screens pushed and popped")
    struct StackTests {
        /// A screen with a timer on the store's clock, that can close itself.
        struct Timer: State, Equatable, Codable {
            var ticks = 0

            enum Action: Message, Equatable {
                case start
                case tick
                case closeButtonTapped
            }

            static func update(_ state: inout Timer, with message: Message) -> Effect? {
                switch message.as(Action.self) {
                case .start?:
                    return Effects.run { dispatch in
                        while true {
                            try await dispatch.dependencies.clock.sleep(for: .seconds(1))
                            dispatch(Action.tick)
                        }
                    }
                case .tick?: state.ticks += 1
                case .closeButtonTapped?: return Effects.send(Dismiss())
                case nil: break
                }
                return nil
            }
        }

        /// Pushes timers, starting them with the push, and pops them.
        struct Navigator: State, Equatable, Codable {
            var path = ScreenStack<Timer>()

            enum Action: Message, Equatable {
                case push
                case pushStarted
                case pop
                case popToRoot
            }

            static func update(_ state: inout Navigator, with message: Message) -> Effect? {
                updateStack(\.path, of: &state, with: message) { state, message in
                    switch message.as(Action.self) {
                    case .push?: state.path.push(Timer())
                    case .pushStarted?: state.path.push(Timer(), sending: Timer.Action.start)
                    case .pop?: state.path.pop()
                    case .popToRoot?: state.path.popToRoot()
                    case nil: break
                    }
                    return nil
                }
            }
        }

        // StackReducerTests.testPresent, testDismissFromParent
        @Test func pushAndPop() async {
            let store = makeStore(Navigator())
            store.send(Navigator.Action.push) { $0.path.push(Timer()) }
            store.send(Navigator.Action.push) { $0.path.push(Timer()) }
            store.send(ScreenMessage<Timer>(id: 2, Timer.Action.tick)) { $0.path[id: 2]?.ticks = 1 }
            store.send(Navigator.Action.pop) { $0.path.pop() }
            store.send(Navigator.Action.popToRoot) { $0.path.popToRoot() }
            await store.finish()
        }

        // StackReducerTests.testDismissFromChild
        @Test func aScreenClosesItself() async {
            let store = makeStore(Navigator())
            store.send(Navigator.Action.push) { $0.path.push(Timer()) }
            store.send(ScreenMessage<Timer>(id: 1, Timer.Action.closeButtonTapped))
            await store.receive(ScreenMessage<Timer>(id: 1, Dismiss())) { $0.path.pop(from: 1) }
            await store.finish()
        }

        // StackReducerTests.testParentDismiss_CancelsChildEffects, testChildWithInFlightEffect
        @Test func aPoppedScreensTimerIsCancelled() async {
            let clock = TestClock()
            let store = makeStore(Navigator(), clock: clock)
            // Pushed and started in one message: the state shows it started.
            store.send(Navigator.Action.pushStarted) { $0.path.push(Timer()) }
            #expect(await sleepers(of: clock, become: 1))
            await clock.advance(by: .seconds(1))
            await store.receive(ScreenMessage<Timer>(id: 1, Timer.Action.tick)) { $0.path[id: 1]?.ticks = 1 }
            store.send(Navigator.Action.pop) { $0.path.pop() }
            #expect(await sleepers(of: clock, become: 0))
            await store.finish()
        }

        // StackReducerTests.testPathRestoration (state restored from JSON, then driven)
        @Test func aRestoredStackIsTheOneSavedAndGoesOn() async throws {
            var saved = Navigator()
            saved.path.push(Timer(ticks: 3))
            saved.path.push(Timer())
            saved.path.pop()
            let restored = try JSONDecoder().decode(Navigator.self, from: JSONEncoder().encode(saved))
            #expect(restored == saved)
            let store = makeStore(restored)
            // The id of the screen popped before the save is not made again.
            store.send(Navigator.Action.push) { $0.path.push(Timer()) }
            #expect(store.state.path.ids.last == 3)
            await store.finish()
        }
    }
}
