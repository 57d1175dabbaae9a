/// A message for one element of an ``IdentifiedArray`` of child states, by id.
///
/// ```swift
/// store.dispatch(ElementMessage<Todo>(id: 7, Todo.Action.toggle))
/// ```
///
/// ``State/updateElements(_:of:with:_:)`` gives `message` to that element's `update` only. A store made by
/// ``Store/scope(_:id:)`` wraps each message it dispatches in one, and so do the element's effects, whose
/// messages go back to the same element: to that element only, not to a later one with the same id.
public struct ElementMessage<Element: State & Identifiable>: Message, Equatable, CustomStringConvertible
where Element.ID: Sendable {
    /// The element's id.
    public let id: Element.ID

    /// The message for the element, and the incarnation of the element whose effect sent it: in an object
    /// of their own, so that an `ElementMessage` with an id of up to two words fits in the inline buffer
    /// of `any Message`. A message is boxed once, when it is made, rather than each time it is passed on
    /// as `any Message` (an existential of a larger value is copied into a new allocation).
    @usableFromInline
    let payload: Payload

    /// The message for the element.
    @inlinable
    public var message: any Message { payload.message }

    /// The incarnation of the element whose effect sent it; `nil` for a message from anyone else.
    @inlinable
    var incarnation: UInt64? { payload.incarnation }

    /// A message for the element with `id`.
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - message: The message for its `update`.
    @inlinable
    public init(id: Element.ID, _ message: any Message) {
        self.init(id: id, incarnation: nil, message)
    }

    @inlinable
    init(id: Element.ID, incarnation: UInt64?, _ message: any Message) {
        self.id = id
        payload = Payload(message: message, incarnation: incarnation)
    }

    /// What an ``ElementMessage`` carries besides the id.
    @usableFromInline
    final class Payload: Sendable {
        @usableFromInline
        let message: any Message
        @usableFromInline
        let incarnation: UInt64?

        @inlinable
        init(message: any Message, incarnation: UInt64?) {
            self.message = message
            self.incarnation = incarnation
        }
    }

    /// Same id, and messages equal by `==` (messages that are not `Equatable` are never equal).
    public static func == (left: ElementMessage, right: ElementMessage) -> Bool {
        left.id == right.id && messagesAreEqual(left.message, right.message)
    }

    /// `ElementMessage<Todo>(id: 7, Todo.Action.toggle)`.
    public var description: String {
        "ElementMessage<\(displayName(of: Element.self))>(id: \(describe(id)), \(codeDescription(of: message)))"
    }
}

/// Whether two messages are of one `Equatable` type and `==`.
func messagesAreEqual(_ left: any Message, _ right: any Message) -> Bool {
    func equals<M: Equatable>(_ left: M) -> Bool {
        (right as? M) == left
    }
    guard let left = left as? any Equatable else { return false }
    return equals(left)
}
