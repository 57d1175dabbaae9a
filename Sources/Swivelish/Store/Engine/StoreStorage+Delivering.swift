extension StoreStorage {
    /// Delivers `delivery` (the caller has just become the deliverer), then what is queued behind it.
    @inlinable
    func deliver(_ delivery: consuming Delivery<S>, as role: consuming DelivererRole) {
        perform(consume delivery)
        finishDelivering(role)
    }

    /// Called by a thread that became the deliverer in a store call, after it performed its own work: stops
    /// delivering without the lock when nothing was queued meanwhile; otherwise delivers what was queued,
    /// within `budget` deliveries queued by other threads (what its own callbacks queued is its own work).
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func finishDelivering(
        _ role: consuming DelivererRole, budget: Int = StoreStateMachine<S>.deliveryBudget
    ) {
        if deliveryFlag.stop() {
            role.end()
        } else {
            deliverQueued(budget: budget, as: role)
        }
    }

    /// Performs queued deliveries until the queue is empty or `budget` deliveries queued by other threads are
    /// done; then hands delivery on to a delivery thread, if work is left. Called by the deliverer, without
    /// the lock.
    @inlinable
    func deliverQueued(budget: Int, as role: consuming DelivererRole) {
        var budget = budget
        while true {
            // Each iteration's values (the delivery and the snapshot of subscriptions) are released at its
            // end, before the next iteration locks.
            lock.lock("Store delivery")
            let (next, wakeWaiting) = machine.next(budget: &budget)
            switch next {
            case .finish: deliveryFlag.release()
            case .handOff: delivererThread = nil
            case .perform, .skip: break
            }
            let admitted = wakeWaiting ? machine.parkedTurnsToResume() : []
            lock.unlock()
            if wakeWaiting {
                lock.broadcast()
                for continuation in admitted {
                    continuation.resume()
                }
            }
            switch next {
            case let .perform(delivery):
                perform(consume delivery)
            case .skip:
                break
            case .handOff:
                role.end()
                startDeliveryThread()
                return
            case .finish:
                role.end()
                return
            }
        }
    }

    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func perform(_ change: consuming Change<S>) {
        let effect = change.effect
        notify(change.slots, of: change.box, commit: change.commit, audience: change.audience)
        // The box and the snapshot of subscriptions are let go before the effect runs: a message the effect
        // sends at once is then applied to the state in place, not to a copy of it (see `StateBox`).
        _ = consume change
        if let effect {
            run(effect, with: dispatcher)
        }
    }

    /// Delivers its first state, in the box `state`, the state numbered `commit`, to a new subscription.
    @inlinable
    func deliverFirst(_ state: StateBox<S>, commit: UInt64, to subscription: Subscription) {
        subscription.deliverFirst(UnsafeRawPointer(state.pointer), delivery: commit)
        state.endReads(tellingThreadSanitizer: tellsThreadSanitizer)
    }

    /// Runs an effect the store committed, and tells the clock's tracker, if any, that it has run.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func run(_ effect: Effect, with dispatcher: Dispatcher) {
        effect(dispatcher)
        if let effectTracker {
            effectTracker.effectRan()
        }
    }

    /// Tells the store's observers of `event`.
    @inlinable
    func notifyObservers(of event: StoreEvent<S>) {
        for observer in observers {
            observer.observe(event)
        }
    }

    /// Notifies the subscriptions in `slots` of the state in the box `state`, the state numbered `commit`.
    ///
    /// The state's number is the delivery's number for the ``Watch``es (see ``Watch/readFor``): a watch
    /// reads each state once, however many subscriptions read it and whether it is delivered as a change or
    /// as a new subscription's first state (the store delivers its states in commit order, each first state
    /// after the change that made it).
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func notify(
        _ slots: ContiguousArray<SubscriptionList.Slot>, of state: StateBox<S>, commit: UInt64, audience: UInt64
    ) {
        SubscriptionList.notify(
            slots, of: UnsafeRawPointer(state.pointer), audience: audience, delivery: commit,
            tellingThreadSanitizer: tellsThreadSanitizer)
        state.endReads(tellingThreadSanitizer: tellsThreadSanitizer)
    }

    @inlinable
    func perform(_ delivery: consuming Delivery<S>) {
        switch delivery {
        case let .change(change):
            perform(change)
        case let .first(subscription, state, commit):
            deliverFirst(state, commit: commit, to: subscription)
        case let .effect(effect, dispatcher):
            run(effect, with: dispatcher)
        case let .event(event):
            notifyObservers(of: event)
        }
    }

    /// Starts a thread that takes over delivery and delivers until the queue is empty. It keeps the storage
    /// alive until then, so a backlog is delivered even when the store is freed meanwhile.
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
            precondition(deliveryFlag.isSet && delivererThread == nil, "Swivelish: no delivery was handed on")
            delivererThread = currentThread()
        }
        deliverQueued(budget: .max, as: DelivererRole())
    }
}
