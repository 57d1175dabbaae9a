import Foundation
import Swivelish
import SwivelishPersistence
import Testing

// The `Persistence` dependency: in memory, on a file, and as `Dependencies` give it.

@Suite("Persistence")
struct PersistenceTests {
    @Test func inMemoryLoadsItsInitialValueThenWhatWasSavedLast() throws {
        let memory = InMemoryPersistence<Int>(3)
        let persistence = memory.persistence
        #expect(try persistence.load() == .loaded(3))
        try persistence.save(4)
        try persistence.save(5)
        #expect(try persistence.load() == .loaded(5))
        #expect(memory.savedValues == [4, 5])
        #expect(memory.value == 5)
        #expect(try Persistence<Int>.inMemory().load() == .missing)
    }

    @Test func aFilePersistenceLoadsAndSavesItsFile() async throws {
        try await inTemporaryDirectory { directory in
            let file = JSONFile<Settings>(path: directory + "/settings.json")
            let persistence = Persistence.file(file)
            #expect(try persistence.load() == .missing)
            try persistence.save(Settings(fontSize: 16))
            #expect(try file.load() == .loaded(Settings(fontSize: 16)))
            #expect(try persistence.load().value == Settings(fontSize: 16))
        }
    }

    /// A save that starts while another is writing waits for it, so the later save's file is the one left.
    /// The first save is held inside its encoding (which runs while the file is written) until the second
    /// has had time to finish, were it not made to wait.
    @Test func aFilePersistenceSavesOneAtATime() async throws {
        try await inTemporaryDirectory { directory in
            let persistence = Persistence.file(JSONFile<HeldValue>(path: directory + "/held.json"))
            let firstIsEncoding = DispatchSemaphore(value: 0)
            let releaseFirst = DispatchSemaphore(value: 0)
            let first = HeldValue(number: 1) {
                firstIsEncoding.signal()
                releaseFirst.wait()
            }
            let firstIsDone = DispatchSemaphore(value: 0)
            let secondIsDone = DispatchSemaphore(value: 0)
            // Threads of their own: a blocked worker of a queue's pool could keep the other from starting.
            Thread {
                try? persistence.save(first)
                firstIsDone.signal()
            }.start()
            firstIsEncoding.wait()
            Thread {
                try? persistence.save(HeldValue(number: 2))
                secondIsDone.signal()
            }.start()
            let secondWasDoneFirst = secondIsDone.wait(timeout: .now() + .milliseconds(200)) == .success
            #expect(!secondWasDoneFirst, "the second save did not wait for the first")
            releaseFirst.signal()
            firstIsDone.wait()
            if !secondWasDoneFirst { secondIsDone.wait() }
            let loaded = try persistence.load()
            #expect(loaded.value?.number == 2)
        }
    }

    @Test func dependenciesGiveThePersistenceSetForEachValueType() throws {
        let memory = InMemoryPersistence<Int>()
        var dependencies = Dependencies()
        dependencies.setPersistence(memory.persistence)
        dependencies.setPersistence(.inMemory("kept"), for: String.self)

        try dependencies.persistence(of: Int.self).save(7)

        #expect(memory.savedValues == [7])
        #expect(try dependencies.persistence(of: String.self).load() == .loaded("kept"))
    }

    /// The default saves in memory: without error, and into a new persistence at each read, so that nothing
    /// is loaded back.
    @Test func withoutAPersistenceSetDependenciesSaveInMemoryOnly() throws {
        let dependencies = Dependencies()
        try dependencies.persistence(of: Settings.self).save(Settings(fontSize: 30))
        #expect(try dependencies.persistence(of: Settings.self).load() == .missing)
    }
}

/// A value whose encoding runs `whileEncoding` first: to hold a save while it writes.
private struct HeldValue: Codable, Sendable {
    var number: Int
    var whileEncoding: @Sendable () -> Void = {}

    init(number: Int, whileEncoding: @escaping @Sendable () -> Void = {}) {
        self.number = number
        self.whileEncoding = whileEncoding
    }

    init(from decoder: any Decoder) throws {
        number = try decoder.singleValueContainer().decode(Int.self)
    }

    func encode(to encoder: any Encoder) throws {
        whileEncoding()
        var container = encoder.singleValueContainer()
        try container.encode(number)
    }
}
