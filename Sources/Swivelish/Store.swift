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
/// ## Thread model
///
/// Any thread may use a store at any time; every method is safe to call concurrently.
///
/// - ``dispatch(_:)`` applies the message under the store's lock, so messages are applied one at a time,
///   each exactly once, and when `dispatch` returns ``state`` already reflects the message.
/// - The only code run while the lock is held is ``State/update(_:with:)``. Subscribers and effects run
///   outside the lock, one at a time: callbacks of one store never run concurrently with one another,
///   so a subscriber needs no lock of its own.
/// - Notifications and effects are delivered by one thread at a time, in the order the states were
///   committed. When a thread commits a change and no other thread is delivering, it delivers the
///   change itself before `dispatch` returns. When another thread is delivering (another thread's
///   subscriber is running, or the change was dispatched from inside a subscriber or an effect), the
///   change is queued, and the delivering thread delivers it after the ones before it, before that
///   thread's own call into the store returns.
/// - Every subscriber receives every state change committed after it subscribed, in order, with no
///   gap or repeat (less the repeats it asked to skip).
/// - Effects run after their message's state change is committed and its subscribers were notified,
///   outside the lock, in message order.
///
/// ## Lifetime
///
/// A store is not kept alive by its subscriptions or by the effects it runs: the `unsubscribe`
/// functions it returns and the ``Dispatcher``s it gives effects hold it weakly, and do nothing once it
/// is freed. (A callback that captures the store strongly does keep it alive, as any closure would.)
/// When the store is freed, it cancels the tasks of every async effect it still runs (see
/// ``Effects/run(priority:_:catch:)``).
///
/// ## Re-entrancy
///
/// A subscriber or an effect may read ``state``, ``dispatch(_:)``, subscribe and unsubscribe without
/// deadlock. ``State/update(_:with:)`` may not: it runs under the lock, and calling back into its own
/// store stops the program with a message naming the mistake.
public final class Store<S: State>: @unchecked Sendable {
    // `@unchecked Sendable`: every stored property below `lock` is guarded by it, except `dispatcher`,
    // which is only written in `init`.

    @usableFromInline
    let lock: Lock

    @usableFromInline
    @exclusivity(unchecked)
    var currentState: S

    @usableFromInline
    @exclusivity(unchecked)
    var subscriptions = SubscriptionList<S>()

    /// The id the next subscription gets. A change is delivered to the subscriptions below it.
    @usableFromInline
    @exclusivity(unchecked)
    var nextSubscriptionID: UInt64 = 0

    /// Deliveries committed while another thread was delivering.
    @usableFromInline
    @exclusivity(unchecked)
    var queue = DeliveryQueue<S>()

    /// The thread delivering notifications and effects, or `nil` when none is.
    @usableFromInline
    @exclusivity(unchecked)
    var deliveringThread: ThreadID?

    /// The root of the effects this store runs; cancelled when the store is freed.
    let effectRoot = EffectScope()

    /// What this store's effects receive: a dispatcher holding the store weakly.
    @usableFromInline
    @exclusivity(unchecked)
    private(set) var dispatcher = Dispatcher { _ in }

    /// Creates a store holding `initialState`.
    ///
    /// - Parameter initialState: The state before any message is dispatched.
    public init(initialState: S) {
        lock = Lock()
        currentState = initialState
        dispatcher = Dispatcher(
            send: { [weak self] message in
                self?.dispatch(message)
            },
            scope: effectRoot,
            schedule: { [weak self] effect, dispatcher in
                guard let self else { return false }
                self.lock.lock("an effect")
                self.deliverOrQueue(.effect(effect, dispatcher))
                return true
            })
    }

    deinit {
        effectRoot.cancel()
        lock.deallocate()
    }

    /// The current state: a consistent snapshot, taken under the store's lock.
    ///
    /// Safe to read from any thread, including from inside a subscriber or an effect. It already
    /// reflects every message whose ``dispatch(_:)`` has returned. Do not read it from inside
    /// ``State/update(_:with:)``: that stops the program (use the `state` parameter instead).
    @inlinable
    public var state: S {
        lock.lock("Store.state")
        defer { lock.unlock() }
        return currentState
    }

    /// Applies `message` to the state, then notifies subscribers and runs the returned effect.
    ///
    /// Safe to call from any thread, concurrently, and from inside subscribers and effects. The
    /// message is applied exactly once, under the store's lock; when `dispatch` returns, ``state``
    /// reflects it. Its notifications and effect are delivered before `dispatch` returns when no other
    /// thread is delivering; otherwise they are queued behind the ones before them, for the thread that
    /// is delivering (see "Thread model").
    ///
    /// A message that no ``State/update(_:with:)`` handles costs one lock round trip and allocates
    /// nothing.
    ///
    /// - Parameter message: The message to apply.
    @inlinable
    public func dispatch(_ message: any Message) {
        lock.lock("Store.dispatch(_:)")
        let effect = S.update(&currentState, with: message)
        guard effect != nil || !subscriptions.isEmpty else {
            lock.unlock()
            return
        }
        guard deliveringThread == nil else {
            queue.append(.change(currentState, effect: effect, audience: nextSubscriptionID))
            lock.unlock()
            return
        }
        // This thread delivers. The change goes straight to the subscribers: wrapping it in a `Delivery`
        // costs copies of the enum through its value witnesses on every dispatch.
        deliveringThread = currentThread()
        let state = currentState
        let slots = subscriptions.slots
        let audience = nextSubscriptionID
        lock.unlock()
        notify(slots, of: state, audience: audience)
        effect?(dispatcher)
        deliverQueued()
    }

    /// Delivers `delivery`, and everything queued behind it, unless another thread is delivering, in
    /// which case it queues `delivery` for that thread. Called with the lock held; returns with it
    /// released.
    @inlinable
    func deliverOrQueue(_ delivery: Delivery<S>) {
        if deliveringThread != nil {
            queue.append(delivery)
            lock.unlock()
            return
        }
        deliveringThread = currentThread()
        let slots = subscriptions.slots
        lock.unlock()
        perform(delivery, slots: slots)
        deliverQueued()
    }

    /// Delivers what other threads queued while this one was delivering, then stops delivering. Called
    /// on the delivering thread, without the lock.
    @inlinable
    func deliverQueued() {
        lock.lock("Store delivery")
        while let queued = queue.popFirst() {
            if case let .first(subscription, _) = queued, !subscription.isSubscribed {
                continue  // unsubscribed before it got its first state
            }
            let slots = subscriptions.slots
            lock.unlock()
            perform(queued, slots: slots)
            lock.lock("Store delivery")
        }
        deliveringThread = nil
        lock.unlock()
    }

    /// Notifies the subscriptions in `slots` with an id below `audience` of `state`. Called on the
    /// delivering thread, without the lock.
    @inlinable
    func notify(_ slots: ContiguousArray<SubscriptionList<S>.Slot>, of state: S, audience: UInt64) {
        for slot in slots {
            guard slot.id < audience else { break }
            guard let subscription = slot.subscription, !subscription.isCancelledDuringDelivery else {
                continue
            }
            subscription.receive(state, false)
        }
    }

    /// Notifies subscribers of one delivery and runs its effect. Called on the delivering thread,
    /// without the lock.
    @inlinable
    func perform(_ delivery: Delivery<S>, slots: ContiguousArray<SubscriptionList<S>.Slot>) {
        switch delivery {
        case let .change(state, effect, audience):
            notify(slots, of: state, audience: audience)
            effect?(dispatcher)
        case let .first(subscription, state):
            subscription.receive(state, true)
        case let .effect(effect, dispatcher):
            effect(dispatcher)
        }
    }
}
