extension State {
    /// Makes an update function that applies a message to several sub-states, one after another.
    ///
    /// Call it from your state's ``update(_:with:)`` with the key paths of the sub-states to update,
    /// which may be of different ``State`` types:
    ///
    /// ```swift
    /// struct AppState: State {
    ///     var user: UserState
    ///     var auth: AuthState
    ///     var document: DocumentState
    ///
    ///     static func update(_ state: inout AppState, with message: Message) -> Effect? {
    ///         let update = makeSerialUpdate(\.user, \.auth, \.document)
    ///         return update(&state, message)
    ///     }
    /// }
    /// ```
    ///
    /// The function it returns calls each sub-state's `update` with the message, in the order of the key
    /// paths. It does not run their effects: it returns one effect that runs them, in that same order, so
    /// that every effect starts only after every sub-state has been updated (an effect that reads the
    /// store sees all of them changed). It returns `nil` when no sub-state returned an effect, and a
    /// sub-state's effect unchanged when it is the only one.
    ///
    /// A ``SubstateMessage`` (what a store made by ``Store/scope(_:)->Store<Child>`` dispatches) for one of
    /// the key paths goes to that sub-state only, without its address, and the messages that sub-state's
    /// effect sends come back addressed to it: two sub-states of one type are told apart. One for a key path
    /// not among them is given, without its address, to every sub-state.
    ///
    /// Each sub-state's effect runs as that sub-state's: an id it gives (`run(id:)`, ``Effects/cancel(id:)``,
    /// `debounce`) names that sub-state's effects only, within the component `Self` is part of, whichever way
    /// its message came. A ``StoreWideEffectID`` names effects across them.
    ///
    /// It costs what the same composition written by hand costs (each sub-state's `update` called on its
    /// field in place), for up to 16 sub-states: it is always inlined, and it has an overload for each number
    /// of sub-states, so that in an optimised build each sub-state's `update` is called directly and each
    /// key-path literal of a stored property becomes a direct access to it. A key path through a computed
    /// property, an optional or a class works too, at the cost of a key-path access. (With more than 16
    /// sub-states, this variadic form is used, and each sub-state costs a call through its type's metadata:
    /// group them into sub-states of their own.) A message that no sub-state makes an effect for allocates
    /// nothing; a sub-state's effect is wrapped once, and names its sub-state when it starts (an allocation
    /// each).
    ///
    /// - Parameter keyPath: The sub-states to update, in order.
    /// - Returns: A function that updates the sub-states of a state with a message and returns their
    ///   combined effect.
    @inlinable
    // Always inlined, so that the closure it returns is not allocated at each `update` (W6: one allocation a
    // message before 8e458d7).
    @inline(__always)
    public static func makeSerialUpdate<each Substate: State>(
        _ keyPath: repeat WritableKeyPath<Self, each Substate>
    ) -> (inout Self, any Message) -> Effect? {
        return { state, message in
            if message.isSubstateMessage {
                return updateAddressed(message, of: &state, repeat SubstatePlace(each keyPath))
            }
            return updateSerially(&state, with: message, repeat each keyPath)
        }
    }

    /// What the function ``makeSerialUpdate(_:)`` returns does.
    @inlinable
    static func updateSerially<each Substate: State>(
        _ state: inout Self, with message: any Message,
        _ keyPath: repeat WritableKeyPath<Self, each Substate>
    ) -> Effect? {
        var effects = SerialEffects()
        for keyPath in repeat each keyPath {
            effects.append(updateSubstate(at: keyPath, of: &state, with: message))
        }
        return effects.combined
    }

    @inlinable
    static func updateSubstate<Substate: State>(
        at keyPath: WritableKeyPath<Self, Substate>, of state: inout Self, with message: any Message
    ) -> Effect? {
        SubstatePlace(keyPath).owning(Substate.update(&state[keyPath: keyPath], with: message))
    }
}
