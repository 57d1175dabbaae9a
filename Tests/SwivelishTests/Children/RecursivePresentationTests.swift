import Foundation
import Swivelish
import Testing

/// A folder that presents a folder of its own type: navigation that recurses.
private struct Directory: State, Equatable, Codable {
    var name: String
    var pings = 0
    @Presented var subfolder: Directory?

    enum Action: Message, Equatable {
        case open(String)
        case close
        case ping
        /// Replies `ping` from an effect: the reply comes back to this folder only.
        case pingFromAnEffect
        /// Waits until cancelled, then says so.
        case waitUntilCancelled
    }

    static let cancelled = Locked<[String]>([])

    static func update(_ state: inout Directory, with message: Message) -> Effect? {
        updatePresented(\.$subfolder, of: &state, with: message) { state, message in
            switch message as? Action {
            case let .open(name)?:
                state.subfolder = Directory(name: name)
                return nil
            case .close?:
                state.subfolder = nil
                return nil
            case .ping?:
                state.pings += 1
                return nil
            case .pingFromAnEffect?:
                return Effects.send(Action.ping)
            case .waitUntilCancelled?:
                let name = state.name
                return Effects.run { _ in
                    do {
                        try await Task.sleep(for: .seconds(60))
                    } catch {
                        Directory.cancelled.append(name)
                    }
                }
            case nil:
                return nil
            }
        }
    }
}

@Suite("A presented child may be of its parent's own type")
struct RecursivePresentationTests {
    /// A folder in a folder in a folder: messages addressed to each depth reach that folder, and an effect's
    /// reply comes back to the folder whose effect sent it.
    @Test func aFolderInAFolderReceivesWhatIsAddressedToIt() {
        let store = Store(initialState: Directory(name: "root"))
        store.dispatch(Directory.Action.open("a"))
        store.dispatch(PresentedMessage<Directory>(Directory.Action.open("b")))
        #expect(store.state.subfolder?.subfolder?.name == "b")
        store.dispatch(PresentedMessage<Directory>(PresentedMessage<Directory>(Directory.Action.pingFromAnEffect)))
        #expect(store.state.pings == 0)
        #expect(store.state.subfolder?.pings == 0)
        #expect(store.state.subfolder?.subfolder?.pings == 1)
    }

    /// Closing the middle folder ends the effects of the folder it presented.
    @Test func closingAFolderCancelsTheEffectsOfTheFoldersInIt() async {
        let store = Store(initialState: Directory(name: "root"))
        store.dispatch(Directory.Action.open("c"))
        store.dispatch(PresentedMessage<Directory>(Directory.Action.open("d")))
        store.dispatch(PresentedMessage<Directory>(PresentedMessage<Directory>(Directory.Action.waitUntilCancelled)))
        store.dispatch(Directory.Action.close)
        #expect(store.state.subfolder == nil)
        #expect(await eventually(seconds: 60) { Directory.cancelled.current.contains("d") })
    }

    /// The whole chain is a value: it encodes, decodes and compares as the folders it holds.
    @Test func foldersInFoldersRoundTripThroughJSON() throws {
        var root = Directory(name: "root")
        root.subfolder = Directory(name: "a")
        root.subfolder?.subfolder = Directory(name: "b", pings: 3)
        let copy = root
        root.subfolder?.subfolder?.pings = 4  // copied on write: the copy keeps 3
        #expect(copy.subfolder?.subfolder?.pings == 3)
        let decoded = try JSONDecoder().decode(Directory.self, from: JSONEncoder().encode(root))
        #expect(decoded == root)
        #expect(decoded != copy)
    }
}
