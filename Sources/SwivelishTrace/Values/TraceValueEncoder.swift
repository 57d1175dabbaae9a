import Swivelish

/// Encodes an `Encodable` value into a ``TraceValue``: the tree `JSONEncoder` would write, with its
/// defaults (keys as the type encodes them, in that order; a `Date` as the number it encodes itself as),
/// without Foundation.
enum TraceValueEncoder {
    /// The tree `value` encodes as.
    ///
    /// With `types`, it also describes the types it meets there (their fields and cases as the encoding
    /// writes them; see ``TraceTypes``), and keeps the ids of identified arrays: what a trace writer does.
    static func encode(_ value: any Encodable, describingTypesIn types: TraceTypes? = nil) throws -> TraceValue {
        let node = EncodingNode()
        try SwivelishTrace.encode(value, into: node, codingPath: [], types: types)
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

    /// The ids of the elements, for an identified array encoded by a trace writer.
    var ids: [TraceValue]?

    /// The fields encoded into the node's keyed container, in order, each with the type it was encoded as
    /// (`Optional<T>` for one encoded with `encodeIfPresent`, also when `nil` and left out): recorded by a
    /// trace writer only, to describe the type, while ``recordsFieldTypes``.
    var fieldTypes: [(key: String, type: Any.Type)] = []

    /// Whether the type encoded into this node may need its fields described: a type not described yet, or an
    /// enum (whose next case may be new), and a container nested by hand.
    var recordsFieldTypes = true

    /// The tree encoded so far; an empty node (nothing encoded) is an empty object, as in `JSONEncoder`.
    var value: TraceValue {
        switch content {
        case .empty: .object([])
        case let .single(value): value
        case let .object(keys, fields): .object(keys.map { TraceValue.Field($0, fields[$0]!.value) })
        case let .array(elements):
            if let ids, ids.count == elements.count {
                .identifiedArray(ids: ids, elements: elements.map(\.value))
            } else {
                .array(elements.map(\.value))
            }
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

/// Encodes `value` into `node`; with `types`, describes its type and keeps the ids of an identified array.
private func encode(
    _ value: any Encodable, into node: EncodingNode, codingPath: [any CodingKey], types: TraceTypes?
) throws {
    if let primitive = primitive(value) {
        node.content = .single(primitive)
        return
    }
    guard let types else {
        try value.encode(to: NodeEncoder(node: node, codingPath: codingPath, types: nil))
        return
    }
    let type = type(of: value)
    let mayNeedDescription = !types.isDescribed(type) || types.isEnum(type)
    node.recordsFieldTypes = mayNeedDescription
    try value.encode(to: NodeEncoder(node: node, codingPath: codingPath, types: types))
    if mayNeedDescription {
        describe(value, encodedAs: node, in: types)
    }
    // Ids name the elements of an array: a collection encoded otherwise (a `ScreenStack`, an object with its
    // next id) is written as it encodes itself.
    if types.isIdentified(type), let identified = value as? any TraceIdentifiedCollection,
        case let .array(elements) = node.content, elements.count == identified.traceIDs.count
    {
        node.ids = TraceValue.ids(of: identified)
    }
}

/// Describes the type of `value`, just encoded into `node`, if it is not yet (or, for an enum, a case with a
/// payload met for the first time): its kind from its mirror, once, and its fields or cases as the encoding
/// wrote them, each with the type encoded.
private func describe(_ value: any Encodable, encodedAs node: EncodingNode, in types: TraceTypes) {
    let type = type(of: value)
    func fields(of node: EncodingNode) -> TraceValue {
        .object(node.fieldTypes.map { TraceValue.Field($0.key, .string(types.name(of: $0.type))) })
    }
    if types.isDescribed(type) {
        // Only an enum may need more: a case met for the first time (the types' record knows which).
        if case let .object(keys, cases) = node.content, keys.count == 1, let payload = cases[keys[0]] {
            types.recordCase(keys[0], payload: fields(of: payload), ifEnum: type)
        }
        return
    }
    if types.describeByType(type) { return }
    let isEnum = Mirror(reflecting: value).displayStyle == .enum
    switch node.content {
    case let .object(keys, cases) where isEnum:
        // `{"case":{"_0":…}}`: the case, and its payload's fields.
        let payload = keys.count == 1 ? cases[keys[0]] : nil
        types.recordEnum(type, case: keys.first, payload: payload.map(fields(of:)))
    case .single where isEnum:
        types.recordEnum(type, case: nil, payload: nil, encoding: "rawValue")
    case .object:
        types.record(type, as: .object([.init("kind", .string("struct")), .init("fields", fields(of: node))]))
    default:
        // A value encoded as one value (a `Date`, a `URL`) or as an array of its own making.
        types.record(type, as: .object([.init("kind", .string("leaf"))]))
    }
}

private struct NodeEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let types: TraceTypes?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath, types: types))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath, types: types)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath, types: types)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let types: TraceTypes?

    mutating func encodeNil(forKey key: Key) throws {
        node.field(key.stringValue).content = .single(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try SwivelishTrace.encode(
            value, into: node.field(key.stringValue), codingPath: codingPath + [key], types: types)
        if types != nil, node.recordsFieldTypes { node.fieldTypes.append((key.stringValue, T.self)) }
    }

    /// Leaves the field out when `value` is `nil`, as `JSONEncoder` does; a trace writer still records it
    /// as an optional field of the type. (The overloads for numbers, strings and booleans are requirements of
    /// their own, which a synthesized `encode(to:)` calls for an optional of one of them.)
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try SwivelishTrace.encode(
                value, into: node.field(key.stringValue), codingPath: codingPath + [key], types: types)
        }
        if let types, node.recordsFieldTypes {
            types.describeByType(T?.self)
            node.fieldTypes.append((key.stringValue, T?.self))
        }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeOptional(value, forKey: key) }

    private mutating func encodeOptional<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(node: node.field(key.stringValue), codingPath: codingPath + [key], types: types)
            .container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.field(key.stringValue), codingPath: codingPath + [key], types: types).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.field("super"), codingPath: codingPath, types: types)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.field(key.stringValue), codingPath: codingPath + [key], types: types)
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let types: TraceTypes?

    var count: Int {
        if case let .array(elements) = node.content { return elements.count }
        return 0
    }

    mutating func encodeNil() throws {
        node.appendElement().content = .single(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try SwivelishTrace.encode(value, into: node.appendElement(), codingPath: codingPath, types: types)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        NodeEncoder(node: node.appendElement(), codingPath: codingPath, types: types).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(node: node.appendElement(), codingPath: codingPath, types: types).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.appendElement(), codingPath: codingPath, types: types)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    let types: TraceTypes?

    mutating func encodeNil() throws {
        node.content = .single(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try SwivelishTrace.encode(value, into: node, codingPath: codingPath, types: types)
    }
}
