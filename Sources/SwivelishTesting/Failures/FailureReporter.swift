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

/// Where a test store's caller is, so that failures point at the caller's line.
struct CallSite: Sendable {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
}

/// Reports a test store's failures to the test framework that ran the test which made the store.
///
/// The framework is decided once, when the reporter is made (in `TestStore.init`, on the test's task):
/// Swift Testing when `Test.current` is set there, XCTest otherwise. It is not asked again when a
/// failure is found, because `Test.current` is task-local: on another thread (a store freed in
/// `DispatchQueue.global().async`, `finish()` in a detached task) it is `nil`, and a failure sent to
/// XCTest from inside a Swift Testing test is lost, so the test would pass. `Issue.record` from any
/// thread fails the run.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct FailureReporter: Sendable {
    /// A test framework.
    enum Framework: Sendable, Equatable {
        case swiftTesting
        case xcTest
    }

    /// Receives a failure instead of the framework, for tests of the reporting itself.
    typealias Sink = @Sendable (_ framework: Framework, _ message: String, _ site: CallSite) -> Void

    /// The framework that receives the failures.
    let framework: Framework
    private let sink: Sink?
    #if canImport(Testing)
    /// The Swift Testing test that made the reporter, to name it in failures found outside its task.
    private let test: Test?
    #endif

    /// Makes a reporter to the framework running the current test. Call it on the test's task.
    init(sink: Sink? = nil) {
        framework = Self.runningFramework
        self.sink = sink
        #if canImport(Testing)
        test = Test.current
        #endif
    }

    /// The framework whose test the current task runs: Swift Testing when it has a current test.
    private static var runningFramework: Framework {
        #if canImport(Testing)
        if Test.current != nil {
            return .swiftTesting
        }
        #endif
        #if canImport(XCTest)
        return .xcTest
        #else
        return .swiftTesting
        #endif
    }

    /// Reports a test failure at `site`, from any thread.
    func report(_ message: String, at site: CallSite) {
        if let sink {
            sink(framework, message, site)
            return
        }
        switch framework {
        case .swiftTesting:
            #if canImport(Testing)
            var comment = message
            if let test, Test.current != test {
                // Swift Testing cannot tell which test this is from (it shows "«unknown»"): say it.
                comment += "\n(found outside \(test.name), the test that made the test store)"
            }
            Issue.record(
                Comment(rawValue: comment),
                sourceLocation: SourceLocation(
                    fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line),
                    column: Int(site.column)))
            #else
            Self.writeToStandardError(message, at: site)
            #endif
        case .xcTest:
            #if canImport(XCTest)
            XCTFail(message, file: site.filePath, line: site.line)
            #else
            Self.writeToStandardError(message, at: site)
            #endif
        }
    }

    /// The last resort where neither framework can be imported, so that a failure is never silent.
    private static func writeToStandardError(_ message: String, at site: CallSite) {
        let text = "\(site.fileID):\(site.line): error: \(message)\n"
        _ = text.withCString { write(2, $0, strlen($0)) }  // standard error
    }
}
