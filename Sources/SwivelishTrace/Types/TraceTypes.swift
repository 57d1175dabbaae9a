import Swivelish

/// The types of the values a trace writer renders, each described once in the trace, so that the inspector
/// can write a change as a test does: which value is an optional (`$0.detail?.title`), an enum case
/// (`.loaded(...)`), an ``IdentifiedArray`` (`$0.todos[id: 4]`), which struct a value is (`Todo(id: 4, ...)`).
///
/// A record's `types` field holds the descriptions of the types first met in its values (and an enum's again
/// when a case with a payload is first met), keyed by the type's ``displayName(of:)``:
///
/// - `{"kind":"struct","fields":{"id":"Int","title":"String"}}`, and `"class"`: the fields as the trace
///   writes them, each with its type;
/// - `{"kind":"optional","wrapped":"TodoDetail"}`, with `"propertyWrapper":true` for ``Presented``, whose
///   storage is the field `_detail` of a mirror and `detail` in code;
/// - `{"kind":"enum","cases":{"loading":"(page: Int)"}}`: each case with a payload met so far, and the
///   payload's type; in a `Codable` encoding, `{"loaded":{"_0":"Int"}}`, the fields the payload is encoded
///   as, and `"encoding":"rawValue"` for an enum encoded as its raw value;
/// - `{"kind":"identified","element":"Todo","id":"Int"}`, with `"stack":true` for a ``ScreenStack`` (whose
///   screens a test pushes and pops), `{"kind":"array","element":"Int"}`, `"set"`,
///   `{"kind":"dictionary","key":"String","value":"Double"}`, and `{"kind":"tuple","fields":{...}}`;
/// - `{"kind":"leaf"}`: a value written as its description, or as a single encoded value (a `Date`).
///
/// Used by one thread at a time, with the ``TraceRecords`` that owns it. Looking a type up costs a hash of its
/// metadata pointer, for the values rendered anew only (the parts of a state that changed).
final class TraceTypes {
    private var names: [ObjectIdentifier: String] = [:]
    /// The types described.
    private var described: Set<ObjectIdentifier> = []
    /// The cases with a payload described so far of each enum described.
    private var enumCases: [ObjectIdentifier: [TraceValue.Field]] = [:]
    /// The identified arrays described.
    private var identified: Set<ObjectIdentifier> = []
    /// Every description, in the order made (an enum's latest only), by name.
    private var descriptions: [TraceValue.Field] = []
    private var positions: [String: Int] = [:]
    /// The names of the descriptions made or changed since the last ``takeNewDescriptions()``.
    private var pending: [String] = []

    /// The name a trace gives `type`: its ``displayName(of:)``; a tuple's as Swift writes it, its elements'
    /// types shortened the same way (`(count: Int, name: String)`).
    func name(of type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = names[key] { return name }
        let reflected = String(reflecting: type)
        let name =
            reflected.hasPrefix("(") && !reflected.hasPrefix("(unknown context") && reflected.hasSuffix(")")
            ? "(" + shortenQualifiedNames(in: String(reflected.dropFirst().dropLast())) + ")"
            : displayName(of: type)
        names[key] = name
        return name
    }

    /// The descriptions made since the last call, as a record's `types` field; `nil` when there are none.
    func takeNewDescriptions() -> TraceValue? {
        guard !pending.isEmpty else { return nil }
        defer { pending = [] }
        return .object(pending.map { descriptions[positions[$0]!] })
    }

    /// Every description made, for the first record of a new segment (read alone when the one before it is
    /// gone); `nil` when there is none.
    func allDescriptions() -> TraceValue? {
        descriptions.isEmpty ? nil : .object(descriptions)
    }

    func isDescribed(_ type: Any.Type) -> Bool {
        described.contains(ObjectIdentifier(type))
    }

    /// Whether `type` was described as an enum.
    func isEnum(_ type: Any.Type) -> Bool {
        enumCases[ObjectIdentifier(type)] != nil
    }

    /// Whether `type` was described as an identified array.
    func isIdentified(_ type: Any.Type) -> Bool {
        identified.contains(ObjectIdentifier(type))
    }

    /// Records `description` of `type`.
    func record(_ type: Any.Type, as description: TraceValue) {
        described.insert(ObjectIdentifier(type))
        let name = name(of: type)
        if let position = positions[name] {
            descriptions[position].value = description
        } else {
            positions[name] = descriptions.count
            descriptions.append(TraceValue.Field(name, description))
        }
        if !pending.contains(name) { pending.append(name) }
    }

    /// Records that `type` is an enum, and that its case `name` has the payload `payload` (a type's name, or
    /// the fields of an encoding); describes the enum again if the case is new.
    func recordEnum(_ type: Any.Type, case name: String?, payload: TraceValue?, encoding: String? = nil) {
        let key = ObjectIdentifier(type)
        var cases = enumCases[key] ?? []
        let isNewType = !described.contains(key)
        if let name, let payload, !cases.contains(where: { $0.key == name }) {
            cases.append(TraceValue.Field(name, payload))
        } else if !isNewType {
            return
        }
        enumCases[key] = cases
        var fields: [TraceValue.Field] = [.init("kind", .string("enum")), .init("cases", .object(cases))]
        if let encoding { fields.append(.init("encoding", .string(encoding))) }
        record(type, as: .object(fields))
    }

    /// Records the case `name` of `type`, with `payload`, if `type` was described as an enum and the case is
    /// new to it.
    func recordCase(_ name: String, payload: TraceValue, ifEnum type: Any.Type) {
        guard enumCases[ObjectIdentifier(type)] != nil else { return }
        recordEnum(type, case: name, payload: payload)
    }

    /// Describes `type` from the type alone, when it can be (an optional, a collection of a known element
    /// type, a dictionary, an identified array); returns whether it did, or had.
    @discardableResult
    func describeByType(_ type: Any.Type) -> Bool {
        if isDescribed(type) { return true }
        if let optional = type as? any TraceOptionalType.Type {
            var fields: [TraceValue.Field] = [
                .init("kind", .string("optional")), .init("wrapped", .string(name(of: optional.traceWrappedType))),
            ]
            if optional.isTracePropertyWrapper { fields.append(.init("propertyWrapper", .bool(true))) }
            record(type, as: .object(fields))
        } else if let identifiedType = type as? any TraceIdentifiedCollection.Type {
            identified.insert(ObjectIdentifier(type))
            var fields: [TraceValue.Field] = [
                .init("kind", .string("identified")),
                .init("element", .string(name(of: identifiedType.traceElementType))),
                .init("id", .string(name(of: identifiedType.traceIDType))),
            ]
            if identifiedType.isTraceStack { fields.append(.init("stack", .bool(true))) }
            record(type, as: .object(fields))
        } else if let collection = type as? any TraceCollectionType.Type {
            record(
                type,
                as: .object([
                    .init("kind", .string(type is any SetAlgebra.Type ? "set" : "array")),
                    .init("element", .string(name(of: collection.traceElementType))),
                ]))
        } else if let dictionary = type as? any TraceDictionaryType.Type {
            record(
                type,
                as: .object([
                    .init("kind", .string("dictionary")), .init("key", .string(name(of: dictionary.traceKeyType))),
                    .init("value", .string(name(of: dictionary.traceValueType))),
                ]))
        } else {
            return false
        }
        return true
    }

    /// Describes the type of `value`, rendered through `mirror` by ``TraceValue/init(mirroring:)``, if it is
    /// not yet; for an enum, also the case of `value` if it has a payload not yet met.
    func describe(_ value: Any, mirror: Mirror) {
        let type = Swift.type(of: value)
        let key = ObjectIdentifier(type)
        if described.contains(key) {
            // Only an enum may need more: a case met for the first time.
            guard enumCases[key] != nil, let payload = mirror.children.first, let label = payload.label else { return }
            recordCase(label, payload: .string(name(of: Swift.type(of: payload.value))), ifEnum: type)
            return
        }
        if describeByType(type) { return }
        switch mirror.displayStyle {
        case .struct?, .class?:
            record(type, as: fieldsDescription(mirror.displayStyle == .class ? "class" : "struct", of: mirror))
        case .tuple?:
            record(type, as: fieldsDescription("tuple", of: mirror))
        case .enum?:
            let payload = mirror.children.first
            recordEnum(
                type, case: payload?.label, payload: payload.map { .string(name(of: Swift.type(of: $0.value))) })
        case .optional?, .collection?, .set?:
            // Of a type that does not say what it wraps or holds: from its first child, once it has one.
            guard let child = mirror.children.first else { return }
            let kind = mirror.displayStyle == .optional ? "optional" : mirror.displayStyle == .set ? "set" : "array"
            let key = kind == "optional" ? "wrapped" : "element"
            record(
                type,
                as: .object([.init("kind", .string(kind)), .init(key, .string(name(of: Swift.type(of: child.value))))]))
        case .dictionary?:
            guard let child = mirror.children.first else { return }
            let pair = Array(Mirror(reflecting: child.value).children)
            guard pair.count == 2 else { return }
            record(
                type,
                as: .object([
                    .init("kind", .string("dictionary")),
                    .init("key", .string(name(of: Swift.type(of: pair[0].value)))),
                    .init("value", .string(name(of: Swift.type(of: pair[1].value)))),
                ]))
        default:
            // A custom mirror without a display style is rendered as an object of its children; a value with none
            // as its description.
            record(
                type,
                as: mirror.children.isEmpty
                    ? .object([.init("kind", .string("leaf"))]) : fieldsDescription("struct", of: mirror))
        }
    }

    /// `{"kind":KIND,"fields":{...}}`: the children of `mirror` (and of its superclasses, first), keyed as
    /// ``TraceValue/init(mirroring:)`` writes them, each with the name of its type.
    private func fieldsDescription(_ kind: String, of mirror: Mirror) -> TraceValue {
        var fields: [TraceValue.Field] = []
        func add(_ mirror: Mirror) {
            if let superclass = mirror.superclassMirror { add(superclass) }
            for (index, child) in mirror.children.enumerated() {
                fields.append(
                    TraceValue.Field(
                        TraceValue.fieldKey(child.label, index: index), .string(name(of: Swift.type(of: child.value)))))
            }
        }
        add(mirror)
        return .object([.init("kind", .string(kind)), .init("fields", .object(fields))])
    }
}
