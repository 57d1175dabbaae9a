extension Effects {
    /// Gives `effect` an id, so that ``cancel(id:)`` or a later effect with the same id can cancel it.
    ///
    /// Several effects may be in flight under one id; cancelling the id cancels them all.
    ///
    /// - Parameters:
    ///   - effect: The effect to run.
    ///   - id: Any hashable value: a type's instance, an enum case, a string. Two ids are one when they are
    ///     equal as `AnyHashable`s: by the type's own `==` for two values of one type. Given by the effects
    ///     of a component (an element of a list, a presented child, a sub-state that `makeSerialUpdate`
    ///     composes), it names that component's effects only: two rows, or two counters side by side, that
    ///     use one id do not cancel each other's effects. ``StoreWideEffectID`` names effects of
    ///     the whole store.
    ///   - cancelInFlight: Whether starting this effect first cancels the effects already in flight
    ///     under `id` (for instance, to keep only the latest search request).
    public static func cancellable(
        _ effect: @escaping Effect, id: some Hashable & Sendable, cancelInFlight: Bool = false
    ) -> Effect {
        cancellable(effect, effectID: EffectID(id), cancelInFlight: cancelInFlight)
    }

    /// The effect of a child, cancelled by `id` (its removal or dismissal) and by `group` (the replacement of
    /// its collection), in one scope: half the cost of an effect within another, each with its own id.
    /// Observers are told of `group` only when it is cancelled.
    @usableFromInline
    static func cancellable(_ effect: @escaping Effect, id: ChildEffects, group: CollectionEffects) -> Effect {
        cancellable(effect, effectID: EffectID(id), cancelInFlight: false, group: EffectID(group))
    }

    /// ``cancellable(_:id:cancelInFlight:)`` with the id already wrapped, and a `group` it is also cancelled
    /// by (see ``CancellationRegistry/register(_:id:group:)``).
    static func cancellable(
        _ effect: @escaping Effect, effectID id: EffectID, cancelInFlight: Bool, group: EffectID? = nil
    ) -> Effect {
        return { dispatch in
            let registry = dispatch.scope.registry
            // A user's id names the effects of the component it is given in (see `EffectID.within(_:)`); a
            // child's own id makes the effect that child's.
            let id = id.within(dispatch.owner)
            if cancelInFlight {
                registry.cancel(id: id)
            }
            guard let scope = dispatch.scope.makeChild() else { return }
            registry.register(scope, id: id, group: group)
            effect(dispatch.within(scope, ownedBy: id.childEffects?.child ?? dispatch.owner))
            scope.close()
        }
    }

    /// An effect that cancels every effect in flight with `id`, and what is queued behind them in a
    /// ``concat(_:)-(Effect?...)`` they wrap.
    ///
    /// Given by the effects of a component (a sub-state, an element, a presented child), `id` names that
    /// component's effects only, as it does where they start them; wrap it in ``StoreWideEffectID`` to name
    /// every effect of the store with it.
    ///
    /// - Parameter id: The id given to ``cancellable(_:id:cancelInFlight:)`` or `run(id:)`.
    public static func cancel(id: some Hashable & Sendable) -> Effect {
        let id = EffectID(id)
        return { dispatch in
            let id = id.within(dispatch.owner)
            dispatch.scope.registry.cancel(id: id)
            dispatch.scope.throttles.close(id: id)
        }
    }
}
