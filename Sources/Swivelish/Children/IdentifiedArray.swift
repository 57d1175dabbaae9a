/// An ordered collection of child states, each found by its id in constant time: the list of a screen,
/// each row its own component.
///
/// ```swift
/// struct TodoList: State {
///     var todos: IdentifiedArray<Todo> = []
///     ...
/// }
///
/// state.todos.append(Todo(id: 7, title: "Milk"))
/// state.todos[id: 7]?.isDone = true
/// state.todos[0].title = "Oat milk"
/// state.todos.remove(id: 7)
/// ```
///
/// The ids are unique: adding an element whose id is there already stops the program with a message saying
/// so. Elements are in the order of ``ids``; reading an element by id, changing it and appending one take
/// constant time (appending, amortised), also while a reader keeps the ids it last read (see ``IDs``);
/// removing, inserting before the end, moving and sorting take time in proportion to the number of ids, as
/// they do in an array.
///
/// With ``State/updateElements(_:of:with:_:)``, a message addressed to one element by id reaches only that
/// element's `update`, and its effects are cancelled when it is removed. A subscription to one element (for
/// instance of a store made by ``Store/scope(_:id:)->Store<Element>?``) that skips repeats costs nothing when another element
/// changes: the array remembers which elements its last changes touched, so a store notifies only their
/// subscribers, however many rows it has.
public struct IdentifiedArray<Element: Identifiable & Sendable>: Sendable where Element.ID: Sendable {
    /// The ids of the elements, in order.
    ///
    /// A reader that keeps them (a list view's subscription or model) costs an append nothing more: see
    /// ``IDs``. A stored property, so that a subscription or a model reading `\.todos.ids` reads it at its
    /// offset in the state rather than through the key path.
    public internal(set) var ids: IDs

    /// The elements, each with the number of its incarnation, in slots: in no particular order, without
    /// gaps (removing an element moves the last one into its slot). A change log entry names the slot of
    /// the element it changed, so that a reader finds the element without hashing its id.
    ///
    /// Copies share the slots they have not changed (see ``SlotVector``): a change made while a delivery
    /// holds an earlier state copies the few nodes it writes, not every element.
    @usableFromInline
    var slots = SlotVector<Entry>()

    /// The slot of each element, by id.
    @usableFromInline
    var slotOfID: [Element.ID: Int]

    /// The latest changes, for readers that look only at what changed.
    @usableFromInline
    var log = ChangeLog<Element.ID>()

    /// The incarnations and ids of the elements removed since ``State/updateElements(_:of:with:_:)`` last
    /// looked: their effects are to be cancelled.
    @usableFromInline
    var removedElements: [(incarnation: UInt64, id: Element.ID)] = []

    /// The number of the array's making (a ``ChangeStamps`` number), shared by its copies: an array made
    /// anew has another. ``State/updateElements(_:of:with:_:)`` runs the effects of the elements under it
    /// too, so that a new array assigned in place of this one (`state.todos = []`, a list loaded again)
    /// ends the effects of every element it held, although no removal was recorded.
    @usableFromInline
    let origin: UInt64

    /// An element, and the number of its incarnation: new each time an element with its id is added, so
    /// that what the effects of a removed element send is not taken for a later element's with the same id.
    ///
    /// The element is `nil` only while ``subscript(id:)`` lends it out to be changed in place.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline
        var element: Element?
        @usableFromInline
        let incarnation: UInt64

        @inlinable
        init(element: Element, incarnation: UInt64) {
            self.element = element
            self.incarnation = incarnation
        }
    }

    /// An empty array.
    public init() {
        ids = []
        slotOfID = [:]
        origin = ChangeStamps.next()
    }

    /// An array of `elements`, in order.
    ///
    /// - Parameter elements: The elements; their ids must be unique.
    @inlinable
    public init(_ elements: some Sequence<Element>) {
        self.init()
        for element in elements {
            append(element)
        }
    }

    /// The element with `id`; `nil` when there is none. Setting an element changes it, or adds it at the end
    /// when there was none; setting `nil` removes it.
    ///
    /// - Parameter id: The element's id.
    @inlinable
    public subscript(id id: Element.ID) -> Element? {
        get {
            guard let slot = slotOfID[id] else { return nil }
            return slots[slot].element
        }
        set {
            guard let newValue else {
                remove(id: id)
                return
            }
            precondition(
                newValue.id == id,
                "Swivelish: the element set for id \(id) in an IdentifiedArray has another id, \(newValue.id)")
            guard let slot = slotOfID[id] else {
                append(newValue)
                return
            }
            slots[slot].element = newValue
            log.record(id, slot: slot)
        }
        _modify {
            guard let slot = slotOfID[id] else {
                var added: Element? = nil
                yield &added
                if let added { self[id: id] = added }
                return
            }
            // The element is taken out of its slot while the caller changes it, so that it is uniquely
            // referenced (changed in place, not copied), and put back.
            var element: Element? = nil
            swap(&element, &slots[slot].element)
            defer {
                if let element {
                    precondition(
                        element.id == id,
                        "Swivelish: an element of an IdentifiedArray changed its id from \(id) to \(element.id)")
                    slots[slot].element = consume element
                    log.record(id, slot: slot)
                } else {
                    removeID(id)
                    _ = takeEntry(id: id, slot: slot)
                }
            }
            yield &element
        }
    }

    /// Gives `message` to the `update` of the element in `slot` (whose id is `id`), whose entry lies at
    /// `entry` (from `slots.uniqueAddress(of: slot)`), changing it in place, and returns its effect.
    ///
    /// The element's `update` cannot reach the array, so the entry stays where it is meanwhile: one walk
    /// to the slot serves the caller's read of its incarnation, the change and its check (two walks cost
    /// W13 at 10,000 rows 3,004 instructions a change, one 2,942: 8388b38).
    @inlinable
    mutating func update(
        entry: UnsafeMutablePointer<Entry>, slot: Int, id: Element.ID, with message: any Message
    ) -> Effect? where Element: State {
        let effect = Element.update(&entry.pointee.element!, with: message)
        precondition(
            entry.pointee.element!.id == id,
            "Swivelish: an element of an IdentifiedArray changed its id from \(id) to \(entry.pointee.element!.id)"
        )
        log.record(id, slot: slot)
        return effect
    }

    /// Takes the entry of the element with `id`, in `slot`, out of the slots (moving the last one into its
    /// place), records the removal, and returns the entry. The caller removes `id` from ``ids``.
    @usableFromInline
    mutating func takeEntry(id: Element.ID, slot: Int) -> Entry {
        slotOfID[id] = nil
        let last = slots.count - 1
        if slot != last {
            slots.swapAt(slot, last)
            slotOfID[slots[slot].element!.id] = slot
        }
        let entry = slots.removeLast()
        removedElements.append((entry.incarnation, id))
        log.record(id, slot: slot)
        return entry
    }

    /// Calls `body` with a pointer to the element with `id` of the array at `array`, read where it lies;
    /// with `nil` when there is none. `slot` is where the element was when last seen (by the change log):
    /// it is looked for there first, without hashing the id.
    ///
    /// A function of the array's address, not a method: a method would take a copy of the array, retaining
    /// each of its buffers (W13: 3,022 instructions a change that way, 2,821 this way; e210dc0).
    @inlinable
    static func withElement<Result>(
        _ id: Element.ID, seenIn slot: Int?, of array: UnsafePointer<IdentifiedArray>,
        _ body: (UnsafePointer<Element>?) -> Result
    ) -> Result {
        // An entry's element is the payload of an `Optional`, at the optional's address; it is `nil` only
        // while `subscript(id:)` lends it out, when nothing else may read the array.
        let elementOffset = MemoryLayout<Entry>.offset(of: \Entry.element)!
        func element(in slot: Int) -> UnsafePointer<Element> {
            (UnsafeRawPointer(array.pointee.slots.address(of: slot)) + elementOffset)
                .assumingMemoryBound(to: Element.self)
        }
        if let slot, slot < array.pointee.slots.count {
            let element = element(in: slot)
            if element.pointee.id == id {
                return body(element)
            }
        }
        guard let slot = array.pointee.slotOfID[id] else { return body(nil) }
        return body(element(in: slot))
    }

    /// The incarnations and ids of the elements removed since the last call, whose effects are to be
    /// cancelled; `nil` when there are none.
    @inlinable
    mutating func takeRemovedElements() -> [(incarnation: UInt64, id: Element.ID)]? {
        guard !removedElements.isEmpty else { return nil }
        defer { removedElements = [] }
        return removedElements
    }

    /// Removes `id` from ``ids``.
    @usableFromInline
    mutating func removeID(_ id: Element.ID) {
        if ids.last == id {  // a stack's pop: in constant time
            ids.removeLast()
        } else if let index = ids.firstIndex(of: id) {
            ids.withArray { _ = $0.remove(at: index) }
        }
    }
}
