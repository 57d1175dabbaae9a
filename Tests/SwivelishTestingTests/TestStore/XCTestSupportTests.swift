import Dispatch
import Swivelish
import TestSupport
import XCTest

@testable import SwivelishTesting

/// The test store from XCTest: failures go through `XCTFail`. This case captures them instead of
/// failing, to check they are reported with their message and line: from the start of each test until it
/// takes them (`takeCaptured()`). Failures after that, the test's own assertions' and any a store reports
/// late, fail the test as usual.
final class XCTestSupportTests: XCTestCase {
    /// SwivelishTesting follows XCTest's test cases from the first test store of a run on; make sure it does
    /// before this class's first test (as an earlier test store of the run would have).
    override class func setUp() {
        super.setUp()
        _ = XCTestCaseTracker.shared
    }

    /// Failures recorded so far, while capturing (`nil`: not capturing); a store freed on another thread
    /// records from there.
    private let captured = Locked<[(description: String, line: Int)]?>(nil)

    override func setUp() {
        super.setUp()
        captured.withValue { $0 = [] }
    }

    /// Captures `failure` when capturing, and returns whether it did.
    private func capture(_ failure: (description: String, line: Int)) -> Bool {
        captured.withValue { captured in
            guard captured != nil else { return false }
            captured!.append(failure)
            return true
        }
    }

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        if !capture((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0)) {
            super.record(issue)
        }
    }
    #else
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        if !capture((description, lineNumber)) {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif

    /// The failures captured since the test started, and the end of capturing: the test's assertions that
    /// follow fail it as usual.
    private func takeCaptured() -> [(description: String, line: Int)] {
        captured.withValue { captured in
            defer { captured = nil }
            return captured ?? []
        }
    }

    func testPassingAssertionsRecordNothing() async {
        let store = TestStore(initialState: Counter())
        store.send(Counter.Action.fetch) { $0.isLoading = true }
        await store.receive(Counter.Action.loaded(42)) {
            $0.isLoading = false
            $0.count = 42
        }
        await store.finish()
        let failures = takeCaptured()
        XCTAssertTrue(failures.isEmpty, "\(failures)")
    }

    func testMismatchIsReportedThroughXCTFailAtTheCallersLine() {
        let store = TestStore(initialState: Counter())
        let line = #line + 1
        store.send(Counter.Action.add(3)) { $0.count = 4 }
        let failures = takeCaptured()
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("count: expected 4, got 3") == true, "\(failures)")
    }

    func testStoreMadeInAnXCTestReportsToThatTestCase() {
        XCTAssertEqual(FailureReporter().destination, .xcTest(testCase: name))
    }

    func testStoreMadeOnAnotherThreadDuringATestCaseReportsToThatTestCase() {
        let line = #line + 4
        let finished = expectation(description: "the store is made, used and freed on another thread")
        DispatchQueue.global().async {
            do {
                let store = TestStore(initialState: Counter())
                store.send(Counter.Action.twoStep)  // add(1) and add(2) arrive, and are never received
            }  // freed here, before the test goes on
            finished.fulfill()
        }
        wait(for: [finished], timeout: 10)
        let failures = takeCaptured()
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("were not received") == true, "\(failures)")
    }

    func testFailureOfAStoreFreedOnAnotherThreadReachesThisTest() {
        let line = #line + 1
        var store: TestStore<Counter>? = TestStore(initialState: Counter())
        store?.send(Counter.Action.twoStep)  // add(1) and add(2) arrive, and are never received
        let lastReference = Locked(store.take())
        let freed = expectation(description: "the store is freed on another thread")
        DispatchQueue.global().async {
            lastReference.withValue { $0 = nil }
            freed.fulfill()
        }
        wait(for: [freed], timeout: 10)
        let failures = takeCaptured()
        XCTAssertEqual(failures.count, 1, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(
            failures.first?.description.contains(
                "2 messages dispatched by effects were not received when the test store was freed: Counter.Action.add(1), Counter.Action.add(2)"
            )
                == true, "\(failures)")
    }
}
