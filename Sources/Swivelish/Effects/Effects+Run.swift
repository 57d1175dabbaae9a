#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

extension Effects {
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
            // A clock that a test moves follows the task from now (before `send` returns) until it ends.
            let tracker = effectActivityTracker(of: dispatch)
            let record = tracker?.effectTaskStarting()
            let started = scope.startTask(priority: priority) {
                await EffectTask.$current.withValue(record) {
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
                if let record { tracker?.effectTaskEnded(record) }
            }
            if !started, let record { tracker?.effectTaskEnded(record) }
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

    /// The tracker of effects of the clock `dispatch`'s store waits on, if it is one (see
    /// ``EffectActivityTracker``).
    static func effectActivityTracker(of dispatch: Dispatcher) -> (any EffectActivityTracker)? {
        guard #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) else { return nil }
        return dispatch.dependencies.effectActivityTracker
    }

    /// Reports an error that an effect threw and nothing handled.
    static func reportUnhandled(_ error: any Error) {
        let message = "Swivelish: an effect made with Effects.run threw \(error), and no `catch:` handled it\n"
        _ = message.withCString { write(2, $0, strlen($0)) }  // standard error
        assertionFailure(message)
    }
}
