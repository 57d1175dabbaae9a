/// Lists the differences between two values, field by field, one line each:
///
/// ```
/// count: expected 1, got 2
/// items[2]: expected "b", got "c"
/// items: expected 3 elements, got 4
/// ```
///
/// It walks both values with `Mirror`: structs and classes by field, collections by index,
/// dictionaries by key, enums by case and payload. Values without children are compared by their
/// description (strings are quoted). Returns no line when no difference can be seen.
func difference(expected: Any, actual: Any, path: String = "") -> [String] {
    let label = path.isEmpty ? "state" : path
    let expectedMirror = Mirror(reflecting: expected)
    let actualMirror = Mirror(reflecting: actual)

    if expectedMirror.displayStyle == .dictionary, actualMirror.displayStyle == .dictionary {
        return dictionaryDifference(expectedMirror, actualMirror, path: path)
    }
    if isSequence(expectedMirror), isSequence(actualMirror) {
        let expectedElements = expectedMirror.children.map(\.value)
        let actualElements = actualMirror.children.map(\.value)
        var lines: [String] = []
        for index in 0..<min(expectedElements.count, actualElements.count) {
            lines += difference(
                expected: expectedElements[index], actual: actualElements[index], path: "\(path)[\(index)]")
        }
        if expectedElements.count != actualElements.count {
            lines.append(
                "\(label): expected \(elements(expectedElements.count)), got \(actualElements.count)")
            let (longer, name) =
                expectedElements.count > actualElements.count
                ? (expectedElements, "missing") : (actualElements, "extra")
            for index in min(expectedElements.count, actualElements.count)..<longer.count {
                lines.append("\(path)[\(index)]: \(name) \(describe(longer[index]))")
            }
        }
        return lines
    }
    if expectedMirror.displayStyle == .enum, actualMirror.displayStyle == .enum {
        let expectedCase = caseName(of: expected, expectedMirror)
        let actualCase = caseName(of: actual, actualMirror)
        if expectedCase != actualCase {
            return ["\(label): expected \(describe(expected)), got \(describe(actual))"]
        }
    }
    if expectedMirror.displayStyle == .optional, actualMirror.displayStyle == .optional {
        switch (expectedMirror.children.first?.value, actualMirror.children.first?.value) {
        case (nil, nil):
            return []
        case let (expected?, actual?):
            return difference(expected: expected, actual: actual, path: path)
        default:
            return ["\(label): expected \(describe(expected)), got \(describe(actual))"]
        }
    }
    let expectedChildren = Array(expectedMirror.children)
    let actualChildren = Array(actualMirror.children)
    if !expectedChildren.isEmpty, expectedChildren.count == actualChildren.count,
        type(of: expected) == type(of: actual)
    {
        var lines: [String] = []
        for (index, (expectedChild, actualChild)) in zip(expectedChildren, actualChildren).enumerated() {
            let name = expectedChild.label.map { path.isEmpty ? $0 : "\(path).\($0)" } ?? "\(path).\(index)"
            lines += difference(expected: expectedChild.value, actual: actualChild.value, path: name)
        }
        return lines
    }
    let expectedDescription = describe(expected)
    let actualDescription = describe(actual)
    guard expectedDescription != actualDescription else { return [] }
    return ["\(label): expected \(expectedDescription), got \(actualDescription)"]
}

private func elements(_ count: Int) -> String {
    count == 1 ? "1 element" : "\(count) elements"
}

private func isSequence(_ mirror: Mirror) -> Bool {
    mirror.displayStyle == .collection || mirror.displayStyle == .set
}

private func caseName(of value: Any, _ mirror: Mirror) -> String {
    mirror.children.first?.label ?? String(describing: value)
}

private func dictionaryDifference(_ expected: Mirror, _ actual: Mirror, path: String) -> [String] {
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
    var lines: [String] = []
    for key in Set(expectedEntries.keys).union(actualEntries.keys).sorted() {
        let name = "\(path)[\(key)]"
        switch (expectedEntries[key], actualEntries[key]) {
        case let (expected?, actual?):
            lines += difference(expected: expected, actual: actual, path: name)
        case let (expected?, nil):
            lines.append("\(name): missing \(describe(expected))")
        case let (nil, actual?):
            lines.append("\(name): extra \(describe(actual))")
        case (nil, nil):
            break
        }
    }
    return lines
}

/// A short description of a value: strings quoted, everything else as `String(reflecting:)` would
/// show it, without module prefixes.
func describe(_ value: Any) -> String {
    if let string = value as? String {
        return "\"\(string)\""
    }
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        return mirror.children.first.map { describe($0.value) } ?? "nil"
    }
    return String(describing: value)
}
