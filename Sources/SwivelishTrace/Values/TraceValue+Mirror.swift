import Swivelish

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
        var walk = MirrorWalk(types: nil)
        self = Self.mirror(value, depth: 0, walk: &walk)
    }

    /// Renders `value` as ``init(mirroring:)`` does, describing the types it meets in `types` (see
    /// ``TraceTypes``) and keeping the ids of the elements of identified arrays (see
    /// ``identifiedArray(ids:elements:)``): what a trace writer does.
    init(mirroring value: Any, describingTypesIn types: TraceTypes) {
        var walk = MirrorWalk(types: types)
        self = Self.mirror(value, depth: 0, walk: &walk)
    }

    /// What a rendering carries from a value to its children.
    struct MirrorWalk {
        /// The objects rendered above this value, to cut a cycle.
        var ancestors: [ObjectIdentifier] = []
        /// Where to describe the types met, and whether to keep the ids of identified arrays; `nil` for a
        /// plain rendering.
        let types: TraceTypes?
    }

    static func mirror(_ value: Any, depth: Int, walk: inout MirrorWalk) -> TraceValue {
        guard depth < maximumDepth else { return .string("…") }
        // Numbers, booleans and strings first, by their type: a comparison of metadata pointers, where a
        // mirror (made for every leaf otherwise) and a chain of failing casts would cost far more.
        if let leaf = primitive(value) {
            return leaf
        }
        let mirror = Mirror(reflecting: value)
        walk.types?.describe(value, mirror: mirror)
        switch mirror.displayStyle {
        case .struct?:
            return .object(fields(of: mirror, depth: depth, walk: &walk))
        case .class?:
            let object = ObjectIdentifier(value as AnyObject)
            guard !walk.ancestors.contains(object) else { return .string("<cycle>") }
            walk.ancestors.append(object)
            defer { walk.ancestors.removeLast() }
            return .object(fields(of: mirror, depth: depth, walk: &walk))
        case .optional?:
            guard let wrapped = mirror.children.first?.value else { return .null }
            return Self.mirror(wrapped, depth: depth, walk: &walk)
        case .collection?:
            let elements = mirror.children.map { Self.mirror($0.value, depth: depth + 1, walk: &walk) }
            if walk.types != nil, let identified = value as? any TraceIdentifiedCollection {
                return .identifiedArray(ids: ids(of: identified), elements: elements)
            }
            return .array(elements)
        case .set?:
            let elements = mirror.children.map { Self.mirror($0.value, depth: depth + 1, walk: &walk) }
            return .array(elements.map { ($0.json, $0) }.sorted { $0.0 < $1.0 }.map(\.1))
        case .dictionary?:
            var entries: [Field] = []
            for child in mirror.children {
                let pair = Array(Mirror(reflecting: child.value).children)
                guard pair.count == 2 else { continue }
                let key = pair[0].value as? String ?? describe(pair[0].value)
                entries.append(Field(key, Self.mirror(pair[1].value, depth: depth + 1, walk: &walk)))
            }
            return .object(entries.sorted { $0.key < $1.key })
        case .tuple?:
            let children = Array(mirror.children)
            if children.allSatisfy({ $0.label?.hasPrefix(".") ?? true }) {
                return .array(children.map { Self.mirror($0.value, depth: depth + 1, walk: &walk) })
            }
            return .object(fields(of: mirror, depth: depth, walk: &walk))
        case .enum?:
            guard let payload = mirror.children.first else {
                return .string(String(describing: value))
            }
            let name = payload.label ?? String(describing: value)
            return .object([Field(name, Self.mirror(payload.value, depth: depth + 1, walk: &walk))])
        default:
            if mirror.children.isEmpty {
                return leaf(value)
            }
            // A custom mirror without a display style: its children, as fields.
            return .object(fields(of: mirror, depth: depth, walk: &walk))
        }
    }

    /// The ids of the elements of `identified`, rendered.
    static func ids(of identified: any TraceIdentifiedCollection) -> [TraceValue] {
        identified.traceIDs.map { TraceValue(mirroring: $0) }
    }

    /// The key a field is written under: its label, an unlabelled element of a tuple that has labels too
    /// (`.0`) as `_0`, as `Codable` writes it, and a child without a label as its index.
    static func fieldKey(_ label: String?, index: Int) -> String {
        label.map { $0.hasPrefix(".") ? "_" + $0.dropFirst() : $0 } ?? String(index)
    }

    private static func fields(of mirror: Mirror, depth: Int, walk: inout MirrorWalk) -> [Field] {
        var result: [Field] = []
        if let superclass = mirror.superclassMirror {
            result = fields(of: superclass, depth: depth, walk: &walk)
        }
        for (index, child) in mirror.children.enumerated() {
            result.append(
                Field(fieldKey(child.label, index: index), Self.mirror(child.value, depth: depth + 1, walk: &walk)))
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
    static func primitive(_ value: Any) -> TraceValue? {
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
