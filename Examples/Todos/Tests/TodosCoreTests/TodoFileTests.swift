import Foundation
import Testing
import TodosCore

// The todo file, in a temporary directory of each test's own: round trips, a missing file, corrupt files
// moved aside (never overwritten), unreadable files left alone.

@Suite("TodoFile")
struct TodoFileTests {
    /// A new empty directory, removed when `body` returns.
    func inTemporaryDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("todos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory.path)
    }

    func contents(_ path: String) -> String? {
        // An empty file is not read: Foundation leaks the buffer it reads one into (LeakSanitizer says so).
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        if (attributes[.size] as? NSNumber)?.intValue == 0 { return "" }
        return FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    func write(_ text: String, to path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    @Test func aMissingFileIsAnEmptyList() throws {
        try inTemporaryDirectory { directory in
            let file = TodoFile(path: directory + "/todos.json")
            let result = try file.load()
            #expect(result == .loaded([]))
            #expect(contents(file.path) == nil)  // not created by loading
        }
    }

    @Test func whatIsSavedIsLoadedBackInOrder() throws {
        try inTemporaryDirectory { directory in
            let file = TodoFile(path: directory + "/todos.json")
            let todos = [Todo(id: 3, title: "Walk the dog"), Todo(id: 1, title: "Buy \"milk\"", isDone: true)]
            try file.save(todos)
            let result = try file.load()
            #expect(result == .loaded(todos))
            // The temporary file (`todos.json.saving-…`) was renamed: the file is all there is.
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["todos.json"])
        }
    }

    @Test func theFileIsReadableJSON() throws {
        try inTemporaryDirectory { directory in
            let file = TodoFile(path: directory + "/todos.json")
            try file.save([Todo(id: 1, title: "Buy milk")])
            #expect(
                contents(file.path) == """
                    {
                      "todos" : [
                        {
                          "id" : 1,
                          "isDone" : false,
                          "title" : "Buy milk"
                        }
                      ],
                      "version" : 1
                    }

                    """)
        }
    }

    @Test(arguments: [
        ("{ not json", "not JSON"),
        ("", "not JSON"),
        (#"{"version": 1}"#, #"no "todos" at the top level"#),
        (#"{"version": 1, "todos": [{"id": 1, "title": "a"}]}"#, #"no "isDone" at todos[0]"#),
        (#"{"version": 1, "todos": [{"id": "1", "title": "a", "isDone": false}]}"#, "wrong type at todos[0].id"),
        (#"{"version": 2, "todos": []}"#, "format version 2, expected 1"),
        (
            #"{"version": 1, "todos": [{"id": 1, "title": "a", "isDone": false}, "#
                + #"{"id": 1, "title": "b", "isDone": true}]}"#,
            "the id 1 is used twice"
        ),
    ])
    func aCorruptFileIsMovedAsideWithTheReason(text: String, reason: String) throws {
        try inTemporaryDirectory { directory in
            let file = TodoFile(path: directory + "/todos.json")
            write(text, to: file.path)
            let result = try file.load()
            let backup = TodoFile.CorruptFileBackup(
                path: file.path, backupPath: file.path + ".corrupt-1", reason: reason)
            #expect(result == .backedUp(backup))
            #expect(contents(file.path) == nil)
            #expect(contents(file.path + ".corrupt-1") == text)  // moved whole, never overwritten
        }
    }

    @Test func backupsNeverReplaceEarlierOnes() throws {
        try inTemporaryDirectory { directory in
            let file = TodoFile(path: directory + "/todos.json")
            write("first", to: file.path + ".corrupt-1")
            write("second", to: file.path + ".corrupt-2")
            write("third", to: file.path)
            guard case let .backedUp(backup) = try file.load() else {
                Issue.record("not backed up")
                return
            }
            #expect(backup.backupPath == file.path + ".corrupt-3")
            #expect(
                backup.message
                    == "warning: \(file.path) is not a valid todo list (not JSON); moved it to \(file.path).corrupt-3 "
                    + "and started with an empty list")
            #expect(contents(file.path + ".corrupt-1") == "first")
            #expect(contents(file.path + ".corrupt-2") == "second")
            #expect(contents(file.path + ".corrupt-3") == "third")
        }
    }

    @Test func aDirectoryAtThePathIsUnreadableAndLeftAlone() throws {
        try inTemporaryDirectory { directory in
            let file = TodoFile(path: directory + "/todos.json")
            try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
            #expect(throws: TodoFileError.unreadable(path: file.path, reason: "Is a directory")) {
                try file.load()
            }
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory))
            #expect(isDirectory.boolValue)
            #expect(contents(file.path + ".corrupt-1") == nil)
            #expect(
                "\(TodoFileError.unreadable(path: file.path, reason: "Is a directory"))"
                    == "cannot read \(file.path): Is a directory; it was left as it is")
        }
    }

    @Test func aFileWithoutReadPermissionIsUnreadableAndLeftAlone() throws {
        guard geteuid() != 0 else {
            // As root, chmod 000 does not stop reads: the directory case above covers unreadable files.
            print("skipped aFileWithoutReadPermissionIsUnreadableAndLeftAlone: running as root, who can read any file")
            return
        }
        try inTemporaryDirectory { directory in
            let file = TodoFile(path: directory + "/todos.json")
            write("{ secret", to: file.path)
            chmod(file.path, 0)
            defer { chmod(file.path, 0o600) }
            #expect(throws: TodoFileError.unreadable(path: file.path, reason: "Permission denied")) {
                try file.load()
            }
            chmod(file.path, 0o600)
            #expect(contents(file.path) == "{ secret")
        }
    }

    @Test func aSaveThatCannotWriteSaysWhyAndLeavesTheFile() throws {
        try inTemporaryDirectory { directory in
            let file = TodoFile(path: directory + "/no-such-directory/todos.json")
            #expect(
                throws: TodoFileError.cannotSave(path: file.path, reason: "No such file or directory")
            ) {
                try file.save([Todo(id: 1, title: "Buy milk")])
            }
        }
    }

    @Test func aStoreGivenNoStorageSavesNowhere() {
        #expect(throws: TodoFileError.noStorage) { try TodoStorage.defaultValue.save([]) }
    }
}
