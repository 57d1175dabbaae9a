#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

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
///             try await Task.sleep(nanoseconds: 300_000_000)  // debounce
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

    /// An effect that runs `body` in a new task owned by the store, with a `dispatch` it may call any
    /// number of times.
    ///
    /// ```swift
    /// return Effects.run { dispatch in
    ///     let amount = await api.fetchAmount()
    ///     dispatch(CounterMessage.increment(amount: amount))
    /// }
    /// ```
    ///
    /// The task is cancelled when the effect is cancelled (see ``cancellable(_:id:cancelInFlight:)``)
    /// or when the store is freed. `body` may throw: a `CancellationError` is ignored, and any other
    /// error goes to `handler`.
    ///
    /// - Parameters:
    ///   - priority: The priority of the task.
    ///   - body: The work to do. It runs in the task, not on the thread that dispatched the message.
    ///   - handler: Called in the task with an error `body` threw (other than a `CancellationError`),
    ///     with the same `dispatch`, so it can turn the error into a message. Without one, such an error
    ///     is a mistake: it is written to standard error, and a debug build stops there.
    public static func run(
        priority: TaskPriority? = nil,
        _ body: @escaping @Sendable (Dispatcher) async throws -> Void,
        catch handler: (@Sendable (any Error, Dispatcher) async -> Void)? = nil
    ) -> Effect {
        return { dispatch in
            guard let scope = dispatch.scope.makeChild() else { return }
            let dispatch = dispatch.within(scope)
            scope.startTask(priority: priority) {
                do {
                    try await body(dispatch)
                } catch is CancellationError {
                } catch {
                    guard let handler else {
                        reportUnhandled(error)
                        return
                    }
                    await handler(error, dispatch)
                }
            }
            scope.close()
        }
    }

    /// An effect that runs `body` in a new task, as ``run(priority:_:catch:)`` does, cancellable by `id`.
    ///
    /// Shorthand for `cancellable(run(priority:body, catch: handler), id: id, cancelInFlight:)`.
    ///
    /// - Parameters:
    ///   - id: The id that ``cancel(id:)`` cancels it by.
    ///   - cancelInFlight: Whether starting it cancels the effects with the same id still in flight.
    ///   - priority: The priority of the task.
    ///   - body: The work to do.
    ///   - handler: Called with an error `body` threw, other than a `CancellationError`.
    public static func run(
        id: some Hashable & Sendable,
        cancelInFlight: Bool = false,
        priority: TaskPriority? = nil,
        _ body: @escaping @Sendable (Dispatcher) async throws -> Void,
        catch handler: (@Sendable (any Error, Dispatcher) async -> Void)? = nil
    ) -> Effect {
        cancellable(run(priority: priority, body, catch: handler), id: id, cancelInFlight: cancelInFlight)
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

    /// Reports an error that an effect threw and nothing handled.
    private static func reportUnhandled(_ error: any Error) {
        let message = "Swivelish: an effect made with Effects.run threw \(error), and no `catch:` handled it\n"
        _ = message.withCString { write(2, $0, strlen($0)) }  // standard error
        assertionFailure(message)
    }

    /// Gives `effect` an id, so that ``cancel(id:)`` or a later effect with the same id can cancel it.
    ///
    /// Several effects may be in flight under one id; cancelling the id cancels them all.
    ///
    /// - Parameters:
    ///   - effect: The effect to run.
    ///   - id: Any hashable value: a type's instance, an enum case, a string.
    ///   - cancelInFlight: Whether starting this effect first cancels the effects already in flight
    ///     under `id` (for instance, to keep only the latest search request).
    public static func cancellable(
        _ effect: @escaping Effect, id: some Hashable & Sendable, cancelInFlight: Bool = false
    ) -> Effect {
        cancellable(effect, effectID: EffectID(id), cancelInFlight: cancelInFlight)
    }

    /// ``cancellable(_:id:cancelInFlight:)`` with the id already wrapped.
    static func cancellable(_ effect: @escaping Effect, effectID id: EffectID, cancelInFlight: Bool) -> Effect {
        return { dispatch in
            let registry = dispatch.scope.registry
            if cancelInFlight {
                registry.cancel(id: id)
            }
            guard let scope = dispatch.scope.makeChild() else { return }
            registry.register(scope, id: id)
            effect(dispatch.within(scope))
            scope.close()
        }
    }

    /// An effect that cancels every effect in flight with `id`, and what is queued behind them in a
    /// ``concat(_:)-(Effect?...)`` they wrap.
    ///
    /// - Parameter id: The id given to ``cancellable(_:id:cancelInFlight:)`` or `run(id:)`.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        let id = EffectID(id)
        return { dispatch in
            dispatch.scope.registry.cancel(id: id)
            dispatch.scope.throttles.close(id: id)
        }
    }
}
