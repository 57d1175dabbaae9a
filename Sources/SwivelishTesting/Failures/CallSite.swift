/// Where a test store's caller is, so that failures point at the caller's line.
struct CallSite: Sendable {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt
}
