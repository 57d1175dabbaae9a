#if canImport(Observation)
import Observation

/// A store's state as an `Observable` object on the main actor, for SwiftUI views and other code that
/// tracks what it reads with `withObservationTracking`.
///
/// Make one with ``Store/observable()`` and read the state through it as if it were the state; send
/// messages with ``dispatch(_:)``:
///
/// ```swift
/// let model = store.observable()
/// model.count            // the count, tracked
/// model.profile.name     // tracked as `profile`
/// model.dispatch(CounterMessage.increment(amount: 1))
/// ```
///
/// Reading through the model is tracked **per key path**: a view that read `model.count` is invalidated
/// when `count` changes, not when another field does. For an `Equatable` value a change is a value not
/// `==` to the previous one; a value that is not `Equatable` counts as changed at every new state. A
/// chain such as `model.profile.name` is tracked as its first step, `profile`.
///
/// The model follows its store from any thread: states committed on any thread reach the model on the
/// main actor, in commit order. Several states committed before the main actor gets to run may be
/// applied as one (a view only needs the latest), so the model may skip intermediate states; use
/// ``Store/subscribe(_:immediately:on:_:)`` to see every state on the main actor. The model's state is
/// therefore the store's state of a moment ago: after a ``dispatch(_:)``, the model shows the change once
/// the main actor has applied it, not before `dispatch` returns.
///
/// The model holds its store strongly, so a view that holds the model keeps the store alive. The store
/// does not hold the model: once the model is freed, it stops following the store.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@MainActor
@dynamicMemberLookup
public final class ObservedStore<S: State>: Observable {
    /// A tracked key path of the state: how to tell whether it changed, and the key path of this object
    /// that the registrar knows it by.
    private struct Tracked {
        let key: KeyPath<ObservedStore<S>, Int>
        let hasChanged: (S, S) -> Bool
    }

    /// The store the model follows.
    public let store: Store<S>

    var current: S
    private var tracked: [AnyKeyPath: Tracked] = [:]
    private let registrar = ObservationRegistrar()
    private let unsubscribe: @Sendable () -> Void

    /// Makes a model of `store`'s state, which follows it from now on.
    ///
    /// - Parameter store: The store to follow; the model keeps it alive.
    public init(_ store: Store<S>) {
        self.store = store
        current = store.state
        // The model is made on the main actor and the relay calls back on it; it holds the model weakly,
        // so that freeing the model ends the subscription.
        let model = WeakModel<S>()
        let relay = MainActorRelay<S>(coalesces: true) { state in model.object?.apply(state) }
        let unsubscribeFromStore = store.subscribe(\S.self, immediately: true) { relay.send($0) }
        unsubscribe = {
            relay.cancel()
            unsubscribeFromStore()
        }
        model.object = self
    }

    deinit {
        unsubscribe()
    }

    /// The whole state, tracked as a whole: any new state invalidates a reader (when `S` is `Equatable`,
    /// any state not `==` to the last).
    public var state: S {
        self[dynamicMember: \S.self]
    }

    /// The value at `keyPath` of the state, tracked: a reader is invalidated at every new state.
    public subscript<Value>(dynamicMember keyPath: KeyPath<S, Value>) -> Value {
        track(keyPath) { _, _ in true }
        return current[keyPath: keyPath]
    }

    /// The value at `keyPath` of the state, tracked: a reader is invalidated when the value changes
    /// (is not `==` to the previous one).
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<S, Value>) -> Value {
        track(keyPath) { $0[keyPath: keyPath] != $1[keyPath: keyPath] }
        return current[keyPath: keyPath]
    }

    /// Sends `message` to the store (see ``Store/dispatch(_:)``).
    ///
    /// - Parameter message: The message to dispatch.
    public func dispatch(_ message: any Message) {
        store.dispatch(message)
    }

    // MARK: - Tracking

    /// The registrar's key for a tracked key path of the state: a subscript of this object, one per key
    /// path, so that the registrar tells readers of different values apart.
    private subscript(tracking keyPath: TrackingKey) -> Int {
        0
    }

    func track(_ keyPath: AnyKeyPath, hasChanged: @escaping (S, S) -> Bool) {
        let entry: Tracked
        if let existing = tracked[keyPath] {
            entry = existing
        } else {
            entry = Tracked(key: \ObservedStore<S>.[tracking: TrackingKey(keyPath)], hasChanged: hasChanged)
            tracked[keyPath] = entry
        }
        registrar.access(self, keyPath: entry.key)
    }

    /// Replaces the state with `new`, telling the readers of each tracked value that changed.
    func apply(_ new: S) {
        let old = current
        let changed = tracked.values.filter { $0.hasChanged(old, new) }.map(\.key)
        for key in changed {
            registrar.willSet(self, keyPath: key)
        }
        current = new
        for key in changed {
            registrar.didSet(self, keyPath: key)
        }
    }
}

extension ObservedStore where S: Equatable {
    /// The whole state, tracked as a whole: a reader is invalidated when the state is not `==` to the
    /// last.
    public var state: S {
        self[dynamicMember: \S.self]
    }
}

/// A key path of a state, as the index of ``ObservedStore``'s tracking subscript.
private struct TrackingKey: Hashable, @unchecked Sendable {
    // `@unchecked Sendable`: a key path is immutable once made.
    let keyPath: AnyKeyPath

    init(_ keyPath: AnyKeyPath) {
        self.keyPath = keyPath
    }
}

/// The model a relay delivers to, held weakly; set once, on the main actor, right after the model is made.
@MainActor
private final class WeakModel<S: State> {
    weak var object: ObservedStore<S>?
}
#endif
