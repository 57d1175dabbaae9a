import Foundation
import Swivelish
import Testing

// Each test gives the store something whose `deinit` calls back into the store (it dispatches, as user
// code may), then makes the store let go of it on one path. A store that lets go of it while holding its
// lock stops the program ("called from inside State.update"), so each scenario runs in a child process
// that must exit successfully, and checks that the `deinit` did run and its message was applied.

/// Calls `onDeinit` when freed.
final class Token: @unchecked Sendable {
    private let onDeinit: @Sendable () -> Void

    init(_ onDeinit: @escaping @Sendable () -> Void) {
        self.onDeinit = onDeinit
    }

    deinit {
        onDeinit()
    }
}

/// A state that counts `Ping`s and returns the effect a `Go` carries.
struct Pinged: State {
    var pings = 0
    var count = 0

    struct Ping: Message {}
    struct Go: Message {
        var effect: Effect?
    }

    static func update(_ state: inout Pinged, with message: Message) -> Effect? {
        switch message {
        case is Ping:
            state.pings += 1
        case let go as Go:
            state.count += 1
            return go.effect
        default:
            break
        }
        return nil
    }
}

/// A token whose `deinit` dispatches a `Ping` to `store` and reads its state.
func pingingToken<S: State>(_ store: Store<S>) -> Token {
    Token { [weak store] in
        store?.dispatch(Pinged.Ping())
        _ = store?.state
    }
}

/// Stops the child process with a message, and exit code 2, unless `condition` holds. (A sanitizer's report
/// ends it with exit code 1: the exit test's failure says which happened.)
func require(_ condition: Bool, _ message: String) {
    if !condition {
        FileHandle.standardError.write(Data("scenario failed: \(message)\n".utf8))
        exit(2)
    }
}

/// Ends a scenario's process at once, successfully, without the checks that run at exit. An effect may
/// still be finishing when the scenario has seen what it checks: its task holds its scope, whose weak
/// references' side table LeakSanitizer cannot trace through the scope's reference count, so its check at
/// exit would report the table as leaked (seen under AddressSanitizer with both cores loaded). These
/// scenarios check where things are released; leaks are the main AddressSanitizer run's to find.
func endScenario() -> Never {
    _exit(EXIT_SUCCESS)
}

/// A list whose rows hold tokens. `Remove` removes one; with `capturesRemoved`, `update` returns an effect
/// that captures the removed row, as the thread model tells users to do with an object whose `deinit`
/// calls the store.
private struct TokenRows: State {
    struct Row: Identifiable, Sendable {
        let id: Int
        let token: Token
    }

    struct Add: Message {
        let row: Row
    }

    struct Remove: Message {
        let id: Int
        let capturesRemoved: Bool
    }

    var rows: IdentifiedArray<Row> = []
    var pings = 0

    static func update(_ state: inout TokenRows, with message: Message) -> Effect? {
        switch message {
        case let add as Add:
            state.rows.append(add.row)
        case let remove as Remove:
            let removed = state.rows.remove(id: remove.id)
            if remove.capturesRemoved { return { _ in _ = removed } }
        case is Pinged.Ping:
            state.pings += 1
        default:
            break
        }
        return nil
    }
}

/// A store of one row whose token's `deinit` dispatches a `Ping` to it.
private func storeOfOnePingingRow() -> Store<TokenRows> {
    let store = Store(initialState: TokenRows())
    store.dispatch(TokenRows.Add(row: TokenRows.Row(id: 1, token: pingingToken(store))))
    return store
}

@Suite("Nothing the user owns is released under the store's lock")
struct ReleaseOutsideLockTests {
    @Test func performedQueuedDeliveryReleasesItsEffectUnlocked() async {
        // The reproducer: the queued change of a message dispatched from a subscriber holds an
        // effect that captures the token; the store lets go of it after performing it.
        await #expect(processExitsWith: .success) {
            let store = Store(initialState: Pinged())
            let unsubscribe = store.subscribe(\.count, immediately: false) { count in
                if count == 1 {
                    let token = pingingToken(store)
                    store.dispatch(Pinged.Go(effect: { _ in _ = token }))
                }
            }
            store.dispatch(Pinged.Go())
            require(store.state.pings == 1, "the token's deinit did not run")
            unsubscribe()
            endScenario()
        }
    }

    @Test func directDeliveryReleasesItsEffectUnlocked() async {
        await #expect(processExitsWith: .success) {
            let store = Store(initialState: Pinged())
            do {
                let token = pingingToken(store)
                store.dispatch(Pinged.Go(effect: { _ in _ = token }))
            }
            require(store.state.pings == 1, "the token's deinit did not run")
            endScenario()
        }
    }

    @Test func skippedFirstStateReleasesItsSubscriptionUnlocked() async {
        // Subscribed and unsubscribed inside a callback, before its queued first state: the store skips that
        // delivery and lets the subscription (and the token its callback holds) go.
        await #expect(processExitsWith: .success) {
            let store = Store(initialState: Pinged())
            let outer = store.subscribe(\.count, immediately: false, skipRepeats: true) { _ in
                let token = pingingToken(store)
                let inner = store.subscribe(\.count) { _ in _ = token }
                inner()
            }
            store.dispatch(Pinged.Go())
            require(store.state.pings == 1, "the token's deinit did not run")
            outer()
            endScenario()
        }
    }

    @Test func unsubscribingReleasesTheCallbackUnlocked() async {
        await #expect(processExitsWith: .success) {
            let store = Store(initialState: Pinged())
            var unsubscribes: [@Sendable () -> Void] = []
            // Enough to make the subscription list compact its empty slots.
            for _ in 0..<100 {
                let token = pingingToken(store)
                unsubscribes.append(store.subscribe(\.count) { _ in _ = token })
            }
            for unsubscribe in unsubscribes { unsubscribe() }
            require(store.state.pings == 100, "the tokens' deinits did not all run")
            endScenario()
        }
    }

    @Test func snapshotOfSubscriptionsIsReleasedUnlocked() async {
        // The first subscriber unsubscribes the second during a delivery: the delivery's snapshot of the
        // subscriptions holds the last reference to the second one's callback, and lets it go afterwards.
        await #expect(processExitsWith: .success) {
            let store = Store(initialState: Pinged())
            let second = Locked<(@Sendable () -> Void)?>(nil)
            let first = store.subscribe(\.count, immediately: false) { _ in
                second.withValue { $0?() }
            }
            do {
                let token = pingingToken(store)
                second.withValue { $0 = store.subscribe(\.count, immediately: false) { _ in _ = token } }
            }
            store.dispatch(Pinged.Go())
            // Now through the queue: a change dispatched from a callback.
            let third = Locked<(@Sendable () -> Void)?>(nil)
            do {
                let token = pingingToken(store)
                third.withValue { $0 = store.subscribe(\.count, immediately: false) { _ in _ = token } }
            }
            let dispatcher = store.subscribe(\.count, immediately: false) { count in
                if count == 2 { store.dispatch(Pinged.Go()) }
                if count == 3 { third.withValue { $0?() } }
            }
            store.dispatch(Pinged.Go())
            require(store.state.pings == 2, "the tokens' deinits did not both run")
            first()
            dispatcher()
            endScenario()
        }
    }

    @Test func finishedEffectReleasesWhatItCapturedUnlocked() async {
        await #expect(processExitsWith: .success) {
            let store = Store(initialState: Pinged())
            let done = DispatchSemaphore(value: 0)
            let unsubscribe = store.subscribe(\.pings, immediately: false, skipRepeats: true) { _ in done.signal() }
            do {
                let token = pingingToken(store)
                store.dispatch(
                    Pinged.Go(
                        effect: Effects.cancellable(
                            Effects.concat(Effects.run { _ in _ = token }, Effects.send(Pinged.Go())),
                            id: "effect")))
            }
            require(done.wait(timeout: .now() + 60) == .success, "the token's deinit did not run")
            require(store.state.pings == 1, "the token's deinit did not dispatch")
            unsubscribe()
            endScenario()
        }
    }

    @Test func cancelledEffectReleasesWhatItCapturedUnlocked() async {
        await #expect(processExitsWith: .success) {
            let store = Store(initialState: Pinged())
            let done = DispatchSemaphore(value: 0)
            let unsubscribe = store.subscribe(\.pings, immediately: false, skipRepeats: true) { _ in done.signal() }
            do {
                let token = pingingToken(store)
                store.dispatch(
                    Pinged.Go(
                        effect: Effects.run(id: "sleeper") { _ in
                            _ = token
                            try await Task.sleep(nanoseconds: 60_000_000_000)
                        }))
            }
            store.dispatch(Pinged.Go(effect: Effects.cancel(id: "sleeper")))
            require(done.wait(timeout: .now() + 60) == .success, "the token's deinit did not run")
            unsubscribe()
            endScenario()
        }
    }

    @Test func whatUpdateRemovesIsFreedInsideItAndTheStopSaysSo() async throws {
        // The state is changed in place: a row `update` removes is freed inside `update`, under the lock.
        // The documented exception, which stops with a message naming it rather than deadlocking.
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let store = storeOfOnePingingRow()
            store.dispatch(TokenRows.Remove(id: 1, capturesRemoved: false))
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("Store.dispatch(_:) was called from inside State.update(_:with:)"))
        #expect(output.contains("or by a deinit of something update let go of"))
        #expect(output.contains("capture it in the Effect you return"))
    }

    @Test func whatUpdateRemovesAndCapturesInItsEffectIsReleasedUnlocked() async {
        // The remedy the message and the thread model give.
        await #expect(processExitsWith: .success) {
            let store = storeOfOnePingingRow()
            store.dispatch(TokenRows.Remove(id: 1, capturesRemoved: true))
            require(store.state.rows.ids.isEmpty, "the row was not removed")
            require(store.state.pings == 1, "the token's deinit did not dispatch")
            endScenario()
        }
    }
}
