/// The message that sets one field of a ``BindableState``'s ``BindableState/Input``: what a view's binding
/// sends. Made by ``BindableState/set(_:_:)``, ``Store/set(_:_:)`` and ``ObservedStore``'s input fields.
///
/// It reads as the field and the value it sets: `InputChange<TodoForm>(title: "Milk")`. It is `Equatable`
/// (same field, equal value), for `TestStore`, and `Encodable` when the value is; a recording decodes it
/// through ``MessageTypes/register(inputOf:_:)``. It is one reference wide, so it is stored inline in an
/// `any Message`; making one allocates its field and value once.
public struct InputChange<S: BindableState>: Message, Equatable, CustomStringConvertible, Encodable {
    /// The field and its value, typed.
    @usableFromInline
    let box: InputChangeBox<S>

    @inlinable
    init<Value: Equatable & Sendable>(_ field: WritableKeyPath<S.Input, Value>, _ value: Value) {
        box = TypedInputChangeBox(field: field, value: value)
    }

    /// The field set.
    public var field: PartialKeyPath<S.Input> {
        box.field
    }

    /// The value it is set to.
    public var value: any Sendable {
        box.value
    }

    /// The field's name, as a recording stores it: its path in ``BindableState/Input`` (`title`,
    /// `address.city`).
    public var name: String {
        Self.name(of: box.field)
    }

    /// Sets the field of `input` to the value.
    @inlinable
    public func apply(to input: inout S.Input) {
        box.apply(to: &input)
    }

    /// Same field, equal value.
    public static func == (left: InputChange, right: InputChange) -> Bool {
        left.box.field == right.box.field && left.box.hasValue(equalTo: right.box)
    }

    /// `InputChange<TodoForm>(title: "Milk")`.
    public var description: String {
        "InputChange<\(displayName(of: S.self))>(\(name): \(describe(value)))"
    }

    private enum CodingKeys: String, CodingKey {
        case field
        case value
    }

    /// Writes the field's ``name`` and the value.
    ///
    /// - Throws: `EncodingError.invalidValue` when the value is not `Encodable`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .field)
        guard let value = value as? any Encodable else {
            throw EncodingError.invalidValue(
                self.value,
                EncodingError.Context(
                    codingPath: encoder.codingPath,
                    debugDescription: "The value of input field \(name) is not Encodable"))
        }
        try container.encode(value, forKey: .value)
    }

    /// The name of `field`: its path from ``BindableState/Input``, from the key path's description.
    static func name(of field: AnyKeyPath) -> String {
        let description = String(describing: field)  // `\Input.address.city`
        let root = "\\" + String(describing: S.Input.self) + "."
        return description.hasPrefix(root) ? String(description.dropFirst(root.count)) : description
    }
}

/// An input change's field and value, with the value's type erased: a ``TypedInputChangeBox``.
///
/// `@unchecked Sendable`: immutable, and a key path is immutable once made.
@usableFromInline
class InputChangeBox<S: BindableState>: @unchecked Sendable {
    @usableFromInline
    init() {}

    var field: PartialKeyPath<S.Input> { fatalError("overridden") }
    var value: any Sendable { fatalError("overridden") }

    @usableFromInline
    func apply(to input: inout S.Input) { fatalError("overridden") }

    func hasValue(equalTo other: InputChangeBox<S>) -> Bool { fatalError("overridden") }
}

/// An input change's field and value.
@usableFromInline
final class TypedInputChangeBox<S: BindableState, Value: Equatable & Sendable>: InputChangeBox<S>,
    @unchecked Sendable
{
    // `@unchecked Sendable`: immutable, and a key path is immutable once made.
    @usableFromInline
    let typedField: WritableKeyPath<S.Input, Value>
    @usableFromInline
    let typedValue: Value

    @inlinable
    init(field: WritableKeyPath<S.Input, Value>, value: Value) {
        typedField = field
        typedValue = value
    }

    override var field: PartialKeyPath<S.Input> { typedField }
    override var value: any Sendable { typedValue }

    @inlinable
    override func apply(to input: inout S.Input) {
        input[keyPath: typedField] = typedValue
    }

    override func hasValue(equalTo other: InputChangeBox<S>) -> Bool {
        (other as? TypedInputChangeBox)?.typedValue == typedValue
    }
}
