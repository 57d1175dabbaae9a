extension IdentifiedArray {
    /// Adds `element` at the end.
    ///
    /// - Parameter element: The element; no element may have its id already.
    @inlinable
    public mutating func append(_ element: Element) {
        insert(element, at: ids.count)
    }

    /// Adds `elements` at the end, in order.
    ///
    /// - Parameter elements: The elements; no two may have the same id, nor any the id of an element here.
    @inlinable
    public mutating func append(contentsOf elements: some Sequence<Element>) {
        for element in elements {
            append(element)
        }
    }

    /// Adds `element` at `index` of ``ids``.
    ///
    /// - Parameters:
    ///   - element: The element; no element may have its id already.
    ///   - index: Where to put it, from 0 to the number of elements.
    @inlinable
    public mutating func insert(_ element: Element, at index: Int) {
        precondition(
            index >= 0 && index <= ids.count,
            "Swivelish: index \(index) is out of range for an insert into the \(ids.count) elements of an IdentifiedArray"
        )
        let id = element.id
        let slot = slots.count
        let previous = slotOfID.updateValue(slot, forKey: id)
        precondition(
            previous == nil, "Swivelish: an IdentifiedArray has an element with the id \(id) already; ids are unique")
        slots.append(Entry(element: element, incarnation: ChangeStamps.next()))
        insertID(id, at: index)
        log.record(id, slot: slot)
    }

    /// Puts `id` at `index` of ``ids``: an append in place, when it goes at the end.
    @usableFromInline
    mutating func insertID(_ id: Element.ID, at index: Int) {
        if index == ids.count {
            ids.append(id)
        } else {
            ids.withArray { $0.insert(id, at: index) }
        }
    }

    /// Removes the element with `id`, and returns it; `nil` when there is none.
    ///
    /// - Parameter id: The element's id.
    /// - Returns: The element removed.
    @discardableResult
    @inlinable
    public mutating func remove(id: Element.ID) -> Element? {
        guard let slot = slotOfID[id] else { return nil }
        removeID(id)
        return takeEntry(id: id, slot: slot).element
    }

    /// Removes the element at `index` of ``ids``, and returns it.
    ///
    /// - Parameter index: The element's position.
    /// - Returns: The element removed.
    @discardableResult
    @inlinable
    public mutating func remove(at index: Int) -> Element {
        remove(id: ids[index])!
    }

    /// Removes the elements for which `shouldBeRemoved` is true. When `shouldBeRemoved` throws, nothing is
    /// removed.
    ///
    /// - Parameter shouldBeRemoved: Says whether to remove an element.
    public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        var removed: [Element.ID] = []
        for id in ids where try shouldBeRemoved(self[id: id]!) {
            removed.append(id)
        }
        guard !removed.isEmpty else { return }
        // Every element was asked before any is removed, so that a throw leaves the array as it was. The ids
        // are written once, then each entry is taken out of the slots, in order.
        let set = Set(removed)
        ids.withArray { $0.removeAll(where: set.contains) }
        for id in removed {
            _ = takeEntry(id: id, slot: slotOfID[id]!)
        }
    }

    /// Removes every element, recording each removal as ``remove(id:)`` does: their effects are cancelled
    /// by the next ``State/updateElements(_:of:with:_:)`` of the array, even when another state's `update`
    /// removed them, where an empty array assigned there in place of this one ends them only at their next
    /// message.
    public mutating func removeAll() {
        removeAll { _ in true }
    }

    /// Moves the element at `source` of ``ids`` to `destination` (its index once moved).
    ///
    /// - Parameters:
    ///   - source: The element's position.
    ///   - destination: Its position afterwards.
    public mutating func move(from source: Int, to destination: Int) {
        precondition(
            source >= 0 && source < ids.count && destination >= 0 && destination < ids.count,
            "Swivelish: a move from \(source) to \(destination) is out of range for the \(ids.count) elements of an "
                + "IdentifiedArray")
        ids.withArray { ids in
            let id = ids.remove(at: source)
            ids.insert(id, at: destination)
        }
    }

    /// Puts the elements in the order `areInIncreasingOrder` says.
    ///
    /// - Parameter areInIncreasingOrder: Whether the first element goes before the second.
    public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
        try ids.withArray { ids in
            try ids.sort {
                try areInIncreasingOrder(slots[slotOfID[$0]!].element!, slots[slotOfID[$1]!].element!)
            }
        }
    }
}
