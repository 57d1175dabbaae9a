/// One subscriber of a store: its callback, wrapped with its key path and repeat filter.
///
/// `@unchecked Sendable`: `receive` is only called by the store's delivering thread (one at a time,
/// handed over under the store's lock); `isSubscribed` is guarded by the store's lock;
/// `isCancelledDuringDelivery` is read and written only by the delivering thread.
@usableFromInline
final class Subscription<S>: @unchecked Sendable {
    /// Increasing in subscription order; a change reaches the subscriptions with an id below its
    /// ``Delivery/change(_:effect:audience:)`` audience.
    @usableFromInline
    let id: UInt64

    /// Delivers a state: the state of delivery number `delivery` (see ``Watch``). `isFirst` marks the
    /// state given at subscription time (which a subscription with `immediately: false` only records for
    /// `skipRepeats`).
    @usableFromInline
    let receive: (S, _ delivery: UInt64, _ isFirst: Bool) -> Void

    /// The watch of the key path it reads, shared with the other subscriptions on that key path.
    @usableFromInline
    let watch: AnyWatch

    /// Whether the subscription still is in the store's list. Guarded by the store's lock.
    @usableFromInline
    @exclusivity(unchecked)
    var isSubscribed = true

    /// Set when the delivering thread itself unsubscribes (from inside a callback or effect), so that
    /// the delivery in progress skips this subscription. Owned by the delivering thread.
    @usableFromInline
    @exclusivity(unchecked)
    var isCancelledDuringDelivery = false

    @inlinable
    init(id: UInt64, watch: AnyWatch, receive: @escaping (S, _ delivery: UInt64, _ isFirst: Bool) -> Void) {
        self.id = id
        self.watch = watch
        self.receive = receive
    }
}

/// A mutable value owned by one subscription's callback, which only the delivering thread touches.
@usableFromInline
final class SubscriberMemory<Value>: @unchecked Sendable {
    @usableFromInline
    @exclusivity(unchecked)
    var value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}

/// A key path, which is immutable once made, marked `Sendable` so callbacks may carry it across threads.
@usableFromInline
struct SendableKeyPath<Root, Value>: @unchecked Sendable {
    @usableFromInline
    let keyPath: KeyPath<Root, Value>

    @inlinable
    init(_ keyPath: KeyPath<Root, Value>) {
        self.keyPath = keyPath
    }
}
