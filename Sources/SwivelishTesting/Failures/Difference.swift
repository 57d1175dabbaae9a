import Swivelish

/// The differences between an expected and an actual value, field by field, one line each, as a failing
/// test shows them:
///
/// ```
/// count: expected 1, got 2
/// items[2]: expected "b", got "c"
/// items: expected 3 elements, got 4
/// ```
///
/// Found by Swivelish's differ (the one `printChanges` uses too); no line when no difference can be seen.
func difference(expected: Any, actual: Any, path: String = "") -> [String] {
    fieldDifferences(from: expected, to: actual, path: path).map { difference in
        switch difference.kind {
        case let .changed(from, to): "\(difference.path): expected \(from), got \(to)"
        case let .count(from, to): "\(difference.path): expected \(elements(from)), got \(to)"
        case let .removed(value): "\(difference.path): missing \(value)"
        case let .added(value): "\(difference.path): extra \(value)"
        }
    }
}

private func elements(_ count: Int) -> String {
    count == 1 ? "1 element" : "\(count) elements"
}
