import Foundation
import Testing

@testable import Swivelish

/// A ticker effect that sends `Tick`s as fast as it can until it is cancelled, and a `Stop` that cancels
/// it, then sends `Stopped`. A `Tick` applied after `Stopped` is a message of a cancelled effect applied
/// after the effect that cancelled it had run.
private struct Ticking: State {
    var round = 0
    var ticks = 0
    var stopped = false
    var ticksAfterStop = 0

    struct Start: Message { var round: Int }
    struct Tick: Message { var round: Int }
    struct Stop: Message {}
    struct Stopped: Message {}
    struct TickerID: Hashable, Sendable {}

    static func update(_ state: inout Ticking, with message: Message) -> Effect? {
        switch message {
        case let start as Start:
            state.round = start.round
            state.ticks = 0
            state.stopped = false
            return Effects.run(id: TickerID()) { dispatch in
                while !Task.isCancelled {
                    dispatch(Tick(round: start.round))
                    await Task.yield()
                }
            }
        case let tick as Tick where tick.round == state.round:
            state.ticks += 1
            if state.stopped { state.ticksAfterStop += 1 }
        case is Stop:
            return Effects.concat(Effects.cancel(id: TickerID()), Effects.send(Stopped()))
        case is Stopped:
            state.stopped = true
        default:
            break
        }
        return nil
    }
}

@Suite("Cancellation is atomic with applying a message")
struct CancellationRaceTests {
    @Test func noMessageOfACancelledEffectIsAppliedAfterTheCancellingEffectRan() async {
        let store = Store(initialState: Tracked(Ticking()))
        for round in 1...2_000 {
            store.dispatch(Ticking.Start(round: round))
            guard await yieldUntil({ store.state.ticks > 0 }) else {  // the ticker is running
                Issue.record("round \(round): the ticker never ticked")
                return
            }
            store.dispatch(Ticking.Stop())
            await store.waitForEffects()
            #expect(store.state.stopped)
        }
        #expect(store.state.ticksAfterStop == 0)
    }
}
