#if canImport(Observation)
/// The values of a store's state that an ``ObservedStore`` tracks, read by the store's deliverer and sent
/// to the model on the main actor.
///
/// The model holds these values only, never the whole state: a state that holds a large collection is not
/// copied at each change because a model keeps the previous state alive. The store delivers to it through
/// one subscription (an ``ObservedFieldsWatch``), which reads every tracked value of a new state at once,
/// so the values the model receives come from one state, never from two.
@usableFromInline
final class ObservedFields: @unchecked Sendable {
    // `@unchecked Sendable`: `fields`, `pending`, `isScheduled` and `isCancelled` are guarded by `lock`;
    // `deliveredFields` and each field's last value sent belong to the store's deliverer.

    /// One tracked value.
    @usableFromInline
    final class Field: @unchecked Sendable {
        /// What reading a field in a new state found.
        @usableFromInline
        enum Reading {
            /// The store's state is absent there (a removed element, a dismissed child).
            case absent
            /// The value is `==` to the one last sent.
            case unchanged
            /// A value to send: not `==` to the last one sent, or not `Equatable`.
            case changed(Any)
        }

        /// The field's index in the model's table.
        let index: Int

        /// Reads the value from the root state, and remembers it as the one last sent when it changed.
        /// Called by the store's deliverer only, once the field is published. Made for the value's type
        /// (see ``Store/field(_:index:value:)``), so that reading and comparing an unchanged value takes no
        /// dynamic cast.
        let read: (UnsafeRawPointer) -> Reading

        /// For a model of an element's own store (see ``Store/scope(_:id:)``): reads the value from the
        /// element at the pointer, which the element's group found, as ``read`` does from the root state.
        /// `nil` for a model of another store.
        let readElement: ((UnsafeRawPointer) -> Reading)?

        @usableFromInline
        init(
            index: Int, readElement: ((UnsafeRawPointer) -> Reading)? = nil,
            read: @escaping (UnsafeRawPointer) -> Reading
        ) {
            self.index = index
            self.read = read
            self.readElement = readElement
        }
    }

    private let lock = Lock()
    private var fields: [Field] = []
    /// The number of fields in ``fields``, which only grows: the deliverer copies the table again only
    /// when it changed, so that a delivery takes no lock.
    private let fieldCount = AtomicWord(0)
    /// The deliverer's copy of ``fields``.
    @exclusivity(unchecked)
    private var deliveredFields: [Field] = []
    private var pending = FieldChanges()
    private var isScheduled = false
    private var isCancelled = false

    /// Applies changed values on the main actor: set once, on the main actor, while the model is made,
    /// and read there only (by `drain`, which runs after the model's initializer returns).
    nonisolated(unsafe) var apply: (@MainActor (_ changes: FieldChanges) -> Void)?

    /// Starts tracking `field`: its next change is sent.
    func add(_ field: Field) {
        lock.withLock("an ObservedStore's fields") {
            fields.append(field)
            fieldCount.store(fields.count)
        }
    }

    /// Adds to `changes` the tracked values that changed in the root state at `root` since last sent;
    /// returns `false`, adding nothing, when the store's state is absent there. Called by the store's
    /// deliverer.
    func collectChanges(in root: UnsafeRawPointer, into changes: inout FieldChanges) -> Bool {
        collectChanges(into: &changes) { $0.read(root) }
    }

    /// Adds to `changes` the tracked values that changed in the element at `element` since last sent: for
    /// the model of an element's own store, whose every field reads from the element (see
    /// ``Field/readElement``). Called by the store's deliverer.
    func collectChanges(inElement element: UnsafeRawPointer, into changes: inout FieldChanges) {
        _ = collectChanges(into: &changes) { field in
            guard let readElement = field.readElement else {
                preconditionFailure("Swivelish: a field of an element's model cannot read the element")
            }
            return readElement(element)
        }
    }

    /// Adds to `changes` the tracked values that changed since last sent, each read by `read`; returns
    /// `false`, adding nothing, when the store's state is absent.
    private func collectChanges(into changes: inout FieldChanges, reading read: (Field) -> Field.Reading) -> Bool {
        // A copy of the table, taken again when a field was added: the values are read, and compared by
        // `==`, without the lock.
        if fieldCount.load() != deliveredFields.count {
            deliveredFields = lock.withLock("an ObservedStore's fields") { fields }
        }
        for field in deliveredFields {
            switch read(field) {
            case .absent:
                changes.removeAll()
                return false
            case .unchanged: continue
            case let .changed(value): changes.set(value, at: field.index)
            }
        }
        return true
    }

    /// Sends `changes` to the model on the main actor, merged with those it has not applied yet.
    func send(_ changes: FieldChanges) {
        let schedules = lock.withLock("an ObservedStore's fields") { () -> Bool in
            guard !isCancelled else { return false }
            pending.merge(changes)
            defer { isScheduled = true }
            return !isScheduled
        }
        if schedules {
            Task { @MainActor in self.drain() }
        }
    }

    /// Stops sending: what is pending is dropped.
    func cancel() {
        let dropped = lock.withLock("an ObservedStore's fields") { () -> FieldChanges in
            isCancelled = true
            defer { pending = FieldChanges() }
            return pending
        }
        _ = consume dropped
    }

    @MainActor
    private func drain() {
        while true {
            let changes = lock.withLock("an ObservedStore's fields") { () -> FieldChanges? in
                guard !pending.isEmpty, !isCancelled else {
                    isScheduled = false
                    return nil
                }
                defer { pending = FieldChanges() }
                return pending
            }
            guard let changes else { return }
            apply?(changes)
        }
    }
}

/// Values of a model's tracked fields, by the field's index in the model's table: the values changed, each
/// once (the latest), listed in the order they first changed. An array by index, not a dictionary, so that
/// recording and merging changes hashes nothing.
struct FieldChanges {
    /// The indexes of the values held, in the order they first changed.
    private(set) var indexes: [Int] = []
    private var values: [Any?] = []
    /// Whether `values` holds a value at each index (a flag, so that telling does not copy the value).
    private var isSet: [Bool] = []

    var isEmpty: Bool { indexes.isEmpty }

    /// The value of the field with `index`; `nil` when it did not change.
    subscript(index: Int) -> Any? {
        index < values.count ? values[index] : nil
    }

    /// Records `value` as the latest of the field with `index`.
    mutating func set(_ value: Any, at index: Int) {
        if index >= values.count {
            values.append(contentsOf: repeatElement(nil, count: index + 1 - values.count))
            isSet.append(contentsOf: repeatElement(false, count: index + 1 - isSet.count))
        }
        if !isSet[index] {
            isSet[index] = true
            indexes.append(index)
        }
        values[index] = value
    }

    /// Records the values of `other`, newer than these.
    mutating func merge(_ other: FieldChanges) {
        for index in other.indexes {
            set(other.values[index].unsafelyUnwrapped, at: index)
        }
    }

    /// Forgets every value, keeping the memory for the next changes.
    mutating func removeAll() {
        for index in indexes {
            values[index] = nil
            isSet[index] = false
        }
        indexes.removeAll(keepingCapacity: true)
    }
}

/// The watch of a model's subscription: at each delivery, the tracked values that changed.
final class ObservedFieldsWatch: Watch, @unchecked Sendable {
    /// The changes read at the last delivery, until the subscription takes them; its memory is kept from
    /// one delivery to the next.
    @exclusivity(unchecked)
    var changes = FieldChanges()

    /// - Parameters:
    ///   - fields: The model's fields.
    ///   - key: The watch's key.
    ///   - readsElement: Whether the model's store is an element's own: its group hands the watch the
    ///     element, which every field reads (see ``ObservedFields/Field/readElement``).
    init(_ fields: ObservedFields, key: WatchKey, readsElement: Bool) {
        super.init(
            key: key,
            read: { watch, root in
                let watch = unsafeDowncast(watch, to: ObservedFieldsWatch.self)
                watch.isAbsent = !fields.collectChanges(in: root, into: &watch.changes)
                if !watch.changes.isEmpty {
                    watch.version &+= 1
                }
            },
            readElement: !readsElement
                ? nil
                : { watch, element in
                    let watch = unsafeDowncast(watch, to: ObservedFieldsWatch.self)
                    fields.collectChanges(inElement: element, into: &watch.changes)
                    if !watch.changes.isEmpty {
                        watch.version &+= 1
                    }
                })
    }
}

extension Store {
    /// Subscribes `fields` to this store: at each delivery of a state in which this store's state is
    /// present, the tracked values that changed are sent. For the store of one element of a collection,
    /// only changes of that element are read (see ``scope(_:id:)``).
    func subscribe(_ fields: ObservedFields) -> @Sendable () -> Void {
        // A key that does not compare values: the watch is the subscription's own (see `WatchKey`).
        let key = WatchKey(\ObservedFields.self, comparesValues: false)
        let readsElement = projection.element?.type == S.self
        return SubscriptionRequest.with(
            key: key, skipsRepeats: true, receivesFirstState: false, deliversFirstState: false,
            makeWatch: { ObservedFieldsWatch(fields, key: key, readsElement: readsElement) },
            receive: { watch in
                let watch = unsafeDowncast(watch, to: ObservedFieldsWatch.self)
                fields.send(watch.changes)
                watch.changes.removeAll()
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
        let reader = FieldReader(keyPath, in: projection)
        let readElement: ((UnsafeRawPointer) -> ObservedFields.Field.Reading)? =
            switch reader.inElement {
            case nil: nil
            case let .offset(inner)?: { element in .changed(element.load(fromByteOffset: inner, as: Value.self)) }
            case let .read(read)?: { element in .changed(read(element)) }
            }
        if let offset = reader.offset {
            return ObservedFields.Field(index: index, readElement: readElement) { root in
                .changed(root.load(fromByteOffset: offset, as: Value.self))
            }
        }
        let fallback = reader.fallback
        return ObservedFields.Field(index: index, readElement: readElement) { root in
            guard let value = fallback(root) else { return .absent }
            return .changed(value)
        }
    }

    /// A tracked field of a model with `index` in its table, which reads the value at `keyPath` of this
    /// store's state from the root state, and starts from `value` as the one last sent. A value `==` to
    /// the one last sent is unchanged.
    ///
    /// Made where the value's type is known (see ``ObservedStore/track(_:isEqual:makeField:)``): an
    /// unchanged value at an offset of the root state is compared where it lies, without copying it.
    @inlinable
    func field<Value: Equatable>(_ keyPath: KeyPath<S, Value>, index: Int, value: Value) -> ObservedFields.Field {
        let reader = FieldReader(keyPath, in: projection)
        let last = LastSent(value)
        let readElement: ((UnsafeRawPointer) -> ObservedFields.Field.Reading)? =
            switch reader.inElement {
            case nil: nil
            case let .offset(inner)?:
                { element in last.changed(to: (element + inner).assumingMemoryBound(to: Value.self)) }
            case let .read(read)?: { element in withUnsafePointer(to: read(element)) { last.changed(to: $0) } }
            }
        if let offset = reader.offset {
            return ObservedFields.Field(index: index, readElement: readElement) { root in
                let current = (root + offset).assumingMemoryBound(to: Value.self)
                if last.value == current.pointee { return .unchanged }
                last.value = current.pointee
                return .changed(last.value)
            }
        }
        let fallback = reader.fallback
        return ObservedFields.Field(index: index, readElement: readElement) { root in
            guard let value = fallback(root) else { return .absent }
            if last.value == value { return .unchanged }
            last.value = value
            return .changed(value)
        }
    }
}

/// The value a field last sent to its model; the store's deliverer's only.
@usableFromInline
final class LastSent<Value>: @unchecked Sendable {
    @usableFromInline
    @exclusivity(unchecked)
    var value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
    }
}

extension LastSent where Value: Equatable {
    /// What a field whose value is at `current` reads: unchanged when `==` to the value last sent;
    /// otherwise changed, and kept as the value last sent.
    @inlinable
    @inline(__always)
    func changed(to current: UnsafePointer<Value>) -> ObservedFields.Field.Reading {
        if value == current.pointee { return .unchanged }
        value = current.pointee
        return .changed(value)
    }
}

/// Whether `left == right`: a tracked field's comparison, which the store's deliverer calls (a closure
/// written on the main actor would be isolated to it).
@inlinable
func areEqual<Value: Equatable>(_ left: Value, _ right: Value) -> Bool {
    left == right
}
#endif
