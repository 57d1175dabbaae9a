extension TraceValue {
    /// How deep a structural rendering goes before it writes `"…"` instead of a value.
    static var maximumDepth: Int { 64 }

    /// Renders `value` as a tree: its `Codable` encoding when it is `Encodable` and encodes without
    /// error, else ``init(mirroring:)``.
    package init(rendering value: Any) {
        if let encodable = value as? any Encodable, let encoded = try? TraceValueEncoder.encode(encodable) {
            self = encoded
        } else {
            self.init(mirroring: value)
        }
    }

    /// Renders `value` field by field through `Mirror`, as `printChanges` compares values:
    ///
    /// - structs, classes and labelled tuples as objects, by field, in the order of their declaration
    ///   (a class's superclass fields first; a class met again below itself as `"<cycle>"`; an unlabelled
    ///   element of a tuple with labels as `_0`, `_1`);
    /// - arrays, other collections and unlabelled tuples as arrays; sets as arrays sorted by their JSON;
    /// - dictionaries as objects keyed by the keys' descriptions, sorted;
    /// - an enum case without a payload as its name (`"idle"`), one with a payload as an object with one
    ///   field, the case, holding the payload (`{"loaded":{"count":3}}`), as `Codable` writes them;
    /// - optionals as their value or `null`; numbers, booleans and strings as themselves;
    /// - anything else (a value without fields, such as a pointer) as its description.
    package init(mirroring value: Any) {
        var ancestors: [ObjectIdentifier] = []
        self = Self.mirror(value, depth: 0, ancestors: &ancestors)
    }

    static func mirror(_ value: Any, depth: Int, ancestors: inout [ObjectIdentifier]) -> TraceValue {
        guard depth < maximumDepth else { return .string("…") }
        // Numbers, booleans and strings first, by their type: a comparison of metadata pointers, where a
        // mirror (made for every leaf otherwise) and a chain of failing casts would cost far more.
        if let leaf = primitive(value) {
            return leaf
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?:
            return .object(fields(of: mirror, depth: depth, ancestors: &ancestors))
        case .class?:
            let object = ObjectIdentifier(value as AnyObject)
            guard !ancestors.contains(object) else { return .string("<cycle>") }
            ancestors.append(object)
            defer { ancestors.removeLast() }
            return .object(fields(of: mirror, depth: depth, ancestors: &ancestors))
        case .optional?:
            guard let wrapped = mirror.children.first?.value else { return .null }
            return Self.mirror(wrapped, depth: depth, ancestors: &ancestors)
        case .collection?:
            return .array(mirror.children.map { Self.mirror($0.value, depth: depth + 1, ancestors: &ancestors) })
        case .set?:
            let elements = mirror.children.map { Self.mirror($0.value, depth: depth + 1, ancestors: &ancestors) }
            return .array(elements.map { ($0.json, $0) }.sorted { $0.0 < $1.0 }.map(\.1))
        case .dictionary?:
            var entries: [Field] = []
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { continue }
                let key = pair[0].value as? String ?? describe(pair[0].value)
                entries.append(Field(key, Self.mirror(pair[1].value, depth: depth + 1, ancestors: &ancestors)))
            }
            return .object(entries.sorted { $0.key < $1.key })
        case .tuple?:
            let children = Array(mirror.children)
            if children.allSatisfy({ $0.label?.hasPrefix(".") ?? true }) {
                return .array(children.map { Self.mirror($0.value, depth: depth + 1, ancestors: &ancestors) })
            }
            return .object(fields(of: mirror, depth: depth, ancestors: &ancestors))
        case .enum?:
            guard let payload = mirror.children.first else {
                return .string(String(describing: value))
            }
            let name = payload.label ?? String(describing: value)
            return .object([Field(name, Self.mirror(payload.value, depth: depth + 1, ancestors: &ancestors))])
        default:
            if mirror.children.isEmpty {
                return leaf(value)
            }
            // A custom mirror without a display style: its children, as fields.
            return .object(fields(of: mirror, depth: depth, ancestors: &ancestors))
        }
    }

    private static func fields(of mirror: Mirror, depth: Int, ancestors: inout [ObjectIdentifier]) -> [Field] {
        var result: [Field] = []
        if let superclass = mirror.superclassMirror {
            result = fields(of: superclass, depth: depth, ancestors: &ancestors)
        }
        for (index, child) in mirror.children.enumerated() {
            // An unlabelled element of a tuple that has labels too (`.0`) is written `_0`, as `Codable` does.
            let key = child.label.map { $0.hasPrefix(".") ? "_" + $0.dropFirst() : $0 } ?? String(index)
            result.append(Field(key, Self.mirror(child.value, depth: depth + 1, ancestors: &ancestors)))
        }
        return result
    }

    /// A value whose mirror shows no structure: its description.
    private static func leaf(_ value: Any) -> TraceValue {
        switch value {
        case let value as Character: .string(String(value))
        case let value as Substring: .string(String(value))
        default: .string(String(describing: value))
        }
    }

    /// The tree of a number, a boolean or a string, or `nil` for a value of another type. One cast, chosen
    /// by comparing the value's type with each.
    private static func primitive(_ value: Any) -> TraceValue? {
        let type = Swift.type(of: value)
        if type == Int.self { return .integer(value as! Int) }
        if type == String.self { return .string(value as! String) }
        if type == Bool.self { return .bool(value as! Bool) }
        if type == Double.self { return .floatingPoint(value as! Double) }
        if type == Float.self { return .floatingPoint(value as! Float) }
        if type == Int64.self { return .integer(value as! Int64) }
        if type == Int32.self { return .integer(value as! Int32) }
        if type == Int16.self { return .integer(value as! Int16) }
        if type == Int8.self { return .integer(value as! Int8) }
        if type == UInt.self { return .integer(value as! UInt) }
        if type == UInt64.self { return .integer(value as! UInt64) }
        if type == UInt32.self { return .integer(value as! UInt32) }
        if type == UInt16.self { return .integer(value as! UInt16) }
        if type == UInt8.self { return .integer(value as! UInt8) }
        return nil
    }
}
