import Foundation

/// Runs `body` with the path of a new empty directory under the system's temporary directory, and removes
/// the directory and what is in it when `body` returns.
func inTemporaryDirectory<Result>(_ body: (String) async throws -> Result) async throws -> Result {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("swivelish-persistence-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory.path)
}

/// The bytes of the file at `path`, or `nil` when there is none.
func contents(of path: String) -> Data? {
    // An empty file is not read: Foundation leaks the buffer it reads one into.
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
    if (attributes[.size] as? NSNumber)?.intValue == 0 { return Data() }
    return FileManager.default.contents(atPath: path)
}

/// The text of the file at `path`, or `nil` when there is none.
func text(of path: String) -> String? {
    contents(of: path).map { String(decoding: $0, as: UTF8.self) }
}

/// Makes a file at `path` holding `text`, replacing any.
func write(_ text: String, to path: String) {
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
}

/// The names in the directory at `path`, sorted.
func names(in path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}

/// The inode number of the file at `path`: a file replaced by a rename has a new one, a file rewritten in
/// place keeps its own.
func inode(of path: String) -> UInt64? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return UInt64(info.st_ino)
}

/// Whether a directory is at `path`.
func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
}

/// A value saved in the tests: several fields, written in another order than their names sort in.
struct Settings: Codable, Equatable, Sendable {
    var theme = "dark"
    var fontSize = 12
    var recentFiles: [String] = []
}
