import Swivelish
import Testing

@testable import SwivelishTrace

@Suite("A recording written as a trace")
struct RecordingTraceTests {
    /// A state whose update is not pure: it reads a global, so a replay diverges.
    struct Impure: State, Equatable {
        nonisolated(unsafe) static var bonus = 0
        var count = 0
        static func update(_ state: inout Impure, with message: Message) -> Effect? {
            if message is Add { state.count += 1 + bonus }
            return nil
        }
    }

    @Test func aReplayDivergenceIsMarkedAtItsStepWithTheFieldsThatDiffer() throws {
        let recorder = StoreRecorder<Impure>()
        let store = Store(initialState: Impure(), observers: [recorder.observer])
        store.dispatch(Add())
        Impure.bonus = 10
        store.dispatch(Add())
        Impure.bonus = 0
        store.dispatch(Add())
        let recording = try #require(recorder.recording)
        var thrown: (any Error)?
        do {
            try recording.replay()
        } catch {
            thrown = error
        }
        let divergence = try #require(thrown as? ReplayDivergence<Impure>)

        let path = temporaryTracePath()
        try recording.writeTrace(to: path, divergence: divergence)
        let contents = try TraceContents(path: path)
        #expect(contents.header?["state"] == .string("RecordingTraceTests.Impure"))
        #expect(
            contents.lines[1].json
                == #"{"kind":"snapshot","step":0,"state":{"count":0},"types":{"RecordingTraceTests.Impure":{"kind":"struct","fields":{"count":"Int"}}}}"#
        )
        #expect(contents.messages.compactMap { $0["step"]?.int } == [1, 2, 3])
        #expect(contents.messages.allSatisfy { $0["time"] == nil && $0["origin"] == nil })
        let marker = try #require(contents.records(ofKind: "divergence").first)
        #expect(marker["step"] == .number("2"))
        #expect(marker["changes"]?.json == #"[{"path":["count"],"old":12,"new":2}]"#)
        #expect(marker["replayed"]?.json == #"{"count":2}"#)
        #expect(marker["text"]?.text == divergence.description)
        #expect(contents.lines.last?["kind"] == .string("end"))
        #expect(contents.rebuiltStates().states[3] == .object([.init("count", .number("13"))]))
    }
}
