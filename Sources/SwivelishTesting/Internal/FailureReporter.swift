import Testing
import XCTest

/// Where a test store's caller is, so that failures point at the caller's line.
struct CallSite: Sendable {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
}

/// Reports a test failure at `site`, through Swift Testing when a Swift Testing test is running and
/// through XCTest otherwise.
func reportFailure(_ message: String, at site: CallSite) {
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(site.fileID)", filePath: "\(site.filePath)", line: Int(site.line),
                column: Int(site.column)))
    } else {
        XCTFail(message, file: site.filePath, line: site.line)
    }
}
