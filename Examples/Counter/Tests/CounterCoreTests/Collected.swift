import Dispatch

/// Values appended from any thread, read back by a test.
final class Collected<Value: Sendable>: @unchecked Sendable {
    // `@unchecked Sendable`: `queue` guards `storage`.
    private let queue = DispatchQueue(label: "Collected")
    private var storage: [Value] = []

    func append(_ value: Value) {
        queue.sync { storage.append(value) }
    }

    var values: [Value] {
        queue.sync { storage }
    }
}
