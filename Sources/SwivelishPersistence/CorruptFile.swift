/// A file that did not decode when it was loaded, and the path it was renamed to so that it is kept.
///
/// ``JSONFile/load()`` gives it in ``Persistence/LoadResult/movedAside(_:)``. Show its ``message`` to the
/// person who may want the file back:
///
/// ```swift
/// case let .movedAside(corrupt):
///     log.warning(corrupt.message)
///     state.settings = Settings()
/// ```
public struct CorruptFile: Equatable, Sendable {
    /// The path the file was loaded from, now free.
    public let path: String
    /// Where the file is now: ``path`` with `.corrupt-N` added, its bytes unchanged.
    public let backupPath: String
    /// Why it did not decode, such as `not JSON` or `wrong type at items[2].title`.
    public let reason: String

    /// A file loaded from `path` that did not decode because of `reason`, moved to `backupPath`.
    public init(path: String, backupPath: String, reason: String) {
        self.path = path
        self.backupPath = backupPath
        self.reason = reason
    }

    /// The warning to show, naming both paths: `settings.json cannot be decoded (not JSON); it was moved to
    /// settings.json.corrupt-1`.
    public var message: String {
        "\(path) cannot be decoded (\(reason)); it was moved to \(backupPath)"
    }
}
