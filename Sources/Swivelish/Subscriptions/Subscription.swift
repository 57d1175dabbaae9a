/// One subscriber of a store: the ``Watch`` of its key path, how it filters, and its callback.
///
/// `@unchecked Sendable`: `isSubscribed` is guarded by the store's lock; `seenVersion`,
/// `isCancelledDuringDelivery` and calls of `receive` belong to the delivering thread (one at a time,
/// handed over under the store's lock).
@usableFromInline
final class Subscription: @unchecked Sendable {
    /// Increasing in subscription order; a change reaches the subscriptions with an id below its
    /// ``Change/audience``.
    @usableFromInline
    let id: UInt64

    /// The watch of the key path it reads: for `skipRepeats`, shared with the other such subscriptions on
    /// that key path; otherwise its own.
    @usableFromInline
    let watch: Watch

    /// Whether a delivery whose value has the version last seen is skipped.
    @usableFromInline
    let skipsRepeats: Bool

    /// Whether the first state (at subscription time) reaches `receive`, or is only recorded.
    @usableFromInline
    let receivesFirstState: Bool

    /// Calls the subscriber with the value of the watch it is given: this subscription's ``watch``. (Made
    /// where `subscribe` is called, before the watch is known: the watch is looked up, or made, under the
    /// store's lock.)
    @usableFromInline
    let receive: (Watch) -> Void

    // `@exclusivity(unchecked)` on the three fields below: the store's lock or the one deliverer makes each
    // access exclusive, and a run-time check cost about 117 instructions an access (W2: seven a dispatch
    // before 8e458d7, with the store's fields).

    /// The watch's version when `receive` was last called (or the first state recorded).
    @usableFromInline
    @exclusivity(unchecked)
    var seenVersion: UInt64 = 0

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
    init(
        id: UInt64, watch: Watch, skipsRepeats: Bool, receivesFirstState: Bool,
        receive: @escaping (Watch) -> Void
    ) {
        self.id = id
        self.watch = watch
        self.skipsRepeats = skipsRepeats
        self.receivesFirstState = receivesFirstState
        self.receive = receive
    }

    /// Delivers the root state at `root`, the state of delivery number `delivery`, unless its value
    /// repeats one to skip.
    @inlinable
    @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
    func deliver(_ root: UnsafeRawPointer, delivery: UInt64) {
        watch.update(in: root, delivery: delivery)
        receiveIfNew()
    }

    /// Delivers the element at `element` (`nil`: absent from its collection) of the root state at `root`,
    /// the state of delivery number `delivery`, unless its value repeats one to skip. Called by the
    /// element's ``ElementGroup``.
    @inlinable
    @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
    func deliver(element: UnsafeRawPointer?, root: UnsafeRawPointer, delivery: UInt64) {
        watch.update(element: element, root: root, delivery: delivery)
        receiveIfNew()
    }

    /// Calls `receive` with the value the watch read, unless it is absent or a repeat to skip.
    @inlinable
    @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
    func receiveIfNew() {
        if watch.isAbsent { return }
        let version = watch.version
        if skipsRepeats && version == seenVersion { return }
        seenVersion = version
        receive(watch)
    }

    /// Delivers the first state (the root state at `root`), at subscription time: records its version,
    /// and calls `receive` when the subscription asked for it.
    @inlinable
    func deliverFirst(_ root: UnsafeRawPointer, delivery: UInt64) {
        watch.update(in: root, delivery: delivery)
        if watch.isAbsent { return }
        seenVersion = watch.version
        if receivesFirstState { receive(watch) }
    }
}
