import Swivelish
import SwivelishTesting
import XCTest

/// The test store from XCTest: failures go through `XCTFail`. This case captures them instead of
/// failing, to check they are reported with their message and line.
final class XCTestSupportTests: XCTestCase {
    private var captured: [(description: String, line: Int)] = []

    #if canImport(Darwin)
    override func record(_ issue: XCTIssue) {
        captured.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        captured.append((description, lineNumber))
    }
    #endif

    func testPassingAssertionsRecordNothing() async {
        let store = TestStore(initialState: Counter())
        store.send(Counter.Action.fetch) { $0.isLoading = true }
        await store.receive(Counter.Action.loaded(42)) {
            $0.isLoading = false
            $0.count = 42
        }
        await store.finish()
        XCTAssertTrue(captured.isEmpty, "\(captured)")
    }

    func testMismatchIsReportedThroughXCTFailAtTheCallersLine() {
        let store = TestStore(initialState: Counter())
        let line = #line + 1
        store.send(Counter.Action.add(3)) { $0.count = 4 }
        let failures = captured
        captured = []
        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("count: expected 4, got 3") == true, "\(failures)")
    }
}
