/// The whole delivery protocol of a ``Store``, as a plain value: the state, the subscriptions, the queue of
/// undelivered work, who delivers it, and who must wait for room.
///
/// Every mutating method runs with the store's lock held and returns what the caller must do after
/// unlocking ([``StoreStorage``] holds the lock and does it). One step runs without the lock:
/// ``stopDelivering(_:)``, by which the deliverer of its own change stops with one atomic exchange (see
/// ``DeliveryFlag``). Nothing here calls user code (except
/// `State.update`, which the caller runs on ``state``) or lets go of a value that may hold user code:
/// values leaving the machine are returned, so that they are released after unlocking.
///
/// The rules:
/// - **One deliverer.** Notifications and effects are performed by one thread at a time, the
///   *deliverer*, in commit order. A thread that commits work while no one delivers becomes the
///   deliverer and performs it itself; otherwise the work is queued for the deliverer. Whether someone
///   delivers is the atomic ``deliveryFlag``; who it is, ``deliverer``.
/// - **Bounded work per call.** A thread that became the deliverer inside a call (`dispatch`,
///   `subscribe`, an effect's `dispatch`) performs its own work, the work its callbacks queue while it
///   delivers (*re-entrant* work), and at most ``deliveryBudget`` deliveries that other threads queued.
///   When it has used that budget and work remains, it hands delivery on to a delivery thread that the
///   store starts (``Deliverer/handingOff``), and returns. The delivery thread has no budget; it ends when
///   the queue is empty.
/// - **Audience.** A change reaches the subscriptions that existed when it was committed: those with an
///   id below the change's audience (ids only grow). A subscription made later starts from its own first
///   state, queued behind every earlier delivery.
/// - **Cancel during delivery.** A subscription removed by the deliverer itself (from inside a callback
///   or an effect) is skipped by the delivery in progress too; one removed by another thread may still get
///   the one delivery in progress, as the deliverer reads the snapshot of subscriptions it took.
/// - **Backpressure.** When ``backlogLimit`` deliveries wait in the queue, a `dispatch` from a thread
///   that is not the deliverer waits for room before applying its message; waiting dispatches go in
///   arrival order (tickets). The deliverer itself never waits: its callbacks and effects may dispatch
///   past the limit, as waiting for itself would deadlock.
@usableFromInline
struct StoreStateMachine<S: State> {
    /// Who performs deliveries, while ``deliveryFlag`` says someone does.
    @usableFromInline
    enum Deliverer {
        /// A thread performs deliveries: the caller of a store method, or the store's delivery thread.
        case thread(ThreadID)
        /// A thread used its budget and is starting the delivery thread, which has not taken over yet.
        case handingOff
    }

    /// A change the caller delivers itself, straight away: the fast path, with no ``Delivery`` made.
    @usableFromInline
    struct Change {
        @usableFromInline
        let state: S
        @usableFromInline
        let effect: Effect?
        @usableFromInline
        let slots: ContiguousArray<SubscriptionList.Slot>
        @usableFromInline
        let audience: UInt64

        @inlinable
        init(state: S, effect: Effect?, slots: ContiguousArray<SubscriptionList.Slot>, audience: UInt64) {
            self.state = state
            self.effect = effect
            self.slots = slots
            self.audience = audience
        }
    }

    /// The values of ``StoreStateMachine/deliveryFlag``: whether someone delivers, and whether it must take
    /// the lock before it stops.
    ///
    /// The flag changes only with the lock held, except for one step: the deliverer of a change it
    /// committed itself stops with an exchange from ``delivering`` to ``idle``, without the lock, which
    /// saves a lock round trip on every dispatch that has subscribers. That is sound because whoever
    /// queues work, or starts to wait for room, first changes ``delivering`` to ``mustCheck`` (with the
    /// lock held, in the same locked step as the queueing): the deliverer's exchange then fails, and it
    /// takes the lock and goes on with ``next(budget:)``. If the deliverer's exchange comes first, the
    /// queuer's fails, and the queuer, which holds the lock, finds no one delivering and an empty queue,
    /// so it becomes the deliverer itself. Exchanges acquire and release, so what the old deliverer did
    /// (its subscribers' calls, the watches it read) is visible to the next one.
    @usableFromInline
    enum DeliveryFlag {
        /// No one delivers, and the queue is empty.
        @usableFromInline
        static var idle: Int { 0 }
        /// A thread delivers; nothing was queued for it since it last looked.
        @usableFromInline
        static var delivering: Int { 1 }
        /// A thread delivers, and must take the lock to look at the queue before it stops.
        @usableFromInline
        static var mustCheck: Int { 2 }
    }

    /// What the deliverer does next.
    @usableFromInline
    enum Next {
        /// Perform `delivery`, notifying from `slots`.
        case perform(Delivery<S>, slots: ContiguousArray<SubscriptionList.Slot>)
        /// Let `delivery` go without performing it (the first state of a subscription ended before it).
        case skip(Delivery<S>)
        /// Start the delivery thread and return: the caller used its budget.
        case handOff
        /// Return: the queue is empty and no one delivers any more.
        case finished
    }

    /// How many deliveries queued by other threads a caller performs before handing delivery on.
    @usableFromInline
    static var deliveryBudget: Int { 32 }

    @usableFromInline
    var state: S

    @usableFromInline
    var subscriptions = SubscriptionList()

    /// The id the next subscription gets. A change is delivered to the subscriptions below it.
    @usableFromInline
    var nextSubscriptionID: UInt64 = 0

    /// Deliveries committed while another thread was delivering.
    @usableFromInline
    var queue = DeliveryQueue<S>()

    /// The watch of each key path that subscriptions read, shared by them (see ``Watch``).
    @usableFromInline
    var watches: [WatchKey: Watch] = [:]

    /// Whether someone delivers: a ``DeliveryFlag`` value. The storage holds the same word, to stop
    /// delivering without the lock (``stopDelivering(_:)``).
    @usableFromInline
    let deliveryFlag: AtomicWord

    /// Who delivers; meaningful only while ``deliveryFlag`` is not ``DeliveryFlag/idle``.
    @usableFromInline
    var deliverer = Deliverer.handingOff

    /// The most deliveries that may wait before dispatching threads wait for room.
    @usableFromInline
    let backlogLimit: Int

    /// Dispatches waiting for room in the queue.
    @usableFromInline
    var waitingDispatches = 0

    /// The ticket the next waiting dispatch gets, and the ticket of the one that goes next.
    var nextTicket: UInt64 = 0
    var servedTicket: UInt64 = 0

    @inlinable
    init(state: S, backlogLimit: Int, deliveryFlag: AtomicWord) {
        self.state = state
        self.backlogLimit = backlogLimit
        self.deliveryFlag = deliveryFlag
    }

    /// Whether the calling thread is the deliverer (inside a callback or an effect it performs).
    @inlinable
    var callerIsDeliverer: Bool {
        guard deliveryFlag.load() != DeliveryFlag.idle, case let .thread(thread) = deliverer else { return false }
        return isCurrentThread(thread)
    }

    /// Makes the caller the deliverer when no one delivers, and returns `true`. Otherwise returns `false`
    /// and tells the deliverer to look at the queue before it stops: the caller must queue its work in
    /// the same locked step.
    @inlinable
    mutating func becomeDelivererOrPrepareToQueue() -> Bool {
        switch deliveryFlag.load() {
        case DeliveryFlag.idle:
            break
        case DeliveryFlag.delivering:
            // When the exchange fails, the deliverer stopped meanwhile, by its exchange without the lock. It
            // found nothing queued, and nothing was queued since (that needs the lock, held here): the queue
            // is empty, and the caller delivers.
            if deliveryFlag.compareExchange(expected: DeliveryFlag.delivering, desired: DeliveryFlag.mustCheck) {
                return false
            }
        default:
            return false
        }
        deliverer = .thread(currentThread())
        deliveryFlag.store(DeliveryFlag.delivering)
        return true
    }

    // MARK: - Dispatching

    /// Whether a dispatch must stop before applying its message: the queue is full, or others wait
    /// already (they go first). Checked on every dispatch, so it is two comparisons; ``admit()`` decides.
    @inlinable
    var mayHaveToWait: Bool {
        queue.count >= backlogLimit || waitingDispatches != 0
    }

    /// Called when ``mayHaveToWait``: returns `nil` when the caller may apply its message now (it is the
    /// deliverer, or there is room after all), or the ticket it must wait with.
    mutating func admit() -> UInt64? {
        if callerIsDeliverer {
            return nil  // the deliverer never waits: it would wait for itself
        }
        guard queue.count >= backlogLimit || waitingDispatches != 0 else { return nil }
        // The deliverer must not stop without the lock while a dispatch waits: it wakes the waiters.
        _ = deliveryFlag.compareExchange(expected: DeliveryFlag.delivering, desired: DeliveryFlag.mustCheck)
        waitingDispatches += 1
        defer { nextTicket += 1 }
        return nextTicket
    }

    /// Whether the dispatch holding `ticket` may stop waiting.
    func mayApply(ticket: UInt64) -> Bool {
        ticket == servedTicket && queue.count < backlogLimit
    }

    /// Records that the dispatch with the served ticket stopped waiting. Returns whether to wake the
    /// others, so that the next ticket checks for room.
    mutating func stopWaiting() -> Bool {
        servedTicket += 1
        waitingDispatches -= 1
        return waitingDispatches > 0 && queue.count < backlogLimit
    }

    /// Whether a change committed with `effect` has anything to deliver: an effect, or subscribers.
    @inlinable
    func hasDeliveries(_ effect: Effect?) -> Bool {
        effect != nil || !subscriptions.isEmpty
    }

    /// Commits the change ``state`` just received from `update`, with its effect, when it
    /// ``hasDeliveries(_:)``. When no one delivers, the caller becomes the deliverer and gets `true`: it
    /// takes the change with ``change(with:)``, delivers it after unlocking, then stops with
    /// ``stopDelivering(_:)``. Otherwise the change is queued for the deliverer, and the caller gets
    /// `false`.
    ///
    /// (Three calls rather than one returning an optional change: the optional of a generic struct costs a
    /// call through value witnesses on every dispatch.)
    @inlinable
    mutating func commit(_ effect: Effect?) -> Bool {
        if becomeDelivererOrPrepareToQueue() {
            return true
        }
        enqueue(.change(state, effect: effect, audience: nextSubscriptionID))
        return false
    }

    /// Commits the change ``state`` just received from `update` in a store with observers: `event` for the
    /// observers, then the change when it ``hasDeliveries(_:)``. When no one delivers, the caller becomes
    /// the deliverer and gets `true`: it notifies the observers of `event`, delivers the change (taken
    /// with ``change(with:)`` before unlocking), then stops as for ``commit(_:)``. Otherwise both are
    /// queued, in that order, and the caller gets `false`.
    @inlinable
    mutating func commitObserved(_ event: StoreEvent<S>, effect: Effect?) -> Bool {
        if becomeDelivererOrPrepareToQueue() {
            return true
        }
        enqueue(.event(event))
        if hasDeliveries(effect) {
            enqueue(.change(state, effect: effect, audience: nextSubscriptionID))
        }
        return false
    }

    /// The change just committed, for the caller that became the deliverer.
    @inlinable
    func change(with effect: Effect?) -> Change {
        Change(state: state, effect: effect, slots: subscriptions.slots, audience: nextSubscriptionID)
    }

    // MARK: - Subscribing

    /// Adds a subscription reading through the watch of `key` (made by `makeWatch` if no subscription
    /// has it yet), with the callback `makeReceive` makes for that watch. With `deliversFirstState`, also
    /// delivers its first state: returned to perform when the caller becomes the deliverer, queued
    /// otherwise.
    @inlinable
    @inline(__always)
    mutating func subscribe<W: Watch>(
        key: WatchKey,
        makeWatch: () -> W,
        skipsRepeats: Bool,
        receivesFirstState: Bool,
        deliversFirstState: Bool,
        _ makeReceive: (W) -> () -> Void
    ) -> (id: UInt64, first: Delivery<S>?) {
        let watch: W
        if let existing = watches[key] {
            // The key holds the key path, so its root and value types: the watch stored for it is a `W`.
            watch = unsafeDowncast(existing, to: W.self)
        } else {
            watch = makeWatch()
            watches[key] = watch
        }
        watch.subscriberCount += 1
        let id = nextSubscriptionID
        nextSubscriptionID += 1
        let subscription = Subscription(
            id: id, watch: watch, skipsRepeats: skipsRepeats, receivesFirstState: receivesFirstState,
            receive: makeReceive(watch))
        subscriptions.append(subscription)
        guard deliversFirstState else { return (id, nil) }
        return (id, deliverOrQueue(.first(subscription, state)))
    }

    /// Removes the subscription with `id` and returns it, to be released after unlocking; `nil` when it
    /// was removed before.
    @inlinable
    mutating func unsubscribe(id: UInt64) -> Subscription? {
        guard let subscription = subscriptions.remove(id: id) else { return nil }
        subscription.isSubscribed = false
        subscription.watch.subscriberCount -= 1
        if subscription.watch.subscriberCount == 0 {
            // The subscription still holds the watch, so it is released with it, unlocked.
            watches[subscription.watch.key] = nil
        }
        if callerIsDeliverer {
            subscription.isCancelledDuringDelivery = true
        }
        return subscription
    }

    // MARK: - Delivering

    /// Queues an effect to run where effects run (the next part of a `concat`), or returns it to the
    /// caller, which becomes the deliverer.
    mutating func schedule(_ effect: @escaping Effect, with dispatcher: Dispatcher) -> Delivery<S>? {
        deliverOrQueue(.effect(effect, dispatcher))
    }

    /// The delivery thread takes over from the thread that handed delivery on.
    mutating func takeOverDelivery() {
        precondition(
            deliveryFlag.load() != DeliveryFlag.idle && { if case .handingOff = deliverer { true } else { false } }(),
            "Swivelish: no delivery was handed on")
        deliverer = .thread(currentThread())
    }

    /// Called by the deliverer, **without the lock**, after it performed what it became the deliverer
    /// for: stops delivering and returns `true` when nothing was queued and no dispatch started to wait
    /// meanwhile (the common case: one atomic exchange, no lock); returns `false` when the caller must
    /// take the lock and go on with ``next(budget:)``. See ``DeliveryFlag``.
    @inlinable
    @inline(__always)
    static func stopDelivering(_ deliveryFlag: AtomicWord) -> Bool {
        deliveryFlag.compareExchange(expected: DeliveryFlag.delivering, desired: DeliveryFlag.idle)
    }

    /// Called by the deliverer after each delivery: takes the next one, or hands delivery on when
    /// `budget` (the deliveries queued by other threads it may still perform) is used up, or stops
    /// delivering when nothing is left. The second value says whether dispatches waiting for room should
    /// be woken (after unlocking).
    @inlinable
    mutating func next(budget: inout Int) -> (Next, wakeWaiting: Bool) {
        guard !queue.isEmpty else {
            deliveryFlag.store(DeliveryFlag.idle)
            return (.finished, waitingDispatches > 0)
        }
        if !queue.firstIsReentrant {
            guard budget > 0 else {
                deliverer = .handingOff
                return (.handOff, false)
            }
            budget -= 1
        }
        let delivery = queue.popFirst()!
        let wake = waitingDispatches > 0 && queue.count < backlogLimit
        if case let .first(subscription, _) = delivery, !subscription.isSubscribed {
            return (.skip(delivery), wake)  // unsubscribed before it got its first state
        }
        return (.perform(delivery, slots: subscriptions.slots), wake)
    }

    /// Notifies the subscriptions in `slots` in its audience of `state`, the state of delivery number
    /// `delivery`. Called by the deliverer, without the lock: the audience and cancel-during-delivery rules.
    @inlinable
    static func notify(
        _ slots: ContiguousArray<SubscriptionList.Slot>, of state: borrowing S, audience: UInt64, delivery: UInt64
    ) {
        // Watches read the state in memory (see `Watch`). The snapshot `slots` holds every subscription for
        // the whole loop, so the loop reads them without retaining them (each retain and release is an
        // atomic operation).
        withUnsafePointer(to: state) { state in
            let root = UnsafeRawPointer(state)
            slots.withUnsafeBufferPointer { slots in
                for slot in slots {
                    guard slot.id < audience else { break }
                    guard let subscription = slot.subscription else { continue }
                    Unmanaged.passUnretained(subscription)._withUnsafeGuaranteedRef { subscription in
                        if !subscription.isCancelledDuringDelivery {
                            subscription.deliver(root, delivery: delivery)
                        }
                    }
                }
            }
        }
    }

    // MARK: - Queueing

    @inlinable
    mutating func deliverOrQueue(_ delivery: Delivery<S>) -> Delivery<S>? {
        if becomeDelivererOrPrepareToQueue() {
            return delivery
        }
        enqueue(delivery)
        return nil
    }

    /// Queues `delivery`, marked re-entrant when the deliverer queues it itself. The caller has called
    /// ``becomeDelivererOrPrepareToQueue()`` in the same locked step.
    @inlinable
    mutating func enqueue(_ delivery: Delivery<S>) {
        queue.append(delivery, isReentrant: callerIsDeliverer)
    }
}
