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

    @inlinable
    init(unsubscribe: @escaping @Sendable () -> Void, isSubscribed: Bool) {
        self.unsubscribe = unsubscribe
        self.isSubscribed = isSubscribed
    }

    /// The result for a root store that is gone.
    @inlinable
    static var rootIsGone: Subscribed {
        Subscribed(unsubscribe: {}, isSubscribed: false)
    }
}
