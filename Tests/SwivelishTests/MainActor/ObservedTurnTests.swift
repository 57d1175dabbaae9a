#if canImport(Observation)
import Foundation
import Observation
import Testing

@testable import Swivelish

/// A state whose every value is the number of the last message: values read from one state are all equal.
private struct Sheet: State {
    static let cellCount = 400

    var seq = 0
    var a = 0
    var b = 0
    var c = 0
    var d = 0
    /// More values, each its own key path (`\.cells[i]`), to read for the first time turn after turn.
    var cells = [Int](repeating: 0, count: cellCount)

    /// Sets every value to the next number.
    struct Next: Message {}

    static func update(_ state: inout Sheet, with message: Message) -> Effect? {
        guard message is Next else { return nil }
        state.seq += 1
        state.a = state.seq
        state.b = state.seq
        state.c = state.seq
        state.d = state.seq
        for index in state.cells.indices {
            state.cells[index] = state.seq
        }
        return nil
    }
}

/// Dispatches `message` to `store` from another thread, and returns once it is applied and delivered (that
/// thread delivers it, the main actor being busy here): the main actor gets no chance to apply the change.
private func dispatchFromAnotherThread(_ store: Store<Sheet>, _ message: some Message) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        store.dispatch(message)
        done.signal()
    }
    thread.start()
    done.wait()
}

/// Lets the main actor run what waits for it: the end of the current turn, the changes sent to models.
@MainActor
private func letTheMainActorRun() async {
    for _ in 0..<20 { await Task.yield() }
}

/// Blocks on `semaphore`, from a synchronous function (a wait in an async one is not allowed).
private func block(on semaphore: DispatchSemaphore) {
    semaphore.wait()
}

@Suite("ObservedStore: what one main-actor turn reads comes from one state")
struct ObservedTurnTests {
    /// The case: `a` followed, the model lagging behind a message that changed `a` and `seq`; a turn
    /// that reads `seq` for the first time, then `a`, gets both from one state.
    @Test @MainActor func aValueReadForTheFirstTimeComesFromTheStateOfTheValuesFollowed() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        await expectOneStatePerTurn(readingTheNewValueFirst: true)
    }

    /// The same, the followed value read first.
    @Test @MainActor func aValueFollowedThenOneReadForTheFirstTimeComeFromOneState() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        await expectOneStatePerTurn(readingTheNewValueFirst: false)
    }

    /// 200 times: a model follows `a`, lags behind a message that changed `a` and `seq`, and reads both in
    /// one turn, `seq` for the first time.
    @available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
    @MainActor
    private func expectOneStatePerTurn(readingTheNewValueFirst: Bool) async {
        for _ in 0..<200 {
            let store = Store(initialState: Sheet())
            let model = store.observable()
            _ = model.a
            await letTheMainActorRun()
            dispatchFromAnotherThread(store, Sheet.Next())
            // One turn: the model had not applied the change.
            let seq: Int
            let a: Int
            if readingTheNewValueFirst {
                seq = model.seq
                a = model.a
            } else {
                a = model.a
                seq = model.seq
            }
            #expect(seq == a, "seq \(seq), a \(a) in one turn")
            if seq != a { return }
        }
    }

    /// Changes the deliverer sent before a turn brought the model to a newer state, applied after it: they
    /// are older than what the model shows, and are left; the next turn shows one state, and so does
    /// a value it reads for the first time.
    @Test @MainActor func changesOlderThanTheStateATurnShowedAreNotApplied() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: Sheet())
        let model = store.observable()
        _ = model.a
        _ = model.b
        await letTheMainActorRun()
        // A subscriber made after the model holds up the delivery of the first message, once the model has
        // been sent its changes (a = b = 1); the second message waits behind it.
        let delivering = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let unsubscribe = store.subscribe(\.seq, immediately: false) { seq in
            if seq == 1 {
                delivering.signal()
                block(on: gate)
            }
        }
        let first = Thread { store.dispatch(Sheet.Next()) }
        first.start()
        block(on: delivering)
        store.dispatch(Sheet.Next())  // queued for the deliverer, which is held up
        // A turn: the model shows the state of the second message, not yet delivered.
        let inTheTurn: [Int] = [model.a, model.b]
        #expect(inTheTurn == [2, 2])
        let toldOfAChange = Unsynchronized(false)
        withObservationTracking {
            _ = model.a
            _ = model.b
        } onChange: {
            toldOfAChange.value = true
        }
        // The turn ends, and the changes of the first message reach the main actor: older than what the
        // model shows, they change nothing, and no reader is told of them.
        await letTheMainActorRun()
        #expect(!toldOfAChange.value)
        // A new turn: still the second message's state, for the values followed and a new one.
        let inTheNextTurn: [Int] = [model.a, model.b, model.c]
        #expect(inTheNextTurn == [2, 2, 2])
        gate.signal()
        #expect(await mainActorWait { store.state.seq == 2 })
        await letTheMainActorRun()
        let atTheEnd: [Int] = [model.a, model.b, model.c, model.d, model.seq]
        #expect(atTheEnd == [2, 2, 2, 2, 2])
        unsubscribe()
    }

    /// Eight threads dispatch while the main actor reads, turn after turn, values it follows and values it
    /// reads for the first time, in either order, with time for other threads to commit between reads:
    /// the values one turn reads are all equal.
    @Test @MainActor func everyReadOfOneTurnComesFromOneStateUnderEightThreads() async {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let store = Store(initialState: Sheet())
        let model = store.observable()
        let threads = 8
        let perThread = 500
        let finished = Locked(false)
        let dispatching = Task.detached {
            await runConcurrently(threads: threads) { _ in
                for _ in 0..<perThread { store.dispatch(Sheet.Next()) }
            }
            finished.withValue { $0 = true }
        }
        var turns = 0
        var mixedTurns: [[Int]] = []
        var nextCell = 0
        while !finished.current || turns < 20 {
            var read: [Int] = []
            // A value read for the first time, first or later in the turn.
            let readsNewFirst = turns.isMultiple(of: 2)
            if readsNewFirst, nextCell < Sheet.cellCount {
                read.append(model[tracking: \.cells[nextCell]])
                nextCell += 1
            }
            read.append(model.a)
            usleep(50)  // time for other threads to commit
            if !readsNewFirst, nextCell < Sheet.cellCount {
                read.append(model[tracking: \.cells[nextCell]])
                nextCell += 1
            }
            read.append(model.seq)
            usleep(50)
            read.append(model.b)
            for cell in stride(from: turns % 5, to: nextCell, by: 37) {
                read.append(model[tracking: \.cells[cell]])
            }
            if Set(read).count != 1 { mixedTurns.append(read) }
            turns += 1
            await Task.yield()
        }
        await dispatching.value
        let mixed = mixedTurns.count
        #expect(mixed == 0, "\(mixed) of \(turns) turns mixed states, such as \(mixedTurns.prefix(3))")
        #expect(nextCell > 0)
        let total = threads * perThread
        #expect(await mainActorWait { [model.seq, model.a, model.b] == [total, total, total] })
    }
}
#endif
