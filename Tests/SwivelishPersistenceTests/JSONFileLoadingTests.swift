import Foundation
import SwivelishPersistence
import Testing

// Loading a `JSONFile`, in a temporary directory of each test's own: a missing file, corrupt files moved
// aside (never overwritten, never numbered over another), unreadable files left alone.

@Suite("JSONFile: loading")
struct JSONFileLoadingTests {
    @Test func aMissingFileLoadsAsMissingAndIsNotCreated() async throws {
        try await inTemporaryDirectory { directory in
            let file = JSONFile<Settings>(path: directory + "/settings.json")
            let result = try file.load()
            #expect(result == .missing)
            #expect(names(in: directory).isEmpty)
        }
    }

    @Test(arguments: [
        (#"{"fontSize" : 12, "recentFiles" : ["#, "not JSON"),  // truncated
        ("", "not JSON"),
        (#"{"fontSize" : "12", "recentFiles" : [], "theme" : "dark"}"#, "wrong type at fontSize"),
        (#"{"fontSize" : 12, "recentFiles" : [3], "theme" : "dark"}"#, "wrong type at recentFiles[0]"),
        (#"{"fontSize" : 12, "recentFiles" : []}"#, #"no "theme" at the top level"#),
        (#"["dark", 12]"#, "wrong type at the top level"),
    ])
    func aCorruptFileIsMovedAsideWithItsBytesAndTheReason(corrupt: String, reason: String) async throws {
        try await inTemporaryDirectory { directory in
            let file = JSONFile<Settings>(path: directory + "/settings.json")
            write(corrupt, to: file.path)

            let result = try file.load()

            let backupPath = file.path + ".corrupt-1"
            #expect(result == .movedAside(CorruptFile(path: file.path, backupPath: backupPath, reason: reason)))
            #expect(text(of: backupPath) == corrupt)
            #expect(names(in: directory) == ["settings.json.corrupt-1"])
        }
    }

    @Test func aSecondCorruptFileGoesToTheNextFreeNumberAndTheFirstBackupIsKept() async throws {
        try await inTemporaryDirectory { directory in
            let file = JSONFile<Settings>(path: directory + "/settings.json")
            write("first", to: file.path)
            let first = try file.load()
            write("second", to: file.path)
            let second = try file.load()

            #expect(first.corruptFile?.backupPath == file.path + ".corrupt-1")
            #expect(second.corruptFile?.backupPath == file.path + ".corrupt-2")

            #expect(text(of: file.path + ".corrupt-1") == "first")
            #expect(text(of: file.path + ".corrupt-2") == "second")
            #expect(names(in: directory) == ["settings.json.corrupt-1", "settings.json.corrupt-2"])
        }
    }

    @Test func aSaveAfterACorruptFileWasMovedAsideWritesAFreshFileAndLeavesTheBackup() async throws {
        try await inTemporaryDirectory { directory in
            let file = JSONFile<Settings>(path: directory + "/settings.json")
            write(#"{"theme" : "da"#, to: file.path)
            _ = try file.load()

            try file.save(Settings(theme: "light"))

            #expect(try file.load() == .loaded(Settings(theme: "light")))
            #expect(text(of: file.path + ".corrupt-1") == #"{"theme" : "da"#)
            #expect(names(in: directory) == ["settings.json", "settings.json.corrupt-1"])
        }
    }

    /// A directory at the path opens but cannot be read (as root, permission bits would not stop the read:
    /// a directory does).
    @Test func anUnreadablePathThrowsAndIsLeftAsItIs() async throws {
        try await inTemporaryDirectory { directory in
            let path = directory + "/settings.json"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            write("kept", to: path + "/inside")

            #expect {
                try JSONFile<Settings>(path: path).load()
            } throws: { error in
                guard case let .unreadable(errorPath, reason) = error as? PersistenceError else { return false }
                return errorPath == path && !reason.isEmpty
            }
            #expect(isDirectory(path))
            #expect(text(of: path + "/inside") == "kept")
            #expect(names(in: directory) == ["settings.json"])
        }
    }

    /// A name of 250 bytes fits, but `.corrupt-1` added to it is longer than a file name may be: the rename
    /// fails, whoever runs the test.
    @Test func aCorruptFileThatCannotBeMovedThrowsAndIsLeftAsItIs() async throws {
        try await inTemporaryDirectory { directory in
            let name = String(repeating: "s", count: 245) + ".json"
            let path = directory + "/" + name
            write("not json", to: path)

            #expect {
                try JSONFile<Settings>(path: path).load()
            } throws: { error in
                guard case let .cannotMoveAside(errorPath, backupPath, reason) = error as? PersistenceError else {
                    return false
                }
                return errorPath == path && backupPath == path + ".corrupt-1" && !reason.isEmpty
            }
            #expect(text(of: path) == "not json")
            #expect(names(in: directory) == [name])
        }
    }

    @Test func theMessagesNameTheFiles() {
        let corrupt = CorruptFile(path: "a.json", backupPath: "a.json.corrupt-2", reason: "not JSON")
        #expect(corrupt.message == "a.json cannot be decoded (not JSON); it was moved to a.json.corrupt-2")
        #expect(
            PersistenceError.unreadable(path: "a.json", reason: "Is a directory").description
                == "cannot read a.json: Is a directory; it was left as it is")
        #expect(
            PersistenceError.cannotMoveAside(path: "a.json", backupPath: "a.json.corrupt-1", reason: "Read-only")
                .description
                == "a.json cannot be decoded and cannot be moved to a.json.corrupt-1: Read-only; it was left as it is")
        #expect(
            PersistenceError.cannotSave(path: "a.json", reason: "No space left on device").description
                == "cannot save a.json: No space left on device")
    }
}

extension Persistence.LoadResult {
    /// The file moved aside, if one was.
    fileprivate var corruptFile: CorruptFile? {
        guard case let .movedAside(corrupt) = self else { return nil }
        return corrupt
    }
}
