/// A subscription to add to a root store: everything `subscribe` decided, in one value that goes through
/// the layers (`Store` → a scoped store's root → `StoreStorage` → `StoreStateMachine`) unchanged.
///
/// Its closures are made where `subscribe` is called, specialised for the state and the value. `makeWatch`
/// runs under the store's lock, at most once, before `subscribe` returns, and is never kept, so a request is
/// made with ``with(key:skipsRepeats:receivesFirstState:deliversFirstState:makeWatch:receive:_:)`` from a
/// closure that does not escape. `receive` becomes the subscription's callback.
@usableFromInline
struct SubscriptionRequest {
    /// The watch the subscription reads: one per path from the root state (``PartPath``) and kind, shared
    /// when the kind compares values (see ``WatchKey``).
    @usableFromInline
    let key: WatchKey
    /// Whether a delivery whose value is a repeat (by `==`) is skipped.
    @usableFromInline
    let skipsRepeats: Bool
    /// Whether the first state reaches the subscriber's closure.
    @usableFromInline
    let receivesFirstState: Bool
    /// Whether the first state is delivered at all (to record the version a `skipRepeats` subscriber saw).
    @usableFromInline
    let deliversFirstState: Bool
    /// Makes the watch of ``key``, when no subscription has it yet.
    @usableFromInline
    let makeWatch: () -> Watch
    /// The subscription's callback, which reads the watch it is given (see ``Subscription/receive``).
    @usableFromInline
    let receive: (Watch) -> Void

    /// For a `skipRepeats` subscription to (a part of) an element of a collection: the element, whose
    /// group notifies the subscription only when the collection changed it (see ``ElementGroup``).
    @usableFromInline
    let element: ElementOfCollection?

    @inlinable
    init(
        key: WatchKey, skipsRepeats: Bool, receivesFirstState: Bool, deliversFirstState: Bool,
        makeWatch: @escaping () -> Watch, receive: @escaping (Watch) -> Void, element: ElementOfCollection? = nil
    ) {
        self.key = key
        self.skipsRepeats = skipsRepeats
        self.receivesFirstState = receivesFirstState
        self.deliversFirstState = deliversFirstState
        self.makeWatch = makeWatch
        self.receive = receive
        self.element = element
    }

    /// Calls `body` with a request made of these values, which must not outlive the call.
    @inlinable
    @inline(__always)  // the subscribe path (see "Forced inlining" in StoreStorage)
    static func with<Result>(
        key: WatchKey, skipsRepeats: Bool, receivesFirstState: Bool, deliversFirstState: Bool,
        makeWatch: () -> Watch, receive: @escaping (Watch) -> Void, element: ElementOfCollection? = nil,
        _ body: (SubscriptionRequest) -> Result
    ) -> Result {
        withoutActuallyEscaping(makeWatch) { makeWatch in
            body(
                SubscriptionRequest(
                    key: key, skipsRepeats: skipsRepeats, receivesFirstState: receivesFirstState,
                    deliversFirstState: deliversFirstState, makeWatch: makeWatch, receive: receive,
                    element: element))
        }
    }
}
