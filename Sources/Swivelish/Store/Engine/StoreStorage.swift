/// What a ``Store`` is made of: the lock, the ``StoreStateMachine`` it guards, and the root of the store's
/// effects. It performs what the machine asks for: the deliveries, outside the lock; the hand-off to a
/// delivery thread; the waits for room.
///
/// Every lock is released in the function that took it, and every value the machine gives back is
/// released after unlocking: the loops below take the lock at the top of an iteration and let its
/// values go at the end, so nothing the user owns is freed (no `deinit`, no closure's captures) while
/// the lock is held.
///
/// `@unchecked Sendable`: `machine` is guarded by `lock`; `dispatcher` is only written in `init`.
@usableFromInline
final class StoreStorage<S: State>: @unchecked Sendable {
    @usableFromInline
    let lock = Lock()

    @usableFromInline
    @exclusivity(unchecked)
    var machine: StoreStateMachine<S>

    /// The machine's ``StoreStateMachine/deliveryFlag``, read here without the lock: a `let` of the
    /// storage, so that reading it touches nothing the lock guards.
    @usableFromInline
    let deliveryFlag = AtomicWord(StoreStateMachine<S>.DeliveryFlag.idle)

    /// The root of the effects this store runs; cancelled when the store is freed. It tells the observers
    /// that listen to effects (`StoreObserver.observeEffect`) of those with an id.
    @usableFromInline
    let effectRoot: EffectScope

    /// The number of deliveries of states performed so far, which numbers each one for the ``Watch``es.
    /// Only the delivering thread touches it (handed over under the lock).
    @usableFromInline
    @exclusivity(unchecked)
    var deliveries: UInt64 = 0

    /// What this store's effects receive: a dispatcher holding the storage weakly.
    @usableFromInline
    @exclusivity(unchecked)
    private(set) var dispatcher = Dispatcher { _ in }

    /// The store's observers, fixed when it is made.
    @usableFromInline
    let observers: [StoreObserver<S>]

    /// Whether the store has observers: checked by every dispatch, so a `let` of its own.
    @usableFromInline
    let isObserved: Bool

    init(initialState: S, backlogLimit: Int, dependencies: Dependencies, observers: [StoreObserver<S>]) {
        precondition(backlogLimit > 0, "Swivelish: a store's backlogLimit must be at least 1, not \(backlogLimit)")
        machine = StoreStateMachine(state: initialState, backlogLimit: backlogLimit, deliveryFlag: deliveryFlag)
        self.observers = observers
        isObserved = !observers.isEmpty
        effectRoot = EffectScope(observingEffects: Self.effectObserver(of: observers))
        dispatcher = Dispatcher(
            send: { [weak self] message, scope in
                self?.dispatch(message, unlessCancelled: scope)
            },
            scope: effectRoot,
            dependencies: dependencies,
            schedule: { [weak self] effect, dispatcher in
                guard let self else { return false }
                self.schedule(effect, with: dispatcher)
                return true
            })
    }

    /// One function telling every observer that listens to effects, or `nil` when none does.
    private static func effectObserver(of observers: [StoreObserver<S>]) -> (@Sendable (EffectEvent) -> Void)? {
        let effectObservers = observers.compactMap(\.observeEffect)
        guard !effectObservers.isEmpty else { return nil }
        return { event in
            for observe in effectObservers { observe(event) }
        }
    }

    // MARK: - Store operations

    @inlinable
    var state: S {
        lock.lock("Store.state")
        defer { lock.unlock() }
        return machine.state
    }

    @inlinable
    @inline(__always)
    func dispatch(_ message: any Message) {
        dispatch(message, unlessCancelled: nil)
    }

    /// Applies `message` and delivers the change, unless `scope` (the scope of the effect that sent it) is
    /// cancelled: the check and the apply are one step under the lock, so no message of an effect is
    /// applied after the effect that cancelled it has run. With `nil` (a dispatch of the store itself),
    /// inlined, the check is compiled away.
    @inlinable
    @inline(__always)
    func dispatch(_ message: any Message, unlessCancelled scope: EffectScope?) {
        if _slowPath(isObserved) {
            dispatchObserved(message, unlessCancelled: scope)
            return
        }
        lock.lock("Store.dispatch(_:)")
        if _slowPath(machine.mayHaveToWait) {
            waitForRoom()
        }
        if let scope, scope.isCancelled {
            lock.unlock()
            return
        }
        let effect = S.update(&machine.state, with: message)
        guard machine.hasDeliveries(effect), machine.commit(effect) else {
            lock.unlock()
            return
        }
        let change = machine.change(with: effect)
        lock.unlock()
        deliver(consume change)
    }

    /// A dispatch to a store with observers: as `dispatch`, keeping the state before the message, so
    /// that the observers see the event before the subscribers see the change. Out of line, so that a
    /// store without observers pays one branch for them.
    @inlinable
    @inline(never)
    func dispatchObserved(_ message: any Message, unlessCancelled scope: EffectScope?) {
        lock.lock("Store.dispatch(_:)")
        if _slowPath(machine.mayHaveToWait) {
            waitForRoom()
        }
        if let scope, scope.isCancelled {
            lock.unlock()
            return
        }
        let before = machine.state
        let effect = S.update(&machine.state, with: message)
        let event = StoreEvent(
            message: message, stateBefore: before, stateAfter: machine.state, isSentByEffect: scope != nil)
        guard machine.commitObserved(event, effect: effect) else {
            lock.unlock()
            return
        }
        // Two paths rather than an optional change: an optional of a generic struct is copied and destroyed
        // through value witnesses.
        if machine.hasDeliveries(effect) {
            let change = machine.change(with: effect)
            lock.unlock()
            notifyObservers(of: event)
            perform(consume change)
        } else {
            lock.unlock()
            notifyObservers(of: event)
        }
        finishDelivering()
    }

    @inlinable
    func notifyObservers(of event: StoreEvent<S>) {
        for observer in observers {
            observer.observe(event)
        }
    }

    /// Runs an effect where effects run: now, when no one delivers, or after the queued deliveries.
    func schedule(_ effect: @escaping Effect, with dispatcher: Dispatcher) {
        lock.lock("an effect")
        let first = machine.schedule(effect, with: dispatcher)
        lock.unlock()
        if let first {
            perform(first)
            finishDelivering()
        }
    }

    @inlinable
    @inline(__always)
    func subscribe<W: Watch>(
        key: WatchKey,
        makeWatch: () -> W,
        skipsRepeats: Bool,
        receivesFirstState: Bool,
        deliversFirstState: Bool,
        _ makeReceive: (W) -> () -> Void
    ) -> @Sendable () -> Void {
        lock.lock("Store.subscribe")
        let (id, first) = machine.subscribe(
            key: key, makeWatch: makeWatch, skipsRepeats: skipsRepeats, receivesFirstState: receivesFirstState,
            deliversFirstState: deliversFirstState, makeReceive)
        lock.unlock()
        if let first {
            perform(first)
            finishDelivering()
        }
        return { [weak self] in
            self?.unsubscribe(id: id)
        }
    }

    @inlinable
    func unsubscribe(id: UInt64) {
        lock.lock("unsubscribe")
        let removed = machine.unsubscribe(id: id)
        lock.unlock()
        _ = consume removed  // the callback and what it captures are released here, unlocked
    }

    /// Called when the ``Store`` is freed: cancels its effects.
    func storeFreed() {
        effectRoot.cancel()
    }

    // MARK: - Delivering

    /// Delivers `change` (the caller has just become the deliverer), then what is queued behind it.
    @inlinable
    @inline(__always)
    func deliver(_ change: consuming StoreStateMachine<S>.Change) {
        perform(consume change)
        finishDelivering()
    }

    /// Called by a thread that became the deliverer in a store call, after it performed its own work:
    /// stops delivering without the lock when nothing was queued meanwhile; otherwise delivers what was
    /// queued, within its budget.
    @inlinable
    @inline(__always)
    func finishDelivering() {
        if !StoreStateMachine<S>.stopDelivering(deliveryFlag) {
            deliverQueued(budget: StoreStateMachine<S>.deliveryBudget)
        }
    }

    @inlinable
    @inline(__always)
    func perform(_ change: consuming StoreStateMachine<S>.Change) {
        deliveries &+= 1
        StoreStateMachine<S>.notify(change.slots, of: change.state, audience: change.audience, delivery: deliveries)
        change.effect?(dispatcher)
    }

    @inlinable
    func perform(_ delivery: consuming Delivery<S>) {
        perform(delivery, slots: [])
    }

    @inlinable
    func perform(_ delivery: consuming Delivery<S>, slots: consuming ContiguousArray<SubscriptionList.Slot>) {
        switch delivery {
        case let .change(state, effect, audience):
            deliveries &+= 1
            StoreStateMachine<S>.notify(slots, of: state, audience: audience, delivery: deliveries)
            effect?(dispatcher)
        case let .first(subscription, state):
            deliveries &+= 1
            let delivery = deliveries
            withUnsafePointer(to: state) { subscription.deliverFirst(UnsafeRawPointer($0), delivery: delivery) }
        case let .effect(effect, dispatcher):
            effect(dispatcher)
        case let .event(event):
            notifyObservers(of: event)
        }
    }

    /// Performs queued deliveries until the queue is empty or `budget` deliveries queued by other threads
    /// are done; then hands delivery on to a delivery thread, if work is left. Called by the deliverer,
    /// without the lock.
    @inlinable
    func deliverQueued(budget: Int) {
        var budget = budget
        while true {
            // Each iteration's values (the delivery and the snapshot of subscriptions) are released at
            // its end, before the next iteration locks.
            lock.lock("Store delivery")
            let (next, wakeWaiting) = machine.next(budget: &budget)
            lock.unlock()
            if wakeWaiting {
                lock.broadcast()
            }
            switch next {
            case let .perform(delivery, slots):
                perform(delivery, slots: slots)
            case .skip:
                break
            case .handOff:
                startDeliveryThread()
                return
            case .finished:
                return
            }
        }
    }

    /// Waits, with the lock held (released while waiting), until the queue has room for this dispatch's
    /// work and every dispatch that waited before it has gone.
    @usableFromInline
    func waitForRoom() {
        guard let ticket = machine.admit() else { return }
        while !machine.mayApply(ticket: ticket) {
            lock.wait()
        }
        if machine.stopWaiting() {
            lock.broadcast()
        }
    }

    /// Starts a thread that takes over delivery (the machine is ``StoreStateMachine/Deliverer/handingOff``)
    /// and delivers until the queue is empty. It keeps the storage alive until then, so a backlog is
    /// delivered even when the store is freed meanwhile.
    @usableFromInline
    func startDeliveryThread() {
        let retained = Unmanaged.passRetained(self)
        if !DeliveryThread.start({ retained.takeRetainedValue().deliverOnDeliveryThread() }) {
            // No thread could be made (a resource limit): deliver here instead, without a budget.
            retained.release()
            deliverOnDeliveryThread()
        }
    }

    private func deliverOnDeliveryThread() {
        lock.withLock("Store delivery") {
            machine.takeOverDelivery()
        }
        deliverQueued(budget: .max)
    }
}
