/// One difference between two ``TraceValue`` trees: the value at ``path`` went from ``old`` to ``new``.
///
/// A field or an element that is new has no ``old``; one that is gone has no ``new``. Applying the
/// changes of ``TraceValue/changes(to:)`` in order to the old tree gives the new one: that is how the
/// inspector rebuilds any step from the last full state before it.
package struct TraceChange: Equatable, Sendable {
    /// A step of a path: an object's field, or an array's element.
    package enum Component: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    /// Where, from the root: `["counter", "past", 2]`; empty for the whole value.
    package var path: [Component]
    /// The value before, or `nil` when the field or element is new.
    package var old: TraceValue?
    /// The value after, or `nil` when the field or element is gone.
    package var new: TraceValue?

    package init(path: [Component], old: TraceValue?, new: TraceValue?) {
        self.path = path
        self.old = old
        self.new = new
    }

    /// The change as a JSON object: `{"path":["count"],"old":0,"new":1}`, without `old` or `new` when
    /// there is none.
    package var traceValue: TraceValue {
        var fields = [
            TraceValue.Field(
                "path",
                .array(
                    path.map { component in
                        switch component {
                        case let .key(key): .string(key)
                        case let .index(index): .integer(index)
                        }
                    }))
        ]
        if let old { fields.append(TraceValue.Field("old", old)) }
        if let new { fields.append(TraceValue.Field("new", new)) }
        return .object(fields)
    }
}

extension TraceValue {
    /// The changes that make this tree into `new`, field by field and element by element.
    ///
    /// Objects are compared by key (fields gone first, in this tree's order, then fields added, in
    /// `new`'s order); arrays element by element up to the shorter length, then the elements gone,
    /// from the last, or those added, from the first, so that each change applies at the end of the
    /// array as it is then. Values of different kinds, or leaves that differ, are one change. Returns
    /// nothing when the trees are equal.
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
        case let (.array(oldElements), .array(newElements)):
            let common = min(oldElements.count, newElements.count)
            for index in 0..<common {
                path.append(.index(index))
                collectChanges(from: oldElements[index], to: newElements[index], path: &path, into: &result)
                path.removeLast()
            }
            for index in (common..<oldElements.count).reversed() {
                result.append(TraceChange(path: path + [.index(index)], old: oldElements[index], new: nil))
            }
            for index in common..<newElements.count {
                result.append(TraceChange(path: path + [.index(index)], old: nil, new: newElements[index]))
            }
        default:
            if old != new {
                result.append(TraceChange(path: path, old: old, new: new))
            }
        }
    }

    /// This tree with `change` applied: the inverse of ``changes(to:)``, for tests and for readers
    /// written in Swift. A change whose path does not lead anywhere is ignored.
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
            if index < elements.count {
                if rest.isEmpty, change.new == nil {
                    elements.remove(at: index)
                } else {
                    elements[index] = elements[index].applying(change, at: rest)
                }
            } else if index == elements.count, rest.isEmpty, let new = change.new {
                elements.append(new)
            }
            return .array(elements)
        default:
            return self
        }
    }
}
