#if canImport(XCTest)
import Foundation
import XCTest

/// Follows XCTest's test cases, to tell which one is running: XCTest has no public "current test case".
///
/// It is registered with XCTest's observation center when the first test store of a run is made (there is
/// no earlier moment a library can run code), and knows every test case that starts after that.
final class XCTestCaseTracker: NSObject, XCTestObservation, @unchecked Sendable {
    // `@unchecked Sendable`: `running` is guarded by `lock`; XCTest calls the observer methods on the test's
    // thread, and reporters read from any thread.

    /// The tracker, registered with XCTest the first time it is asked for.
    static let shared: XCTestCaseTracker = {
        let tracker = XCTestCaseTracker()
        XCTestObservationCenter.shared.addTestObserver(tracker)
        return tracker
    }()

    private let lock = NSLock()
    private var running: (id: ObjectIdentifier, name: String)?

    /// The test case running now, by identity and name; `nil` between test cases, outside XCTest, and
    /// during the test case in which the tracker was registered (it started before).
    var current: (id: ObjectIdentifier, name: String)? {
        lock.withLock { running }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        lock.withLock { running = (ObjectIdentifier(testCase), testCase.name) }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        lock.withLock { running = nil }
    }
}
#endif
