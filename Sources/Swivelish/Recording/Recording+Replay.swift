extension Recording where S: Equatable {
    /// Applies the recorded messages, in order, to the initial state with `S.update`, and checks that each
    /// makes the recorded state.
    ///
    /// ```swift
    /// do {
    ///     try recording.replay()
    /// } catch {
    ///     print(error)  // the first message whose state differs, and how
    /// }
    /// ```
    ///
    /// The effects `update` returns are not run: the messages they sent were recorded and are replayed in
    /// their turn. A state that differs means that `update` is not pure: it depends on something besides
    /// the state and the message (the time, a random number, a global).
    ///
    /// - Throws: ``ReplayDivergence`` for the first message whose state differs from the recording.
    public func replay() throws {
        var state = initialState
        for (index, step) in steps.enumerated() {
            _ = S.update(&state, with: step.message)
            if state != step.state {
                throw ReplayDivergence(index: index, message: step.message, recorded: step.state, replayed: state)
            }
        }
    }
}
