/// One difference between two values, found field by field by ``fieldDifferences(from:to:path:)``.
package struct FieldDifference: Equatable, Sendable {
    /// How the field differs.
    package enum Kind: Equatable, Sendable {
        /// The field's value changed (both described).
        case changed(from: String, to: String)
        /// A collection's number of elements changed.
        case count(from: Int, to: Int)
        /// An element or a dictionary entry is in the old value only (described).
        case removed(String)
        /// An element or a dictionary entry is in the new value only (described).
        case added(String)
    }

    /// Where: `count`, `profile.name`, `items[2]`, `table["k"]`; `state` for the value itself.
    package let path: String
    package let kind: Kind
}

/// The differences between an old and a new value, field by field.
///
/// It walks both values with `Mirror`: structs and classes by field, collections by index,
/// dictionaries by key, enums by case and payload. Values without children are compared by their
/// description (strings are quoted). Returns nothing when no difference can be seen. SwivelishTesting
/// shows them as "expected, got" and `printChanges` as "old → new".
package func fieldDifferences(from expected: Any, to actual: Any, path: String = "") -> [FieldDifference] {
    let label = path.isEmpty ? "state" : path
    let expectedMirror = Mirror(reflecting: expected)
    let actualMirror = Mirror(reflecting: actual)

    if expectedMirror.displayStyle == .dictionary, actualMirror.displayStyle == .dictionary {
        return dictionaryDifference(expectedMirror, actualMirror, path: path)
    }
    if isSequence(expectedMirror), isSequence(actualMirror) {
        let expectedElements = expectedMirror.children.map(\.value)
        let actualElements = actualMirror.children.map(\.value)
        var lines: [FieldDifference] = []
        for index in 0..<min(expectedElements.count, actualElements.count) {
            lines += fieldDifferences(
                from: expectedElements[index], to: actualElements[index], path: "\(path)[\(index)]")
        }
        if expectedElements.count != actualElements.count {
            lines.append(
                FieldDifference(path: label, kind: .count(from: expectedElements.count, to: actualElements.count)))
            let shorter = min(expectedElements.count, actualElements.count)
            for index in shorter..<expectedElements.count {
                lines.append(
                    FieldDifference(path: "\(path)[\(index)]", kind: .removed(describe(expectedElements[index]))))
            }
            for index in shorter..<actualElements.count {
                lines.append(FieldDifference(path: "\(path)[\(index)]", kind: .added(describe(actualElements[index]))))
            }
        }
        return lines
    }
    if expectedMirror.displayStyle == .enum, actualMirror.displayStyle == .enum {
        let expectedCase = caseName(of: expected, expectedMirror)
        let actualCase = caseName(of: actual, actualMirror)
        if expectedCase != actualCase {
            return [FieldDifference(path: label, kind: .changed(from: describe(expected), to: describe(actual)))]
        }
    }
    if expectedMirror.displayStyle == .optional, actualMirror.displayStyle == .optional {
        switch (expectedMirror.children.first?.value, actualMirror.children.first?.value) {
        case (nil, nil):
            return []
        case let (expected?, actual?):
            return fieldDifferences(from: expected, to: actual, path: path)
        default:
            return [FieldDifference(path: label, kind: .changed(from: describe(expected), to: describe(actual)))]
        }
    }
    let expectedChildren = Array(expectedMirror.children)
    let actualChildren = Array(actualMirror.children)
    if !expectedChildren.isEmpty, expectedChildren.count == actualChildren.count,
        type(of: expected) == type(of: actual)
    {
        var lines: [FieldDifference] = []
        for (index, (expectedChild, actualChild)) in zip(expectedChildren, actualChildren).enumerated() {
            let name =
                expectedChild.label.map(fieldName).map { path.isEmpty ? $0 : "\(path).\($0)" } ?? "\(path).\(index)"
            lines += fieldDifferences(from: expectedChild.value, to: actualChild.value, path: name)
        }
        return lines
    }
    let expectedDescription = describe(expected)
    let actualDescription = describe(actual)
    guard expectedDescription != actualDescription else { return [] }
    return [FieldDifference(path: label, kind: .changed(from: expectedDescription, to: actualDescription))]
}

private func isSequence(_ mirror: Mirror) -> Bool {
    mirror.displayStyle == .collection || mirror.displayStyle == .set
}

private func caseName(of value: Any, _ mirror: Mirror) -> String {
    mirror.children.first?.label ?? String(describing: value)
}

private func dictionaryDifference(_ expected: Mirror, _ actual: Mirror, path: String) -> [FieldDifference] {
    func entries(_ mirror: Mirror) -> [String: Any] {
        var result: [String: Any] = [:]
        for child in mirror.children {
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { continue }
            result[describe(pair[0].value)] = pair[1].value
        }
        return result
    }
    let expectedEntries = entries(expected)
    let actualEntries = entries(actual)
    var lines: [FieldDifference] = []
    for key in Set(expectedEntries.keys).union(actualEntries.keys).sorted() {
        let name = "\(path)[\(key)]"
        switch (expectedEntries[key], actualEntries[key]) {
        case let (expected?, actual?):
            lines += fieldDifferences(from: expected, to: actual, path: name)
        case let (expected?, nil):
            lines.append(FieldDifference(path: name, kind: .removed(describe(expected))))
        case let (nil, actual?):
            lines.append(FieldDifference(path: name, kind: .added(describe(actual))))
        case (nil, nil):
            break
        }
    }
    return lines
}

/// A short description of a value: strings quoted, everything else as `String(reflecting:)` would
/// show it, without module prefixes.
package func describe(_ value: Any) -> String {
    if let string = value as? String {
        return "\"\(string)\""
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        return mirror.children.first.map { describe($0.value) } ?? "nil"
    }
    return String(describing: value)
}

/// The name a field is shown by: a property wrapper's storage (`_detail`) by the property's (`detail`).
func fieldName(_ label: String) -> String {
    label.hasPrefix("_") && label.count > 1 ? String(label.dropFirst()) : label
}
