extension TraceValue {
    /// How far apart the ends of two arrays may have moved for ``changes(to:)`` to see it as elements
    /// removed or inserted at the front (a queue, a history with a limit) rather than every element changed.
    static var maximumShift: Int { 8 }

    /// The changes that make this tree into `new`, field by field and element by element, to apply in order.
    ///
    /// Objects are compared by key: fields gone first, in this tree's order, then fields added, in `new`'s
    /// order. Arrays keep the elements both have at their start and their end; in between, elements removed
    /// or inserted at the front (up to ``maximumShift``) are found as such, and the rest is compared element
    /// by element, then what is left removed (from the last) or inserted. Values of different kinds, or
    /// leaves that differ, are one change. Returns nothing when the trees are equal.
    package func changes(to new: TraceValue) -> [TraceChange] {
        var result: [TraceChange] = []
        var path: [TraceChange.Component] = []
        Self.collectChanges(from: self, to: new, path: &path, into: &result)
        return result
    }

    private static func collectChanges(
        from old: TraceValue, to new: TraceValue, path: inout [TraceChange.Component], into result: inout [TraceChange]
    ) {
        switch (old, new) {
        case let (.object(oldFields), .object(newFields)):
            collectObjectChanges(from: oldFields, to: newFields, path: &path, into: &result)
        case let (.array(oldElements), .array(newElements)):
            collectArrayChanges(from: oldElements, to: newElements, path: &path, into: &result)
        default:
            if old != new {
                result.append(TraceChange(path: path, old: old, new: new))
            }
        }
    }

    private static func collectObjectChanges(
        from oldFields: [Field], to newFields: [Field], path: inout [TraceChange.Component],
        into result: inout [TraceChange]
    ) {
        if oldFields.count == newFields.count, zip(oldFields, newFields).allSatisfy({ $0.key == $1.key }) {
            // The same fields in the same order: the common case of a struct, without a lookup.
            for (oldField, newField) in zip(oldFields, newFields) {
                path.append(.key(oldField.key))
                collectChanges(from: oldField.value, to: newField.value, path: &path, into: &result)
                path.removeLast()
            }
            return
        }
        let newByKey = Dictionary(newFields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let oldKeys = Set(oldFields.map(\.key))
        for field in oldFields {
            path.append(.key(field.key))
            if let newValue = newByKey[field.key] {
                collectChanges(from: field.value, to: newValue, path: &path, into: &result)
            } else {
                result.append(TraceChange(path: path, old: field.value, new: nil))
            }
            path.removeLast()
        }
        for field in newFields where !oldKeys.contains(field.key) {
            result.append(TraceChange(path: path + [.key(field.key)], old: nil, new: field.value))
        }
    }

    private static func collectArrayChanges(
        from old: [TraceValue], to new: [TraceValue], path: inout [TraceChange.Component],
        into result: inout [TraceChange]
    ) {
        // The elements both have at the start and at the end stay; the middles differ.
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var end = 0
        while end < old.count - start, end < new.count - start, old[old.count - 1 - end] == new[new.count - 1 - end] {
            end += 1
        }
        let oldMiddle = old[start..<(old.count - end)]
        let newMiddle = new[start..<(new.count - end)]
        func removeFront(_ count: Int) {
            for offset in 0..<count {
                result.append(TraceChange(path: path + [.index(start)], old: oldMiddle[start + offset], new: nil))
            }
        }
        func insert(_ elements: ArraySlice<TraceValue>, at index: Int) {
            for (offset, element) in elements.enumerated() {
                result.append(TraceChange(path: path + [.index(index + offset)], old: nil, new: element))
            }
        }
        // Elements removed from the front of the middle, and maybe others inserted after what is left.
        // (Some of the old middle must be kept: otherwise element by element says it in fewer changes.)
        for shift in 1...max(1, min(maximumShift, oldMiddle.count - 1)) where shift < oldMiddle.count {
            let kept = oldMiddle.dropFirst(shift)
            if kept.count <= newMiddle.count, kept.elementsEqual(newMiddle.prefix(kept.count)) {
                removeFront(shift)
                insert(newMiddle.dropFirst(kept.count), at: start + kept.count)
                return
            }
        }
        // Elements inserted at the front of the middle, and maybe others removed after the old ones.
        for shift in 1...max(1, min(maximumShift, newMiddle.count)) where shift <= newMiddle.count {
            let following = newMiddle.dropFirst(shift)
            if !oldMiddle.isEmpty, oldMiddle.count <= following.count,
                oldMiddle.elementsEqual(following.prefix(oldMiddle.count))
            {
                insert(newMiddle.prefix(shift), at: start)
                insert(following.dropFirst(oldMiddle.count), at: start + shift + oldMiddle.count)
                return
            }
        }
        // Element by element, then the rest of the middle removed (from its last) or inserted.
        let common = min(oldMiddle.count, newMiddle.count)
        for offset in 0..<common {
            path.append(.index(start + offset))
            collectChanges(
                from: oldMiddle[start + offset], to: newMiddle[start + offset], path: &path, into: &result)
            path.removeLast()
        }
        for index in ((start + common)..<(start + oldMiddle.count)).reversed() {
            result.append(TraceChange(path: path + [.index(index)], old: oldMiddle[index], new: nil))
        }
        insert(newMiddle.dropFirst(common), at: start + common)
    }

    /// This tree with `change` applied: the inverse of ``changes(to:)``, for tests and for readers written
    /// in Swift. In an array, a change with only `new` inserts, one with only `old` removes, one with both
    /// replaces. A change whose path does not lead anywhere is ignored.
    package func applying(_ change: TraceChange) -> TraceValue {
        applying(change, at: change.path[...])
    }

    private func applying(_ change: TraceChange, at path: ArraySlice<TraceChange.Component>) -> TraceValue {
        guard let first = path.first else { return change.new ?? .null }
        let rest = path.dropFirst()
        switch (self, first) {
        case (.object(var fields), .key(let key)):
            if let position = fields.firstIndex(where: { $0.key == key }) {
                if rest.isEmpty, change.new == nil {
                    fields.remove(at: position)
                } else {
                    fields[position].value = fields[position].value.applying(change, at: rest)
                }
            } else if rest.isEmpty, let new = change.new {
                fields.append(Field(key, new))
            }
            return .object(fields)
        case (.array(var elements), .index(let index)):
            if rest.isEmpty, change.old == nil, let new = change.new, index <= elements.count {
                elements.insert(new, at: index)
            } else if index < elements.count {
                if rest.isEmpty, change.new == nil {
                    elements.remove(at: index)
                } else {
                    elements[index] = elements[index].applying(change, at: rest)
                }
            }
            return .array(elements)
        default:
            return self
        }
    }
}
