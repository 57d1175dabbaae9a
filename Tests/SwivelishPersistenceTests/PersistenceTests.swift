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
