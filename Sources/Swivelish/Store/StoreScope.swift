/// What a store made by ``Store/scope(_:)->Store<Child>`` forwards to: its root store, seen through a projection.
///
/// Its closures are made by `scope`, where the root's state type is known, so they are specialised for
/// it; a scoped store knows only its own state type. They hold the root store's storage weakly, so that
/// a `values` sequence or an `unsubscribe` function of a scoped store does not keep the root alive; the
/// scoped ``Store`` itself keeps the root alive, for as long as it lives.
@usableFromInline
final class StoreScope<S: State>: Sendable {
    /// Adds a subscription to the root store, as `StoreStorage.subscribe` does; ``Subscribed/rootIsGone``
    /// when the root store is gone.
    @usableFromInline
    typealias Register = @Sendable (SubscriptionRequest) -> Subscribed

    /// Dispatches to the root store and reports the outcome (see ``dispatchReporting``).
    @usableFromInline
    typealias DispatchReporting = @Sendable (any Message, RoomWaiting, (S?) -> Void) -> DispatchOutcome

    /// Where this store's state lies in the root's.
    @usableFromInline
    let projection: StateProjection<S>

    /// Dispatches to the root store (nothing when it is gone).
    @usableFromInline
    let dispatch: @Sendable (any Message) -> Void

    /// Dispatches to the root store, waiting for room as the ``RoomWaiting`` says, and returns whether the
    /// message was applied, giving `read` this store's part of the state the message made, before the root
    /// store unlocks (`nil` when the part is absent). See ``Store/dispatch(_:answering:)`` and
    /// ``Store/send(_:answering:)``.
    @usableFromInline
    let dispatchReporting: DispatchReporting

    /// Reads this store's part of the root store's current state, with the state's number (see
    /// ``StoreStateMachine/commits``) and whether the part is in it: a store of a part that may be absent
    /// (see ``Store/scope(_:id:)->Store<Element>?``) gives the part as it last read it when it is not. Call it only while the
    /// root lives.
    @usableFromInline
    let readState: @Sendable () -> (state: S, commit: UInt64, isPresent: Bool)

    @usableFromInline
    let register: Register

    /// The root's effects, for the package's testing module; `nil` when the root is gone.
    @usableFromInline
    let effectRoot: @Sendable () -> EffectScope?

    @usableFromInline
    init(
        projection: StateProjection<S>,
        dispatch: @escaping @Sendable (any Message) -> Void,
        dispatchReporting: @escaping DispatchReporting,
        readState: @escaping @Sendable () -> (state: S, commit: UInt64, isPresent: Bool),
        register: @escaping Register,
        effectRoot: @escaping @Sendable () -> EffectScope?
    ) {
        self.projection = projection
        self.dispatch = dispatch
        self.dispatchReporting = dispatchReporting
        self.readState = readState
        self.register = register
        self.effectRoot = effectRoot
    }

    /// Why a message dispatched to a scoped store whose root store was freed was not applied.
    @usableFromInline
    static var rootIsGone: String { "its store's root store was freed" }
}
