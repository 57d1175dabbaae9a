/// The `dispatch` an ``Effect`` receives: call it to send a message to the store that ran the effect.
///
/// Call it like a function, as many times as you like, from any thread, now or later:
///
/// ```swift
/// return { dispatch in
///     dispatch(CounterMessage.increment(amount: 1))
/// }
/// ```
///
/// A dispatcher does not keep its store alive. Once the store is freed, calling it does nothing. A
/// dispatcher given to a cancellable effect (see ``Effects/cancellable(_:id:cancelInFlight:)``) drops
/// the messages sent after that effect was cancelled.
public struct Dispatcher: Sendable {
    /// Applies a message for the effect running in the given scope, unless that scope is cancelled.
    @usableFromInline
    let send: @Sendable (any Message, EffectScope) -> Void

    /// Runs an effect where the store runs its effects: on the thread delivering notifications, in
    /// turn. Returns `false` when the store is gone and the effect will not run.
    let schedule: @Sendable (_ effect: @escaping Effect, _ dispatcher: Dispatcher) -> Bool

    /// The effect this dispatcher belongs to, for tracking and cancelling the work it starts. The package's
    /// testing module runs each effect in a scope of its own, to know when it has finished.
    @usableFromInline
    package let scope: EffectScope

    /// The component whose `update` returned the effect (a sub-state, an element, a presented child), whose
    /// effects the ids it gives name; `nil` for the store's own (see ``EffectID/within(_:)``). Carried by the
    /// dispatcher rather than by a scope: a sub-state's effect would otherwise open a scope of its own at
    /// each level of `makeSerialUpdate`.
    let owner: EffectOwner?

    /// The dependencies of the store that runs the effect (see ``Dependencies``).
    ///
    /// ```swift
    /// return Effects.run { dispatch in
    ///     let amount = try await dispatch.dependencies.amountClient.fetch()
    ///     dispatch(CounterMessage.increment(amount: amount))
    /// }
    /// ```
    public let dependencies: Dependencies

    /// Creates a dispatcher that passes every message to `send`.
    ///
    /// A ``Store`` makes its own dispatchers; this initializer lets a test run an effect on its own
    /// and collect what it dispatches:
    ///
    /// ```swift
    /// let effect = CounterEffect.requestAndIncrement()
    /// effect(Dispatcher { message in print(message) })
    /// ```
    ///
    /// Async effects started through this dispatcher run in tasks that nothing cancels. The parts of an
    /// ``Effects/concat(_:)-(Effect?...)`` run one after another on the thread that finished the previous
    /// one, after what that thread is running for this dispatcher already: a concat of any number of parts
    /// runs in the same stack depth.
    ///
    /// - Parameters:
    ///   - dependencies: What the effect reads as ``dependencies``; the defaults when not given.
    ///   - send: Called with each dispatched message, on the thread that dispatched it.
    public init(dependencies: Dependencies = Dependencies(), _ send: @escaping @Sendable (any Message) -> Void) {
        let trampoline = EffectTrampoline()
        self.init(
            send: { message, scope in
                if !scope.isCancelled { send(message) }
            },
            scope: EffectScope(),
            dependencies: dependencies
        ) { effect, dispatcher in
            trampoline.run(effect, with: dispatcher)
            return true
        }
    }

    @usableFromInline
    package init(
        send: @escaping @Sendable (any Message, EffectScope) -> Void,
        scope: EffectScope,
        dependencies: Dependencies,
        schedule: @escaping @Sendable (_ effect: @escaping Effect, _ dispatcher: Dispatcher) -> Bool
    ) {
        self.init(send: send, scope: scope, dependencies: dependencies, owner: nil, schedule: schedule)
    }

    private init(
        send: @escaping @Sendable (any Message, EffectScope) -> Void,
        scope: EffectScope,
        dependencies: Dependencies,
        owner: EffectOwner?,
        schedule: @escaping @Sendable (_ effect: @escaping Effect, _ dispatcher: Dispatcher) -> Bool
    ) {
        self.send = send
        self.scope = scope
        self.dependencies = dependencies
        self.owner = owner
        self.schedule = schedule
    }

    /// The same dispatcher, for an effect running in `scope`.
    package func within(_ scope: EffectScope) -> Dispatcher {
        Dispatcher(send: send, scope: scope, dependencies: dependencies, owner: owner, schedule: schedule)
    }

    /// The same dispatcher, for an effect of `owner` running in `scope`.
    func within(_ scope: EffectScope, ownedBy owner: EffectOwner?) -> Dispatcher {
        Dispatcher(send: send, scope: scope, dependencies: dependencies, owner: owner, schedule: schedule)
    }

    /// The same dispatcher, for an effect of `owner`.
    func owned(by owner: EffectOwner?) -> Dispatcher {
        Dispatcher(send: send, scope: scope, dependencies: dependencies, owner: owner, schedule: schedule)
    }

    /// The same dispatcher, which sends `transform(message)` for each `message`: for a child's effects, whose
    /// messages are addressed to the child.
    @usableFromInline
    package func mapping(_ transform: @escaping @Sendable (any Message) -> any Message) -> Dispatcher {
        let send = self.send
        return Dispatcher(
            send: { message, scope in send(transform(message), scope) }, scope: scope, dependencies: dependencies,
            owner: owner, schedule: schedule)
    }

    /// The same dispatcher, whose effect reads `dependencies`.
    package func with(dependencies: Dependencies) -> Dispatcher {
        Dispatcher(send: send, scope: scope, dependencies: dependencies, owner: owner, schedule: schedule)
    }

    /// Sends `message` to the store.
    ///
    /// Safe to call from any thread. When it returns, the store's state reflects the message, unless the
    /// store has been freed or the effect was cancelled, in which case it does nothing. The store checks
    /// for cancellation and applies the message in one step under its lock: once the effect that cancels
    /// this one has run, no message sent here is applied.
    @inlinable
    public func callAsFunction(_ message: any Message) {
        send(message, scope)
    }
}
