/// A subscription just made, and whether it was: `false` when the root store was gone.
///
/// A struct rather than an optional closure: a closure in an optional is stored at its most general
/// representation, which costs two thunks (two allocations) per subscription to wrap and unwrap.
@usableFromInline
struct Subscribed: Sendable {
    @usableFromInline
    let unsubscribe: @Sendable () -> Void
    @usableFromInline
    let isSubscribed: Bool
    /// Whether the first value waits behind the caller: it was asked for by the thread delivering the
    /// store's changes (from a callback or an effect), so it comes only after that thread returns to the
    /// store.
    @usableFromInline
    let firstValueWaitsForCaller: Bool

    @inlinable
    init(
        unsubscribe: @escaping @Sendable () -> Void, isSubscribed: Bool, firstValueWaitsForCaller: Bool = false
    ) {
        self.unsubscribe = unsubscribe
        self.isSubscribed = isSubscribed
        self.firstValueWaitsForCaller = firstValueWaitsForCaller
    }

    /// The result for a root store that is gone.
    @inlinable
    static var rootIsGone: Subscribed {
        Subscribed(unsubscribe: {}, isSubscribed: false)
    }
}
