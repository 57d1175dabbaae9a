/// Sees every message a store applies, with the states before and after it: for logging, counting,
/// analytics, and recording (see ``StoreRecorder``).
///
/// Give a store its observers when you make it:
///
/// ```swift
/// let store = Store(
///     initialState: CounterState(count: 0),
///     observers: [.printChanges(), StoreObserver { event in analytics.log(event.message) }])
/// ```
///
/// An observer is called with every message the store applies (dispatched by anyone, from any thread,
/// or sent by an effect), once, in commit order, outside the store's lock, and never at the same time as
/// another callback of the store: it runs like a subscriber, on the thread delivering the store's
/// changes, just before the subscribers are told of the message's state. It may read the store and
/// dispatch to it (what it dispatches is applied at once and observed in turn). A store without observers
/// pays nothing for them.
public struct StoreObserver<S: State>: Sendable {
    /// Called with each event.
    @usableFromInline
    let observe: @Sendable (StoreEvent<S>) -> Void

    /// Called with each effect the store starts, cancels or sees finish by id; `nil` for most observers,
    /// and a store none of whose observers has one pays nothing for effects (the trace writer has one).
    let observeEffect: (@Sendable (EffectEvent) -> Void)?

    /// Creates an observer that calls `observe` with every event.
    ///
    /// - Parameter observe: Called with each message applied and the states around it.
    public init(_ observe: @escaping @Sendable (StoreEvent<S>) -> Void) {
        self.observe = observe
        observeEffect = nil
    }

    /// Creates an observer of messages and of the effects with an id.
    @usableFromInline
    package init(
        _ observe: @escaping @Sendable (StoreEvent<S>) -> Void,
        effects observeEffect: @escaping @Sendable (EffectEvent) -> Void
    ) {
        self.observe = observe
        self.observeEffect = observeEffect
    }
}
