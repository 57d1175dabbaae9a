/// Why a persisted value cannot be loaded or saved.
///
/// Its ``description`` is one line naming the file, for a log or an alert:
///
/// ```swift
/// case let .saveFailed(error):
///     state.warning = error.description  // "cannot save settings.json: No space left on device"
/// ```
public enum PersistenceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but cannot be read (it is a directory, or permission is denied); it was left as it is.
    case unreadable(path: String, reason: String)
    /// The file does not decode, and cannot be renamed to `backupPath`; it was left as it is.
    case cannotMoveAside(path: String, backupPath: String, reason: String)
    /// The value cannot be encoded or written; the file is as it was before the save.
    case cannotSave(path: String, reason: String)

    /// A one-line explanation naming the file and what became of it.
    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "cannot read \(path): \(reason); it was left as it is"
        case let .cannotMoveAside(path, backupPath, reason):
            "\(path) cannot be decoded and cannot be moved to \(backupPath): \(reason); it was left as it is"
        case let .cannotSave(path, reason):
            "cannot save \(path): \(reason)"
        }
    }
}
