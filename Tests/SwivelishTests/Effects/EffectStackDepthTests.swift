import Foundation
import Testing

@testable import Swivelish

/// Counts the parts of a long concat that ran, and records its end.
private struct Chain: State {
    var finished = false

    struct Start: Message {
        var parts: Int
        var depths: Locked<[UInt]>
    }

    struct Finished: Message {}

    static func update(_ state: inout Chain, with message: Message) -> Effect? {
        if let start = message.as(Start.self) {
            return longConcat(parts: start.parts, then: Finished(), depths: start.depths)
        }
        if message.as(Finished.self) != nil {
            state.finished = true
        }
        return nil
    }
}

/// A concat of `parts` effects that do nothing, then one that sends `last`; with `depths`, the first and
/// the last part record the address of a local variable, which tells how deep in the stack they ran.
func longConcat(parts: Int, then last: any Message, depths: Locked<[UInt]>? = nil) -> Effect {
    let probe: Effect = { _ in depths?.append(stackAddress()) }
    return Effects.concat([probe] + Array(repeating: Effects.none, count: parts) + [probe, Effects.send(last)])
}

/// The address of a local variable of this call: lower when the caller is deeper in the stack.
@inline(never)
func stackAddress() -> UInt {
    var local = 0
    return withUnsafeMutablePointer(to: &local) { UInt(bitPattern: $0) }
}

/// Whether the two addresses `longConcat` recorded are within 64 KiB of each other: a concat that nested a
/// frame per part would have run its last part a million frames deeper (or crashed first).
///
/// Under AddressSanitizer, locals live in "fake stack" frames it allocates (to catch a use after return),
/// whose addresses say nothing of the depth: there, only the count of addresses is checked, and the test
/// rests on its other half, that a million parts run in a 512 KiB stack without overflowing it.
func ranAtTheSameDepth(_ depths: [UInt]) -> Bool {
    guard depths.count == 2 else { return false }
    return runsUnderAddressSanitizer || depths[0].distance(to: depths[1]).magnitude < 64 * 1024
}

/// Whether the program runs under AddressSanitizer (its runtime is linked in).
let runsUnderAddressSanitizer =
    dlsym(
        UnsafeMutableRawPointer(bitPattern: rtldDefaultBitPattern), "__asan_init") != nil

#if canImport(Darwin)
private let rtldDefaultBitPattern = -2
#else
private let rtldDefaultBitPattern = 0
#endif

private struct Done: Message {}

/// No effect combinator nests one stack frame per part: a concat of a million parts runs in the stack of
/// a secondary thread (512 KiB), whoever runs it.
@Suite("Long concats run in constant stack")
struct EffectStackDepthTests {
    static let parts = 1_000_000

    @Test func withAHandMadeDispatcher() async {
        let received = Locked<[String]>([])
        let depths = Locked<[UInt]>([])
        await onThread {
            longConcat(parts: Self.parts, then: Done(), depths: depths)(
                Dispatcher { received.append("\(type(of: $0))") })
        }
        #expect(received.current == ["Done"])
        #expect(ranAtTheSameDepth(depths.current))
    }

    @Test func inAStore() async {
        let store = Store(initialState: Chain())
        let depths = Locked<[UInt]>([])
        await onThread {
            store.dispatch(Chain.Start(parts: Self.parts, depths: depths))
        }
        #expect(store.state.finished)
        #expect(ranAtTheSameDepth(depths.current))
    }

    @Test func mergesOfConcatsWithAHandMadeDispatcher() async {
        let received = Locked(0)
        await onThread {
            let concats = (0..<10).map { _ in longConcat(parts: Self.parts / 10, then: Done()) }
            Effects.merge(concats)(Dispatcher { _ in received.withValue { $0 += 1 } })
        }
        #expect(received.current == 10)
    }

    @Test func aHandMadeDispatcherRunsThePartsInOrderAndWaitsForAsyncOnes() async {
        struct Number: Message { var value: Int }
        let received = Locked<[Int]>([])
        let finished = Signal()
        let effect = Effects.concat(
            Effects.send(Number(value: 1)),
            Effects.run { dispatch in
                try await Task.sleep(nanoseconds: 1_000_000)
                dispatch(Number(value: 2))
            },
            Effects.send(Number(value: 3)),
            { _ in finished.fire() })
        effect(Dispatcher { received.append(($0 as! Number).value) })
        #expect(await finished.wait())
        #expect(received.current == [1, 2, 3])
    }
}
