extension State {
    /// Runs the `update` of a state that holds a ``ScreenStack``, routing the messages for its screens,
    /// giving pushed screens their first messages, popping a screen that sends ``Dismiss``, and cancelling
    /// the effects of the screens it pops.
    ///
    /// ```swift
    /// static func update(_ state: inout App, with message: Message) -> Effect? {
    ///     updateStack(\.path, of: &state, with: message) { state, message in
    ///         if case let .open(id)? = message as? AppAction {
    ///             state.path.push(.detail(Detail(todoID: id)), sending: Detail.Action.load)
    ///         }
    ///         return nil
    ///     }
    /// }
    /// ```
    ///
    /// It is ``updateElements(_:of:with:_:)`` for the stack's screens, and keeps its promises: a
    /// ``ScreenMessage`` reaches its screen's `update` only (then `update`, which may react to it, with
    /// ``Message/as(_:at:)-(_,KeyPath<Parent,ScreenStack<Screen>>)``); a screen's effects send back to that
    /// screen only, not to one pushed later; a popped screen's effects are cancelled, and nothing they send
    /// is applied from the moment the pop is. Then:
    ///
    /// - The first message of each screen that `update` pushed with ``ScreenStack/push(_:sending:)`` is
    ///   given to the screen, in this same update, and its effect starts with the others.
    /// - A ``Dismiss`` sent by a screen (its effect, its store) pops it and every screen above it, once the
    ///   screen's `update` and `update` have seen it.
    ///
    /// - Parameters:
    ///   - stack: The stack.
    ///   - state: The state to update.
    ///   - message: The message.
    ///   - update: The state's own logic.
    /// - Returns: The effects: the screen's, `update`'s, the pushed screens' first ones, then those
    ///   cancelling the popped screens' effects.
    public static func updateStack<Screen: State>(
        _ stack: WritableKeyPath<Self, ScreenStack<Screen>>,
        of state: inout Self,
        with message: any Message,
        _ update: (inout Self, any Message) -> Effect?
    ) -> Effect? {
        // Appended to a writable key path, `\.entries` (writable in this module) makes a writable one.
        let entries =
            ScreenStack<Screen>.entries(at: stack) as! WritableKeyPath<Self, IdentifiedArray<ScreenStack<Screen>.Entry>>
        return updateElements(entries, of: &state, with: message) { state, message in
            var effects = SerialEffects()
            effects.append(update(&state, message))
            // Given only a message of a screen that is there: a late `Dismiss` closes nothing.
            if let (id, _) = message.as(Dismiss.self, at: entries) {
                state[keyPath: stack].pop(from: id)
            }
            // A screen pushed and popped in this same update is told nothing.
            for (id, first) in state[keyPath: stack].takeFirstMessages() where state[keyPath: stack][id: id] != nil {
                let place = ChildPlace(entries)
                let addressed = ScreenMessage<Screen>(id: id, incarnation: nil, collection: ChildAddress(place), first)
                effects.append(updateElement(addressed, in: &state[keyPath: entries], at: place).effect)
            }
            return effects.combined
        }
    }
}

extension Message {
    /// This message as a screen of the stack at `stack` receives it, as an `M`, with the screen's id: for a
    /// parent that reacts to a screen's messages.
    ///
    /// ```swift
    /// if case let (id, .saved)? = message.as(Detail.Action.self, at: \App.path) {
    ///     state.path.pop(from: id)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The screen's message type.
    ///   - stack: The stack, as its parent's `updateStack` names it (`\App.path`).
    /// - Returns: The screen's id and its message as an `M`, or `nil` when this is no ``ScreenMessage`` of
    ///   this stack, or its message is of another type.
    public func `as`<M: Message, Parent, Screen: State>(
        _ type: M.Type, at stack: KeyPath<Parent, ScreenStack<Screen>>
    ) -> (id: ScreenID, message: M)? {
        self.as(type, at: ScreenStack<Screen>.entries(at: stack))
    }
}
