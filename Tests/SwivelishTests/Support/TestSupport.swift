import Foundation
import Swivelish

// `Locked` lives in the TestSupport target, shared with SwivelishTestingTests; re-exported here so
// that every file of this target sees it without an import of its own.
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

/// Runs `body(index)` on `count` new threads at once and returns when all have finished.
///
/// The threads wait at a barrier so that they really start together. The waiting is done by a thread of
/// its own, so the calling test gives its thread back to Swift's concurrency pool meanwhile: a test that
/// blocked a thread of that pool (two of them on a two-core machine) would hold up the tasks of the tests
/// running beside it, past their timeouts.
///
/// `body`, and what it captures, is released before the call returns (the threads themselves may end a
/// moment later): a test that gives `body` the last reference to an object sees it freed on return.
func runConcurrently(threads count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
    let box = BodyBox(body)
    await withCheckedContinuation { (finishedAll: CheckedContinuation<Void, Never>) in
        let coordinator = Thread {
            let started = DispatchGroup()
            let finished = DispatchGroup()
            let go = DispatchSemaphore(value: 0)
            for index in 0..<count {
                started.enter()
                finished.enter()
                let thread = Thread {
                    started.leave()
                    go.wait()
                    box.body!(index)
                    finished.leave()
                }
                thread.stackSize = 1 << 20
                thread.start()
            }
            started.wait()
            for _ in 0..<count { go.signal() }
            finished.wait()
            box.body = nil  // after every thread's call, before the caller goes on
            finishedAll.resume()
        }
        coordinator.start()
    }
}

/// The body of `runConcurrently`, which lets it go once every thread has called it.
private final class BodyBox: @unchecked Sendable {
    // `@unchecked Sendable`: set before the threads start, read by them, cleared after they all finished.
    var body: (@Sendable (Int) -> Void)?

    init(_ body: @escaping @Sendable (Int) -> Void) {
        self.body = body
    }
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
