/// Holds a ``State``, applies the messages dispatched to it, and notifies subscribers of each change.
///
/// ```swift
/// let store = Store(initialState: CounterState(count: 0))
///
/// let unsubscribe = store.subscribe(\CounterState.count) { count in
///     print("Count: \(count)")
/// }
///
/// store.dispatch(CounterMessage.increment(amount: 1))
/// ```
///
/// Any thread may use a store at any time: messages are applied one at a time, each exactly once;
/// subscribers and effects run outside the lock, never two at once, and see every change in order.
/// <doc:ThreadModel> says who runs them, how much of other threads' work a call may do, when a
/// dispatch waits for room, and what may and may not block.
///
/// ## Lifetime
///
/// A store is not kept alive by its subscriptions or by the effects it runs: the `unsubscribe`
/// functions it returns and the ``Dispatcher``s it gives effects hold it weakly, and do nothing once it
/// is freed. (A callback that captures the store strongly does keep it alive, as any closure would.)
/// When the store is freed, it cancels the tasks of every async effect it still runs (see
/// ``Effects/run(priority:_:catch:)``), and every ``StoreValues`` loop over it ends. Changes it
/// committed but had not delivered yet are still delivered, by its delivery thread.
///
/// ## Re-entrancy
///
/// A subscriber or an effect may read ``state``, ``dispatch(_:)``, subscribe and unsubscribe without
/// deadlock. ``State/update(_:with:)`` may not: it runs under the lock, and calling back into its own
/// store stops the program with a message naming the mistake.
public final class Store<S: State>: Sendable {
    /// The storage of a store made with ``Store/init(initialState:backlogLimit:dependencies:observers:)``:
    /// the lock, the delivery protocol and the effects; `nil` for a scoped store. Exactly one of `storage`
    /// and ``scopeBacking`` is set. (Two optionals rather than an enum: taking the storage out of an enum
    /// retained it on every dispatch, which its weak references make slow.)
    @usableFromInline
    let storage: StoreStorage<S>?

    /// What a store made by ``Store/scope(_:)->Store<Child>`` forwards to: its root store, seen through a projection;
    /// `nil` for a root store.
    @usableFromInline
    let scopeBacking: StoreScope<S>?

    /// For a scoped store, the root store, which it keeps alive (`nil` for one made not to, and for a root
    /// store).
    @usableFromInline
    let root: (any AnyObject & Sendable)?

    /// Creates a store holding `initialState`.
    ///
    /// ```swift
    /// let store = Store(
    ///     initialState: CounterState(count: 0),
    ///     dependencies: Dependencies { $0.amountClient = AmountClient { 42 } },
    ///     observers: [.printChanges()])
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before any message is dispatched.
    ///   - backlogLimit: How many deliveries (state changes, effects and first states of new
    ///     subscriptions) may wait to be delivered before ``dispatch(_:)`` on other threads waits for room;
    ///     1,000 by default. A dispatch from inside a callback or an effect on the delivering thread never
    ///     waits, and may take the backlog past the limit. See <doc:ThreadModel>.
    ///   - dependencies: What the store's effects read from their `dispatch` (see ``Dependencies``); the
    ///     default value of every key by default.
    ///   - observers: Called with every message the store applies and the states around it, in commit
    ///     order (see ``StoreObserver``); none by default.
    @inlinable
    // Inlinable so that the storage's dispatcher is made for `S` (see `StoreStorage.startDispatching(with:)`):
    // unspecialised, each message an effect sent ran the store's generic code (W16: 32,859 -> 28,210
    // instructions, W17: 27,939 -> 22,989; ea9949a).
    public init(
        initialState: S, backlogLimit: Int = 1_000, dependencies: Dependencies = Dependencies(),
        observers: [StoreObserver<S>] = []
    ) {
        let storage = StoreStorage(
            initialState: initialState, backlogLimit: backlogLimit, dependencies: dependencies, observers: observers)
        storage.startDispatching(with: dependencies)
        self.storage = storage
        scopeBacking = nil
        root = nil
    }

    /// Creates a scoped store (see ``scope(_:)->Store<Child>``) that keeps `root` alive; with `nil`, one that works
    /// only while something else keeps the root alive.
    @usableFromInline
    init(scope: StoreScope<S>, keepingAlive root: (any AnyObject & Sendable)?) {
        storage = nil
        scopeBacking = scope
        self.root = root
    }

    deinit {
        storage?.storeFreed()
    }

    /// The current state: a consistent snapshot, taken under the store's lock.
    ///
    /// Safe to read from any thread, including from inside a subscriber or an effect. It already
    /// reflects every message whose ``dispatch(_:)`` has returned. Do not read it from inside
    /// ``State/update(_:with:)``: that stops the program (use the `state` parameter instead). For a store
    /// made by ``scope(_:)->Store<Child>``, it is the part of the root store's state that the scope reaches.
    @inlinable
    public var state: S {
        if let storage {
            return storage.state
        }
        return scopeBacking.unsafelyUnwrapped.readState().state
    }

    /// The current state, with its number (see ``StoreStateMachine/commits``) and whether this store's part
    /// is in the root's state (see ``StoreScope/readState``): what a model reads (see ``ObservedStore``).
    var committedState: (state: S, commit: UInt64, isPresent: Bool) {
        if let storage {
            let (state, commit) = storage.stateAndCommit
            return (state, commit, true)
        }
        return scopeBacking.unsafelyUnwrapped.readState()
    }

    /// Applies `message` to the state, then notifies subscribers and runs the returned effect.
    ///
    /// Safe to call from any thread, concurrently, and from inside subscribers and effects. The
    /// message is applied exactly once, under the store's lock; when `dispatch` returns, ``state``
    /// reflects it.
    ///
    /// When no other thread is delivering, `dispatch` delivers the change itself before it returns,
    /// together with what its callbacks and effects dispatch meanwhile, and at most 32 deliveries that
    /// other threads queued; the rest goes on in the store's delivery thread. When another thread is
    /// delivering, the change is queued for it. When ``Store/init(initialState:backlogLimit:dependencies:observers:)``'s
    /// `backlogLimit` deliveries are waiting, `dispatch` waits for room first, unless it is called on the
    /// delivering thread. See <doc:ThreadModel>.
    ///
    /// From async code (a request handler, any task on Swift's cooperative pool), prefer
    /// ``send(_:)``, which suspends instead of blocking when the backlog is full and delivers no other
    /// thread's changes.
    ///
    /// A message that no ``State/update(_:with:)`` handles costs one lock round trip and allocates
    /// nothing. A store made by ``scope(_:)->Store<Child>`` dispatches to its root store, whose `update` applies the
    /// message.
    ///
    /// - Parameter message: The message to apply.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    public func dispatch(_ message: any Message) {
        if _fastPath(storage != nil) {
            storage.unsafelyUnwrapped.dispatch(message)
        } else {
            dispatchToRoot(message)
        }
    }

    /// A scoped store's dispatch, out of line so that a root store's stays short.
    @usableFromInline
    @inline(never)
    func dispatchToRoot(_ message: any Message) {
        scopeBacking.unsafelyUnwrapped.dispatch(message)
    }
}
