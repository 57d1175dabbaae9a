extension Store {
    /// A store of the part of this store's state at `keyPath`, for a component that knows only its own
    /// state.
    ///
    /// ```swift
    /// struct AppState: State {
    ///     var counter = CounterState()
    ///     var history = HistoryState()
    ///
    ///     static func update(_ state: inout AppState, with message: Message) -> Effect? {
    ///         makeSerialUpdate(\.counter, \.history)(&state, message)
    ///     }
    /// }
    ///
    /// let app = Store(initialState: AppState())
    /// let counter: Store<CounterState> = app.scope(\.counter)
    /// let unsubscribe = counter.subscribe(\.count) { count in print("Count: \(count)") }
    /// counter.dispatch(CounterMessage.increment(amount: 1))  // the app's update applies it
    /// ```
    ///
    /// The scoped store is a `Store<Child>` like any other, so a component written against a
    /// `Store<Child>` works unchanged whether it is given a store of its own or a scope of the app's:
    /// - ``state`` is the child part of the root's current state.
    /// - ``dispatch(_:)`` dispatches to the root store, which stays the one source of truth, a
    ///   ``SubstateMessage`` that addresses the message to this part: the function
    ///   ``State/makeSerialUpdate(_:)`` returns gives it to the sub-state at `keyPath` only (not to a sibling
    ///   of the same type), and what that sub-state's effects dispatch comes back to it only. Scope one
    ///   property at a time (`app.scope(\.left).scope(\.top)`), as each level's `makeSerialUpdate` names its
    ///   own sub-states: a path through several (`scope(\.left.top)`) is not one of them, and its messages
    ///   reach every sub-state, as if dispatched to the root. An `update` written by hand receives the
    ///   ``SubstateMessage`` (see there).
    /// - `subscribe` and `values(_:)` watch values of the child state. They are subscriptions of the
    ///   root store, on the path from the root through `keyPath`: a scoped subscription reads the same
    ///   memory as a root subscription on that path, shares its read and comparison per change, and
    ///   costs no more. A subscription of the child sees exactly the root's changes of its value, with
    ///   the root's ordering and threading (see <doc:ThreadModel>).
    /// - `scope` of a scoped store goes further down from the same root.
    ///
    /// A scoped store keeps its root store alive; the root does not keep its scoped stores alive. Its
    /// `unsubscribe` functions and `values` sequences hold the root weakly, as the root's own do.
    ///
    /// - Parameter keyPath: The part of the state the new store holds.
    /// - Returns: A store whose state is the value at `keyPath` of this store's state.
    @inlinable
    public func scope<Child: State>(_ keyPath: KeyPath<S, Child>) -> Store<Child> {
        let path = SendableKeyPath(keyPath)
        let address = ChildAddress(keyPath)  // found once, not at each message
        if let storage {
            return Store<Child>(
                scope: StoreScope(
                    projection: StateProjection<S>.root.appending(keyPath),
                    dispatch: { [weak storage] message in
                        storage?.dispatch(SubstateMessage(path.keyPath, address: address, message))
                    },
                    dispatchReporting: { [weak storage] message, waiting, read in
                        guard let storage else { return .notApplied(reason: StoreScope<Child>.rootIsGone) }
                        return storage.dispatchReporting(
                            SubstateMessage(path.keyPath, address: address, message), unlessCancelled: nil,
                            waiting: waiting
                        ) { read($0[keyPath: path.keyPath]) }
                    },
                    readState: { [weak storage] in
                        // Only a scoped store that keeps the root alive reads its state.
                        guard let storage else {
                            preconditionFailure(
                                "Swivelish: a scoped store's state was read after its root store was freed")
                        }
                        let (state, commit) = storage.stateAndCommit
                        return (state[keyPath: path.keyPath], commit, true)
                    },
                    register: { [weak storage] request in storage?.subscribe(request) ?? .rootIsGone },
                    effectRoot: { [weak storage] in storage?.effectRoot }
                ),
                keepingAlive: self)
        }
        let parent = scopeBacking.unsafelyUnwrapped
        let readParent = parent.readState
        return Store<Child>(
            scope: StoreScope(
                projection: parent.projection.appending(keyPath),
                dispatch: { [dispatchToParent = parent.dispatch] message in
                    dispatchToParent(SubstateMessage(path.keyPath, address: address, message))
                },
                dispatchReporting: { [reportToParent = parent.dispatchReporting] message, waiting, read in
                    reportToParent(SubstateMessage(path.keyPath, address: address, message), waiting) {
                        read($0?[keyPath: path.keyPath])
                    }
                },
                readState: {
                    let parent = readParent()
                    return (parent.state[keyPath: path.keyPath], parent.commit, parent.isPresent)
                },
                register: parent.register,
                effectRoot: parent.effectRoot
            ),
            keepingAlive: root)
    }
}
