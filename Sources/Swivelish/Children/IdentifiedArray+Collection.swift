extension IdentifiedArray: RandomAccessCollection {
    /// The position of the first element.
    @inlinable
    public var startIndex: Int { 0 }

    /// The position after the last element.
    @inlinable
    public var endIndex: Int { ids.count }

    /// The element at `position` of ``ids``. Changing it changes the element in place, as
    /// ``subscript(id:)`` does (`state.todos[0].isDone = true`); the element set must keep its id.
    ///
    /// - Parameter position: A position from 0 to `count - 1`.
    @inlinable
    public subscript(position: Int) -> Element {
        get {
            self[id: ids[position]]!
        }
        set {
            let id = ids[position]
            precondition(
                newValue.id == id,
                "Swivelish: the element set at position \(position) of an IdentifiedArray has the id \(newValue.id), "
                    + "not \(id); remove the element and insert the other")
            self[id: id] = newValue
        }
        _modify {
            yield &self[id: ids[position]]!
        }
    }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
    /// An array of the elements listed, in order; their ids must be unique.
    @inlinable
    public init(arrayLiteral elements: Element...) {
        self.init(elements)
    }
}

extension IdentifiedArray: Equatable where Element: Equatable {
    /// Whether both have the same elements in the same order (their histories do not count).
    ///
    /// Two versions of one array (the state a subscriber was last given, and the state after a change)
    /// share the elements neither changed: those are not compared, so telling that a change of one row made
    /// the list differ takes time in proportion to what changed, not to the number of rows.
    @inlinable
    public static func == (left: IdentifiedArray, right: IdentifiedArray) -> Bool {
        guard left.ids == right.ids else { return false }
        // When each slot holds the same id in both, the elements that differ are in the leaves they do not
        // share; otherwise (elements added or removed in another order), they are compared by id.
        var sameSlots = true
        let differingLeavesMatch = left.slots.allDifferingLeavesMatch(right.slots) { leftEntries, rightEntries, count in
            for index in 0..<count {
                let leftElement = leftEntries[index].element.unsafelyUnwrapped
                let rightElement = rightEntries[index].element.unsafelyUnwrapped
                guard leftElement.id == rightElement.id else {
                    sameSlots = false
                    return false
                }
                guard leftElement == rightElement else { return false }
            }
            return true
        }
        if let equal = differingLeavesMatch, sameSlots {
            return equal
        }
        return left.ids.allSatisfy { left[id: $0] == right[id: $0] }
    }
}

extension IdentifiedArray: Encodable where Element: Encodable {
    /// Writes the elements, in order, as an array.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self {
            try container.encode(element)
        }
    }
}

extension IdentifiedArray: Decodable where Element: Decodable {
    /// Reads an array of elements, whose ids must be unique.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when two elements have the same id.
    public init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            let element = try container.decode(Element.self)
            guard slotOfID[element.id] == nil else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Two elements have the id \(element.id); ids must be unique")
            }
            append(element)
        }
    }
}

extension IdentifiedArray: CustomStringConvertible {
    /// The elements, as an array.
    public var description: String {
        Array(self).description
    }
}

extension IdentifiedArray: CustomReflectable {
    /// The elements, as a collection: what `printChanges`, `TestStore`'s differences and a trace show.
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection)
    }
}
