/// What a ``Store`` knows while its lock is held: the state, the subscriptions, the deliveries waiting to
/// be performed, and the dispatches waiting for room. A plain value, that never calls user code (except
/// `State.update`, which ``StoreStorage`` runs on ``state``), never touches an atomic or a thread, and lets go
/// of nothing that may hold user code: each method returns what the caller must do after unlocking, and the
/// values that leave the machine go with it.
///
/// ``StoreStorage`` holds the lock, and tells each method where its caller stands (a ``Caller``): whether it
/// just became the *deliverer*, the one thread that performs notifications and effects, in commit order;
/// whether it is the deliverer already (inside a callback or an effect it performs); or whether another
/// thread delivers. The rules the machine keeps:
/// - **One deliverer.** Work committed by a caller that became the deliverer is returned to it to perform
///   after unlocking; work committed by anyone else is queued for the deliverer.
/// - **Bounded work per call.** A caller that became the deliverer performs its own work, the work its
///   callbacks queue meanwhile (*re-entrant* work), and at most a budget of deliveries that other threads
///   queued (``next(budget:)``); then the machine says to hand delivery on to a delivery thread.
/// - **Audience.** A change reaches the subscriptions that existed when it was committed: those with an id
///   below the change's audience (ids only grow). A subscription made later starts from its own first
///   state, queued behind every earlier delivery.
/// - **Backpressure.** When ``backlogLimit`` deliveries wait, a dispatch from a thread that is not the
///   deliverer waits for room before applying its message, in arrival order (tickets). The deliverer never
///   waits: it would wait for itself. A dispatch that suspends rather than block (an async `send`) parks
///   in the same line, and is admitted when its turn comes, before its task runs again: the line never
///   waits for a task (see ``park(_:ticket:)``).
///
/// Only the machine's methods read or write its stored properties: they are `@usableFromInline` (so that a
/// dispatch is specialized for the user's state, see ``StoreStorage``) but not part of its API, which is
/// the methods and computed properties of the struct's body. Its own steps (in the extension at the end of
/// this file) are not part of it either. The storage and the engine's tests use that API alone
/// (`.ci/check-engine-api` checks it).
@usableFromInline
struct StoreStateMachine<S: State> {
    /// Where the caller of a method stands with respect to delivery, as ``StoreStorage`` found it under the
    /// lock (see ``DeliveryFlag``).
    @usableFromInline
    enum Caller {
        /// The caller just became the deliverer: it performs the work it commits, after unlocking.
        case becameDeliverer
        /// The caller is the deliverer already (a callback or an effect it performs called the store): its
        /// work is queued, and is re-entrant (it does not count against the caller's budget).
        case deliverer
        /// Another thread delivers: the work is queued for it.
        case bystander
    }

    /// What the deliverer does next.
    @usableFromInline
    enum Next {
        /// Perform `delivery` (a change carries the subscriptions to notify).
        case perform(Delivery<S>)
        /// Let `delivery` go without performing it (the first state of a subscription ended before it).
        case skip(Delivery<S>)
        /// Start the delivery thread and return: the caller used its budget.
        case handOff
        /// Stop delivering and return: the queue is empty.
        case finish
    }

    /// How many deliveries queued by other threads a caller performs before handing delivery on.
    @usableFromInline
    static var deliveryBudget: Int { 32 }

    /// The state, in a box that deliveries read in place (see ``StateBox``). Handed out only by
    /// ``lendBox()``, which records that someone else may hold it.
    @usableFromInline
    private(set) var box: StateBox<S>

    /// Whether someone other than the machine may hold ``box``: set when it is lent, cleared when it is
    /// found to be the machine's alone. While it is clear, `update` writes the box without checking its
    /// reference count (a store without subscribers never lends it).
    @usableFromInline
    var boxMayBeShared = false

    /// The number of the state in ``box``: the initial state is 0, and each state `update` makes is the
    /// next. Deliveries carry the number of the state they deliver (see ``Change/commit``), and a model reads
    /// it with the state (see ``ObservedStore``), so that each knows which of two states is the newer.
    @usableFromInline
    var commits: UInt64 = 0

    @usableFromInline
    var subscriptions = SubscriptionList()

    /// The id the next subscription gets. A change is delivered to the subscriptions below it.
    @usableFromInline
    var nextSubscriptionID: UInt64 = 0

    /// Deliveries committed while another thread was delivering, or by the deliverer itself.
    @usableFromInline
    var queue = DeliveryQueue<S>()

    /// The watch of each key path that subscriptions read, shared by them (see ``Watch``).
    @usableFromInline
    var watches: [WatchKey: Watch] = [:]

    /// The most deliveries that may wait before dispatching threads wait for room.
    @usableFromInline
    let backlogLimit: Int

    /// Dispatches waiting for room in the queue.
    @usableFromInline
    var waitingDispatches = 0

    /// The ticket the next waiting dispatch gets, and the ticket of the one that goes next.
    private var nextTicket: UInt64 = 0
    private var servedTicket: UInt64 = 0

    /// The waiting dispatches that suspend rather than block (``RoomWaiting/suspends(isAdmitted:)``), by
    /// ticket: each is resumed when its turn comes (``parkedTurnsToResume()``), where a blocked one is woken by
    /// the lock's condition.
    private var parkedTurns: [UInt64: CheckedContinuation<Void, Never>] = [:]

    /// Dispatches that suspended for their turn, were admitted and resumed, and have not applied their
    /// message yet: room is kept for them from other suspended dispatches, not from blocked ones.
    private var admittedSends = 0

    @inlinable
    init(state: S, backlogLimit: Int) {
        box = StateBox.make(state)
        self.backlogLimit = backlogLimit
    }

    // MARK: - The state

    /// A copy of the state.
    @inlinable
    var state: S {
        box.state
    }

    /// The current state and its number (see ``commits``), read together.
    @inlinable
    var stateAndCommit: (state: S, commit: UInt64) {
        (box.state, commits)
    }

    /// Applies `message` to the state with `State.update`, in place, and numbers the new state. Returns the
    /// effect `update` returned, and the state's old box when a delivery still held it (see
    /// ``makeStateWritable(tellingThreadSanitizer:)``), for the caller to let go of after unlocking.
    ///
    /// - Parameter tellingThreadSanitizer: Whether the program runs under ThreadSanitizer (see
    ///   ``makeStateWritable(tellingThreadSanitizer:)``).
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    mutating func apply(
        _ message: any Message, tellingThreadSanitizer: Bool
    ) -> (effect: Effect?, replaced: StateBox<S>?) {
        let replaced = makeStateWritable(tellingThreadSanitizer: tellingThreadSanitizer)
        let effect = S.update(&box.pointer.pointee, with: message)
        commits &+= 1
        return (effect, replaced)
    }

    // MARK: - Dispatching

    /// Whether a dispatch must stop before applying its message: the queue is full, or others wait already
    /// (they go first). Checked on every dispatch, so it is two comparisons; ``admit(isDeliverer:)`` decides.
    @inlinable
    var mayHaveToWait: Bool {
        queue.count >= backlogLimit || waitingDispatches != 0
    }

    /// Called when ``mayHaveToWait``: returns `nil` when the caller may apply its message now (it is the
    /// deliverer, or there is room after all), or the ticket it must wait with. A caller that gets a ticket
    /// must make sure the deliverer takes the lock before it stops (it wakes the waiters).
    mutating func admit(isDeliverer: Bool) -> UInt64? {
        if isDeliverer {
            return nil  // the deliverer never waits: it would wait for itself
        }
        guard queue.count >= backlogLimit || waitingDispatches != 0 else { return nil }
        waitingDispatches += 1
        defer { nextTicket += 1 }
        return nextTicket
    }

    /// Whether the dispatch holding `ticket` may stop waiting.
    func mayApply(ticket: UInt64) -> Bool {
        ticket == servedTicket && queue.count < backlogLimit
    }

    /// Records that the dispatch with the served ticket stopped waiting. Returns whether to wake the others,
    /// so that the next ticket checks for room.
    mutating func stopWaiting() -> Bool {
        servedTicket += 1
        waitingDispatches -= 1
        return shouldWakeWaiting
    }

    /// Whether dispatches wait and there is room: the storage then wakes them
    /// (``StoreStorage/wakeWaitingDispatches()``).
    @inlinable
    var shouldWakeWaiting: Bool {
        waitingDispatches > 0 && queue.count < backlogLimit
    }

    /// Parks `continuation`, of a dispatch holding `ticket` that suspends until its turn rather than block
    /// (see ``RoomWaiting/suspends(isAdmitted:)``), for ``parkedTurnsToResume()`` to admit and return when its
    /// turn comes. Returns `false`, and parks nothing, when its turn has come already: the dispatch is
    /// admitted, and the caller resumes it at once.
    ///
    /// A dispatch that suspends is admitted when its turn comes, before it runs again: the line goes on
    /// without waiting for its task to run, so a thread blocked behind it in the line (see ``mayApply(ticket:)``)
    /// never waits for a task, which may need that thread to run. Room is kept for the admitted ones from
    /// the later dispatches that suspend; a blocked one may take it, and the backlog then goes past the
    /// limit by the admitted dispatches that had not run yet.
    mutating func park(_ continuation: CheckedContinuation<Void, Never>, ticket: UInt64) -> Bool {
        guard ticket == servedTicket, queue.count + admittedSends < backlogLimit else {
            parkedTurns[ticket] = continuation
            return true
        }
        admitSuspended()
        return false
    }

    /// Admits the dispatches that suspended and whose turn has come, while there is room for them, and
    /// returns their continuations for the caller to resume. Called wherever blocked dispatches are woken.
    @usableFromInline
    mutating func parkedTurnsToResume() -> [CheckedContinuation<Void, Never>] {
        var resumed: [CheckedContinuation<Void, Never>] = []
        while waitingDispatches > 0, queue.count + admittedSends < backlogLimit,
            let continuation = parkedTurns.removeValue(forKey: servedTicket)
        {
            admitSuspended()
            resumed.append(continuation)
        }
        return resumed
    }

    /// Records that an admitted dispatch that suspended (see ``park(_:ticket:)``) is back, about to apply its
    /// message: the room kept for it is its to take. Returns whether to wake waiting dispatches (it may
    /// commit nothing, and leave the room to them).
    mutating func applyAdmitted() -> Bool {
        precondition(admittedSends > 0, "Swivelish: a send applied as admitted was not admitted")
        admittedSends -= 1
        return shouldWakeWaiting
    }

    /// Whether a change committed with `effect` has anything to deliver: an effect, or subscribers.
    @inlinable
    func hasDeliveries(_ effect: Effect?) -> Bool {
        effect != nil || !subscriptions.isEmpty
    }

    /// Commits the change ``apply(_:tellingThreadSanitizer:)`` just made, with its effect. Returns the change
    /// to a caller that became the deliverer, with the subscriptions to notify, for it to deliver after
    /// unlocking; otherwise queues it for the deliverer and returns `nil`. Call it only when the change
    /// ``hasDeliveries(_:)``.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    mutating func commit(_ effect: Effect?, by caller: Caller) -> Change<S>? {
        if case .becameDeliverer = caller {
            return Change(
                box: lendBox(), commit: commits, effect: effect, slots: subscriptions.slots,
                audience: nextSubscriptionID)
        }
        let change = Change(
            box: lendBox(), commit: commits, effect: effect, slots: [], audience: nextSubscriptionID)
        queue.append(.change(change), isReentrant: caller.isDeliverer)
        return nil
    }

    /// Commits the change ``apply(_:tellingThreadSanitizer:)`` just made in a store with observers, behind
    /// `event`, which tells them of it. A caller that became the deliverer gets `true`, to deliver the event
    /// after unlocking, and then the change it gets (`nil` when the change has nothing to deliver, see
    /// ``hasDeliveries(_:)``); otherwise both are queued, and the caller gets `false` and `nil`.
    ///
    /// (The event stays with the caller rather than coming back in the result: a generic struct in an
    /// optional tuple is copied and destroyed through its value witnesses, which cost W10 about 600
    /// instructions a dispatch.)
    @inlinable
    @inline(__always)  // W10: 1,297 instructions a dispatch with it called, 1,235 with it inlined
    mutating func commit(
        _ event: StoreEvent<S>, then effect: Effect?, by caller: Caller
    ) -> (deliversEvent: Bool, change: Change<S>?) {
        let hasDeliveries = hasDeliveries(effect)
        if case .becameDeliverer = caller {
            return (true, hasDeliveries ? commit(effect, by: caller) : nil)
        }
        queue.append(.event(event), isReentrant: caller.isDeliverer)
        if hasDeliveries {
            _ = commit(effect, by: caller)
        }
        return (false, nil)
    }

    // MARK: - Subscribing

    /// Adds a subscription reading through the watch of its key (made by the request if no subscription has
    /// it yet, or if the request's watch is its own), and returns its id. With a `caller` (when the request
    /// delivers a first state), its first state is returned to a caller that became the deliverer, which
    /// delivers it after unlocking, and queued otherwise.
    @inlinable
    mutating func subscribe(
        _ request: SubscriptionRequest, by caller: Caller?
    ) -> (id: UInt64, first: FirstState<S>?) {
        let watch: Watch
        if !request.key.isShared {
            watch = request.makeWatch()
        } else if let existing = watches[request.key] {
            watch = existing
        } else {
            watch = request.makeWatch()
            watches[request.key] = watch
        }
        watch.subscriberCount += 1
        let id = nextSubscriptionID
        nextSubscriptionID += 1
        let subscription = Subscription(
            id: id, watch: watch, skipsRepeats: request.skipsRepeats,
            receivesFirstState: request.receivesFirstState, receive: request.receive)
        if let element = request.element {
            subscriptions.append(subscription, watching: element, in: UnsafeRawPointer(box.pointer))
        } else {
            subscriptions.append(subscription)
        }
        guard let caller else { return (id, nil) }
        if case .becameDeliverer = caller {
            return (id, FirstState(subscription: subscription, box: lendBox(), commit: commits))
        }
        queue.append(.first(subscription, lendBox(), commit: commits), isReentrant: caller.isDeliverer)
        return (id, nil)
    }

    /// Removes the subscription with `id` and returns it, to be released after unlocking; `nil` when it was
    /// removed before. Removed by the deliverer itself, it is skipped by the delivery in progress too.
    @inlinable
    mutating func unsubscribe(id: UInt64, isDeliverer: Bool) -> Subscription? {
        guard let subscription = subscriptions.remove(id: id) else { return nil }
        subscription.isSubscribed = false
        subscription.watch.subscriberCount -= 1
        if subscription.watch.subscriberCount == 0 && subscription.watch.key.isShared {
            // The subscription still holds the watch, so it is released with it, unlocked.
            watches[subscription.watch.key] = nil
        }
        if isDeliverer {
            subscription.isCancelledDuringDelivery = true
        }
        return subscription
    }

    // MARK: - Delivering

    /// Routes an effect to run where effects run (the next part of a `concat`): returned to a caller that
    /// became the deliverer, queued otherwise.
    mutating func schedule(_ effect: @escaping Effect, with dispatcher: Dispatcher, by caller: Caller) -> Delivery<S>? {
        route(.effect(effect, dispatcher), by: caller)
    }

    /// Called by the deliverer after each delivery: takes the next one, or hands delivery on when `budget`
    /// (the deliveries queued by other threads it may still perform) is used up, or finishes when nothing is
    /// left. The second value says whether dispatches waiting for room should be woken (after unlocking).
    @inlinable
    mutating func next(budget: inout Int) -> (Next, wakeWaiting: Bool) {
        guard !queue.isEmpty else {
            return (.finish, waitingDispatches > 0)
        }
        if !queue.firstIsReentrant {
            guard budget > 0 else {
                return (.handOff, false)
            }
            budget -= 1
        }
        let delivery = queue.popFirst()!
        let wake = shouldWakeWaiting
        switch delivery {
        case let .change(change):
            let withSlots = Change(
                box: change.box, commit: change.commit, effect: change.effect, slots: subscriptions.slots,
                audience: change.audience)
            return (.perform(.change(withSlots)), wake)
        case let .first(subscription, _, _) where !subscription.isSubscribed:
            return (.skip(delivery), wake)  // unsubscribed before it got its first state
        case .first, .effect, .event:
            return (.perform(delivery), wake)
        }
    }

    // MARK: - Counts, for tests

    /// The number of deliveries waiting in the queue.
    var queuedCount: Int { queue.count }

    /// The number of deliveries the queue has room for without growing its storage.
    var queueCapacity: Int { queue.items.capacity }

    /// The number of dispatches waiting for room in the queue.
    var waitingCount: Int { waitingDispatches }

    /// The number of those that suspend rather than block, and have parked (see ``park(_:ticket:)``).
    var parkedCount: Int { parkedTurns.count }

    /// The number of dispatches that suspended, were admitted, and have not applied their message yet.
    var admittedCount: Int { admittedSends }

    /// The number of live subscriptions.
    var subscriptionCount: Int { subscriptions.count }

    /// The number of watches that subscriptions share (one per key path read, see ``Watch``).
    var sharedWatchCount: Int { watches.count }
}

extension StoreStateMachine.Caller {
    /// Whether work of this caller is queued as re-entrant.
    @inlinable
    var isDeliverer: Bool {
        if case .deliverer = self { true } else { false }
    }
}

// MARK: - The machine's own steps
//
// Called by the machine's methods only, not by the storage or the tests (`.ci/check-engine-api`).

extension StoreStateMachine {
    /// Makes the state's box the machine's own before `update` writes it: when a delivery, or a change
    /// waiting in the queue, still holds the box, the state is copied into a new one, and the old box is
    /// returned for the caller to let go of after unlocking (freeing it may free values the user owns, whose
    /// `deinit` may call the store). `nil` when the box was the machine's alone, the usual case.
    ///
    /// - Parameter tellingThreadSanitizer: Whether the program runs under ThreadSanitizer, which is told
    ///   that the box's earlier readers are done (a flag the caller keeps: a dispatch tests a stored flag,
    ///   and looks up no global).
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    mutating func makeStateWritable(tellingThreadSanitizer: Bool) -> StateBox<S>? {
        guard boxMayBeShared else { return nil }
        if _fastPath(isKnownUniquelyReferenced(&box)) {
            boxMayBeShared = false
            // The deliveries that held the box are done reading it (see `StateBox`).
            if tellingThreadSanitizer { ThreadSanitizer.acquire(box.pointer) }
            return nil
        }
        return replaceBox()
    }

    /// Puts a copy of the state in a new box, the machine's alone, and returns the old one.
    @usableFromInline
    mutating func replaceBox() -> StateBox<S> {
        let shared = box
        box = StateBox.make(shared.state)
        boxMayBeShared = false
        shared.endReads(tellingThreadSanitizer: ThreadSanitizer.isEnabled)
        return shared
    }

    /// The state's box, for a delivery or a change to hold: from now on, `update` checks whether it is still
    /// held before writing it (see ``makeStateWritable(tellingThreadSanitizer:)``).
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    mutating func lendBox() -> StateBox<S> {
        boxMayBeShared = true
        return box
    }

    /// Admits the dispatch that suspended with the served ticket: it leaves the line, and room is kept for
    /// it until it applies its message (``applyAdmitted()``).
    mutating func admitSuspended() {
        servedTicket += 1
        waitingDispatches -= 1
        admittedSends += 1
    }

    /// Returns `delivery` to a caller that became the deliverer; queues it otherwise.
    @inlinable
    mutating func route(_ delivery: Delivery<S>, by caller: Caller) -> Delivery<S>? {
        if case .becameDeliverer = caller {
            return delivery
        }
        queue.append(delivery, isReentrant: caller.isDeliverer)
        return nil
    }
}
