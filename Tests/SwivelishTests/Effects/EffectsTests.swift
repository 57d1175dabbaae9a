import Foundation
import Testing

@testable import Swivelish

/// A state that records the text of every `Note`, and returns the note's effect.
struct Journal: State {
    var entries: [String] = []

    struct Note: Message {
        var text: String
        var effect: Effect?

        init(_ text: String, effect: Effect? = nil) {
            self.text = text
            self.effect = effect
        }
    }

    static func update(_ state: inout Journal, with message: Message) -> Effect? {
        guard let note = message as? Note else { return nil }
        state.entries.append(note.text)
        return note.effect
    }
}

private typealias Note = Journal.Note

/// A one-shot signal an async test can wait for, with a timeout so that a broken promise fails the
/// test instead of hanging it. Waiting blocks no thread.
final class Signal: Sendable {
    private let state = Locked<(fired: Bool, nextWaiter: Int, waiters: [Int: CheckedContinuation<Bool, Never>])>(
        (false, 0, [:]))

    func fire() {
        let waiters = state.withValue { state in
            state.fired = true
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Waits up to `seconds`; returns whether the signal fired.
    func wait(seconds: Double = 10) async -> Bool {
        await withCheckedContinuation { continuation in
            let id: Int? = state.withValue { state in
                if state.fired { return nil }
                state.nextWaiter += 1
                state.waiters[state.nextWaiter] = continuation
                return state.nextWaiter
            }
            guard let id else { return continuation.resume(returning: true) }
            Task {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1e9))
                self.state.withValue { $0.waiters.removeValue(forKey: id) }?.resume(returning: false)
            }
        }
    }
}

/// Sleeps until cancelled (or for a minute), then fires `cancelled` if it was cancelled.
func sleepUntilCancelled(_ cancelled: Signal) async throws {
    do {
        try await Task.sleep(nanoseconds: 60_000_000_000)
    } catch {
        cancelled.fire()
        throw error
    }
}

@Suite("Effects: async, combined and cancellable")
struct EffectsTests {
    @Test func runDispatchesFromItsTaskAnyNumberOfTimes() async {
        let store = Store(initialState: Tracked(Journal()))
        store.dispatch(
            Note(
                "start",
                effect: Effects.run { dispatch in
                    await Task.yield()
                    dispatch(Note("one"))
                    dispatch(Note("two"))
                }))
        await store.waitForEffects()
        #expect(store.state.entries == ["start", "one", "two"])
    }

    @Test func runErrorsGoToTheCatchHandler() async {
        struct Failure: Error {}
        let store = Store(initialState: Tracked(Journal()))
        store.dispatch(
            Note(
                "start",
                effect: Effects.run { _ in
                    throw Failure()
                } catch: { error, dispatch in
                    dispatch(Note("caught \(error is Failure)"))
                }))
        await store.waitForEffects()
        #expect(store.state.entries == ["start", "caught true"])
    }

    @Test func sendDispatchesAfterTheStateChange() {
        let store = Store(initialState: Journal())
        let log = Locked<[String]>([])
        store.subscribe(\.entries.count, immediately: false) { log.append("notified \($0)") }
        store.dispatch(Note("first", effect: Effects.send(Note("second"))))
        #expect(store.state.entries == ["first", "second"])
        #expect(log.current == ["notified 1", "notified 2"])
    }

    @Test func mergeStartsAllAtOnce() async {
        let store = Store(initialState: Tracked(Journal()))
        let bothStarted = Signal()
        let started = Locked(0)
        let sawTheOther = Locked<[Bool]>([])
        @Sendable func part(_ name: String) -> Effect {
            Effects.run { dispatch in
                // Each part waits for the other to start, which only happens if they run at once.
                let startedCount = started.withValue { count in
                    count += 1
                    return count
                }
                if startedCount == 2 { bothStarted.fire() }
                sawTheOther.append(await bothStarted.wait(seconds: 5))
                dispatch(Note(name))
            }
        }
        store.dispatch(Note("start", effect: Effects.merge(part("a"), nil, part("b"))))
        await store.waitForEffects()
        #expect(sawTheOther.current == [true, true])
        #expect(Set(store.state.entries) == ["start", "a", "b"])
    }

    @Test func concatRunsPartsInTurnWaitingForAsyncWork() async {
        let store = Store(initialState: Tracked(Journal()))
        let effect = Effects.concat(
            Effects.run { dispatch in
                try await Task.sleep(nanoseconds: 50_000_000)
                dispatch(Note("slow async"))
            },
            { dispatch in dispatch(Note("closure")) },
            nil,
            Effects.merge(
                Effects.run { dispatch in dispatch(Note("merged async")) }
            ),
            Effects.send(Note("last"))
        )
        store.dispatch(Note("start", effect: effect))
        await store.waitForEffects()
        #expect(store.state.entries == ["start", "slow async", "closure", "merged async", "last"])
    }

    @Test func cancelStopsAnInFlightEffectById() async {
        struct Download: Hashable, Sendable {}
        let store = Store(initialState: Tracked(Journal()))
        let cancelled = Signal()
        store.dispatch(
            Note(
                "start",
                effect: Effects.run(id: Download()) { dispatch in
                    try await sleepUntilCancelled(cancelled)
                    dispatch(Note("finished"))
                }))
        store.dispatch(Note("cancel", effect: Effects.cancel(id: Download())))
        #expect(await cancelled.wait())
        await store.waitForEffects()
        #expect(store.state.entries == ["start", "cancel"])
    }

    @Test func cancelInFlightCancelsThePreviousEffectWithTheSameId() async {
        let store = Store(initialState: Tracked(Journal()))
        let firstCancelled = Signal()
        store.dispatch(
            Note(
                "first",
                effect: Effects.run(id: "search", cancelInFlight: true) { dispatch in
                    try await sleepUntilCancelled(firstCancelled)
                    dispatch(Note("first finished"))
                }))
        store.dispatch(
            Note(
                "second",
                effect: Effects.run(id: "search", cancelInFlight: true) { dispatch in
                    dispatch(Note("second finished"))
                }))
        #expect(await firstCancelled.wait())
        await store.waitForEffects()
        #expect(store.state.entries == ["first", "second", "second finished"])
    }

    @Test func withoutCancelInFlightEffectsWithTheSameIdRunSideBySide() async {
        let store = Store(initialState: Tracked(Journal()))
        let release = Signal()
        store.dispatch(
            Note(
                "first",
                effect: Effects.run(id: "job") { dispatch in
                    _ = await release.wait()
                    dispatch(Note("first finished"))
                }))
        store.dispatch(
            Note(
                "second",
                effect: Effects.run(id: "job") { dispatch in
                    release.fire()
                    dispatch(Note("second finished"))
                }))
        await store.waitForEffects()
        #expect(store.state.entries == ["first", "second", "second finished", "first finished"])
    }

    /// Three effects with one id in flight; the second finishes; cancelling the id cancels the other two, and
    /// the id is free again once they have ended.
    @Test func cancellingAnIdCancelsEveryEffectStillInFlightUnderIt() async {
        let store = Store(initialState: Tracked(Journal()))
        let releaseSecond = Signal()
        let cancelled = Locked<[String]>([])
        func job(_ name: String, waitingFor signal: Signal?) -> Effect {
            Effects.run(id: "job") { dispatch in
                if let signal {
                    _ = await signal.wait()
                    dispatch(Note("\(name) finished"))
                    return
                }
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: 1_000_000)
                }
                cancelled.append(name)
            }
        }
        store.dispatch(Note("first", effect: job("first", waitingFor: nil)))
        store.dispatch(Note("second", effect: job("second", waitingFor: releaseSecond)))
        store.dispatch(Note("third", effect: job("third", waitingFor: nil)))
        releaseSecond.fire()
        #expect(await eventually { store.state.entries.contains("second finished") })
        store.dispatch(Note("cancel", effect: Effects.cancel(id: "job")))
        #expect(await eventually(seconds: 60) { cancelled.current.sorted() == ["first", "third"] })
        #expect(store.state.entries == ["first", "second", "third", "second finished", "cancel"])
    }

    @Test func cancellingAConcatCancelsThePartInFlightAndThoseQueuedBehindIt() async {
        let store = Store(initialState: Tracked(Journal()))
        let cancelled = Signal()
        let chain = Effects.concat(
            Effects.send(Note("part 1")),
            Effects.run { dispatch in
                try await sleepUntilCancelled(cancelled)
                dispatch(Note("part 2"))
            },
            Effects.send(Note("part 3"))
        )
        store.dispatch(Note("start", effect: Effects.cancellable(chain, id: 7)))
        store.dispatch(Note("cancel", effect: Effects.cancel(id: 7)))
        #expect(await cancelled.wait())
        await store.waitForEffects()
        #expect(store.state.entries == ["start", "part 1", "cancel"])
    }

    @Test func cancelledEffectsDispatchIsDropped() async {
        // A task that ignores cancellation still cannot change the state afterwards.
        let store = Store(initialState: Tracked(Journal()))
        let started = Signal()
        let release = Signal()
        store.dispatch(
            Note(
                "start",
                effect: Effects.run(id: "stubborn") { dispatch in
                    started.fire()
                    _ = await release.wait()
                    dispatch(Note("after cancel"))
                }))
        #expect(await started.wait())
        store.dispatch(Note("cancel", effect: Effects.cancel(id: "stubborn")))
        release.fire()
        await store.waitForEffects()
        #expect(store.state.entries == ["start", "cancel"])
    }

    @Test func cancelledIdCanBeUsedAgain() async {
        let store = Store(initialState: Tracked(Journal()))
        store.dispatch(Note("cancel", effect: Effects.cancel(id: "x")))
        store.dispatch(Note("start", effect: Effects.run(id: "x") { dispatch in dispatch(Note("ran")) }))
        await store.waitForEffects()
        #expect(store.state.entries == ["cancel", "start", "ran"])
    }

    @Test func freeingTheStoreCancelsItsEffectTasks() async {
        weak var weakStore: Store<Journal>?
        let cancelled = Signal()
        let ended = Signal()
        do {
            let store = Store(initialState: Journal())
            weakStore = store
            store.dispatch(
                Note(
                    "start",
                    effect: Effects.run { _ in
                        defer { ended.fire() }
                        try await sleepUntilCancelled(cancelled)
                    }))
        }
        #expect(weakStore == nil)
        #expect(await cancelled.wait())
        #expect(await ended.wait())
    }

    @Test func concatStopsWhenTheStoreIsFreed() async {
        weak var weakStore: Store<Journal>?
        let cancelled = Signal()
        let nextPartRan = Signal()
        do {
            let store = Store(initialState: Journal())
            weakStore = store
            store.dispatch(
                Note(
                    "start",
                    effect: Effects.concat(
                        Effects.run { _ in try await sleepUntilCancelled(cancelled) },
                        { _ in nextPartRan.fire() }
                    )))
        }
        #expect(weakStore == nil)
        #expect(await cancelled.wait())
        // The next part would start right after the cancelled part's task ends; give it time to.
        #expect(await nextPartRan.wait(seconds: 0.5) == false)
    }

    @Test func concatPartsAfterAsyncWorkNeverRunAlongsideSubscriberCallbacks() async {
        // Each closure part starts when a task has ended, on the task's thread; the store must still
        // run it in turn with its callbacks, while other threads keep dispatching.
        let store = Store(initialState: Tracked(Journal()))
        let overlaps = OverlapDetector()
        let touched = Unsynchronized(0)  // a data race, for TSan, if a part and a callback overlapped
        @Sendable func exclusiveWork() {
            overlaps.enter()
            for _ in 0..<2_000 { touched.value += 1 }
            overlaps.leave()
        }
        store.subscribe(\.entries.count, immediately: false) { _ in exclusiveWork() }
        let parts: [Effect] = (0..<200).flatMap { _ -> [Effect] in
            [Effects.run { _ in await Task.yield() }, { _ in exclusiveWork() }]
        }
        store.dispatch(Note("start", effect: Effects.concat(parts)))
        await Task.detached {
            await runConcurrently(threads: 4) { _ in
                for _ in 0..<500 { store.dispatch(Note("tick")) }
            }
        }.value
        await store.waitForEffects()
        #expect(overlaps.overlaps == 0)
        #expect(touched.value == 2_000 * (1 + 4 * 500 + 200))
    }

    @Test func closureEffectsStillWorkInsideCombinators() {
        let store = Store(initialState: Journal())
        let closure: Effect = { dispatch in dispatch(Note("closure")) }
        store.dispatch(Note("start", effect: Effects.merge(closure, Effects.concat(closure, Effects.none))))
        #expect(store.state.entries == ["start", "closure", "closure"])
    }

    @Test func effectsRunWithAClosureDispatcher() async {
        let sent = Locked<[String]>([])
        let done = Signal()
        let effect = Effects.concat(
            Effects.run { dispatch in dispatch(Note("async")) },
            Effects.send(Note("sync")),
            { _ in done.fire() }
        )
        effect(
            Dispatcher { message in
                if let note = message as? Note { sent.append(note.text) }
            })
        #expect(await done.wait())
        #expect(sent.current == ["async", "sync"])
    }
}
