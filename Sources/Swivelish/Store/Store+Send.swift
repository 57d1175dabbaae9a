extension Store {
    /// Applies `message` from async code: as ``dispatch(_:)``, but suspends instead of blocking its thread
    /// when the backlog is full, and never delivers other threads' changes.
    ///
    /// ```swift
    /// await store.send(CounterMessage.increment(amount: 1))
    /// ```
    ///
    /// See ``send(_:answering:)`` for what a send may do on its thread and when it suspends.
    ///
    /// - Parameter message: The message to apply.
    @inlinable
    public nonisolated(nonsending) func send(_ message: any Message) async {
        _ = await send(message) { _ in }
    }

    /// Applies `message` from async code, and returns what `answer` reads of the state the message made, or
    /// why the message was not applied: as ``dispatch(_:answering:)``, but suspends instead of blocking its
    /// thread when the backlog is full, and never delivers other threads' changes.
    ///
    /// ```swift
    /// let result = await store.send(ElementMessage<Item>(id: id, Item.Take())) { state in
    ///     state.items[id: id]?.stock
    /// }
    /// ```
    ///
    /// For a server's request handler, or any task on Swift's cooperative pool, whose few threads every
    /// task shares: a send
    /// - applies its message under the store's lock, at once when the backlog has room;
    /// - when the backlog is full (``Store/init(initialState:backlogLimit:dependencies:observers:)``'s
    ///   `backlogLimit` deliveries wait), suspends, and takes its turn after every dispatch that waited
    ///   before it, holding no thread meanwhile. (A thread blocked in ``dispatch(_:)`` may take the room
    ///   kept for a send that was admitted but has not run yet: the backlog then goes past the limit by
    ///   the sends that had not run, rather than a thread waiting for a task.)
    /// - delivers its own change only, when no other thread is delivering: its subscribers, observers and
    ///   effect, and what they dispatch on its thread. It hands every change other threads queued
    ///   meanwhile to the store's delivery thread, where ``dispatch(_:)`` would deliver up to 32 of them.
    ///   When another thread is delivering, the change is queued for it, and the send returns at once.
    ///
    /// So a send holds its thread for the lock, `update` and `answer`, plus at most the delivery of its own
    /// change. The answer is read as ``dispatch(_:answering:)`` reads it, under the lock, right after
    /// `update`, and a send does not wait for other deliveries. To wait until every change committed so
    /// far is delivered, `await` ``waitForDeliveries()-qepf``.
    ///
    /// A send is not cancelled with its task: once called, its message is applied, as a dispatch's is.
    /// It runs on the caller's executor (it is `nonisolated(nonsending)`), so a caller on the main actor
    /// stays there, and `answer` may read what the caller owns.
    ///
    /// - Parameters:
    ///   - message: The message to apply.
    ///   - answer: Reads what the caller wants to know of the state the message made, this store's part of
    ///     it for a scoped store; it runs under the store's lock, as `update` does, and must not call the
    ///     store (that stops the program with a message).
    /// - Returns: The answer, or why the message was not applied.
    @inlinable
    public nonisolated(nonsending) func send<Answer>(
        _ message: any Message, answering answer: (S) -> Answer
    ) async -> DispatchResult<Answer> {
        var answered: Answer?
        var outcome = dispatchReporting(message, waiting: .suspends(isAdmitted: false)) { answered = answer($0) }
        if case let .mustWait(ticket, line) = outcome {
            await line.waitForTurn(ticket)
            outcome = dispatchReporting(message, waiting: .suspends(isAdmitted: true)) { answered = answer($0) }
        }
        return DispatchResult(outcome, answer: answered)
    }
}
