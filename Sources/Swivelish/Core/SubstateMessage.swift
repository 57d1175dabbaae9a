/// A message for one sub-state of a state, by its key path: what a store made by
/// ``Store/scope(_:)->Store<Child>`` dispatches, so that it reaches the part it is scoped to and no sibling.
///
/// ```swift
/// struct Pair: State {
///     var top = Counter()
///     var bottom = Counter()
///
///     static func update(_ state: inout Pair, with message: Message) -> Effect? {
///         makeSerialUpdate(\.top, \.bottom)(&state, message)
///     }
/// }
///
/// let pair = Store(initialState: Pair())
/// pair.scope(\.top).dispatch(Counter.Msg.increment)  // Pair's update gets SubstateMessage(\Pair.top, ...)
/// pair.dispatch(SubstateMessage(\Pair.top, Counter.Msg.increment))  // the same
/// ```
///
/// The function ``State/makeSerialUpdate(_:)`` returns gives `message` to the sub-state at `keyPath` only,
/// and the messages that sub-state's effects send come back wrapped the same way, to it only. A message
/// wrapped twice (`app.scope(\.left).scope(\.top)`) is unwrapped once at each level. One for a sub-state
/// that is not among those `makeSerialUpdate` was given (a path through several properties,
/// `scope(\.a.b)`; a key path of another state) is unwrapped and given to every sub-state: a broadcast, as
/// if it had been dispatched to the root store. Two sub-states of one type that have no stored properties
/// (no size) side by side cannot be told apart, by this message or by a key path (which compares offsets):
/// a message for either reaches the first.
///
/// An `update` written by hand receives the wrapper itself. To compose a child by hand, call
/// `makeSerialUpdate(\.child)(&state, message)` for it, or read ``keyPath`` and ``message``.
///
/// `@unchecked Sendable`: a key path (immutable) and a `Sendable` message, neither changed once made.
public final class SubstateMessage: Message, Equatable, CustomStringConvertible, @unchecked Sendable {
    // A class, as `ElementMessage` is: a reference fits the existential's inline buffer, so passing one on
    // as `any Message` allocates nothing more.

    /// Where the sub-state lies in its parent: a key path whose root is the parent state's type.
    public let keyPath: AnyKeyPath

    /// The message for the sub-state.
    public let message: any Message

    /// The sub-state's place, as ``State/makeSerialUpdate(_:)`` compares it (see ``ChildAddress``).
    @usableFromInline
    let address: ChildAddress

    /// A message for the sub-state at `keyPath` of a `Parent`.
    ///
    /// - Parameters:
    ///   - keyPath: The sub-state, as the parent's `makeSerialUpdate` names it.
    ///   - message: The message for the sub-state's `update`.
    public convenience init<Parent, Child: State>(_ keyPath: KeyPath<Parent, Child>, _ message: any Message) {
        self.init(keyPath, address: ChildAddress(keyPath), message)
    }

    /// A message for the sub-state at `keyPath`, whose address the caller found (once, not at each message).
    @usableFromInline
    init(_ keyPath: AnyKeyPath, address: ChildAddress, _ message: any Message) {
        self.keyPath = keyPath
        self.address = address
        self.message = message
    }

    /// `effect`, whose messages go back to the sub-state this message was for.
    @inlinable
    func addressingBack(_ effect: Effect?) -> Effect? {
        guard let effect else { return nil }
        return { dispatch in
            effect(dispatch.mapping { self.addressing($0) })
        }
    }

    /// `message`, for the sub-state this message is for.
    @usableFromInline
    func addressing(_ message: any Message) -> SubstateMessage {
        SubstateMessage(keyPath, address: address, message)
    }

    /// Same key path, and messages equal by `==` (messages that are not `Equatable` are never equal).
    public static func == (left: SubstateMessage, right: SubstateMessage) -> Bool {
        left.keyPath == right.keyPath && messagesAreEqual(left.message, right.message)
    }

    /// `SubstateMessage(\Pair.top, Counter.Msg.increment)`.
    public var description: String {
        "SubstateMessage(\(keyPath), \(codeDescription(of: message)))"
    }
}

extension Message {
    /// Whether this message is a ``SubstateMessage``: the check ``State/makeSerialUpdate(_:)`` makes of every
    /// message. Always inlined: it compares the type in the existential with the class. (`type(of:)` asks the
    /// runtime for the dynamic type, and `as(_:)` was left a call of the generic function in a large
    /// `update`: W11, a tree of 100 leaves, about 2,800 and 1,100 instructions more per message.)
    @inlinable
    @inline(__always)
    var isSubstateMessage: Bool {
        Self.self == SubstateMessage.self
    }
}
