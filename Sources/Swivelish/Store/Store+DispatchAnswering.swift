extension Store {
    /// Applies `message`, and returns what `answer` reads of the state the message made, or why the message
    /// was not applied.
    ///
    /// The answer is read under the store's lock, right after `update` applied the message and before
    /// any other message is applied: it is what this message did, whatever other threads dispatch
    /// meanwhile, which reading ``state`` after ``dispatch(_:)`` cannot promise. `update` stays pure, so a
    /// replay or a trace of the store sees the same messages and states as without answers. The caller does
    /// not wait behind other deliveries for its answer; otherwise it dispatches as ``dispatch(_:)`` does
    /// (it may deliver the change itself, and it waits for room when the backlog is full).
    ///
    /// ```swift
    /// let result = store.dispatch(ElementMessage<Item>(id: id, Item.Take())) { state in
    ///     state.items[id: id]?.stock
    /// }
    /// switch result {
    /// case let .applied(stock): print("left: \(stock ?? 0)")
    /// case let .notApplied(reason): print("not taken: \(reason)")
    /// }
    /// ```
    ///
    /// A message for an element that is not there answers ``DispatchResult/notApplied(reason:)`` at once, as
    /// does one to a scoped store whose part of the state is absent, or whose root store was freed.
    ///
    /// - Important: `answer` runs while the store is locked, as `update` does: read the state it is given
    ///   and return; do not call this store from it (that stops the program with a message).
    ///
    /// - Parameters:
    ///   - message: The message to apply.
    ///   - answer: Reads what the caller wants to know of the state the message made, this store's part of
    ///     it for a scoped store.
    /// - Returns: The answer, or why the message was not applied.
    @inlinable
    public func dispatch<Answer>(
        _ message: any Message, answering answer: (S) -> Answer
    ) -> DispatchResult<Answer> {
        var answered: Answer?
        let outcome = dispatchReporting(message, waiting: .blocks) { answered = answer($0) }
        return DispatchResult(outcome, answer: answered)
    }

    /// Dispatches `message` to the root store, waiting for room as `waiting` says, and returns whether it
    /// was applied; gives `read` this store's part of the state the message made, under the root store's
    /// lock, when the message was applied and the part is there.
    @inlinable
    func dispatchReporting(
        _ message: any Message, waiting: RoomWaiting, reading read: (S) -> Void
    ) -> DispatchOutcome {
        // Not `if let storage`: that retains the storage, whose weak references make a retain slow (W25: 1,029
        // instructions a send with it, as `dispatch(_:)` found).
        if _fastPath(storage != nil) {
            return storage.unsafelyUnwrapped.dispatchReporting(
                message, unlessCancelled: nil, waiting: waiting, reading: read)
        }
        return scopeBacking.unsafelyUnwrapped.dispatchReporting(message, waiting) { state in
            if let state { read(state) }
        }
    }
}

extension DispatchResult {
    /// The result of a dispatch whose outcome was `outcome`, and whose reader answered `answer` (`nil` when
    /// it was not called: the store's part of the state was not there).
    @inlinable
    init(_ outcome: DispatchOutcome, answer: Answer?) {
        switch outcome {
        case .applied:
            if let answer {
                self = .applied(answer)
            } else {
                self = .notApplied(reason: "this store's part of the state is not there")
            }
        case let .notApplied(reason):
            self = .notApplied(reason: reason)
        case .mustWait:
            preconditionFailure("Swivelish: a dispatch was told to wait for its turn after it was admitted")
        }
    }
}
