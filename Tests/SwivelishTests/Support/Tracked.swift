@testable import Swivelish

/// A test's state with its effects tracked, so that the test can wait until all of them have finished.
///
/// Its `update` is the base state's, with each effect run in an effect scope of its own (as `TestStore`
/// does), whose end the tracker counts: cancellation reaches the effect as it would without the wrapper.
/// Read the base state's values through it (`store.state.entries`); messages go to the base's `update`.
@dynamicMemberLookup
struct Tracked<Base: State>: State {
    var base: Base
    let tracker = EffectTracker()

    init(_ base: Base) {
        self.base = base
    }

    subscript<Value>(dynamicMember keyPath: KeyPath<Base, Value>) -> Value {
        base[keyPath: keyPath]
    }

    static func update(_ state: inout Tracked, with message: Message) -> Effect? {
        guard let effect = Base.update(&state.base, with: message) else { return nil }
        let tracker = state.tracker
        tracker.started()
        return { dispatch in
            guard let scope = dispatch.scope.makeChild() else {
                tracker.finished()  // the store's effects were cancelled: it never runs
                return
            }
            scope.onFinish { tracker.finished() }
            effect(dispatch.within(scope))
            scope.close()
        }
    }
}

/// Counts the effects of a ``Tracked`` state that have not finished, and wakes the tasks waiting for none.
final class EffectTracker: Sendable {
    private let state = Locked((running: 0, waiters: [CheckedContinuation<Void, Never>]()))

    func started() {
        state.withValue { $0.running += 1 }
    }

    func finished() {
        let waiters = state.withValue { state -> [CheckedContinuation<Void, Never>] in
            state.running -= 1
            guard state.running == 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once no effect is running (at once if none is).
    func waitUntilIdle() async {
        await withCheckedContinuation { continuation in
            let isIdle = state.withValue { state -> Bool in
                guard state.running > 0 else { return true }
                state.waiters.append(continuation)
                return false
            }
            if isIdle { continuation.resume() }
        }
    }
}

extension Store {
    /// Returns once every effect the store's tracked state returned has finished.
    func waitForEffects<Base>() async where S == Tracked<Base> {
        await state.tracker.waitUntilIdle()
    }
}
