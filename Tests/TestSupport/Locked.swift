import Foundation

/// A value shared between threads, guarded by a lock.
package final class Locked<Value>: @unchecked Sendable {
    // `@unchecked Sendable`: `lock` guards `value`.
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withValue<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    package var current: Value {
        withValue { $0 }
    }
}

extension Locked where Value: RangeReplaceableCollection {
    package func append(_ element: Value.Element) {
        withValue { $0.append(element) }
    }
}
