import Swivelish
import SwivelishTesting
import Testing
import TestSupport

/// The tests of the most used peer, The Composable Architecture, for collections, presented children and
/// enum destinations (its `ForEachReducerTests`, `IfLetReducerTests`, `PresentationReducerTests` and
/// `IfCaseLetReducerTests`), translated to Swivelish: each test names the peer test it translates.
///
/// The peer's `forEach` is ``State/updateElements(_:of:with:_:)`` over an `IdentifiedArray`, its `ifLet` of
/// an optional or a `@PresentationState` is ``State/updatePresented(_:of:with:_:)`` over a `@Presented`
/// child, its `forEach` over a `StackState` is ``State/updateStack(_:of:with:_:)`` over a `ScreenStack`, and
/// its `ifCaseLet` or enum `Destination` is a presented enum whose `id` names its case. Its `dismiss`
/// dependency is the ``Dismiss`` message, which a child sends to close itself; a child may also ask its parent
/// with a message of its own, which the parent matches by pattern (`message.as(Child.Action.self, at:
/// \Parent.$child)`), as most of these tests do.
///
/// Written with public API only, as an app's tests would be, with `TestStore` and `TestClock`.
@Suite("Peer suite: the peer's tests of children, translated")
enum PeerSuite {}

extension PeerSuite {
    /// A test store for `state` whose effects wait on `clock` and leave their dispatchers in `mailbox`.
    ///
    /// Its timeout is long, so that a loaded machine (or ThreadSanitizer) does not fail a test that waits
    /// for a message: a test that passes waits only for what it receives.
    static func makeStore<S: State & Equatable>(
        _ state: S,
        clock: TestClock = TestClock(),
        mailbox: Mailbox = Mailbox(),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> TestStore<S> {
        TestStore(
            initialState: state,
            dependencies: Dependencies {
                $0.clock = clock
                $0.peerMailbox = mailbox
            },
            timeout: .seconds(10), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Where a callback-style effect leaves its dispatcher, by name, for the test to send through it later:
    /// a late message, sent after its child may be gone.
    final class Mailbox: Sendable {
        private let dispatchers = Locked<[String: Dispatcher]>([:])

        func keep(_ dispatch: Dispatcher, as name: String) {
            dispatchers.withValue { $0[name] = dispatch }
        }

        /// Sends `message` through the dispatcher kept as `name`; `false` when none was kept.
        @discardableResult
        func send(_ message: any Message, through name: String) -> Bool {
            guard let dispatch = dispatchers.withValue({ $0[name] }) else { return false }
            dispatch(message)
            return true
        }

        /// Drops the dispatchers kept. A test that kept one calls it at its end: a dispatcher holds its
        /// store's dependencies, this mailbox among them, and its effect's scope, whose end a `TestStore`
        /// waits for; kept here, they would hold each other, and the test store, for good (LeakSanitizer
        /// reports it).
        func empty() {
            dispatchers.withValue { $0 = [:] }
        }
    }

    enum MailboxKey: DependencyKey {
        static var defaultValue: Mailbox { Mailbox() }
    }

    /// Whether the number of tasks sleeping on `clock` comes to `count`: an effect's task that sleeps on the
    /// store's clock leaves it as soon as the effect is cancelled, before any time passes. (A message its
    /// timer would send after its child is gone is dropped anyway: counting the sleepers tells a cancelled
    /// effect from one whose late messages are merely dropped.)
    static func sleepers(of clock: TestClock, become count: Int) async -> Bool {
        await eventually { clock.sleeperCount == count }
    }

    /// An effect that waits on the store's clock for longer than any test advances it: the peer's
    /// `Task.never()`, ended only by a cancellation.
    static func waitForever() -> Effect {
        Effects.run { dispatch in
            try await dispatch.dependencies.clock.sleep(for: .seconds(1_000_000))
        }
    }
}

extension Dependencies {
    /// The peer suite's ``PeerSuite/Mailbox``.
    var peerMailbox: PeerSuite.Mailbox {
        get { self[PeerSuite.MailboxKey.self] }
        set { self[PeerSuite.MailboxKey.self] = newValue }
    }
}
