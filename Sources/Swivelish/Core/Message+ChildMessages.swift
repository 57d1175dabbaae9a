extension Message {
    /// This message as the sub-state at `keyPath` receives it, as an `M`: for a parent that reacts to what
    /// its child is told, whether it was dispatched to the root store (and reached every sub-state) or
    /// addressed to that child by a scoped store (a ``SubstateMessage``).
    ///
    /// ```swift
    /// static func update(_ state: inout AppState, with message: Message) -> Effect? {
    ///     if case .increment? = message.as(CounterMessage.self, at: \AppState.counter) {
    ///         state.log.append("counted")
    ///     }
    ///     return makeSerialUpdate(\.counter, \.history)(&state, message)
    /// }
    /// ```
    ///
    /// It looks through one address, the one at this level: `nil` for a message addressed to another
    /// sub-state, or of another type.
    ///
    /// - Parameters:
    ///   - type: The child's message type.
    ///   - keyPath: The child, as the parent's `makeSerialUpdate` names it.
    /// - Returns: The message the child receives, as an `M`, or `nil` when it receives none of that type.
    @inlinable
    public func `as`<M: Message, Parent, Child: State>(_ type: M.Type, at keyPath: KeyPath<Parent, Child>) -> M? {
        if let addressed = self.as(SubstateMessage.self) {
            return addressed.address.isAt(ChildPlace(keyPath)) ? addressed.message.as(M.self) : nil
        }
        return self.as(M.self)
    }

    /// This message as the child presented at `slot` receives it, as an `M`, when the child sent it: for a
    /// parent that reacts to its presented child's messages (a detail screen's "close" that the parent
    /// handles), which the child's store and its effects send as a ``PresentedMessage``.
    ///
    /// ```swift
    /// updatePresented(\.$detail, of: &state, with: message) { state, message in
    ///     if case .close? = message.as(Detail.Action.self, at: \Screen.$detail) {
    ///         state.detail = nil
    ///     }
    ///     return nil
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The child's message type.
    ///   - slot: The presented child, as its parent's `updatePresented` names it (`\Screen.$detail`).
    /// A message dispatched to the root without an address reaches the presented child too, but is not the
    /// child's: this returns `nil` for it. So a feature that presents itself (a folder in a folder) matches
    /// what its own child sends, not the message it is given as a child itself, which arrives unwrapped.
    ///
    /// - Returns: The message the child sent, as an `M`, or `nil` when it is not a ``PresentedMessage`` for
    ///   `slot` (or has another type).
    @inlinable
    public func `as`<M: Message, Parent, Child: State>(_ type: M.Type, at slot: KeyPath<Parent, Presented<Child>>)
        -> M?
    {
        guard let addressed = self.as(PresentedMessage<Child>.self),
            addressed.slot?.mayBe(ChildPlace(slot)) ?? true
        else { return nil }
        return addressed.message.as(M.self)
    }

    /// This message as an element of the collection at `elements` receives it, as an `M`, with the element's
    /// id: for a parent that reacts to a row's messages (a row's delete button that the list handles).
    ///
    /// ```swift
    /// updateElements(\.todos, of: &state, with: message) { state, message in
    ///     if case let (id, .delete)? = message.as(Todo.Action.self, at: \TodoList.todos) {
    ///         state.todos.remove(id: id)
    ///     }
    ///     return nil
    /// }
    /// ```
    ///
    /// The parent's `update` is not given a message of a row that is gone (see
    /// ``State/updateElements(_:of:with:_:)``), so the id is of a row that received it.
    ///
    /// - Parameters:
    ///   - type: The element's message type.
    ///   - elements: The collection, as its parent's `updateElements` names it (`\TodoList.todos`).
    /// - Returns: The element's id and its message as an `M`, or `nil` when this is no ``ElementMessage`` of
    ///   this collection, or its message is of another type.
    @inlinable
    public func `as`<M: Message, Parent, Element: State & Identifiable>(
        _ type: M.Type, at elements: KeyPath<Parent, IdentifiedArray<Element>>
    ) -> (id: Element.ID, message: M)? where Element.ID: Sendable {
        guard let addressed = self.as(ElementMessage<Element>.self), addressed.isFor(ChildPlace(elements)),
            let message = addressed.message.as(M.self)
        else { return nil }
        return (addressed.id, message)
    }
}
