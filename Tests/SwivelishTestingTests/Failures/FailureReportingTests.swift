import Dispatch
import Swivelish
import TestSupport
import Testing

@testable import SwivelishTesting

private typealias Action = Counter.Action

/// A failure as the test store reported it, with where it was reported from.
private struct Report: Equatable {
    var destination: FailureReporter.Destination
    var message: String
    /// Whether the report was made on a task that runs a Swift Testing test (`Test.current` set).
    var onTheTestsTask: Bool
}

/// A reporter that keeps the failures instead of recording them, so that a test can check where
/// they would have gone (a failure recorded off the test's task would fail the whole run).
private func capturingReporter(into reports: Locked<[Report]>) -> FailureReporter {
    FailureReporter { destination, message, _ in
        reports.append(Report(destination: destination, message: message, onTheTestsTask: Test.current != nil))
    }
}

/// The framework that gets a test store's failures is the one whose test made the store, whichever
/// thread or task finds them. The XCTest side is in `XCTestSupportTests`.
@Suite("TestStore failure reporting")
struct FailureReportingTests {
    /// A store freed on another thread reported to XCTest, because `Test.current` is `nil` there, and
    /// XCTest drops a failure inside a Swift Testing test: the test passed.
    @Test func aStoreFreedOnAnotherThreadReportsToSwiftTesting() async {
        let reports = Locked<[Report]>([])
        var store: TestStore<Counter>? = TestStore(initialState: Counter(), reporter: capturingReporter(into: reports))
        store?.send(Action.twoStep)  // add(1) and add(2) arrive, and are never received
        let lastReference = Locked(store.take())
        await withCheckedContinuation { (freed: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                lastReference.withValue { $0 = nil }
                freed.resume()
            }
        }
        #expect(
            reports.current == [
                Report(
                    destination: .swiftTesting(test: Test.current!.name),
                    message: "2 messages dispatched by effects were not received when the test store was freed: "
                        + "Counter.Action.add(1), Counter.Action.add(2)",
                    onTheTestsTask: false)
            ])
    }

    @Test func finishInADetachedTaskReportsToSwiftTesting() async {
        let reports = Locked<[Report]>([])
        let store = TestStore(
            initialState: Counter(), timeout: .milliseconds(20), reporter: capturingReporter(into: reports))
        store.send(Action.fetchForever) { $0.isLoading = true }
        await Task.detached { await store.finish() }.value
        #expect(
            reports.current == [
                Report(
                    destination: .swiftTesting(test: Test.current!.name),
                    message: "The effect of Counter.Action.fetchForever was still running when the test finished",
                    onTheTestsTask: false)
            ])
    }

    @Test func aStoreMadeInATestReportsToSwiftTestingAtTheCallersLine() {
        let expectedLine = #line + 3
        withKnownIssue {
            let store = TestStore(initialState: Counter())
            store.send(Action.add(1))
        } matching: { issue in
            issue.sourceLocation?.line == expectedLine
                && issue.comments.contains { $0.rawValue.contains("count: expected 0, got 1") }
        }
    }

    /// Made on another thread, where no test is current, a store failed silently: it reported to XCTest,
    /// which drops a failure inside a Swift Testing test.
    @Test func aStoreMadeAndFreedOnAnotherThreadIsReportedAsMadeOutsideATest() async {
        let reports = Locked<[Report]>([])
        await withCheckedContinuation { (freed: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                do {
                    let store = TestStore(initialState: Counter(), reporter: capturingReporter(into: reports))
                    store.send(Action.twoStep)  // add(1) and add(2) arrive, and are never received
                }
                freed.resume()  // once the store is freed, which is when it reports
            }
        }
        #expect(
            reports.current == [
                Report(
                    destination: .unknown,
                    message: "2 messages dispatched by effects were not received when the test store was freed: "
                        + "Counter.Action.add(1), Counter.Action.add(2)",
                    onTheTestsTask: false)
            ])
    }

    @Test func aReporterChoosesTheTestThatIsRunningWhereItIsMade() async {
        #expect(FailureReporter().destination == .swiftTesting(test: Test.current!.name))
        #expect(await Task.detached { FailureReporter() }.value.destination == .unknown)
    }

    /// A failure of a store made outside a test fails a Swift Testing run, says where the store was made,
    /// and is written to standard error too. (Recorded here on the test's task, so that the test can expect
    /// it; the line for standard error is kept, so that a passing run does not print it.)
    @Test func aStoreMadeOutsideATestFailsTheRunAndSaysSo() async {
        let written = Locked<[String]>([])
        let reporter = await Task.detached { FailureReporter(standardError: { written.append($0) }) }.value
        let line = #line + 2
        withKnownIssue {
            reporter.report("a failure", at: CallSite(fileID: #fileID, filePath: #filePath, line: #line, column: 1))
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "a failure\n" + FailureReporter.madeOutsideATest }
        }
        #expect(written.current == ["\(#fileID):\(line): error: a failure\n"])
    }
}
