import Foundation

/// A `Value` kept as JSON in the file at a path: replaced whole, in one step, by each save, and kept aside
/// rather than lost when it no longer decodes.
///
/// ```swift
/// let file = JSONFile<Settings>(path: "settings.json")
/// var settings = Settings()
/// switch try file.load() {
/// case .missing:
///     break
/// case let .loaded(saved):
///     settings = saved
/// case let .movedAside(corrupt):
///     print("warning: \(corrupt.message)")
/// }
/// settings.fontSize += 1
/// try file.save(settings)
/// ```
///
/// An app usually gives it to its store as a dependency, ``Persistence/file(_:)``, and saves with
/// `Effects.save(_:debouncedFor:onFailure:)`.
///
/// ## Saving
///
/// ``save(_:)`` encodes the value (keys sorted, pretty-printed, with a final newline), writes it to a new
/// file next to `path` (`PATH.saving-` and a random suffix), flushes that file to disk, and renames it over
/// `path`. A rename replaces the file in one step: whoever opens `path` (another process, the app after a
/// crash or a power cut) finds the old value or the new one, never part of one. A save that fails removes
/// its temporary file and leaves `path` as it was. (A crash in the middle of a save may leave a
/// `PATH.saving-…` file behind; `path` itself is never partly written.)
///
/// ## Loading
///
/// ``load()`` tells apart what it finds at `path`:
///
/// - nothing: ``Persistence/LoadResult/missing``;
/// - a file that decodes as a `Value`: ``Persistence/LoadResult/loaded(_:)``;
/// - a file that can be read but does not decode (truncated, edited by hand, written by a version of the app
///   with another `Value`): it is renamed `PATH.corrupt-N`, with the first `N` from 1 that no file has, and
///   reported as ``Persistence/LoadResult/movedAside(_:)`` with the reason. Its bytes are kept for a person
///   to look at, and `path` is free for the next save;
/// - a file that cannot be read (a directory, no permission): ``load()`` throws
///   ``PersistenceError/unreadable(path:reason:)`` and leaves it as it is.
///
/// ## Load before the first save
///
/// ``save(_:)`` never reads the file it replaces. A corrupt file is kept because ``load()`` moved it aside
/// first, so an app loads the file when it starts, before it saves. A save with no load before it replaces
/// whatever file is at `path`.
///
/// Loads and saves may be made from any thread: two saves at once each write a temporary file of their own,
/// and the later rename wins. The file is meant for one process at a time: a load that moves a corrupt file
/// aside while another process writes the path may move the other's file.
public struct JSONFile<Value: Codable & Sendable>: Sendable, Equatable {
    /// What ``load()`` found: the value, no file, or a corrupt file moved aside.
    public typealias LoadResult = Persistence<Value>.LoadResult

    /// The file's path, absolute or relative to the current directory.
    public let path: String

    /// The file at `path`. Nothing is read or written until ``load()`` or ``save(_:)``.
    ///
    /// - Parameter path: The file's path; its directory must exist for a save to succeed.
    public init(path: String) {
        self.path = path
    }

    /// Reads and decodes the value, moving a file that does not decode out of the way.
    ///
    /// - Returns: ``Persistence/LoadResult/missing`` when there is no file, the value when it decodes, or,
    ///   for a file that does not, where it was moved and why (see ``JSONFile``).
    /// - Throws: ``PersistenceError/unreadable(path:reason:)`` when the file exists but cannot be read, and
    ///   ``PersistenceError/cannotMoveAside(path:backupPath:reason:)`` when it does not decode and cannot
    ///   be renamed. In both cases the file is left as it was.
    public func load() throws(PersistenceError) -> LoadResult {
        let data: Data
        switch FileSystem.read(path) {
        case .missing:
            return .missing
        case let .failed(reason):
            throw .unreadable(path: path, reason: reason)
        case let .read(bytes):
            data = bytes
        }
        let reason: String
        do {
            return .loaded(try JSONDecoder().decode(Value.self, from: data))
        } catch let error as DecodingError {
            reason = error.reason
        } catch {
            reason = "\(error)"
        }
        let backupPath = freeBackupPath()
        if let failure = FileSystem.rename(path, to: backupPath) {
            throw .cannotMoveAside(path: path, backupPath: backupPath, reason: failure)
        }
        FileSystem.syncDirectory(of: path)
        return .movedAside(CorruptFile(path: path, backupPath: backupPath, reason: reason))
    }

    /// Replaces the file with `value`: written to a temporary file in the same directory, flushed to disk,
    /// then renamed over ``path``.
    ///
    /// - Parameter value: The value to save.
    /// - Throws: ``PersistenceError/cannotSave(path:reason:)`` when the value cannot be encoded or the file
    ///   cannot be written; the file is then as it was, and no temporary file is left.
    public func save(_ value: Value) throws(PersistenceError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(value) + Data("\n".utf8)
        } catch {
            throw .cannotSave(path: path, reason: "cannot encode the value: \(error)")
        }
        let temporary = try makeTemporaryFile(holding: data)
        if let failure = FileSystem.rename(temporary, to: path) {
            unlink(temporary)
            throw .cannotSave(path: path, reason: failure)
        }
        FileSystem.syncDirectory(of: path)
    }

    /// Writes `data` to a new file next to ``path``, flushed to disk, and returns its path.
    private func makeTemporaryFile(holding data: Data) throws(PersistenceError) -> String {
        while true {
            let temporary = "\(path).saving-\(String(UInt64.random(in: .min ... .max), radix: 16))"
            do throws(FileSystem.WriteFailure) {
                try FileSystem.writeNewFile(data, to: temporary)
                return temporary
            } catch {
                switch error {
                case .nameTaken:
                    continue  // another save's, however unlikely
                case let .failed(reason):
                    throw .cannotSave(path: path, reason: reason)
                }
            }
        }
    }

    /// `path.corrupt-N` for the first `N` from 1 that no file has (or whose name cannot be checked: the
    /// rename to it then fails and says why).
    func freeBackupPath() -> String {
        var number = 1
        while true {
            let candidate = "\(path).corrupt-\(number)"
            if !FileSystem.exists(candidate) {
                return candidate
            }
            number += 1
        }
    }
}
