/// Encodes an `Encodable` value into a ``TraceValue``: the tree `JSONEncoder` would write, with its
/// defaults (keys as the type encodes them, in that order; a `Date` as the number it encodes itself as),
/// without Foundation.
enum TraceValueEncoder {
    /// The tree `value` encodes as.
    static func encode(_ value: any Encodable) throws -> TraceValue {
        let node = EncodingNode()
        try value.encode(to: NodeEncoder(node: node, codingPath: []))
        return node.value
    }
}

/// A value being encoded: empty until a container or a single value is put in it. A class, so that
/// nested containers can fill in their part after their parent has handed them out.
private final class EncodingNode {
    enum Content {
        case empty
        case single(TraceValue)
        case object(keys: [String], fields: [String: EncodingNode])
        case array([EncodingNode])
    }

    var content = Content.empty

    /// The tree encoded so far; an empty node (nothing encoded) is an empty object, as in `JSONEncoder`.
    var value: TraceValue {
        switch content {
        case .empty: .object([])
        case let .single(value): value
        case let .object(keys, fields): .object(keys.map { TraceValue.Field($0, fields[$0]!.value) })
        case let .array(elements): .array(elements.map(\.value))
        }
    }

    /// The node of the field `key`, made when it is new (a nested container or a super encoder).
    func field(_ key: String) -> EncodingNode {
        if case .object(var keys, var fields) = content {
            if let existing = fields[key] { return existing }
            let node = EncodingNode()
            keys.append(key)
            fields[key] = node
            content = .object(keys: keys, fields: fields)
            return node
        }
        let node = EncodingNode()
        content = .object(keys: [key], fields: [key: node])
        return node
    }

    /// Appends a new element node.
    func appendElement() -> EncodingNode {
        let node = EncodingNode()
        if case var .array(elements) = content {
            elements.append(node)
            content = .array(elements)
        } else {
            content = .array([node])
        }
        return node
    }

    func makeObject() {
        if case .object = content { return }
        content = .object(keys: [], fields: [:])
    }

    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }
}

/// The tree of a primitive, or `nil` for a value that encodes itself.
private func primitive(_ value: any Encodable) -> TraceValue? {
    switch value {
    case let value as String: .string(value)
    case let value as Bool: .bool(value)
    case let value as Int: .integer(value)
    case let value as Double: .floatingPoint(value)
    case let value as Float: .floatingPoint(value)
    case let value as Int8: .integer(value)
    case let value as Int16: .integer(value)
    case let value as Int32: .integer(value)
    case let value as Int64: .integer(value)
    case let value as UInt: .integer(value)
    case let value as UInt8: .integer(value)
    case let value as UInt16: .integer(value)
    case let value as UInt32: .integer(value)
    case let value as UInt64: .integer(value)
    default: nil
    }
}

/// Encodes `value` into `node`.
private func encode(_ value: any Encodable, into node: EncodingNode, codingPath: [any CodingKey]) throws {
    if let primitive = primitive(value) {
        node.content = .single(primitive)
    } else {
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath))
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        node.field(key.stringValue).content = .single(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try Swivelish.encode(value, into: node.field(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.field(key.stringValue), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.field(key.stringValue), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.field("super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.field(key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    var count: Int {
        if case let .array(elements) = node.content { return elements.count }
        return 0
    }

    mutating func encodeNil() throws {
        node.appendElement().content = .single(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try Swivelish.encode(value, into: node.appendElement(), codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        NodeEncoder(node: node.appendElement(), codingPath: codingPath).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.appendElement(), codingPath: codingPath).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.appendElement(), codingPath: codingPath)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        node.content = .single(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try Swivelish.encode(value, into: node, codingPath: codingPath)
    }
}
