#if canImport(Observation)
/// The values of a store's state that an ``ObservedStore`` tracks, read by the store's deliverer and sent
/// to the model on the main actor.
///
/// The model holds these values only, never the whole state: a state that holds a large collection is not
/// copied at each change because a model keeps the previous state alive. The store delivers to it through
/// one subscription (an ``ObservedFieldsWatch``), which reads every tracked value of a new state at once,
/// so the values the model receives come from one state, never from two.
///
/// A changed value waits for the main actor in its field, in a slot of the value's own type (see
/// ``FieldOf/pending``): the deliverer copies it there, and the main actor boxes it when it applies it,
/// once for all the changes made between two of its turns. A change sent to a model costs no boxing and
/// no search. The values waiting carry the number of the newest state they come from (see
/// ``pendingCommit``), so that the model leaves them when it shows that state or a newer one already.
///
/// A field's first reading by the deliverer is always sent, even when it equals the value the model read
/// when it added the field: the model then knows that the deliverer follows the field (see
/// ``ObservedStore``'s `drain`).
@usableFromInline
final class ObservedFields: @unchecked Sendable {
    // `@unchecked Sendable`: `fields`, `pendingFields`, `pendingCommit`, `isScheduled`, `isCancelled` and
    // each field's pending value are guarded by `lock`; `deliveredFields`, `changedPositions`,
    // `changedCount` and each field's last value read belong to the store's deliverer.

    /// One tracked value: a ``FieldOf`` its value's type.
    @usableFromInline
    class Field: @unchecked Sendable {
        // `@unchecked Sendable`: immutable; its closures capture nothing that changes (see ``FieldOf`` for
        // the values it holds).
        /// What reading a field in a new state found.
        @usableFromInline
        enum Reading {
            /// The store's state is absent there (a removed element, a dismissed child).
            case absent
            /// The value is `==` to the one last sent.
            case unchanged
            /// A value to send, kept as the field's last (see ``FieldOf/last``): not `==` to the one
            /// sent before, or not `Equatable`.
            case changed
        }

        /// The field's index in the model's table.
        @usableFromInline
        let index: Int

        /// Reads the value from the root state at the pointer, and remembers it as the one last sent when
        /// it changed; given the field itself. Called by the store's deliverer only, once the field is
        /// published. Made for the value's type (see ``Store/equatableField(_:index:)``), so that reading and
        /// comparing an unchanged value takes no dynamic cast; where the value lies at an offset, the
        /// closure captures nothing (the offset and the last value are the field's), so that a delivery
        /// reaches one object per field (a model of each of thousands of rows reaches its own).
        @usableFromInline
        let read: (Field, UnsafeRawPointer) -> Reading

        /// For a model of an element's own store (see ``Store/scope(_:id:)->Store<Element>?``): reads the value from the
        /// element at the pointer, which the element's group found, as ``read`` does from the root state.
        /// `nil` for a model of another store.
        @usableFromInline
        let readElement: ((Field, UnsafeRawPointer) -> Reading)?

        /// Copies the value last read to the pending slot, for the main actor; given the field itself.
        /// Returns whether the slot was empty (the field starts waiting). Called with the fields' lock held,
        /// by the deliverer. Made for the value's type, as ``read`` is: a method of the generic field would
        /// look up the type metadata of the value's `Optional` each time.
        @usableFromInline
        let publish: (Field) -> Bool

        @usableFromInline
        init(
            index: Int, read: @escaping (Field, UnsafeRawPointer) -> Reading,
            readElement: ((Field, UnsafeRawPointer) -> Reading)?, publish: @escaping (Field) -> Bool
        ) {
            self.index = index
            self.read = read
            self.readElement = readElement
            self.publish = publish
        }

        /// The pending value, boxed, leaving the slot empty. Called with the fields' lock held.
        func takePending() -> Any { preconditionFailure("overridden") }
    }

    /// A tracked value of type `Value`.
    @usableFromInline
    final class FieldOf<Value>: Field, @unchecked Sendable {
        // `@exclusivity(unchecked)` on `last` and `pending`: see the fields of `ObservedFields` (W13-models).

        /// The value last read: for a value compared by `==`, the one to compare the next with (kept;
        /// `nil` until the first reading, which is always sent); for another, the one to send (moved to
        /// ``pending`` when published). Belongs to the deliverer.
        @usableFromInline
        @exclusivity(unchecked)
        var last: Value?

        /// The value waiting for the main actor; `nil` when none is. Guarded by the fields' lock.
        @usableFromInline
        @exclusivity(unchecked)
        var pending: Value?

        /// The value's byte offset in the root state, when ``read`` reads it there.
        @usableFromInline
        let offset: Int

        /// The value's byte offset in the element, when ``readElement`` reads it there.
        @usableFromInline
        let elementOffset: Int

        @inlinable
        init(
            index: Int, keepsLast: Bool, offset: Int?, elementOffset: Int?,
            read: @escaping (Field, UnsafeRawPointer) -> Reading, readElement: ((Field, UnsafeRawPointer) -> Reading)?
        ) {
            self.offset = offset ?? 0
            self.elementOffset = elementOffset ?? 0
            // A value compared by `==` keeps its last value to compare the next with; another's is moved.
            let publish: (Field) -> Bool =
                keepsLast
                ? { field in
                    let field = FieldOf.of(field)
                    defer { field.pending = field.last }
                    return field.pending == nil
                }
                : { field in
                    let field = FieldOf.of(field)
                    defer { field.pending = field.last.take() }
                    return field.pending == nil
                }
            super.init(index: index, read: read, readElement: readElement, publish: publish)
        }

        /// `field`, known to be one.
        @inlinable
        @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
        static func of(_ field: Field) -> FieldOf {
            // Not `as!`: W13-models costs 3,362 instructions, 3,676 (issue 37, with `as!` at every such cast).
            unsafeDowncast(field, to: FieldOf.self)
        }

        override func takePending() -> Any {
            pending.take()!
        }
    }

    private let lock = Lock()
    // `@exclusivity(unchecked)` on the fields `lock` guards and on those the deliverer owns: the lock (or the
    // one deliverer) makes each access exclusive, and the run-time check cost about 150 instructions an
    // access at each change a model is sent (W13-models: 4,150 -> 4,025 instructions, 7db82ce).
    @exclusivity(unchecked) private var fields: [Field] = []
    /// The number of fields in ``fields``, which only grows: the deliverer copies the table again only
    /// when it changed, so that a delivery takes no lock.
    private let fieldCount = AtomicWord(0)
    /// The deliverer's copy of ``fields``.
    @exclusivity(unchecked)
    private var deliveredFields: [Field] = []
    /// The positions in ``deliveredFields`` of the fields the last delivery found changed: the first
    /// ``changedCount`` (the array keeps its length from one delivery to the next, so that it is not
    /// cleared each time).
    @exclusivity(unchecked) private var changedPositions: ContiguousArray<Int> = []
    @exclusivity(unchecked) private(set) var changedCount = 0
    /// The fields whose pending value waits for the main actor, in the order they first changed.
    @exclusivity(unchecked) private var pendingFields: [Field] = []
    /// The number of the newest state (see ``StoreStateMachine/commits``) whose changes wait in
    /// ``pendingFields``: each pending value is the field's value in that state.
    @exclusivity(unchecked) private var pendingCommit: UInt64 = 0
    @exclusivity(unchecked) private var isScheduled = false
    @exclusivity(unchecked) private var isCancelled = false

    /// Takes the changed values on the main actor (with ``takeChanges()``) and applies them: set once, on
    /// the main actor, while the model is made, and read there only (by the task that `sendChanges`
    /// schedules, which runs after the model's initializer returns).
    nonisolated(unsafe) var drain: (@MainActor () -> Void)?

    /// Starts tracking `field`: its next change is sent.
    func add(_ field: Field) {
        lock.withLock("an ObservedStore's fields") {
            fields.append(field)
            fieldCount.store(fields.count)
        }
    }

    /// Reads the tracked values in the root state at `root`, and notes those that changed since last
    /// sent (see ``changedCount``); returns `false`, noting nothing, when the store's state is absent there.
    /// Called by the store's deliverer.
    func collectChanges(in root: UnsafeRawPointer) -> Bool {
        collectChanges { $0.read($0, root) }
    }

    /// Reads the tracked values in the element at `element`, and notes those that changed since last
    /// sent: for the model of an element's own store, whose every field reads from the element (see
    /// ``Field/readElement``). Called by the store's deliverer.
    func collectChanges(inElement element: UnsafeRawPointer) {
        _ = collectChanges { field in
            guard let readElement = field.readElement else {
                preconditionFailure("Swivelish: a field of an element's model cannot read the element")
            }
            return readElement(field, element)
        }
    }

    /// Reads each tracked value with `read`, and notes those that changed since last sent; returns
    /// `false`, noting nothing, when the store's state is absent.
    private func collectChanges(reading read: (Field) -> Field.Reading) -> Bool {
        // A copy of the table, taken again when a field was added: the values are read, and compared by
        // `==`, without the lock.
        if fieldCount.load() != deliveredFields.count {
            deliveredFields = lock.withLock("an ObservedStore's fields") { fields }
        }
        changedCount = 0
        for position in deliveredFields.indices {
            switch read(deliveredFields[position]) {
            case .absent:
                changedCount = 0
                return false
            case .unchanged: continue
            case .changed:
                if changedCount < changedPositions.count {
                    changedPositions[changedCount] = position
                } else {
                    changedPositions.append(position)
                }
                changedCount += 1
            }
        }
        return true
    }

    /// Sends the values the last delivery found changed, in the state numbered `commit`, to the model on
    /// the main actor, in place of those of the same fields it has not applied yet. Called by the store's
    /// deliverer.
    func sendChanges(commit: UInt64) {
        let schedules = lock.withLock("an ObservedStore's fields") { () -> Bool in
            guard !isCancelled else { return false }
            for changed in 0..<changedCount {
                let field = deliveredFields[changedPositions[changed]]
                if field.publish(field) {
                    pendingFields.append(field)
                }
            }
            pendingCommit = commit
            defer { isScheduled = true }
            return !isScheduled
        }
        if schedules {
            Task { @MainActor in self.drain?() }
        }
    }

    /// Stops sending: what is pending is dropped.
    func cancel() {
        let dropped = lock.withLock("an ObservedStore's fields") { () -> FieldChanges in
            isCancelled = true
            return takePending()
        }
        _ = consume dropped
    }

    /// The pending values, boxed, with their fields' indexes, in the order the fields first changed;
    /// leaves none pending. Called with the lock held.
    private func takePending() -> FieldChanges {
        defer { pendingFields.removeAll() }
        return pendingFields.map { field in (field.index, field.takePending()) }
    }

    /// The values waiting for the main actor, with the number of the newest state they come from; `nil`,
    /// and the next change schedules the main actor again, when none waits. Called on the main actor by
    /// ``drain``, until it gives `nil`.
    @MainActor
    func takeChanges() -> (changes: FieldChanges, commit: UInt64)? {
        lock.withLock("an ObservedStore's fields") { () -> (changes: FieldChanges, commit: UInt64)? in
            guard !pendingFields.isEmpty, !isCancelled else {
                isScheduled = false
                return nil
            }
            return (takePending(), pendingCommit)
        }
    }
}

/// Values of a model's tracked fields, each with the field's index in the model's table, each field at
/// most once: the values that changed, in the order they first changed, or every value (a refresh). Made
/// when the model applies them, on the main actor.
typealias FieldChanges = [(index: Int, value: Any)]

/// The watch of a model's subscription: at each delivery, the tracked values that changed.
///
/// `@unchecked Sendable`: as a ``Watch``; `fields` is immutable, and synchronises itself.
final class ObservedFieldsWatch: Watch, @unchecked Sendable {
    /// The model's fields. The watch's reads, and its subscription's callback, find them here rather than
    /// in closure contexts of their own: a model of each of thousands of rows reaches fewer objects at each
    /// change of its row. They note which values the last delivery changed, until the subscription sends
    /// them.
    let fields: ObservedFields

    /// - Parameters:
    ///   - fields: The model's fields.
    ///   - key: The watch's key.
    ///   - readsElement: Whether the model's store is an element's own: its group hands the watch the
    ///     element, which every field reads (see ``ObservedFields/Field/readElement``).
    init(_ fields: ObservedFields, key: WatchKey, readsElement: Bool) {
        self.fields = fields
        super.init(
            key: key,
            read: { watch, root in
                // Not `as!`: W13-models costs 3,362 instructions, 3,676 (issue 37, with `as!` at every such cast).
                let watch = unsafeDowncast(watch, to: ObservedFieldsWatch.self)
                watch.isAbsent = !watch.fields.collectChanges(in: root)
                watch.countChanges()
            },
            readElement: !readsElement
                ? nil
                : { watch, element in
                    // Not `as!`: W13-models costs 3,362 instructions, 3,676 (issue 37, with `as!` at every such cast).
                    let watch = unsafeDowncast(watch, to: ObservedFieldsWatch.self)
                    watch.fields.collectChanges(inElement: element)
                    watch.countChanges()
                })
    }
}

extension ObservedFieldsWatch {
    /// Makes the changes just read a new version, when there are any: what the subscription is called for.
    func countChanges() {
        if fields.changedCount > 0 {
            version &+= 1
        }
    }
}

extension Store {
    /// Subscribes `fields` to this store: at each delivery of a state in which this store's state is
    /// present, the tracked values that changed are sent. For the store of one element of a collection,
    /// only changes of that element are read (see ``scope(_:id:)->Store<Element>?``).
    func subscribe(_ fields: ObservedFields) -> @Sendable () -> Void {
        // A key that does not compare values: the watch is the subscription's own (see `WatchKey`).
        let key = WatchKey(\ObservedFields.self, comparesValues: false)
        let readsElement = projection.element?.type == S.self
        return SubscriptionRequest.with(
            key: key, skipsRepeats: true, receivesFirstState: false, deliversFirstState: false,
            makeWatch: { ObservedFieldsWatch(fields, key: key, readsElement: readsElement) },
            receive: { watch in
                // The watch was read for the delivery of the state with this number (see `Watch.readFor`).
                // Not `as!`: W13-models costs 3,362 instructions, 3,676 (issue 37, with `as!` at every such cast).
                unsafeDowncast(watch, to: ObservedFieldsWatch.self).fields.sendChanges(commit: watch.readFor)
            },
            element: projection.element,
            register
        ).unsubscribe
    }

    /// A tracked field of a model with `index` in its table, which reads the value at `keyPath` of this
    /// store's state from the root state. The value is not `Equatable`, so it counts as changed at every
    /// new state.
    @inlinable
    func field<Value>(_ keyPath: KeyPath<S, Value>, index: Int) -> ObservedFields.Field {
        field(keyPath, index: index, keepsLast: false) { field, value in
            field.last = value.pointee
            return .changed
        }
    }

    /// A tracked field of a model with `index` in its table, which reads the value at `keyPath` of this
    /// store's state from the root state. A value `==` to the one last sent is unchanged; the first one
    /// read is sent.
    ///
    /// Made where the value's type is known (see ``ObservedStore/track(_:isEqual:makeField:)``): an
    /// unchanged value at an offset of the root state is compared where it lies, without copying it.
    @inlinable
    func equatableField<Value: Equatable>(_ keyPath: KeyPath<S, Value>, index: Int) -> ObservedFields.Field {
        field(keyPath, index: index, keepsLast: true) { field, value in field.changed(to: value) }
    }

    /// A tracked field whose reading of the value, wherever it lies, is `record`'s (a closure that captures
    /// nothing, so that neither do the field's reads where the value lies at an offset).
    @inlinable
    @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
    func field<Value>(
        _ keyPath: KeyPath<S, Value>, index: Int, keepsLast: Bool,
        record: @escaping (ObservedFields.FieldOf<Value>, UnsafePointer<Value>) -> ObservedFields.Field.Reading
    ) -> ObservedFields.Field {
        typealias Field = ObservedFields.FieldOf<Value>
        // The value is read where it lies, at its offset in the root state or in the element the row's
        // group found (W13-models: 5,446 -> 5,030 instructions a change, d827d67), by closures that capture
        // nothing, the field holding its offsets (5,030 -> 4,724, c8ae283).
        let reader = FieldReader(keyPath, in: projection)
        var elementOffset: Int?
        let readElement: ((ObservedFields.Field, UnsafeRawPointer) -> ObservedFields.Field.Reading)?
        switch reader.inElement {
        case nil:
            readElement = nil
        case let .offset(inner)?:
            elementOffset = inner
            readElement = { field, element in
                let field = Field.of(field)
                return record(field, (element + field.elementOffset).assumingMemoryBound(to: Value.self))
            }
        case let .read(read)?:
            readElement = { field, element in withUnsafePointer(to: read(element)) { record(Field.of(field), $0) } }
        }
        let read: (ObservedFields.Field, UnsafeRawPointer) -> ObservedFields.Field.Reading
        if reader.offset != nil {
            read = { field, root in
                let field = Field.of(field)
                return record(field, (root + field.offset).assumingMemoryBound(to: Value.self))
            }
        } else {
            let fallback = reader.fallback
            read = { field, root in
                guard let value = fallback(root) else { return .absent }
                return withUnsafePointer(to: value) { record(Field.of(field), $0) }
            }
        }
        return Field(
            index: index, keepsLast: keepsLast, offset: reader.offset, elementOffset: elementOffset, read: read,
            readElement: readElement)
    }
}

extension ObservedFields.FieldOf where Value: Equatable {
    /// What a field whose value is at `current` reads: unchanged when it has the bytes of the value last
    /// sent (see ``holdsSameBytes(_:as:)``) or is `==` to it; otherwise changed, and kept as the value last
    /// sent.
    @inlinable
    @inline(__always)  // a delivery's path: without (issue 37), W13 2,966 not 2,928, W13-models 3,463 not 3,332
    func changed(to current: UnsafePointer<Value>) -> ObservedFields.Field.Reading {
        if last != nil, holdsSameBytes(&last, as: current) { return .unchanged }
        switch last {
        case .some(let kept) where kept == current.pointee: return .unchanged
        default: break
        }
        last = current.pointee
        return .changed
    }
}

/// Whether `left == right`: a tracked field's comparison, which the store's deliverer calls (a closure
/// written on the main actor would be isolated to it).
@inlinable
func areEqual<Value: Equatable>(_ left: Value, _ right: Value) -> Bool {
    left == right
}
#endif
