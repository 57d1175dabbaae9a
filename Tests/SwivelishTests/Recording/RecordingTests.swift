import Foundation
import Testing

@testable import Swivelish

private struct Ledger: State, Equatable, Codable {
    var balance = 0
    var entries: [String] = []

    enum Entry: Message, Equatable, Codable {
        case deposit(Int)
        case withdraw(Int)
    }

    struct Note: Message, Codable {
        var text: String
    }

    static func update(_ state: inout Ledger, with message: Message) -> Effect? {
        if let entry = message.as(Entry.self) {
            switch entry {
            case let .deposit(amount): state.balance += amount
            case let .withdraw(amount): state.balance -= amount
            }
        } else if let note = message.as(Note.self) {
            state.entries.append(note.text)
            return Effects.send(Entry.deposit(1))  // recorded in its turn; not run by a replay
        }
        return nil
    }
}

/// A state whose update is not pure: it reads a global that changes between recording and replay.
private struct Clocked: State, Equatable {
    nonisolated(unsafe) static var hour = 9
    var stamps: [Int] = []

    struct Stamp: Message {}

    static func update(_ state: inout Clocked, with message: Message) -> Effect? {
        guard message is Stamp else { return nil }
        state.stamps.append(state.stamps.count == 2 ? Clocked.hour : 0)
        return nil
    }
}

@Suite("Recording and replay")
struct RecordingTests {
    @Test func aRecordingOfTenThousandMessagesReplaysEveryState() async throws {
        let recorder = StoreRecorder<Ledger>()
        let store = Store(initialState: Ledger(), observers: [recorder.observer])
        await runConcurrently(threads: 4) { thread in
            for index in 0..<2_500 {
                store.dispatch(
                    index.isMultiple(of: 100)
                        ? Ledger.Note(text: "t\(thread)") as Message
                        : Ledger.Entry.deposit(thread + 1))
            }
        }
        // The notes' effects dispatch while the backlog is delivered: wait until nothing new was committed.
        var state: Ledger
        repeat {
            state = store.state
            await store.waitForDeliveries()
        } while store.state != state
        let recording = try #require(recorder.recording)
        // 10,000 dispatched, plus the deposit each of the 100 notes' effects sent.
        #expect(recording.steps.count == 10_100)
        #expect(recording.steps.last?.state == store.state)
        try recording.replay()
    }

    @Test func aReplayNamesTheFirstMessageWhoseStateDiffers() throws {
        let recorder = StoreRecorder<Clocked>()
        let store = Store(initialState: Clocked(), observers: [recorder.observer])
        Clocked.hour = 9
        for _ in 0..<4 { store.dispatch(Clocked.Stamp()) }
        let recording = try #require(recorder.recording)
        Clocked.hour = 10
        #expect(throws: ReplayDivergence<Clocked>.self) { try recording.replay() }
        do {
            try recording.replay()
        } catch let error as ReplayDivergence<Clocked> {
            #expect(error.index == 2)
            #expect(error.recorded.stamps == [0, 0, 9])
            #expect(error.replayed.stamps == [0, 0, 10])
            #expect(
                error.description == """
                    Message 3 (Stamp()) makes another state than the recorded one:
                      stamps[2]: recorded 9, replayed 10
                    """)
        } catch {
            Issue.record("replay threw \(error), not a ReplayDivergence")
        }
    }

    @Test func aRecordingRoundTripsThroughJSON() throws {
        let recorder = StoreRecorder<Ledger>()
        let store = Store(initialState: Ledger(), observers: [recorder.observer])
        store.dispatch(Ledger.Entry.deposit(10))
        store.dispatch(Ledger.Note(text: "rent"))
        store.dispatch(Ledger.Entry.withdraw(4))
        let recording = try #require(recorder.recording)

        let types = MessageTypes(Ledger.Entry.self, Ledger.Note.self)
        let encoder = JSONEncoder()
        encoder.userInfo[MessageTypes.userInfoKey] = types
        let data = try encoder.encode(recording)
        let decoder = JSONDecoder()
        decoder.userInfo[MessageTypes.userInfoKey] = types
        let decoded = try decoder.decode(Recording<Ledger>.self, from: data)

        #expect(decoded.initialState == recording.initialState)
        #expect(decoded.steps.map(\.state) == recording.steps.map(\.state))
        #expect(decoded.steps.compactMap { $0.message as? Ledger.Entry } == [.deposit(10), .deposit(1), .withdraw(4)])
        #expect(decoded.steps.compactMap { ($0.message as? Ledger.Note)?.text } == ["rent"])
        try decoded.replay()
    }

    @Test func aMessageTypeNotRegisteredIsNamedWhenEncoding() throws {
        let recording = Recording(
            initialState: Ledger(), steps: [.init(message: Ledger.Note(text: "x"), state: Ledger(entries: ["x"]))])
        let encoder = JSONEncoder()
        encoder.userInfo[MessageTypes.userInfoKey] = MessageTypes(Ledger.Entry.self)
        #expect {
            _ = try encoder.encode(recording)
        } throws: { error in
            "\(error)".contains("The message type Note is not registered")
        }
    }
}
