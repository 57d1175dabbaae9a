extension Store {
    /// A store of the screen with `id` of the stack at `stack`, for the screen's view; `nil` when there is no
    /// such screen now.
    ///
    /// ```swift
    /// .navigationDestination(for: ScreenID.self) { id in
    ///     if let screen = store.scope(\.path, id: id) { RouteView(store: screen) }
    /// }
    /// ```
    ///
    /// It is a store of an element (see ``scope(_:id:)->Store<Element>?``): its
    /// ``dispatch(_:)`` sends a ``ScreenMessage`` for the screen, its `skipRepeats` subscriptions are notified
    /// only when this screen changed, and once the screen is popped it keeps the state last read, notifies
    /// no one, and what it dispatches is not applied.
    ///
    /// - Parameters:
    ///   - stack: The stack.
    ///   - id: The screen's id.
    /// - Returns: A store of the screen, or `nil` when the stack has no screen with `id`.
    public func scope<Screen: State>(_ stack: KeyPath<S, ScreenStack<Screen>>, id: ScreenID) -> Store<Screen>? {
        guard let entry = scope(ScreenStack<Screen>.entries(at: stack), id: id) else { return nil }
        // The entry's `update` is the screen's: what the screen's store dispatches goes to the entry's as is.
        let backing = entry.scopeBacking.unsafelyUnwrapped
        let readEntry = backing.readState
        return Store<Screen>(
            scope: StoreScope(
                projection: backing.projection.appending(\ScreenStack<Screen>.Entry.screen),
                dispatch: backing.dispatch,
                dispatchReporting: { [reportToEntry = backing.dispatchReporting] message, waiting, read in
                    reportToEntry(message, waiting) { read($0?.screen) }
                },
                readState: {
                    let entry = readEntry()
                    return (entry.state.screen, entry.commit, entry.isPresent)
                },
                register: backing.register,
                effectRoot: backing.effectRoot),
            keepingAlive: entry.root ?? entry)
    }
}
