import CounterCore
import Dispatch
import Swivelish
import SwivelishTesting
import Testing

/// Runs `body` on a serial queue of its own and returns its result, without blocking the test's thread.
///
/// For code that blocks, such as `waitForFetches()`: fetches run in tasks, on the threads that also run
/// the tests, and a test blocking one of those while it waits could leave the fetch no thread to run
/// on. A serial queue of its own gets a thread even when those are busy.
func onQueueOfItsOwn<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result {
    await withCheckedContinuation { continuation in
        DispatchQueue(label: "onQueueOfItsOwn").async { continuation.resume(returning: body()) }
    }
}

extension Store where S == AppState {
    /// `waitForFetches()`, on a queue of its own (see ``onQueueOfItsOwn(_:)``).
    func fetchesFinished() async {
        await onQueueOfItsOwn { self.waitForFetches() }
    }
}
