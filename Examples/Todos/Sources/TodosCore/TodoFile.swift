import Foundation

/// The JSON file the todos are saved in, and what loading it does when it is missing, corrupt or
/// unreadable.
///
/// The file is `{"todos": [{"id": 1, "isDone": false, "title": "Buy milk"}, ...], "version": 1}`, written
/// whole on each save to a temporary file next to it, then renamed over it, so a crash never leaves half
/// a list.
///
/// ``load()`` never overwrites a file it cannot read as a list:
///
/// - a missing file is an empty list (``LoadResult/loaded(_:)`` with no todos);
/// - a valid list is loaded (``LoadResult/loaded(_:)``);
/// - a file that can be read but is not a valid list is renamed `PATH.corrupt-N`, with the first `N`
///   from 1 not taken (``LoadResult/backedUp(_:)``), and the list starts empty;
/// - a file that cannot be read (a directory, no permission) throws
///   ``TodoFileError/unreadable(path:reason:)`` and is left as it is.
public struct TodoFile: Sendable, Equatable {
    /// The file's path.
    public let path: String

    /// The file used when `--file` is not given: `todos.json` in the current directory.
    public static let defaultPath = "todos.json"

    /// The version of the format written, and the only one read.
    public static let formatVersion = 1

    /// The file at `path`.
    public init(path: String) {
        self.path = path
    }

    /// What ``load()`` found.
    public enum LoadResult: Equatable, Sendable {
        /// The todos in the file; none when there was no file.
        case loaded([Todo])
        /// The file was not a valid list: it was renamed, and the list starts empty.
        case backedUp(CorruptFileBackup)
    }

    /// A file that was not a valid list, and where it was moved.
    public struct CorruptFileBackup: Equatable, Sendable {
        /// The file's path.
        public let path: String
        /// Where it was moved: `path` with `.corrupt-N` added.
        public let backupPath: String
        /// Why it is not a valid list.
        public let reason: String

        /// A file at `path`, moved to `backupPath` because of `reason`.
        public init(path: String, backupPath: String, reason: String) {
            self.path = path
            self.backupPath = backupPath
            self.reason = reason
        }

        /// The message to report: `warning: todos.json is not a valid todo list (...); moved it to
        /// todos.json.corrupt-1 and started with an empty list`.
        public var message: String {
            "warning: \(path) is not a valid todo list (\(reason)); moved it to \(backupPath) "
                + "and started with an empty list"
        }
    }

    /// Reads the todos.
    ///
    /// - Returns: The todos, or, for a file that is not a valid list, where it was moved.
    /// - Throws: ``TodoFileError/unreadable(path:reason:)`` when the file exists but cannot be read, and
    ///   ``TodoFileError/cannotBackUp(path:backupPath:reason:)`` when a corrupt file cannot be moved: in
    ///   both cases the file is left as it was.
    public func load() throws(TodoFileError) -> LoadResult {
        let data: Data
        switch Self.read(path) {
        case .missing:
            return .loaded([])
        case let .failed(reason):
            throw .unreadable(path: path, reason: reason)
        case let .read(bytes):
            data = bytes
        }
        do {
            return .loaded(try Self.decode(data))
        } catch {
            let backupPath = freeBackupPath()
            guard rename(path, backupPath) == 0 else {
                throw .cannotBackUp(path: path, backupPath: backupPath, reason: String(cString: strerror(errno)))
            }
            return .backedUp(CorruptFileBackup(path: path, backupPath: backupPath, reason: error.reason))
        }
    }

    /// Writes `todos`, replacing the file: to a temporary file in the same directory, renamed over it.
    ///
    /// - Throws: ``TodoFileError/cannotSave(path:reason:)``; the file is then as it was.
    public func save(_ todos: [Todo]) throws(TodoFileError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data: Data
        do {
            data = try encoder.encode(Document(version: Self.formatVersion, todos: todos)) + Data("\n".utf8)
        } catch {
            throw .cannotSave(path: path, reason: "\(error)")
        }
        let temporary = path + ".saving"
        if let reason = Self.write(data, to: temporary) {
            unlink(temporary)
            throw .cannotSave(path: path, reason: reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotSave(path: path, reason: reason)
        }
    }

    /// Writes `data` to a new file at `path`, replacing any; returns why it could not, or `nil`.
    private static func write(_ data: Data, to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var bytes = [UInt8](data)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(descriptor)
                return reason
            }
            bytes = bytes.dropFirst(written)
        }
        guard close(descriptor) == 0 else { return String(cString: strerror(errno)) }
        return nil
    }

    /// `path.corrupt-N` for the first `N` from 1 where no file is.
    func freeBackupPath() -> String {
        var number = 1
        while true {
            let candidate = "\(path).corrupt-\(number)"
            var info = stat()
            if lstat(candidate, &info) != 0, errno == ENOENT {
                return candidate
            }
            number += 1
        }
    }

    /// The file as saved.
    struct Document: Codable {
        var version: Int
        var todos: [Todo]
    }

    /// Why bytes are not a valid list.
    struct InvalidList: Error {
        var reason: String
    }

    /// The todos in `data`, or why it is not a valid list.
    static func decode(_ data: Data) throws(InvalidList) -> [Todo] {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: data)
        } catch let error as DecodingError {
            throw InvalidList(reason: describe(error))
        } catch {
            throw InvalidList(reason: "not JSON")
        }
        guard document.version == formatVersion else {
            throw InvalidList(reason: "format version \(document.version), expected \(formatVersion)")
        }
        var ids = Set<Int>()
        for todo in document.todos where !ids.insert(todo.id).inserted {
            throw InvalidList(reason: "the id \(todo.id) is used twice")
        }
        return document.todos
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not JSON"
        case .dataCorrupted(let context):
            return "bad value at \(path(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "no \(String(reflecting: key.stringValue)) at \(path(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(path(context.codingPath))"
        @unknown default:
            return "not a todo list"
        }
    }

    /// `todos[2].title`, or `the top level`.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "the top level" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private enum ReadResult {
        case missing
        case failed(String)
        case read(Data)
    }

    /// Reads the whole file with `open` and `read`, to tell a missing file from an unreadable one.
    private static func read(_ path: String) -> ReadResult {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            return errno == ENOENT ? .missing : .failed(String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failed(String(cString: strerror(errno)))
            }
            if count == 0 { return .read(data) }
            data.append(contentsOf: buffer[..<count])
        }
    }
}

/// Why the todo file cannot be loaded or saved.
public enum TodoFileError: Error, Equatable, CustomStringConvertible {
    /// The file exists but cannot be read (it is a directory, or permission is denied).
    case unreadable(path: String, reason: String)
    /// The file is not a valid list, and cannot be moved out of the way.
    case cannotBackUp(path: String, backupPath: String, reason: String)
    /// The list cannot be written.
    case cannotSave(path: String, reason: String)
    /// The store was given no ``TodoStorage``: its default value saves nowhere.
    case noStorage

    /// A one-line explanation naming the file.
    public var description: String {
        switch self {
        case let .unreadable(path, reason):
            "cannot read \(path): \(reason); it was left as it is"
        case let .cannotBackUp(path, backupPath, reason):
            "\(path) is not a valid todo list and cannot be moved to \(backupPath): \(reason); "
                + "it was left as it is"
        case let .cannotSave(path, reason):
            "cannot save \(path): \(reason)"
        case .noStorage:
            "cannot save: the store was given no TodoStorage (Dependencies.todoStorage)"
        }
    }
}
