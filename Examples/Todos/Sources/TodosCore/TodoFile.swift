import SwivelishPersistence

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
        do throws(PersistenceError) {
            switch try file.load() {
            case .missing:
                return .loaded([])
            case let .loaded(document):
                return .loaded(document.todos)
            case let .movedAside(corrupt):
                return .backedUp(
                    CorruptFileBackup(path: corrupt.path, backupPath: corrupt.backupPath, reason: corrupt.reason))
            }
        } catch {
            throw TodoFileError(error)
        }
    }

    /// Writes `todos`, replacing the file: to a temporary file in the same directory, renamed over it.
    ///
    /// - Throws: ``TodoFileError/cannotSave(path:reason:)``; the file is then as it was.
    public func save(_ todos: [Todo]) throws(TodoFileError) {
        do throws(PersistenceError) {
            try file.save(Document(version: Self.formatVersion, todos: todos))
        } catch {
            throw TodoFileError(error)
        }
    }

    /// The file as JSON, read and written by SwivelishPersistence: atomically, a corrupt one moved aside.
    private var file: JSONFile<Document> {
        JSONFile(path: path)
    }

    /// The file as saved: a list is valid when it has this format's version and no id twice.
    struct Document: Codable, Sendable {
        var version: Int
        var todos: [Todo]

        init(version: Int, todos: [Todo]) {
            self.version = version
            self.todos = todos
        }

        /// Reads a valid list.
        ///
        /// - Throws: A `DecodingError` for what is not a list of todos, ``InvalidList`` for another version
        ///   or an id used twice.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            version = try container.decode(Int.self, forKey: .version)
            guard version == TodoFile.formatVersion else {
                throw InvalidList(reason: "format version \(version), expected \(TodoFile.formatVersion)")
            }
            todos = try container.decode([Todo].self, forKey: .todos)
            var ids = Set<Int>()
            for todo in todos where !ids.insert(todo.id).inserted {
                throw InvalidList(reason: "the id \(todo.id) is used twice")
            }
        }
    }

    /// Why a list that decodes is not valid: what a corrupt file's reason says.
    struct InvalidList: Error, CustomStringConvertible {
        var reason: String

        var description: String { reason }
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

extension TodoFileError {
    /// The todo file's error for `error`, which the JSON file under it threw: the same case, in its words.
    init(_ error: PersistenceError) {
        switch error {
        case let .unreadable(path, reason):
            self = .unreadable(path: path, reason: reason)
        case let .cannotMoveAside(path, backupPath, reason):
            self = .cannotBackUp(path: path, backupPath: backupPath, reason: reason)
        case let .cannotSave(path, reason):
            self = .cannotSave(path: path, reason: reason)
        }
    }
}
