import Swivelish

/// The state a test store's real ``Store`` holds: the test's state, and the recorder that sees every
/// message applied to it.
///
/// Its `update` is the test's `update` with a recording around it, as TCA's `TestStore` wraps its
/// reducer: it unwraps a message the test sent (``Sent``), applies the message to ``base`` with
/// `Base.update`, records it with the states before and after, and wraps the effect returned so that
/// the recorder knows when it has finished. When effects run, on which thread, and how they are
/// cancelled is all the store's, as in the app.
///
/// `update` runs with the store's lock held, so it takes the recorder's lock inside the store's (the
/// only order the two are taken in) and never calls the store.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct Recorded<Base: State>: State {
    /// The test's state.
    var base: Base
    /// Sees every message applied to ``base``.
    let recorder: Recorder<Base>

    static func update(_ state: inout Recorded, with message: any Message) -> Effect? {
        let sent = message.as(Sent.self)
        let applied = sent?.message ?? message
        let before = state.base
        // A message that reached no state (a late message of a child that is gone) is not current: a test
        // does not receive it (see `StoreEvent.notAppliedReason`).
        let (effect, notAppliedReason) = NotApplied.collecting { Base.update(&state.base, with: applied) }
        let effectID = state.recorder.record(
            applied, before: before, after: state.base, sentID: sent?.id, hasEffect: effect != nil,
            isCurrent: notAppliedReason == nil)
        guard let effect, let effectID else { return nil }
        return tracked(effect, of: applied, id: effectID, by: state.recorder)
    }

    /// `effect`, run in an effect scope of its own, whose end the recorder is told of.
    ///
    /// The scope sits between the store's root and whatever scopes the effect opens, so cancellation
    /// (by id, or of the root when the store is freed or the test finishes) reaches the effect as it
    /// does in a store without the wrapper.
    ///
    /// Its dependencies report a read of a dependency that has neither a value set nor a test value, naming
    /// `message`, and then cancel the effect.
    private static func tracked(
        _ effect: @escaping Effect, of message: any Message, id: UInt64, by recorder: Recorder<Base>
    ) -> Effect {
        return { dispatch in
            guard let scope = dispatch.scope.makeChild() else {
                recorder.effectFinished(id)  // the store's effects were cancelled: it never runs
                return
            }
            scope.onFinish { recorder.effectFinished(id) }
            var dependencies = dispatch.dependencies
            dependencies.testContext = DependencyTestContext { key in
                recorder.reportMissingTestValue(key, codeDescription(of: message))
                scope.cancel()
            }
            effect(dispatch.within(scope).with(dependencies: dependencies))
            scope.close()
        }
    }
}

/// A message the test sent with `TestStore.send`, numbered so that `send` finds what it did. The
/// user's `update` never sees it: ``Recorded`` unwraps it first.
struct Sent: Message {
    let id: UInt64
    let message: any Message
}
