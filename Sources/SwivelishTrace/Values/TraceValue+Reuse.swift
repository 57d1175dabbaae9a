import Swivelish

extension TraceValue {
    /// Renders `new` as ``init(mirroring:)`` does, reusing the parts of `oldTree` (the rendering of `old`)
    /// whose values are equal in `old` and `new`: what a trace writer does for every message, whose state
    /// differs from the one before it in a few fields.
    ///
    /// Values are compared with `==` where their type is `Equatable` (a subtree equal to the old one is not
    /// walked at all); a struct is walked field by field, an array element by element, matching elements
    /// removed or inserted at the front (up to ``maximumShift``), so that a history that drops its oldest
    /// entry reuses the others. Anything else is rendered anew. The result is the tree
    /// ``init(mirroring:)`` would make of `new`, for values (a class changed in place since `old` was
    /// rendered would keep its old rendering, as it is equal to itself).
    ///
    /// With `types`, it describes the types it meets there and keeps the ids of identified arrays, as
    /// ``init(mirroring:describingTypesIn:)`` does; `oldTree` must then have been rendered so too.
    init(mirroring new: Any, reusing oldTree: TraceValue, of old: Any, describingTypesIn types: TraceTypes? = nil) {
        var walk = MirrorWalk(types: types)
        self = Self.mirror(new, reusing: oldTree, of: old, depth: 0, walk: &walk)
    }

    private static func mirror(
        _ new: Any, reusing oldTree: TraceValue, of old: Any, depth: Int, walk: inout MirrorWalk
    ) -> TraceValue {
        if let equal = areEqual(old, new) {
            if equal { return oldTree }
        }
        guard type(of: old) == type(of: new), depth < maximumDepth else {
            return mirror(new, depth: depth, walk: &walk)
        }
        if let leaf = primitive(new) {
            return leaf
        }
        let newMirror = Mirror(reflecting: new)
        walk.types?.describe(new, mirror: newMirror)
        let oldElements: [TraceValue]?
        switch oldTree {
        case let .array(elements): oldElements = elements
        case let .identifiedArray(_, elements): oldElements = elements
        default: oldElements = nil
        }
        switch (newMirror.displayStyle, oldTree) {
        case (.struct?, .object(let oldFields)):
            let oldMirror = Mirror(reflecting: old)
            var fields: [Field] = []
            for (index, (oldChild, newChild)) in zip(oldMirror.children, newMirror.children).enumerated() {
                guard index < oldFields.count, let label = newChild.label, oldFields[index].key == label else {
                    return mirror(new, depth: depth, walk: &walk)
                }
                fields.append(
                    Field(
                        label,
                        mirror(
                            newChild.value, reusing: oldFields[index].value, of: oldChild.value, depth: depth + 1,
                            walk: &walk)))
            }
            return fields.count == oldFields.count ? .object(fields) : mirror(new, depth: depth, walk: &walk)
        case (.collection?, _):
            guard let oldElements else { return mirror(new, depth: depth, walk: &walk) }
            let oldValues = Mirror(reflecting: old).children.map(\.value)
            let newValues = newMirror.children.map(\.value)
            guard oldValues.count == oldElements.count else { return mirror(new, depth: depth, walk: &walk) }
            let offset = shift(from: oldValues, to: newValues)
            let elements = newValues.enumerated().map { index, value in
                let match = index + offset
                guard match >= 0, match < oldValues.count else {
                    return mirror(value, depth: depth + 1, walk: &walk)
                }
                return mirror(
                    value, reusing: oldElements[match], of: oldValues[match], depth: depth + 1, walk: &walk)
            }
            if walk.types != nil, let identified = new as? any TraceIdentifiedCollection {
                // The ids of the last rendering, when they did not change (an element changed in place).
                if case let .identifiedArray(oldIDs, _) = oldTree, identified.hasSameIDs(as: old) {
                    return .identifiedArray(ids: oldIDs, elements: elements)
                }
                return .identifiedArray(ids: ids(of: identified), elements: elements)
            }
            return .array(elements)
        default:
            return mirror(new, depth: depth, walk: &walk)
        }
    }

    /// By how much the elements of `new` moved from `old`: `k` when `new` starts with `old`'s element `k`
    /// (the first `k` were removed), `-k` when `old` starts at `new`'s element `k` (`k` were inserted at the
    /// front), 0 otherwise; up to ``maximumShift``.
    private static func shift(from old: [Any], to new: [Any]) -> Int {
        guard let firstOld = old.first, let firstNew = new.first, areEqual(firstOld, firstNew) == false else {
            return 0
        }
        for distance in 1...maximumShift {
            if distance < old.count, areEqual(old[distance], firstNew) == true { return distance }
            if distance < new.count, areEqual(firstOld, new[distance]) == true { return -distance }
        }
        return 0
    }
}

/// Whether `left` and `right` are equal, when `left`'s type is `Equatable`; `nil` when it is not.
func areEqual(_ left: Any, _ right: Any) -> Bool? {
    guard let left = left as? any Equatable else { return nil }
    return left.isEqual(to: right)
}

extension Equatable {
    /// Whether `other` is a `Self` equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
