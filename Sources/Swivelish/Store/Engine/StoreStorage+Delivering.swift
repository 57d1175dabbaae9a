extension StoreStorage {
    /// Delivers `delivery` (the caller has just become the deliverer), then what is queued behind it.
    @inlinable
    func deliver(_ delivery: consuming Delivery<S>, as role: consuming DelivererRole) {
        perform(consume delivery)
        finishDelivering(role)
    }

    /// Called by a thread that became the deliverer in a store call, after it performed its own work: stops
    /// delivering without the lock when nothing was queued meanwhile; otherwise delivers what was queued,
    /// within its budget.
    @inlinable
    @inline(__always)
    func finishDelivering(_ role: consuming DelivererRole) {
        if deliveryFlag.stop() {
            role.end()
        } else {
            deliverQueued(budget: StoreStateMachine<S>.deliveryBudget, as: role)
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
            lock.unlock()
            if wakeWaiting {
                lock.broadcast()
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
    @inline(__always)
    func perform(_ change: consuming Change<S>) {
        let effect = change.effect
        notify(change.slots, of: change.box, audience: change.audience)
        // The box and the snapshot of subscriptions are let go before the effect runs: a message the effect
        // sends at once is then applied to the state in place, not to a copy of it (see `StateBox`).
        _ = consume change
        if let effect {
            run(effect, with: dispatcher)
        }
    }

    /// Delivers its first state, in the box `state`, to a new subscription, as the next delivery of a state.
    @inlinable
    func deliverFirst(_ state: StateBox<S>, to subscription: Subscription) {
        deliveries &+= 1
        subscription.deliverFirst(UnsafeRawPointer(state.pointer), delivery: deliveries)
        state.endReads(tellingThreadSanitizer: tellsThreadSanitizer)
    }

    /// Runs an effect the store committed, and tells the clock's tracker, if any, that it has run.
    @inlinable
    @inline(__always)
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

    /// Notifies the subscriptions in `slots` of the state in the box `state`, as the next delivery of a
    /// state.
    @inlinable
    @inline(__always)
    func notify(_ slots: ContiguousArray<SubscriptionList.Slot>, of state: StateBox<S>, audience: UInt64) {
        deliveries &+= 1
        SubscriptionList.notify(
            slots, of: UnsafeRawPointer(state.pointer), audience: audience, delivery: deliveries,
            tellingThreadSanitizer: tellsThreadSanitizer)
        state.endReads(tellingThreadSanitizer: tellsThreadSanitizer)
    }

    @inlinable
    func perform(_ delivery: consuming Delivery<S>) {
        switch delivery {
        case let .change(change):
            perform(change)
        case let .first(subscription, state):
            deliverFirst(state, to: subscription)
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
