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
/// `==` to the previous one (a value left as it was, its bytes unchanged, is not compared); a value that is
/// not `Equatable` counts as changed at every new state. A
/// chain such as `model.profile.name` is tracked as its first step, `profile`; `subscript(tracking:)` tracks
/// a whole key path, such as the ids of a list's rows (`model[tracking: \.todos.ids]`).
///
/// The model holds the values it tracks, not the whole state: a state with thousands of rows is not
/// copied at each change because a model keeps the previous one alive. The store reads the tracked
/// values of each new state at once, so the values a model shows come from one state. A model of the
/// store of one element (``Store/scope(_:id:)``) is read only when that element changes, so a row model
/// costs nothing when another row changes; when its element is removed, the model keeps showing the
/// element as it last was, and changes again only if an element with its id is added back.
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
    /// A tracked value of the state: the value the model shows, the key path of this object that the
    /// registrar knows it by, and how to read it and tell a change.
    private struct Entry {
        let key: KeyPath<ObservedStore<S>, Int>
        var value: Any
        let read: (S) -> Any
        let isEqual: ((Any, Any) -> Bool)?
    }

    /// The store the model follows.
    public let store: Store<S>

    private var entries: [Entry] = []
    private var indexes: [AnyKeyPath: Int] = [:]
    private let fields = ObservedFields()
    private let registrar = ObservationRegistrar()
    private let unsubscribe: @Sendable () -> Void

    /// Makes a model of `store`'s state, which follows it from now on.
    ///
    /// - Parameter store: The store to follow; the model keeps it alive.
    public init(_ store: Store<S>) {
        self.store = store
        let fields = self.fields
        let unsubscribeFromStore = store.subscribe(fields)
        unsubscribe = {
            fields.cancel()
            unsubscribeFromStore()
        }
        // The fields call back on the main actor, where the model is made; they hold the model weakly, so
        // that freeing the model ends the subscription.
        fields.apply = { [weak self] changes in self?.apply(changes) }
    }

    deinit {
        unsubscribe()
    }

    /// The whole state, tracked as a whole: any new state invalidates a reader (when `S` is `Equatable`,
    /// any state not `==` to the last).
    ///
    /// The model then holds the whole state, so a state with a large collection is copied at its next
    /// change; read the values a view shows instead (see `subscript(tracking:)`).
    @inlinable
    public var state: S {
        self[dynamicMember: \S.self]
    }

    /// The value at `keyPath` of the state, tracked: a reader is invalidated at every new state.
    @inlinable
    public subscript<Value>(dynamicMember keyPath: KeyPath<S, Value>) -> Value {
        self[tracking: keyPath]
    }

    /// The value at `keyPath` of the state, tracked: a reader is invalidated when the value changes
    /// (is not `==` to the previous one).
    @inlinable
    public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<S, Value>) -> Value {
        self[tracking: keyPath]
    }

    /// The value at `keyPath` of the state, tracked by the whole key path: a reader is invalidated at
    /// every new state.
    ///
    /// The name is a subscript's, not a method's, so that it hides no field of the state: a state's
    /// `value` or `read` is still read as `model.value`, `model.read`.
    ///
    /// - Parameter keyPath: The value to read, however deep in the state.
    /// - Returns: The value in the state the model shows.
    @inlinable
    public subscript<Value>(tracking keyPath: KeyPath<S, Value>) -> Value {
        track(keyPath, isEqual: nil) { [store] index, _ in
            store.field(keyPath, index: index)
        }
    }

    /// The value at `keyPath` of the state, tracked by the whole key path: a reader is invalidated when
    /// the value changes (is not `==` to the previous one), and not when anything else does.
    ///
    /// A list view reads the ids of its rows this way, so that a change inside a row does not invalidate
    /// it; each row reads its own element through a model of its own store:
    ///
    /// ```swift
    /// ForEach(model[tracking: \.todos.ids], id: \.self) { id in
    ///     if let row = store.scope(\.todos, id: id) {
    ///         TodoRow(model: row.observable())
    ///     }
    /// }
    /// ```
    ///
    /// Reading through the dynamic member, `model.todos.ids` is tracked as its first step, `todos`: any
    /// change to a row invalidates it.
    ///
    /// - Parameter keyPath: The value to read, however deep in the state.
    /// - Returns: The value in the state the model shows.
    @inlinable
    public subscript<Value: Equatable>(tracking keyPath: KeyPath<S, Value>) -> Value {
        track(keyPath, isEqual: areEqual) { [store] index, value in
            store.field(keyPath, index: index, value: value)
        }
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
    private subscript(registrarKey keyPath: TrackingKey) -> Int {
        0
    }

    /// The value at `keyPath`, tracked from now on: the model follows it in the store's states, and tells
    /// the current reader of its changes.
    ///
    /// `makeField` makes the field that reads the value in the store's deliveries (with
    /// ``Store/field(_:index:value:)``); it is a closure written where the value's type is known
    /// (an inlinable caller), so that each delivery reads and compares the value in code specialised for
    /// it, with no type metadata looked up.
    @usableFromInline
    func track<Value>(
        _ keyPath: KeyPath<S, Value>, isEqual: (@Sendable (Value, Value) -> Bool)?,
        makeField: (_ index: Int, _ value: Value) -> ObservedFields.Field
    ) -> Value {
        if let index = indexes[keyPath] {
            registrar.access(self, keyPath: entries[index].key)
            return entries[index].value as! Value
        }
        let value = store.state[keyPath: keyPath]
        let index = entries.count
        let entry = Entry(
            key: \ObservedStore<S>.[registrarKey: TrackingKey(keyPath)], value: value, read: { $0[keyPath: keyPath] },
            isEqual: isEqual.map { isEqual in { isEqual($0 as! Value, $1 as! Value) } })
        entries.append(entry)
        indexes[keyPath] = index
        fields.add(makeField(index, value))
        registrar.access(self, keyPath: entry.key)
        return value
    }

    /// Shows the store's current state at once, rather than when the main actor gets the change: after
    /// a change made from here (see ``BindableState``).
    @usableFromInline
    func refresh() {
        guard !entries.isEmpty else { return }
        let state = store.state
        apply(entries.enumerated().map { index, entry in (index, entry.read(state)) })
    }

    /// Shows the tracked values in `changes`, telling the readers of each value that changed.
    private func apply(_ changes: FieldChanges) {
        let changed = changes.filter { change in
            let entry = entries[change.index]
            return entry.isEqual.map { !$0(entry.value, change.value) } ?? true
        }
        for change in changed {
            registrar.willSet(self, keyPath: entries[change.index].key)
        }
        for change in changed {
            entries[change.index].value = change.value
        }
        for change in changed {
            registrar.didSet(self, keyPath: entries[change.index].key)
        }
    }
}

extension ObservedStore where S: Equatable {
    /// The whole state, tracked as a whole: a reader is invalidated when the state is not `==` to the
    /// last.
    @inlinable
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

#endif
