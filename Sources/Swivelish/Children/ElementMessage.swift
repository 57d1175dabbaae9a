/// A message for one element of an ``IdentifiedArray`` of child states, by id.
///
/// ```swift
/// store.dispatch(ElementMessage<Todo>(id: 7, Todo.Action.toggle))
/// ```
///
/// ``State/updateElements(_:of:with:_:)`` gives `message` to that element's `update` only. A store made by
/// ``Store/scope(_:id:)->Store<Element>?`` wraps each message it dispatches in one, and so do the element's effects, whose
/// messages go back to the same element: to that element only, not to a later one with the same id.
public final class ElementMessage<Element: State & Identifiable>: Message, Equatable, CustomStringConvertible
where Element.ID: Sendable {
    // A class, not a struct: a message is allocated once, when it is made, and passed on as `any Message`
    // by reference (a reference fits the existential's inline buffer; the id and the message do not). A
    // router that checks for one copies and destroys a reference, not the fields through their types'
    // value witnesses.

    /// The element's id.
    public let id: Element.ID

    /// The message for the element.
    public let message: any Message

    /// The incarnation of the element whose effect sent it; `nil` for a message from anyone else.
    @usableFromInline
    let incarnation: UInt64?

    /// The collection it is for, in the state whose `update` holds it; `nil` for any collection of
    /// `Element`s.
    @usableFromInline
    let collection: ChildAddress?

    /// A message for the element with `id`, of whichever collection of `Element`s receives it (every one,
    /// when a state holds two).
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - message: The message for its `update`.
    @inlinable
    public convenience init(id: Element.ID, _ message: any Message) {
        self.init(id: id, incarnation: nil, collection: nil, message)
    }

    /// A message for the element with `id` of the collection at `elements`, for a state that holds more
    /// than one collection of `Element`s: ``State/updateElements(_:of:with:_:)`` for another collection
    /// leaves it to its `update`.
    ///
    /// - Parameters:
    ///   - id: The element's id.
    ///   - elements: The collection, as its parent's `updateElements` names it.
    ///   - message: The message for its `update`.
    @inlinable
    public convenience init<Parent>(
        id: Element.ID, in elements: KeyPath<Parent, IdentifiedArray<Element>>, _ message: any Message
    ) {
        self.init(id: id, incarnation: nil, collection: ChildAddress(elements), message)
    }

    @inlinable
    init(id: Element.ID, incarnation: UInt64?, collection: ChildAddress?, _ message: any Message) {
        self.id = id
        self.incarnation = incarnation
        self.collection = collection
        self.message = message
    }

    /// Whether the collection at `elements` is the one this message is for: when it names none, that one,
    /// or one of another state (see ``ChildAddress/mayBe(_:)``).
    @inlinable
    func isFor<Parent>(_ elements: ChildPlace<Parent, IdentifiedArray<Element>>) -> Bool {
        collection?.mayBe(elements) ?? true
    }

    /// Same id, and messages equal by `==` (messages that are not `Equatable` are never equal); collections
    /// count only when both name one.
    public static func == (left: ElementMessage, right: ElementMessage) -> Bool {
        left.id == right.id && messagesAreEqual(left.message, right.message)
            && ChildAddress.mayBeSame(left.collection, right.collection)
    }

    /// `ElementMessage<Todo>(id: 7, Todo.Action.toggle)`; for a screen of a ``ScreenStack``, as code writes it:
    /// `ScreenMessage<Route>(id: 2, Detail.Action.load)`.
    public var description: String {
        if let entry = Element.self as? any ScreenStackEntry.Type {
            return "ScreenMessage<\(displayName(of: entry.screenType))>(id: \(describe(id)), "
                + "\(codeDescription(of: message)))"
        }
        return "ElementMessage<\(displayName(of: Element.self))>(id: \(describe(id)), \(codeDescription(of: message)))"
    }
}

/// A message whose description is spelled with the alias code uses for it (``ScreenMessage``), not with its type's
/// name: ``codeDescription(of:)`` takes it as it is.
protocol ScreenMessageDescribed {}

extension ElementMessage: ScreenMessageDescribed where Element: ScreenStackEntry {}

/// The element of a stack of screens (a ``ScreenStack``'s `Entry`), whose message code writes as a
/// ``ScreenMessage`` of the screen type: its description here, and a trace's test code in SwivelishTrace.
package protocol ScreenStackEntry {
    /// The type of the screens.
    static var screenType: Any.Type { get }
}

/// Whether two messages are of one `Equatable` type and `==`.
func messagesAreEqual(_ left: any Message, _ right: any Message) -> Bool {
    func equals<M: Equatable>(_ left: M) -> Bool {
        (right as? M) == left
    }
    guard let left = left as? any Equatable else { return false }
    return equals(left)
}
