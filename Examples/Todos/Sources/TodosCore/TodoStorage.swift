import Swivelish

/// Where the todos are saved: the app's dependency for persistence, read by the save effect as
/// `dispatch.dependencies.todoStorage`.
///
/// The app gives its store ``file(_:)`` with the file of `--file`. Its default value saves nowhere: every
/// save fails, saying that no storage was given, so a store that was not told where to save never
/// writes a file in whatever the current directory is. It declares no test value either: a `TestStore`
/// whose test did not give one fails the test when a change is saved, naming this key. (A `TestStore`
/// reports such a read, then lets the effect go on with the default value: were the default the real
/// file, the test would write it.)
///
/// ```swift
/// let saved = LockedList()
/// let storage = TodoStorage { todos in saved.append(todos) }
/// let store = TestStore(initialState: TodoList(), dependencies: Dependencies { $0.todoStorage = storage })
/// ```
public struct TodoStorage: Sendable {
    private let saveTodos: @Sendable ([Todo]) throws -> Void

    /// Creates a storage that saves with `save`.
    ///
    /// - Parameter save: Saves the whole list, in order; throws when it cannot. Called on the thread
    ///   that delivers the store's effects, once per change, in order.
    public init(save: @escaping @Sendable ([Todo]) throws -> Void) {
        saveTodos = save
    }

    /// Saves `todos`, the whole list in order.
    public func save(_ todos: [Todo]) throws {
        try saveTodos(todos)
    }

    /// A storage that saves to `file` (``TodoFile/save(_:)``).
    public static func file(_ file: TodoFile) -> TodoStorage {
        TodoStorage { todos in try file.save(todos) }
    }
}

extension TodoStorage: DependencyKey {
    /// Saves nowhere: each save throws ``TodoFileError/noStorage``.
    public static var defaultValue: TodoStorage {
        TodoStorage { _ in throw TodoFileError.noStorage }
    }
}

extension Dependencies {
    /// Where the todos are saved: ``TodoStorage/defaultValue`` unless set.
    public var todoStorage: TodoStorage {
        get { self[TodoStorage.self] }
        set { self[TodoStorage.self] = newValue }
    }
}
