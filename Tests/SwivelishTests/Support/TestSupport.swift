import Foundation
import Swivelish

// `Locked`, `eventually` and `runConcurrently` live in the TestSupport target, shared with the other test
// targets; re-exported here so that every file of this target sees them without an import of its own.
@_exported import TestSupport

// The fixture states this target shares with SwivelishTraceTests (`Counter`, `Add`, `Relabel`, `Row`,
// `RowList`, `Detail`, `History`, `Route`) live in the SwivelishFixtures target; re-exported likewise.
@_exported import SwivelishFixtures

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

// MARK: - With the counter used by several tests (`Counter`, `Add` and `Relabel` are in SwivelishFixtures)

struct Ignored: Message {}

/// Returns `true` when each element is one more than the one before.
func isContiguous(_ values: [Int]) -> Bool {
    zip(values, values.dropFirst()).allSatisfy { $1 == $0 + 1 }
}
