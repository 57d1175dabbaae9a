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
/// store of one element (``Store/scope(_:id:)->Store<Element>?``) is read only when that element changes, so a row model
/// costs nothing when another row changes; when its element is removed, the model keeps showing the
/// element as it last was, and changes again only if an element with its id is added back.
///
/// The model follows its store from any thread: states committed on any thread reach the model on the
/// main actor, in commit order. Several states committed before the main actor gets to run may be
/// applied as one (a view only needs the latest), so the model may skip intermediate states; use
/// ``Store/subscribe(_:immediately:on:_:)`` to see every state on the main actor. The model's state is
/// therefore the store's state of a moment ago: after a ``dispatch(_:)``, the model shows the change once
/// the main actor has applied it, or the main actor's next turn has begun, not before `dispatch` returns.
///
/// ## One state per turn
///
/// Everything read through a model in one main-actor job (a *turn*: a view's body, an action) comes from
/// one state, values read for the first time included: a body that reads `items` and then, for the first
/// time, `selection` gets both from the same state. The first read of a model in a turn brings every value
/// it tracks to the store's current state (telling their readers of those that changed, as a new state
/// would), and the model keeps that state, the *turn's state*, until the turn ends: a value read for the
/// first time in the turn is read from it. The turn ends with a main-actor task that its first read
/// schedules (one task for all the models read in it), or when the model applies changes the store sent
/// it, itself a job of its own. A change made through a binding (see ``BindableState``) shows at once: the
/// model's turn then goes on with the store's state after it.
///
/// While a turn lasts, the model keeps a copy of its store's state: a change committed meanwhile (from
/// another thread, or by a dispatch later in the same job) copies the collections it changes, as any copy
/// of a state alive at a commit makes it do. A row's model keeps its element only; a model of a whole list
/// keeps the list, so a change of the list committed during one of its turns copies what it changes, once
/// per turn. The state is let go of when the turn ends, so it is not kept from one turn to the next.
///
/// While the model's element is gone (or its child dismissed), it keeps the values it shows; a value it
/// reads for the first time then is read from the element as its store last read it.
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
        /// Whether two values have the same bytes: a value left as it was (see ``haveSameBytes(_:_:)``).
        let haveSameBytes: (Any, Any) -> Bool
        /// Whether the store's deliverer has read the value since the model added it: its first reading
        /// is always sent (see ``ObservedFields``), so the model knows when it has.
        var isFollowed = false
    }

    /// The store the model follows.
    public let store: Store<S>

    private var entries: [Entry] = []
    private var indexes: [AnyKeyPath: Int] = [:]
    /// The number of entries the deliverer has not read yet (see ``Entry/isFollowed``).
    private var unfollowedCount = 0

    /// The number of the state (see ``StoreStateMachine/commits``) that the values show: the state of the
    /// last turn that brought them up to date, or of the last changes applied. `nil` before the first read.
    private var shownCommit: UInt64?
    /// Whether every value is exactly the one of the state ``shownCommit``: cleared when changes were
    /// applied while the deliverer did not follow every value yet, or while the store's part was absent,
    /// so that the next turn reads them all again even if no state was committed since.
    private var showsShownCommit = false
    /// The state of the current turn, from which values read for the first time are read; `nil` between
    /// turns.
    private var turnState: S?
    /// The number of the turn ``turnState`` is for (see ``MainActorTurn``); 0 when none.
    private var turn: UInt64 = 0
    /// Whether the model applies the changes the deliverer sent (see ``drain()``).
    private var isDraining = false
    /// Counts the times every value was read again from a state, so that changes being applied are not
    /// written over the newer values a reader read meanwhile (see ``apply(_:)``).
    private var rereads: UInt64 = 0

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
        fields.drain = { [weak self] in self?.drain() }
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
    // Inlinable, as the `Equatable` form: the field is made where the value's type is known, so that each
    // change reads and compares it specialised (unspecialised, the list's model cost W13 about 2,300
    // instructions a change: bcfbf28).
    public subscript<Value>(tracking keyPath: KeyPath<S, Value>) -> Value {
        track(keyPath, isEqual: nil) { [store] index in
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
        track(keyPath, isEqual: areEqual) { [store] index in
            store.equatableField(keyPath, index: index)
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
    /// the current reader of its changes. The first read of a turn begins it (see ``beginTurn()``); a value
    /// read for the first time is read from the turn's state.
    ///
    /// `makeField` makes the field that reads the value in the store's deliveries (with
    /// ``Store/equatableField(_:index:)``); it is a closure written where the value's type is known
    /// (an inlinable caller), so that each delivery reads and compares the value in code specialised for
    /// it, with no type metadata looked up.
    @usableFromInline
    func track<Value>(
        _ keyPath: KeyPath<S, Value>, isEqual: (@Sendable (Value, Value) -> Bool)?,
        makeField: (_ index: Int) -> ObservedFields.Field
    ) -> Value {
        if turn != MainActorTurn.current && !isDraining {
            beginTurn()
        }
        if let index = indexes[keyPath] {
            registrar.access(self, keyPath: entries[index].key)
            return entries[index].value as! Value
        }
        if turnState == nil {
            // Read for the first time by a reader told of changes being applied (see `drain`).
            beginTurn()
        }
        // From the turn's state, as every value read in this turn: not from the store's current state,
        // which may be newer than the values read before it.
        let value = turnState.unsafelyUnwrapped[keyPath: keyPath]
        let index = entries.count
        let entry = Entry(
            key: \ObservedStore<S>.[registrarKey: TrackingKey(keyPath)], value: value, read: { $0[keyPath: keyPath] },
            isEqual: isEqual.map { isEqual in
                { old, new in
                    // A value left as it was is not compared, as the deliverer does not compare it (see
                    // `holdsSameBytes`): a turn reads every value again, most of them unchanged.
                    let old = old as! Value
                    let new = new as! Value
                    return haveSameBytes(old, new) || isEqual(old, new)
                }
            },
            haveSameBytes: { old, new in haveSameBytes(old as! Value, new as! Value) })
        entries.append(entry)
        indexes[keyPath] = index
        unfollowedCount += 1
        fields.add(makeField(index))
        registrar.access(self, keyPath: entry.key)
        return value
    }

    /// Shows the store's current state at once, rather than when the main actor gets the change: after
    /// a change made from here (see ``BindableState``). The turn goes on with that state.
    @usableFromInline
    func refresh() {
        if turn != MainActorTurn.current {
            turn = MainActorTurn.join(self)
        }
        show(store.committedState)
    }

    // MARK: - Turns

    /// Begins a turn: the model keeps the store's current state until the turn ends, and brings every
    /// value to it (telling the readers of those that changed; nothing was read in this turn yet).
    ///
    /// A delivery older than that state may still wait for the main actor: ``drain()`` leaves it, rather
    /// than take values back to it.
    private func beginTurn() {
        turn = MainActorTurn.join(self)
        show(store.committedState)
    }

    /// Makes `current` the turn's state, and brings every value to it unless they show it already.
    private func show(_ current: (state: S, commit: UInt64, isPresent: Bool)) {
        turnState = current.state
        guard current.isPresent else {
            // The store's part is gone: the values stay as they last were (the deliverer sends none of its
            // changes meanwhile), and are all read again once it is back.
            showsShownCommit = false
            return
        }
        if current.commit == shownCommit && showsShownCommit { return }
        // Recorded before the readers are told: one that reads the model meanwhile is in this turn.
        shownCommit = current.commit
        showsShownCommit = true
        rereads &+= 1
        guard !entries.isEmpty else { return }
        // A value left as it was is not a change, even one that is not `Equatable` (which a delivery of a
        // new state counts as changed): a turn brings the values to the state of the moment, whatever was
        // committed since, and a row's model would otherwise tell its readers of a change at each turn in
        // which another row had changed.
        apply(
            entries.indices.compactMap { index in
                let value = entries[index].read(current.state)
                return entries[index].haveSameBytes(entries[index].value, value) ? nil : (index, value)
            })
    }

    /// Applies the changes the store's deliverer sent: a job of its own on the main actor, so it ends the
    /// turn of the job before it.
    ///
    /// Changes that come from the state the model shows, or from an older one, are left: a turn brought
    /// the values to a newer state than the deliverer had delivered when it sent them, and applying them
    /// would take some values back to an older state, beside others the turn brought forward. Changes from
    /// a newer state bring every value to that state: the deliverer delivers every state in commit order,
    /// and sends the values that differ from those it sent before, so the values waiting are those that
    /// changed since the last changes the model took; a value not among them is the same in the state the
    /// changes come from as in every state since those last changes, and the state the model shows is
    /// one of them (a turn shows the current state, which is never older than the states delivered
    /// before it, and the model shows no state newer than the changes it takes). Until the deliverer has
    /// read a value the model added (its first reading is always sent), that value may be the one of an
    /// older state: the model then shows the changes, but reads every value again at its next turn.
    ///
    /// A reader told of the changes (`withObservationTracking`'s `onChange`) that reads the values it
    /// follows gets them as the model shows them, and begins no turn: the values before the changes while
    /// they are about to be made, as `Observable` has it. One that reads a value for the first time begins
    /// a turn, which brings every value to the store's current state; the changes are then not written.
    private func drain() {
        endTurn()
        isDraining = true
        defer { isDraining = false }
        while let (changes, commit) = fields.takeChanges() {
            for change in changes where !entries[change.index].isFollowed {
                entries[change.index].isFollowed = true
                unfollowedCount -= 1
            }
            if let shownCommit, commit <= shownCommit { continue }
            shownCommit = commit
            if unfollowedCount > 0 {
                showsShownCommit = false
            }
            apply(changes)
        }
    }

    /// Shows the tracked values in `changes`, telling the readers of each value that changed.
    private func apply(_ changes: FieldChanges) {
        let changed = changes.filter { change in
            let entry = entries[change.index]
            return entry.isEqual.map { !$0(entry.value, change.value) } ?? true
        }
        guard !changed.isEmpty else { return }
        let rereadsBefore = rereads
        for change in changed {
            registrar.willSet(self, keyPath: entries[change.index].key)
        }
        // A reader told of the change may have read a value for the first time, beginning a turn that
        // brought every value to a newer state (see `drain`): these values are then older than those.
        if rereads == rereadsBefore {
            for change in changed {
                entries[change.index].value = change.value
            }
        }
        for change in changed {
            registrar.didSet(self, keyPath: entries[change.index].key)
        }
    }
}

extension ObservedStore: MainActorTurn.Holder {
    /// Lets go of the turn's state: the next read begins a new turn.
    func endTurn() {
        turn = 0
        turnState = nil
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

/// Whether `left` and `right` have the same bytes: the same value, not a copy that changed since (see
/// ``holdsSameBytes(_:as:)``).
private func haveSameBytes<Value>(_ left: Value, _ right: Value) -> Bool {
    withUnsafeBytes(of: left) { left in
        withUnsafeBytes(of: right) { right in left.elementsEqual(right) }
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
