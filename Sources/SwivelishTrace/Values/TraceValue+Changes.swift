import Swivelish

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
    ///
    /// Identified arrays are compared as arrays whose elements are the same only with the same id: an element
    /// in the place of one with another id is that one removed and this one inserted. Each change names the
    /// ids of the elements of identified arrays its path goes through (``TraceChange/ids``).
    package func changes(to new: TraceValue) -> [TraceChange] {
        var result: [TraceChange] = []
        var path: [TraceChange.Component] = []
        var ids: [TraceValue?] = []
        Self.collectChanges(from: self, to: new, path: &path, ids: &ids, into: &result)
        return result
    }

    /// Collects the changes from `old` to `new`, at `path`; `ids` holds, for each step of `path`, the id of
    /// the identified array's element it is (`nil` for other steps).
    private static func collectChanges(
        from old: TraceValue, to new: TraceValue, path: inout [TraceChange.Component], ids: inout [TraceValue?],
        into result: inout [TraceChange]
    ) {
        switch (old, new) {
        case let (.object(oldFields), .object(newFields)):
            collectObjectChanges(from: oldFields, to: newFields, path: &path, ids: &ids, into: &result)
        case let (.array(oldElements), .array(newElements)):
            collectArrayChanges(
                from: oldElements, ids: nil, to: newElements, ids: nil, path: &path, ids: &ids, into: &result)
        case let (.identifiedArray(oldIDs, oldElements), .identifiedArray(newIDs, newElements)):
            collectArrayChanges(
                from: oldElements, ids: oldIDs, to: newElements, ids: newIDs, path: &path, ids: &ids, into: &result)
        default:
            if old != new {
                result.append(TraceChange(path: path, old: old, new: new, ids: ids))
            }
        }
    }

    private static func collectObjectChanges(
        from oldFields: [Field], to newFields: [Field], path: inout [TraceChange.Component], ids: inout [TraceValue?],
        into result: inout [TraceChange]
    ) {
        if oldFields.count == newFields.count, zip(oldFields, newFields).allSatisfy({ $0.key == $1.key }) {
            // The same fields in the same order: the common case of a struct, without a lookup.
            for (oldField, newField) in zip(oldFields, newFields) {
                path.append(.key(oldField.key))
                ids.append(nil)
                collectChanges(from: oldField.value, to: newField.value, path: &path, ids: &ids, into: &result)
                path.removeLast()
                ids.removeLast()
            }
            return
        }
        let newByKey = Dictionary(newFields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let oldKeys = Set(oldFields.map(\.key))
        for field in oldFields {
            path.append(.key(field.key))
            ids.append(nil)
            if let newValue = newByKey[field.key] {
                collectChanges(from: field.value, to: newValue, path: &path, ids: &ids, into: &result)
            } else {
                result.append(TraceChange(path: path, old: field.value, new: nil, ids: ids))
            }
            path.removeLast()
            ids.removeLast()
        }
        for field in newFields where !oldKeys.contains(field.key) {
            result.append(TraceChange(path: path + [.key(field.key)], old: nil, new: field.value, ids: ids + [nil]))
        }
    }

    /// The changes between two arrays, or two identified arrays (`oldIDs` and `newIDs` the ids of their
    /// elements): in an identified array, an element is the same only with the same id, and each change of
    /// an element names its id.
    private static func collectArrayChanges(
        from old: [TraceValue], ids oldIDs: [TraceValue]?, to new: [TraceValue], ids newIDs: [TraceValue]?,
        path: inout [TraceChange.Component], ids: inout [TraceValue?], into result: inout [TraceChange]
    ) {
        func same(_ oldIndex: Int, _ newIndex: Int) -> Bool {
            old[oldIndex] == new[newIndex] && oldIDs?[oldIndex] == newIDs?[newIndex]
        }
        func change(at index: Int, old: TraceValue?, new: TraceValue?, id: TraceValue?) -> TraceChange {
            TraceChange(path: path + [.index(index)], old: old, new: new, ids: ids + [id])
        }
        // The elements both have at the start and at the end stay; the middles differ: old[start..<oldEnd] and
        // new[start..<newEnd].
        var start = 0
        while start < old.count, start < new.count, same(start, start) { start += 1 }
        var end = 0
        while end < old.count - start, end < new.count - start, same(old.count - 1 - end, new.count - 1 - end) {
            end += 1
        }
        let oldCount = old.count - end - start
        let newCount = new.count - end - start
        func removeFront(_ count: Int) {
            for offset in 0..<count {
                result.append(change(at: start, old: old[start + offset], new: nil, id: oldIDs?[start + offset]))
            }
        }
        /// Inserts `count` elements of `new` from `first` on, at `index`.
        func insert(_ count: Int, from first: Int, at index: Int) {
            for offset in 0..<max(0, count) {
                result.append(
                    change(at: index + offset, old: nil, new: new[first + offset], id: newIDs?[first + offset]))
            }
        }
        // Elements removed from the front of the middle, and maybe others inserted after what is left.
        // (Some of the old middle must be kept: otherwise element by element says it in fewer changes.)
        for shift in 1...max(1, min(maximumShift, oldCount - 1)) where shift < oldCount {
            let kept = oldCount - shift
            if kept <= newCount, (0..<kept).allSatisfy({ same(start + shift + $0, start + $0) }) {
                removeFront(shift)
                insert(newCount - kept, from: start + kept, at: start + kept)
                return
            }
        }
        // Elements inserted at the front of the middle, and maybe others removed after the old ones.
        for shift in 1...max(1, min(maximumShift, newCount)) where shift <= newCount {
            let following = newCount - shift
            if oldCount > 0, oldCount <= following, (0..<oldCount).allSatisfy({ same(start + $0, start + shift + $0) })
            {
                insert(shift, from: start, at: start)
                insert(following - oldCount, from: start + shift + oldCount, at: start + shift + oldCount)
                return
            }
        }
        // Element by element, then the rest of the middle removed (from its last) or inserted.
        let common = min(oldCount, newCount)
        for index in start..<(start + common) {
            if let oldIDs, let newIDs, oldIDs[index] != newIDs[index] {
                // Another element in this place: the old one goes, and the new one comes.
                result.append(change(at: index, old: old[index], new: nil, id: oldIDs[index]))
                result.append(change(at: index, old: nil, new: new[index], id: newIDs[index]))
                continue
            }
            path.append(.index(index))
            ids.append(newIDs?[index])
            collectChanges(from: old[index], to: new[index], path: &path, ids: &ids, into: &result)
            path.removeLast()
            ids.removeLast()
        }
        for index in ((start + common)..<(start + oldCount)).reversed() {
            result.append(change(at: index, old: old[index], new: nil, id: oldIDs?[index]))
        }
        insert(newCount - common, from: start + common, at: start + common)
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
            var ids: [TraceValue]? = nil
            Self.apply(change, at: index, rest: rest, to: &elements, ids: &ids, id: nil)
            return .array(elements)
        case (.identifiedArray(let oldIDs, var elements), .index(let index)) where oldIDs.count == elements.count:
            var ids: [TraceValue]? = oldIDs
            let id = change.ids.indices.contains(path.startIndex) ? change.ids[path.startIndex] : nil
            Self.apply(change, at: index, rest: rest, to: &elements, ids: &ids, id: id)
            return .identifiedArray(ids: ids ?? [], elements: elements)
        default:
            return self
        }
    }

    /// Applies `change` to the element at `index` of `elements` (`rest`: the path in it), and to `ids`, the
    /// ids of an identified array's elements (`nil` for an array), with `id` for an element inserted or set.
    private static func apply(
        _ change: TraceChange, at index: Int, rest: ArraySlice<TraceChange.Component>, to elements: inout [TraceValue],
        ids: inout [TraceValue]?, id: TraceValue?
    ) {
        if rest.isEmpty, change.old == nil, let new = change.new, index <= elements.count {
            elements.insert(new, at: index)
            ids?.insert(id ?? .null, at: index)
        } else if index < elements.count {
            if rest.isEmpty, change.new == nil {
                elements.remove(at: index)
                ids?.remove(at: index)
            } else {
                elements[index] = elements[index].applying(change, at: rest)
                if rest.isEmpty, let id { ids?[index] = id }
            }
        }
    }
}
