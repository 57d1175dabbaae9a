import Swivelish

// What a trace needs to know of a type beyond what its mirror shows, so that the inspector can write a change
// to it as a test does: the type an optional (or ``Presented``) wraps even while it is `nil`, the element type
// of an empty collection, and the ids of an ``IdentifiedArray``'s elements. `TraceTypes` asks the type
// through these protocols; the core library's types conform in this module (`IdentifiedArray+Trace.swift`,
// `Presented+Trace.swift`, `ScreenStack+Trace.swift`), the standard library's below.

/// An optional, or a property wrapper that holds one and mirrors as one.
protocol TraceOptionalType {
    /// The type of the value wrapped.
    static var traceWrappedType: Any.Type { get }
    /// Whether it is a property wrapper, whose storage a mirror names `_name` and code `name`.
    static var isTracePropertyWrapper: Bool { get }
}

/// A collection whose element type is known from its type, even when it is empty.
protocol TraceCollectionType {
    /// The type of the elements.
    static var traceElementType: Any.Type { get }
}

/// A dictionary, whose key and value types are known from its type.
protocol TraceDictionaryType {
    /// The type of the keys.
    static var traceKeyType: Any.Type { get }
    /// The type of the values.
    static var traceValueType: Any.Type { get }
}

/// A collection whose elements are found by their ids (an ``IdentifiedArray``): a test writes a change of
/// one of its elements by the element's id, which a trace therefore writes beside each change.
protocol TraceIdentifiedCollection: TraceCollectionType {
    /// The type of the ids.
    static var traceIDType: Any.Type { get }
    /// The ids of the elements, in order.
    var traceIDs: [Any] { get }
    /// Whether `other` is a collection of this type with the same ids in the same order: what a trace writer
    /// asks before it renders the ids of a collection whose elements changed (for an ``IdentifiedArray``
    /// whose ids share their storage with `other`'s, in constant time).
    func hasSameIDs(as other: Any) -> Bool
    /// Whether it is a stack of screens (a ``ScreenStack``), which a test changes with `push(_:)` and
    /// `pop(from:)` rather than with an array's `append(_:)` and `remove(id:)`.
    static var isTraceStack: Bool { get }
}

extension TraceIdentifiedCollection {
    static var isTraceStack: Bool { false }
}

extension Optional: TraceOptionalType {
    static var traceWrappedType: Any.Type { Wrapped.self }
    static var isTracePropertyWrapper: Bool { false }
}

extension Array: TraceCollectionType {
    static var traceElementType: Any.Type { Element.self }
}

extension ContiguousArray: TraceCollectionType {
    static var traceElementType: Any.Type { Element.self }
}

extension ArraySlice: TraceCollectionType {
    static var traceElementType: Any.Type { Element.self }
}

extension Set: TraceCollectionType {
    static var traceElementType: Any.Type { Element.self }
}

extension Dictionary: TraceDictionaryType {
    static var traceKeyType: Any.Type { Key.self }
    static var traceValueType: Any.Type { Value.self }
}
