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
/// instance of a store made by ``Store/scope(_:id:)``) that skips repeats costs nothing when another element
/// changes: the array remembers which elements its last changes touched, so a store notifies only their
/// subscribers, however many rows it has.
public struct IdentifiedArray<Element: Identifiable & Sendable>: Sendable where Element.ID: Sendable {
    /// The ids of the elements, in order.
    ///
    /// A reader that keeps them (a list view's subscription or model) costs an append nothing more: see
    /// ``IDs``. A stored property, so that a subscription or a model reading `\.todos.ids` reads it at its
    /// offset in the state rather than through the key path.
    public internal(set) var ids: IDs

    /// The elements by id, each with the number of its incarnation.
    @usableFromInline
    var entries: [Element.ID: Entry]

    /// The latest changes, for readers that look only at what changed.
    @usableFromInline
    var log = ChangeLog<Element.ID>()

    /// The incarnations of the elements removed since ``State/updateElements(_:of:with:_:)`` last looked:
    /// their effects are to be cancelled.
    @usableFromInline
    var removedIncarnations: [UInt64] = []

    /// An element, and the number of its incarnation: new each time an element with its id is added, so
    /// that what the effects of a removed element send is not taken for a later element's with the same id.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline
        var element: Element
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
        entries = [:]
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
            entries[id]?.element
        }
        set {
            guard let newValue else {
                remove(id: id)
                return
            }
            precondition(
                newValue.id == id,
                "Swivelish: the element set for id \(id) in an IdentifiedArray has another id, \(newValue.id)")
            guard entries[id] != nil else {
                append(newValue)
                return
            }
            entries[id]!.element = newValue
            log.record(id)
        }
        _modify {
            // The entry is taken out while the caller changes the element, so that the element is uniquely
            // referenced (changed in place, not copied), and put back with its incarnation.
            guard let entry = entries.removeValue(forKey: id) else {
                var added: Element? = nil
                yield &added
                if let added { self[id: id] = added }
                return
            }
            let incarnation = entry.incarnation
            var element: Element? = (consume entry).element
            defer {
                if let element {
                    precondition(
                        element.id == id,
                        "Swivelish: an element of an IdentifiedArray changed its id from \(id) to \(element.id)")
                    entries[id] = Entry(element: element, incarnation: incarnation)
                } else {
                    removeID(id)
                    removedIncarnations.append(incarnation)
                }
                log.record(id)
            }
            yield &element
        }
    }

    /// Gives `message` to the `update` of the element at `index` of ``entries`` (whose id is `id`), changing
    /// it in place, and returns its effect.
    @inlinable
    mutating func update(at index: [Element.ID: Entry].Index, id: Element.ID, with message: any Message) -> Effect?
    where Element: State {
        let effect = Element.update(&entries.values[index].element, with: message)
        precondition(
            entries.values[index].element.id == id,
            "Swivelish: an element of an IdentifiedArray changed its id from \(id) to \(entries.values[index].element.id)"
        )
        log.record(id)
        return effect
    }

    /// The incarnations of the elements removed since the last call, whose effects are to be cancelled;
    /// `nil` when there are none.
    @inlinable
    mutating func takeRemovedIncarnations() -> [UInt64]? {
        guard !removedIncarnations.isEmpty else { return nil }
        defer { removedIncarnations = [] }
        return removedIncarnations
    }

    /// Removes `id` from ``ids``.
    @usableFromInline
    mutating func removeID(_ id: Element.ID) {
        if let index = ids.firstIndex(of: id) {
            ids.withArray { _ = $0.remove(at: index) }
        }
    }
}
