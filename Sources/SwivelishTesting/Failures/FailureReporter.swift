#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif
#if canImport(Testing)
import Testing
#endif
#if canImport(XCTest)
import XCTest
#endif

/// Reports a test store's failures to the test that made the store, whichever thread finds them.
///
/// Where they go is decided once, when the reporter is made (in `TestStore.init`), from what is really
/// running there, because it cannot be asked later: Swift Testing's `Test.current` is task-local (`nil` on
/// another thread, or in a detached task), and each framework silently drops a failure recorded inside the
/// other's test.
/// - **A Swift Testing test** is current on the task: `Issue.record`, which fails that test, or the run
///   when it is recorded off the test's task (the message then names the test).
/// - **An XCTest test case** is running (see ``XCTestCaseTracker``): `XCTFail` while that test case runs,
///   from any thread; found after it has finished, the failure goes to the test case running then, naming
///   the one that made the store, or to standard error when none is.
/// - **Neither is known**: the store was made outside a test (a detached task, another thread) or in the
///   first XCTest test case of the run to make a test store. The failure goes to every channel, so that it
///   is never silent: `Issue.record` (which fails a Swift Testing run, saying that the store was made outside
///   a test), `XCTFail` (which fails a running XCTest test case), and standard error.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct FailureReporter: Sendable {
    /// Where failures go.
    enum Destination: Sendable, Equatable {
        /// The Swift Testing test named so.
        case swiftTesting(test: String)
        /// The XCTest test case named so.
        case xcTest(testCase: String)
        /// No test was known to be running where the reporter was made.
        case unknown
    }

    /// Receives a failure instead of the frameworks, for tests of the reporting itself.
    typealias Sink = @Sendable (_ destination: Destination, _ message: String, _ site: CallSite) -> Void

    /// Writes a line to standard error: the channel of last resort, so that a failure is never silent.
    typealias StandardError = @Sendable (_ line: String) -> Void

    /// Where the failures go.
    let destination: Destination
    private let sink: Sink?
    private let standardError: StandardError
    #if canImport(Testing)
    /// The Swift Testing test that made the reporter, to tell whether a failure is found on its task.
    private let test: Test?
    #endif
    #if canImport(XCTest)
    /// The XCTest test case that made the reporter, to tell whether it still runs when a failure is found.
    private let testCase: ObjectIdentifier?
    #endif

    /// Makes a reporter to the test running where it is called. Call it in the test itself.
    ///
    /// - Parameters:
    ///   - sink: Receives the failures instead of the frameworks (for tests of the reporting itself).
    ///   - standardError: Where the lines for standard error go (for tests of the reporting itself).
    init(sink: Sink? = nil, standardError: @escaping StandardError = FailureReporter.writeToStandardError) {
        self.sink = sink
        self.standardError = standardError
        var destination = Destination.unknown
        #if canImport(XCTest)
        let running = XCTestCaseTracker.shared.current
        testCase = running?.id
        if let running {
            destination = .xcTest(testCase: running.name)
        }
        #endif
        #if canImport(Testing)
        test = Test.current
        if let test {
            destination = .swiftTesting(test: test.name)
        }
        #endif
        self.destination = destination
    }

    /// Reports a test failure at `site`, from any thread.
    func report(_ message: String, at site: CallSite) {
        if let sink {
            sink(destination, message, site)
            return
        }
        switch destination {
        case .swiftTesting(let name):
            #if canImport(Testing)
            let isOnTheTestsTask = Test.current == test
            #else
            let isOnTheTestsTask = true
            #endif
            recordInSwiftTesting(
                isOnTheTestsTask ? message : "\(message)\n(found outside \(name), the test that made the test store)",
                at: site)
        case .xcTest(let name):
            reportToXCTest(message, madeIn: name, at: site)
        case .unknown:
            recordInSwiftTesting(message + "\n" + Self.madeOutsideATest, at: site)
            failInXCTest(message, at: site)
            writeToStandardError(message, at: site)
        }
    }

    /// What a failure of a store made outside a test adds.
    static let madeOutsideATest =
        "(This TestStore was made outside a test: no Swift Testing test was current on its task, and no "
        + "XCTest test case was known to be running. Make the store in the test itself.)"

    private func recordInSwiftTesting(_ message: String, at site: CallSite) {
        #if canImport(Testing)
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line), column: Int(site.column)))
        #endif
    }

    private func reportToXCTest(_ message: String, madeIn name: String, at site: CallSite) {
        #if canImport(XCTest)
        let running = XCTestCaseTracker.shared.current
        if running != nil, running?.id == testCase {
            failInXCTest(message, at: site)
        } else if running != nil {
            failInXCTest("\(message)\n(found after \(name), the test that made the test store, had finished)", at: site)
        } else {
            writeToStandardError(
                "\(message) (found after \(name), the test that made the test store, had finished)", at: site)
        }
        #endif
    }

    private func failInXCTest(_ message: String, at site: CallSite) {
        #if canImport(XCTest)
        XCTFail(message, file: site.filePath, line: site.line)
        #endif
    }

    /// Writes `message` as a compiler-style error line at `site` to standard error: the channel of last
    /// resort, so that a failure is never silent.
    private func writeToStandardError(_ message: String, at site: CallSite) {
        standardError("\(site.fileID):\(site.line): error: \(message)\n")
    }

    /// Writes `line` to the process's standard error.
    static func writeToStandardError(_ line: String) {
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
