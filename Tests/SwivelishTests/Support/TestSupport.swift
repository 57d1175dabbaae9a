import Foundation
import Swivelish

// `Locked`, `eventually` and `runConcurrently` live in the TestSupport target, shared with the other test
// targets; re-exported here so that every file of this target sees them without an import of its own.
@_exported import TestSupport

/// A value that is deliberately *not* synchronised: only code that promises to run one at a time may
/// touch it. ThreadSanitizer reports a race if that promise is broken.
final class Unsynchronized<Value>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// Detects overlapping calls: `enter` and `leave` must bracket each call, and `overlaps` counts the
/// calls that started while another had not finished.
final class OverlapDetector: @unchecked Sendable {
    private let state = Locked((active: 0, overlaps: 0))

    func enter() {
        state.withValue {
            if $0.active > 0 { $0.overlaps += 1 }
            $0.active += 1
        }
    }

    func leave() {
        state.withValue { $0.active -= 1 }
    }

    var overlaps: Int { state.current.overlaps }
}

/// Waits up to `seconds` for `condition`, re-checking whenever `signal` is signalled.
func wait(
    for signal: DispatchSemaphore, seconds: Double = 10, until condition: () -> Bool
) -> Bool {
    let deadline = DispatchTime.now() + seconds
    while !condition() {
        if signal.wait(timeout: deadline) == .timedOut { return condition() }
    }
    return true
}

// MARK: - A counter used by several tests

struct Counter: State, Equatable {
    var count = 0
    var version = 0
    var label = ""

    static func update(_ state: inout Counter, with message: Message) -> Effect? {
        switch message {
        case let message as Add:
            state.count += message.amount
            state.version += 1
        case let message as Relabel:
            state.label = message.label
            state.version += 1
        default:
            break
        }
        return nil
    }
}

struct Add: Message, Equatable {
    var amount = 1
}

struct Relabel: Message {
    var label: String
}

struct Ignored: Message {}

/// Returns `true` when each element is one more than the one before.
func isContiguous(_ values: [Int]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 }
}
