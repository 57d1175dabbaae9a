/// Ready-made effects and combinators: async work, single messages, effects at once or in turn.
///
/// Every function here returns an ordinary ``Effect``, so they mix freely with Swivel's closure form
/// and with each other:
///
/// ```swift
/// static func update(_ state: inout SearchState, with message: Message) -> Effect? {
///     switch message {
///     case let query as QueryChanged:
///         state.query = query.text
///         return Effects.run(id: SearchID(), cancelInFlight: true) { dispatch in
///             try await dispatch.dependencies.clock.sleep(for: .milliseconds(300))  // a pause in typing
///             let results = try await api.search(query.text)
///             dispatch(ResultsLoaded(results: results))
///         }
///     case is SearchCleared:
///         state.results = []
///         return Effects.cancel(id: SearchID())
///     default:
///         return nil
///     }
/// }
/// ```
///
/// ## Finishing
///
/// ``concat(_:)-(Effect?...)`` starts an effect when the one before it has *finished*. A closure effect finishes when
/// it returns (work it hands to a callback is not tracked; use ``run(priority:_:catch:)`` for work that
/// should be); ``run(priority:_:catch:)`` finishes when its task ends; ``merge(_:)-(Effect?...)`` and
/// ``concat(_:)-(Effect?...)`` when all their parts have; ``cancellable(_:id:cancelInFlight:)`` when the effect it
/// wraps has.
///
/// ## Cancellation
///
/// Give an effect an id with ``cancellable(_:id:cancelInFlight:)`` (or `run(id:)`), and cancel it
/// with ``cancel(id:)``. Cancelling an effect cancels the tasks it started (their `Task.isCancelled`
/// becomes true and `Task.sleep` throws), stops a ``concat(_:)-(Effect?...)`` inside it from starting its next part,
/// and makes its `dispatch` drop every message sent afterwards. When a store is freed, every effect it
/// runs is cancelled.
public enum Effects {
    /// An effect that does nothing. `update` can also return `nil` for no effect.
    public static let none: Effect = { _ in }

    /// An effect that dispatches `message`.
    ///
    /// The message is dispatched when the effect runs: after the state change of the message that
    /// returned it has been committed and its subscribers notified.
    ///
    /// - Parameter message: The message to dispatch.
    public static func send(_ message: any Message) -> Effect {
        return { dispatch in dispatch(message) }
    }

    /// An effect that starts all of `effects` at once, in order, and finishes when all have finished.
    ///
    /// - Parameter effects: The effects to start; `nil`s are skipped.
    public static func merge(_ effects: Effect?...) -> Effect {
        merge(effects.compactMap { $0 })
    }

    /// An effect that starts all of `effects` at once, in order, and finishes when all have finished.
    ///
    /// - Parameter effects: The effects to start.
    public static func merge(_ effects: [Effect]) -> Effect {
        return { dispatch in
            for effect in effects {
                effect(dispatch)
            }
        }
    }

    /// An effect that runs `effects` one after another: each starts when the one before has finished,
    /// async work included.
    ///
    /// ```swift
    /// return Effects.concat(
    ///     Effects.run { dispatch in dispatch(Loaded(await api.load())) },
    ///     Effects.send(LoadingFinished())
    /// )
    /// ```
    ///
    /// Each part runs where the store runs effects (on the thread delivering notifications, in turn
    /// with them), even when the part before it ended in a task. Cancelling the concatenation (by
    /// the id of an enclosing ``cancellable(_:id:cancelInFlight:)``) cancels the part in flight and
    /// starts none of the parts after it.
    ///
    /// - Parameter effects: The effects to run in turn; `nil`s are skipped.
    public static func concat(_ effects: Effect?...) -> Effect {
        concat(effects.compactMap { $0 })
    }

    /// An effect that runs `effects` one after another: each starts when the one before has finished,
    /// async work included.
    ///
    /// - Parameter effects: The effects to run in turn.
    public static func concat(_ effects: [Effect]) -> Effect {
        return { dispatch in
            guard let chain = dispatch.scope.makeChild() else { return }
            runInTurn(effects[...], in: chain, dispatch: dispatch.within(chain))
        }
    }

    /// Runs the first of `effects` in a child of `chain`, then schedules the rest when it finishes;
    /// closes `chain` when none are left or the chain was cancelled.
    private static func runInTurn(
        _ effects: ArraySlice<Effect>, in chain: EffectScope, dispatch: Dispatcher
    ) {
        guard let effect = effects.first, let part = chain.makeChild() else {
            chain.close()
            return
        }
        let rest = effects.dropFirst()
        part.onFinish {
            let scheduled = dispatch.schedule(
                { dispatch in
                    runInTurn(rest, in: chain, dispatch: dispatch)
                }, dispatch)
            if !scheduled { chain.close() }
        }
        effect(dispatch.within(part))
        part.close()
    }
}
