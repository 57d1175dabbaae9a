import Foundation
import Swivelish
import SwivelishPersistence
import SwivelishTesting
import TestSupport
import Testing

/// An editor whose text and word count are each saved a second after they stop changing.
private struct Editor: State, Equatable {
    var text = ""
    var wordCount = 0
    var failure: PersistenceError?

    enum Action: Message, Equatable {
        case textChanged(String)
        case wordCountChanged(Int)
        case saveFailed(PersistenceError)
    }

    static func update(_ state: inout Editor, with message: Message) -> Effect? {
        guard let action = message as? Action else { return nil }
        switch action {
        case let .textChanged(text):
            state.text = text
            return Effects.save(text, debouncedFor: .seconds(1)) { Action.saveFailed($0) }
        case let .wordCountChanged(count):
            state.wordCount = count
            return Effects.save(count, debouncedFor: .seconds(1)) { Action.saveFailed($0) }
        case let .saveFailed(error):
            state.failure = error
            return nil
        }
    }
}

/// How long `receive` and `finish` wait in real time: long, for a busy machine; the saves wait on a test
/// clock, not in real time.
private let realTimeout = Duration.seconds(60)

@Suite("Effects.save")
struct DebouncedSaveTests {
    @Test func quickChangesAreSavedOnceWithTheLastValueAfterThePause() async {
        let clock = TestClock()
        let texts = InMemoryPersistence<String>()
        let store = TestStore(
            initialState: Editor(),
            dependencies: Dependencies {
                $0.clock = clock
                $0.setPersistence(texts.persistence)
            },
            timeout: realTimeout)

        store.send(Editor.Action.textChanged("a")) { $0.text = "a" }
        await clock.advance(by: .milliseconds(500))
        store.send(Editor.Action.textChanged("ab")) { $0.text = "ab" }
        await clock.advance(by: .milliseconds(500))
        store.send(Editor.Action.textChanged("abc")) { $0.text = "abc" }
        await clock.advance(by: .milliseconds(999))
        #expect(texts.savedValues.isEmpty)

        await clock.advance(by: .milliseconds(1))
        // The save runs in a task of its own, which the concatenation starts once the wait ends: the clock's
        // advance may return before it has run (under ThreadSanitizer it once did).
        #expect(await eventually { texts.savedValues == ["abc"] })
        await clock.advance(by: .seconds(10))
        await store.finish()
        #expect(texts.savedValues == ["abc"])
    }

    @Test func savesOfDifferentValueTypesDoNotDebounceEachOther() async {
        let clock = TestClock()
        let texts = InMemoryPersistence<String>()
        let counts = InMemoryPersistence<Int>()
        let store = TestStore(
            initialState: Editor(),
            dependencies: Dependencies {
                $0.clock = clock
                $0.setPersistence(texts.persistence)
                $0.setPersistence(counts.persistence)
            },
            timeout: realTimeout)

        store.send(Editor.Action.textChanged("one two")) { $0.text = "one two" }
        store.send(Editor.Action.wordCountChanged(2)) { $0.wordCount = 2 }
        await clock.advance(by: .seconds(1))
        await store.finish()

        #expect(texts.savedValues == ["one two"])
        #expect(counts.savedValues == [2])
    }

    @Test func aFailedSaveDispatchesTheFailureMessage() async {
        let clock = TestClock()
        let failing = Persistence<String>(
            load: { () throws(PersistenceError) in .missing },
            save: { (_: String) throws(PersistenceError) in
                throw .cannotSave(path: "notes.json", reason: "No space left on device")
            })
        let store = TestStore(
            initialState: Editor(),
            dependencies: Dependencies {
                $0.clock = clock
                $0.setPersistence(failing)
            },
            timeout: realTimeout)

        store.send(Editor.Action.textChanged("lost")) { $0.text = "lost" }
        await clock.advance(by: .seconds(1))

        let error = PersistenceError.cannotSave(path: "notes.json", reason: "No space left on device")
        await store.receive(Editor.Action.saveFailed(error)) { $0.failure = error }
        await store.finish()
    }

    @Test func aDebouncedSaveWritesTheFileThePersistenceNames() async throws {
        try await inTemporaryDirectory { directory in
            let clock = TestClock()
            let file = JSONFile<String>(path: directory + "/text.json")
            let store = TestStore(
                initialState: Editor(),
                dependencies: Dependencies {
                    $0.clock = clock
                    $0.setPersistence(.file(file))
                },
                timeout: realTimeout)

            store.send(Editor.Action.textChanged("draft")) { $0.text = "draft" }
            store.send(Editor.Action.textChanged("final")) { $0.text = "final" }
            await clock.advance(by: .seconds(1))
            await store.finish()

            let saved = try file.load()
            #expect(saved == .loaded("final"))
            #expect(names(in: directory) == ["text.json"])
        }
    }

    /// A test that gives no persistence gets the in-memory test value: the save succeeds (no failure
    /// message, no report of a dependency without a test value), and no file appears.
    @Test func aTestStoreGivenNoPersistenceSavesInMemoryAndWritesNoFile() async {
        let currentDirectory = FileManager.default.currentDirectoryPath
        let before = names(in: currentDirectory)
        let clock = TestClock()
        let store = TestStore(
            initialState: Editor(), dependencies: Dependencies { $0.clock = clock }, timeout: realTimeout)

        store.send(Editor.Action.textChanged("in memory")) { $0.text = "in memory" }
        store.send(Editor.Action.wordCountChanged(2)) { $0.wordCount = 2 }
        await clock.advance(by: .seconds(1))
        await store.finish()

        #expect(names(in: currentDirectory) == before)
    }
}
