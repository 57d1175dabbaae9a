/// The right to deliver a store's work: held by one thread at a time, from the moment it claims delivery
/// under the store's lock (``StoreStorage/claimDelivery()``) until it stops, or hands delivery on to the
/// store's delivery thread.
///
/// Noncopyable, and passed along by `consuming`: each function that delivers takes the role and must end
/// it, or pass it on. A path that dropped it would leave the store marked as delivering, and every later
/// change queued for no one; the role stops the program instead, with a message, when it is dropped without
/// being ended.
@usableFromInline
@frozen
struct DelivererRole: ~Copyable {
    /// The role of a caller that has just claimed delivery.
    @inlinable
    init() {}

    /// Gives the role up: the caller has stopped delivering, or handed delivery on.
    @inlinable
    consuming func end() {
        discard self
    }

    deinit {
        // Reached only when a path dropped the role instead of ending it.
        precondition(false, "Swivelish: a store's deliverer stopped without giving up its role (a bug of Swivelish)")
    }
}
