import Foundation

/// Runs `body(index)` on `count` new threads at once and returns when all have finished.
///
/// The threads wait at a barrier so that they really start together. The waiting is done by a thread of
/// its own, so the calling test gives its thread back to Swift's concurrency pool meanwhile: a test that
/// blocked a thread of that pool (two of them on a two-core machine) would hold up the tasks of the tests
/// running beside it, past their timeouts.
///
/// `body`, and what it captures, is released before the call returns (the threads themselves may end a
/// moment later): a test that gives `body` the last reference to an object sees it freed on return.
package func runConcurrently(threads count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
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
