import Foundation
import SwivelishPersistence
import Testing

// Saving a `JSONFile`, in a temporary directory of each test's own: round trips, the file's format, the
// replacement by rename, and failed saves that leave the file and the directory as they were.

@Suite("JSONFile: saving")
struct JSONFileSavingTests {
    @Test func whatIsSavedLastIsLoadedBack() async throws {
        try await inTemporaryDirectory { directory in
            let file = JSONFile<Settings>(path: directory + "/settings.json")
            try file.save(Settings(theme: "light"))
            let settings = Settings(theme: "solarized \"dark\"", fontSize: 14, recentFiles: ["a.txt", "b/ü.txt"])
            try file.save(settings)
            #expect(try file.load() == .loaded(settings))
            #expect(names(in: directory) == ["settings.json"])  // no temporary file left
        }
    }

    @Test func theFileIsPrettyPrintedJSONWithSortedKeys() async throws {
        try await inTemporaryDirectory { directory in
            let file = JSONFile<Settings>(path: directory + "/settings.json")
            try file.save(Settings(theme: "dark", fontSize: 12, recentFiles: ["notes.txt"]))
            #expect(
                text(of: file.path) == """
                    {
                      "fontSize" : 12,
                      "recentFiles" : [
                        "notes.txt"
                      ],
                      "theme" : "dark"
                    }

                    """)
        }
    }

    /// A reader that opened the file before a save still reads the old bytes whole, and the path is a new
    /// file (a new inode): the save renamed a complete file over it, it did not write into it.
    @Test func aSaveReplacesTheFileByRenamingANewOneOverIt() async throws {
        try await inTemporaryDirectory { directory in
            let file = JSONFile<Settings>(path: directory + "/settings.json")
            try file.save(Settings(fontSize: 10))
            let oldBytes = try #require(contents(of: file.path))
            let oldInode = try #require(inode(of: file.path))
            let reader = try #require(FileHandle(forReadingAtPath: file.path))
            defer { try? reader.close() }

            let longer = Settings(fontSize: 20, recentFiles: Array(repeating: "a longer file", count: 50))
            try file.save(longer)

            #expect(try reader.readToEnd() == oldBytes)
            #expect(inode(of: file.path) != oldInode)
            #expect(try file.load() == .loaded(longer))
            #expect(names(in: directory) == ["settings.json"])
        }
    }

    /// A directory at the path cannot be replaced by a file: the save fails, removes its temporary file, and
    /// leaves the directory with what is in it.
    @Test func aSaveThatCannotRenameLeavesThePathAsItWasAndNoTemporaryFile() async throws {
        try await inTemporaryDirectory { directory in
            let path = directory + "/settings.json"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            write("kept", to: path + "/inside")

            #expect {
                try JSONFile<Settings>(path: path).save(Settings())
            } throws: { error in
                guard case let .cannotSave(errorPath, reason) = error as? PersistenceError else { return false }
                return errorPath == path && !reason.isEmpty
            }
            #expect(isDirectory(path))
            #expect(text(of: path + "/inside") == "kept")
            #expect(names(in: directory) == ["settings.json"])
        }
    }

    @Test func aSaveIntoAMissingDirectoryThrowsCannotSave() async throws {
        try await inTemporaryDirectory { directory in
            let path = directory + "/missing/settings.json"
            #expect(throws: PersistenceError.cannotSave(path: path, reason: "No such file or directory")) {
                try JSONFile<Settings>(path: path).save(Settings())
            }
            #expect(names(in: directory).isEmpty)
        }
    }

    /// JSON has no NaN: encoding it fails before anything is written.
    @Test func aValueThatCannotBeEncodedLeavesTheFileAsItWas() async throws {
        try await inTemporaryDirectory { directory in
            let file = JSONFile<Double>(path: directory + "/ratio.json")
            try file.save(1.5)
            #expect {
                try file.save(.nan)
            } throws: { error in
                guard case let .cannotSave(path, reason) = error as? PersistenceError else { return false }
                return path == file.path && reason.hasPrefix("cannot encode the value")
            }
            #expect(text(of: file.path) == "1.5\n")
            #expect(names(in: directory) == ["ratio.json"])
        }
    }
}
