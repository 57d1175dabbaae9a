import Swivelish
import SwivelishTesting
import Testing
import TestSupport

// Two defects the peer suite found on the library of 759dd98; each test fails without its fix.
//
// - A message for a child whose type is nested in another type (as the peer declares every feature's types:
//   `Parent.Child.State`) was written with its type twice wherever the library writes a message as code
//   (`printChanges`, a trace's message text, `TestStore`'s failures):
//   `PresentedMessage<Outer.Kid>.PresentedMessage<Outer.Kid>(Outer.Kid.Action.poke)`. `codeDescription(of:)`
//   compared the description with `String(describing:)` of the type, which leaves the argument's outer type out.
// - In a feature that presents itself (the peer's `testNestedDismiss`), the parent's pattern
//   `message.as(Folder.Action.self, at: \Folder.$child)` also matched the folder's own message at the child's
//   level, where it arrives unwrapped: a folder that asked its parent to close it closed its own subfolder.
//   `as(_:at:)` for a presented slot now matches only what the child sent (a `PresentedMessage`). The subfolder
//   is still closed another way, a known issue the test records.

extension PeerSuite {
    @Suite("Found by the peer suite")
    struct FoundByThePeerSuiteTests {
        struct Kid: State, Identifiable, Equatable {
            var id = 1
            var pokes = 0

            enum Action: Message, Equatable {
                case poke
            }

            static func update(_ state: inout Kid, with message: Message) -> Effect? {
                if message.as(Action.self) == .poke {
                    state.pokes += 1
                }
                return nil
            }
        }

        struct Host: State, Equatable {
            @Presented var kid: Kid?
            var kids: IdentifiedArray<Kid> = [Kid(id: 1)]

            static func update(_ state: inout Host, with message: Message) -> Effect? {
                updateElements(\.kids, of: &state, with: message) { state, message in
                    updatePresented(\.$kid, of: &state, with: message) { _, _ in nil }
                }
            }
        }

        @Test func aNestedChildsMessageIsWrittenWithItsTypeOnce() {
            let written = Locked<[String]>([])
            let store = Store(initialState: Host(kid: Kid()), observers: [.printChanges { written.append($0) }])
            store.dispatch(PresentedMessage<Kid>(Kid.Action.poke))
            store.dispatch(ElementMessage<Kid>(id: 1, Kid.Action.poke))
            let firstLines = written.current.map { $0.split(separator: "\n").first.map(String.init) ?? "" }
            #expect(
                firstLines == [
                    "PresentedMessage<PeerSuite.FoundByThePeerSuiteTests.Kid>(PeerSuite.FoundByThePeerSuiteTests.Kid.Action.poke)",
                    "ElementMessage<PeerSuite.FoundByThePeerSuiteTests.Kid>(id: 1, PeerSuite.FoundByThePeerSuiteTests.Kid.Action.poke)",
                ])
        }

        /// A folder that presents a folder, and closes it when it asks, with the pattern the docs show.
        struct Folder: State, Equatable {
            var name: String
            @Presented var child: Folder?

            enum Action: Message, Equatable {
                case open(String)
                case closeButtonTapped
                /// Asks the parent to close this folder.
                case dismissMe
            }

            static func update(_ state: inout Folder, with message: Message) -> Effect? {
                updatePresented(\.$child, of: &state, with: message) { state, message in
                    if case .dismissMe? = message.as(Action.self, at: \Folder.$child) {
                        state.child = nil
                    }
                    switch message.as(Action.self) {
                    case let .open(name)?:
                        state.child = Folder(name: name)
                        return nil
                    case .closeButtonTapped?:
                        return Effects.send(Action.dismissMe)
                    case .dismissMe?, nil:
                        return nil
                    }
                }
            }
        }

        /// A desk that shows a folder and asks before it closes one.
        struct Desk: State, Equatable {
            @Presented var folder: Folder?
            var confirming = false

            static func update(_ state: inout Desk, with message: Message) -> Effect? {
                updatePresented(\.$folder, of: &state, with: message) { state, message in
                    if case .dismissMe? = message.as(Folder.Action.self, at: \Desk.$folder) {
                        state.confirming = true
                    }
                    return nil
                }
            }
        }

        /// The folder's own request to be closed reaches it unwrapped: its parent's pattern is not matched by it.
        @Test func aFoldersRequestToBeClosedIsNotTakenForItsSubfoldersRequest() {
            let store = Store(initialState: Desk(folder: Folder(name: "a", child: Folder(name: "b"))))
            store.dispatch(PresentedMessage<Folder>(Folder.Action.dismissMe))  // what "a"'s effect sends
            #expect(store.state.confirming)
            #expect(store.state.folder?.child?.name == "b")
        }

        @Test func aFolderThatAsksToBeClosedKeepsItsOwnSubfolder() {
            let store = Store(initialState: Desk(folder: Folder(name: "a", child: Folder(name: "b"))))
            store.dispatch(PresentedMessage<Folder>(Folder.Action.closeButtonTapped))
            #expect(store.state.confirming)
            // Still closed, the other way: the message the desk addresses to "a" reaches "a" unwrapped, and
            // `updatePresented` gives an unwrapped message to the presented child too ("b" taps its own close
            // button). Telling a message addressed to "a" from one dispatched to the root at "b"'s level needs
            // the address beside the message (see issue 34's notes).
            withKnownIssue("a message addressed to a folder reaches its presented subfolder too") {
                #expect(store.state.folder?.child?.name == "b")
            }
        }
    }
}
