/// What a root ``Store`` is made of: its lock, the ``StoreStateMachine`` the lock guards, who delivers,
/// and the root of the store's effects.
///
/// The machine decides, under the lock; the storage carries out what it decided, after unlocking: it calls
/// the subscribers, runs effects, claims and gives up delivery with the ``DeliveryFlag``, and starts the
/// delivery thread. Each operation takes the lock and releases it in one function, with one or two calls to
/// the machine in between. A dispatch, the hot path, goes:
/// 1. ``dispatch(_:unlessCancelled:)`` locks, waits for room if the queue is full and drops the message if
///    its effect was cancelled (``mayApply(unlessCancelled:)``), and has the machine apply it
///    (``StoreStateMachine/apply(_:tellingThreadSanitizer:)``, which calls `State.update`);
/// 2. when the change has something to deliver, it claims delivery (``claimDelivery()``) and has the machine
///    commit the change (``StoreStateMachine/commit(_:by:)``), which returns it to a caller that became the
///    deliverer, or queues it for the deliverer; then it unlocks;
/// 3. a caller that got the change performs it (``perform(_:)-(Change<S>)``: subscribers, then the effect),
///    and ``finishDelivering(_:)`` stops with one atomic exchange, or delivers what was queued meanwhile.
///
/// <doc:ThreadModel#From-dispatch-to-a-subscriber> walks the rest of the way, to a subscriber's closure.
///
/// **Forced inlining.** The functions on a dispatch's path are `@inline(__always)`: here
/// ``dispatch(_:unlessCancelled:)``, ``mayApply(unlessCancelled:)``, ``subscribe(_:)`` and
/// ``claimDelivery()``; the machine's ``StoreStateMachine/apply(_:tellingThreadSanitizer:)``,
/// ``StoreStateMachine/commit(_:by:)``, and its steps `makeStateWritable` and `lendBox`; `perform`,
/// `notify`, `run` and `finishDelivering` (in `StoreStorage+Delivering.swift`); and ``DeliveryFlag``'s
/// `claim()` and `stop()`. A dispatch is then one function, specialized for the state, in the caller's
/// module. Measured without them (issue 37): W2 costs 457 instructions instead of 443, W13 at 10,000 rows
/// 3,005 instead of 2,933, W16 16,771 instead of 16,659 (W1: 124 instead of 128). The platform calls under
/// them (`Store.dispatch`, ``StoreLock``'s and the mutex's `lock` and `unlock`, ``AtomicWord``'s operations,
/// `currentThread` and `isCurrentThread`) and the subscribe path's functions (`Store+Subscribe.swift`,
/// `SubscriptionRequest.with`, ``FieldReader``) are forced too: without both groups, W1 costs 146
/// instructions instead of 128, W2 458 instead of 440, W22 (a row's store and subscription) 36,441 instead
/// of 35,553, and W5 4,686 instead of 4,639.
///
/// Every value the machine gives back is released after unlocking, so nothing the user owns is freed (no
/// `deinit`, no closure's captures) while the lock is held.
///
/// `@unchecked Sendable`: `machine` and `delivererThread` are guarded by `lock`; `dispatcher` is only
/// written in `init`. `@exclusivity(unchecked)` on these three: the lock (or `init`, before the storage is
/// shared) makes each access exclusive, and a run-time check cost about 117 instructions an access, seven
/// accesses a W2 dispatch, when it was measured (8e458d7).
@usableFromInline
final class StoreStorage<S: State>: @unchecked Sendable {
    @usableFromInline
    let lock = StoreLock()

    @usableFromInline
    @exclusivity(unchecked)
    var machine: StoreStateMachine<S>

    /// Whether the program runs under ThreadSanitizer, which deliveries tell when they are done reading
    /// their snapshot of the subscriptions (see ``ThreadSanitizer``): read once, so that a delivery pays a
    /// test of a stored flag for it, not a lookup of a global.
    @usableFromInline
    let tellsThreadSanitizer = ThreadSanitizer.isEnabled

    /// Whether someone delivers; read and changed under the lock, and by the deliverer without it.
    @usableFromInline
    let deliveryFlag = DeliveryFlag()

    /// The thread that delivers while ``deliveryFlag`` is set; `nil` while delivery is handed on to the
    /// delivery thread. Stale while the flag is not set.
    @usableFromInline
    @exclusivity(unchecked)
    var delivererThread: ThreadID?

    /// The root of the effects this store runs; cancelled when the store is freed. It tells the observers
    /// that listen to effects (`StoreObserver.observeEffect`) of those with an id.
    @usableFromInline
    let effectRoot: EffectScope

    /// What this store's effects receive: a dispatcher holding the storage weakly. Set once, by
    /// ``startDispatching(with:)``, before the storage is shared.
    @usableFromInline
    @exclusivity(unchecked)
    var dispatcher = Dispatcher { _ in }

    /// The clock's tracker of effects, when the store's clock is one (a test's clock, see
    /// ``EffectActivityTracker``); `nil` otherwise.
    @usableFromInline
    let effectTracker: (any EffectActivityTracker)?

    /// The store's observers, fixed when it is made.
    @usableFromInline
    let observers: [StoreObserver<S>]

    /// Whether the store has observers: checked by every dispatch, so a `let` of its own.
    @usableFromInline
    let isObserved: Bool

    /// Makes the storage; ``startDispatching(with:)`` must be called next, before it is shared.
    @usableFromInline
    init(initialState: S, backlogLimit: Int, dependencies: Dependencies, observers: [StoreObserver<S>]) {
        precondition(backlogLimit > 0, "Swivelish: a store's backlogLimit must be at least 1, not \(backlogLimit)")
        machine = StoreStateMachine(state: initialState, backlogLimit: backlogLimit)
        self.observers = observers
        isObserved = !observers.isEmpty
        if #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *) {
            effectTracker = dependencies.effectActivityTracker
        } else {
            effectTracker = nil
        }
        effectRoot = EffectScope(observingEffects: Self.effectObserver(of: observers))
    }

    /// Makes the dispatcher the store's effects receive. Inlined into ``Store/init(initialState:backlogLimit:dependencies:observers:)``,
    /// where the state's type is known, so that a message an effect sends is applied by code made for that
    /// type: made in this generic class's initializer, the closure ran the store's generic code, which looks
    /// up type metadata and checks exclusive access at run time (about 4,000 instructions per message).
    @inlinable
    func startDispatching(with dependencies: Dependencies) {
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
    //
    // Each operation takes the lock and releases it in one function, and calls the machine once or twice in
    // between: it asks the machine what to do, and does it after unlocking.

    @inlinable
    var state: S {
        lock.withLock("Store.state") { machine.state }
    }

    /// The current state and its number (see ``StoreStateMachine/commits``), read together.
    @inlinable
    var stateAndCommit: (state: S, commit: UInt64) {
        lock.withLock("Store.state") { machine.stateAndCommit }
    }

    /// Applies `message` and delivers the change, unless `scope` (the scope of the effect that sent it) is
    /// cancelled: the check and the apply are one step under the lock, so no message of an effect is applied
    /// after the effect that cancelled it has run. With `nil` (a dispatch of the store itself), inlined, the
    /// check is compiled away.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" above)
    func dispatch(_ message: any Message, unlessCancelled scope: EffectScope? = nil) {
        if _slowPath(isObserved) {
            dispatchObserved(message, unlessCancelled: scope)
            return
        }
        lock.lock("Store.dispatch(_:)")
        guard mayApply(unlessCancelled: scope) else {
            lock.unlock()
            return
        }
        let (effect, replaced) = machine.apply(message, tellingThreadSanitizer: tellsThreadSanitizer)
        if effect != nil, let effectTracker {
            effectTracker.effectCommitted()
        }
        guard machine.hasDeliveries(effect) else {
            lock.unlock()
            if _slowPath(replaced != nil) {
                withExtendedLifetime(replaced) {}  // let go of after unlocking: it may hold values the user owns
            }
            return
        }
        let change = machine.commit(effect, by: claimDelivery())
        lock.unlock()
        if _slowPath(replaced != nil) {
            withExtendedLifetime(replaced) {}
        }
        // Consumed, so that the change's box is let go of before its effect runs: a message the effect sends
        // at once is then applied in place (see `perform(_:)`).
        if let change = consume change {
            perform(consume change)
            finishDelivering(DelivererRole())
        }
    }

    /// With the lock held, before a message is applied: waits for room when the queue is full (see
    /// ``waitForRoom()``), and returns whether the message may be applied: `false` when `scope`, the scope
    /// of the effect that sent it, is cancelled.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" above)
    func mayApply(unlessCancelled scope: EffectScope?) -> Bool {
        if _slowPath(machine.mayHaveToWait) {
            waitForRoom()
        }
        if let scope, scope.isCancelled {
            return false
        }
        return true
    }

    /// A dispatch that finds out whether its message was applied: as ``dispatch(_:unlessCancelled:)``, but
    /// collects the reason a composition function gives when it drops the message (see ``NotApplied``), and
    /// returns it. Before unlocking, `read` is given the state the message made, when it was applied: what a
    /// dispatch that answers reads (see ``Store/dispatch(_:answering:)``). `waiting` says whether it blocks
    /// for room, or returns a ticket to wait with instead (see ``RoomWaiting``, and ``Store/send(_:answering:)``).
    @inlinable
    func dispatchReporting(
        _ message: any Message, unlessCancelled scope: EffectScope?, waiting: RoomWaiting,
        reading read: (S) -> Void
    ) -> DispatchOutcome {
        if isObserved {
            return dispatchObserved(message, unlessCancelled: scope, waiting: waiting, readsState: true, reading: read)
        }
        lock.lock(waiting.operation)
        if let outcome = admit(waiting, unlessCancelled: scope) {
            lock.unlock()
            return outcome
        }
        let ((effect, replaced), notAppliedReason) = NotApplied.collecting {
            machine.apply(message, tellingThreadSanitizer: tellsThreadSanitizer)
        }
        if notAppliedReason == nil {
            read(machine.state)
        }
        if effect != nil, let effectTracker {
            effectTracker.effectCommitted()
        }
        let change = machine.hasDeliveries(effect) ? machine.commit(effect, by: claimDelivery()) : nil
        lock.unlock()
        if _slowPath(replaced != nil) {
            withExtendedLifetime(replaced) {}  // let go of after unlocking: it may hold values the user owns
        }
        if let change = consume change {
            perform(consume change)
            finishDelivering(DelivererRole(), budget: deliveryBudget(waiting))
        }
        return DispatchOutcome(notAppliedReason: notAppliedReason)
    }

    /// With the lock held, before a dispatch that reports its outcome applies its message: as
    /// ``mayApply(unlessCancelled:)`` for one that blocks; one that suspends gets a ticket when it would
    /// wait, and one that comes back admitted goes ahead. Returns `nil` when the message may be applied, and
    /// otherwise what the dispatch returns instead.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" above)
    func admit(_ waiting: RoomWaiting, unlessCancelled scope: EffectScope?) -> DispatchOutcome? {
        switch waiting {
        case .blocks:
            guard mayApply(unlessCancelled: scope) else {
                return .notApplied(reason: Self.cancelledEffectReason)
            }
            return nil
        case let .suspends(isAdmitted):
            if _slowPath(isAdmitted || machine.mayHaveToWait), let outcome = admitSuspending(isAdmitted: isAdmitted) {
                return outcome
            }
        }
        if let scope, scope.isCancelled {
            return .notApplied(reason: Self.cancelledEffectReason)
        }
        return nil
    }

    /// With the lock held, for a dispatch that suspends rather than block, when it may have to wait or comes
    /// back admitted (see ``RoomWaiting/suspends(isAdmitted:)``): returns the ticket it must wait with, or
    /// `nil` when it may apply its message now. Out of line: the dispatch with room pays a branch for it.
    @usableFromInline
    func admitSuspending(isAdmitted: Bool) -> DispatchOutcome? {
        if isAdmitted {
            if machine.applyAdmitted() {
                wakeWaitingDispatches()
            }
            return nil
        }
        guard let ticket = machine.admit(isDeliverer: isDeliverer) else { return nil }
        deliveryFlag.requireCheck()  // the deliverer must not stop without waking this dispatch
        return .mustWait(ticket: ticket, line: self)
    }

    /// Why a message an effect sent after it was cancelled was not applied.
    @inlinable
    static var cancelledEffectReason: String { "the effect that sent it was cancelled" }

    /// How many deliveries that other threads queued a dispatch that became the deliverer performs before it
    /// hands delivery on: ``StoreStateMachine/deliveryBudget`` for one that blocks, none for one that
    /// suspends (an async caller delivers its own change only).
    @inlinable
    func deliveryBudget(_ waiting: RoomWaiting) -> Int {
        if case .blocks = waiting { StoreStateMachine<S>.deliveryBudget } else { 0 }
    }

    /// A dispatch to a store with observers: as ``dispatch(_:unlessCancelled:)``, but keeps the state
    /// before the message for the observers' event (which says whether an effect sent the message), and
    /// delivers the event just before the change, or queues both, in that order. Out of line, so that a
    /// store without observers pays one branch for them.
    @inlinable
    @inline(never)
    func dispatchObserved(_ message: any Message, unlessCancelled scope: EffectScope?) {
        _ = dispatchObserved(message, unlessCancelled: scope, waiting: .blocks, readsState: false) { _ in }
    }

    /// ``dispatchObserved(_:unlessCancelled:)``, which also returns whether the message was applied, waits
    /// for room as `waiting` says, and gives `read` the state the message made, as
    /// ``dispatchReporting(_:unlessCancelled:waiting:reading:)`` does, when `readsState`. Always inlined, so
    /// that the dispatch without a reader pays nothing for one (W10: 1,339 instructions a dispatch called,
    /// 1,203 inlined).
    @inlinable
    @inline(__always)
    func dispatchObserved(
        _ message: any Message, unlessCancelled scope: EffectScope?, waiting: RoomWaiting, readsState: Bool,
        reading read: (S) -> Void
    ) -> DispatchOutcome {
        lock.lock(readsState ? waiting.operation : "Store.dispatch(_:)")
        if let outcome = admit(waiting, unlessCancelled: scope) {
            lock.unlock()
            return outcome
        }
        let before = machine.state
        let ((effect, replaced), notAppliedReason) = NotApplied.collecting {
            machine.apply(message, tellingThreadSanitizer: tellsThreadSanitizer)
        }
        if readsState, notAppliedReason == nil {
            read(machine.state)
        }
        if effect != nil, let effectTracker {
            effectTracker.effectCommitted()
        }
        let event = StoreEvent(
            message: message, stateBefore: before, stateAfter: machine.state, isSentByEffect: scope != nil,
            notAppliedReason: notAppliedReason)
        let (deliversEvent, change) = machine.commit(event, then: effect, by: claimDelivery())
        lock.unlock()
        if _slowPath(replaced != nil) {
            withExtendedLifetime(replaced) {}  // let go of after unlocking: it may hold values the user owns
        }
        guard deliversEvent else { return DispatchOutcome(notAppliedReason: notAppliedReason) }
        notifyObservers(of: event)
        if let change = consume change {
            perform(consume change)
        }
        finishDelivering(DelivererRole(), budget: deliveryBudget(waiting))
        return DispatchOutcome(notAppliedReason: notAppliedReason)
    }

    /// Runs an effect where effects run: now, when no one delivers, or after the queued deliveries.
    @usableFromInline
    func schedule(_ effect: @escaping Effect, with dispatcher: Dispatcher) {
        lock.lock("an effect")
        effectTracker?.effectCommitted()
        let caller = claimDelivery()
        let first = machine.schedule(effect, with: dispatcher, by: caller)
        lock.unlock()
        if let first {
            deliver(first, as: DelivererRole())
        }
    }

    /// Adds the subscription `request` describes, and delivers its first state when it has one and no one
    /// else delivers.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" above)
    func subscribe(_ request: SubscriptionRequest) -> Subscribed {
        lock.lock("Store.subscribe")
        let caller = request.deliversFirstState ? claimDelivery() : nil
        let (id, first) = machine.subscribe(request, by: caller)
        lock.unlock()
        if let first {
            deliverFirst(first.box, commit: first.commit, to: first.subscription)
            finishDelivering(DelivererRole())
        }
        return Subscribed(
            unsubscribe: { [weak self] in self?.unsubscribe(id: id) }, isSubscribed: true,
            firstValueWaitsForCaller: caller == .deliverer)
    }

    @inlinable
    func unsubscribe(id: UInt64) {
        lock.lock("unsubscribe")
        let removed = machine.unsubscribe(id: id, isDeliverer: isDeliverer)
        lock.unlock()
        _ = consume removed  // the callback and what it captures are released here, unlocked
    }

    /// Called when the ``Store`` is freed: cancels its effects.
    func storeFreed() {
        effectRoot.cancel()
    }

    // MARK: - Who delivers

    /// With the lock held: makes the caller the deliverer when no one delivers (it must then deliver what it
    /// commits, after unlocking), or tells the deliverer to look at the queue before it stops. The only place
    /// where the role is taken.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" above)
    func claimDelivery() -> StoreStateMachine<S>.Caller {
        if deliveryFlag.claim() {
            delivererThread = currentThread()
            return .becameDeliverer
        }
        return isCurrentDeliverer ? .deliverer : .bystander
    }

    /// With the lock held: whether the calling thread is the deliverer (inside a callback or an effect it
    /// performs).
    @inlinable
    var isDeliverer: Bool {
        deliveryFlag.isSet && isCurrentDeliverer
    }

    /// With the lock held, while the flag is set: whether the deliverer is the calling thread.
    @inlinable
    var isCurrentDeliverer: Bool {
        guard let thread = delivererThread else { return false }
        return isCurrentThread(thread)
    }

    /// Waits, with the lock held (the condition releases it while waiting, and takes it again), until the
    /// queue has room for this dispatch's work and every dispatch that waited before it has gone. Called by
    /// ``dispatch(_:unlessCancelled:)``, which holds the lock around it.
    @usableFromInline
    func waitForRoom() {
        guard let ticket = machine.admit(isDeliverer: isDeliverer) else { return }
        deliveryFlag.requireCheck()  // the deliverer must not stop without waking this dispatch
        while !machine.mayApply(ticket: ticket) {
            lock.wait()
        }
        if machine.stopWaiting() {
            wakeWaitingDispatches()
        }
    }

    /// With the lock held, when there may be room: wakes the dispatches waiting for it, so that the one whose
    /// turn it is goes. Blocked ones check for their turn when the condition wakes them; the one whose turn
    /// it is, when it suspends instead (``RoomWaiting/suspends(isAdmitted:)``), is resumed.
    @usableFromInline
    func wakeWaitingDispatches() {
        lock.broadcast()
        // Resuming only schedules a task: no user code runs under the lock.
        for continuation in machine.parkedTurnsToResume() {
            continuation.resume()
        }
    }
}

extension StoreStorage: TurnWaiting {
    @usableFromInline
    func waitForTurn(_ ticket: UInt64) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            lock.lock("Store.send(_:)")
            if !machine.park(continuation, ticket: ticket) {
                // Admitted at once: the dispatches behind it in the line may go too.
                if machine.shouldWakeWaiting {
                    wakeWaitingDispatches()
                }
                continuation.resume()
            }
            lock.unlock()
        }
    }
}
