import Foundation

/// What a trace says of one type of its state, in the `types` field of the records that first meet it: what
/// the JSON of a value does not say, and a test needs to write a change to it.
///
/// A trace written before Swivelish wrote these has none: ``LoadedTrace/types`` is then empty, and the page
/// writes changes by position, as JSON, as it did.
public struct TraceTypeDescription: Equatable, Sendable {
    /// `struct`, `class`, `tuple`, `optional`, `enum`, `array`, `set`, `identified` (an `IdentifiedArray`),
    /// `dictionary` or `leaf` (a value written as its description, or as a single encoded value); another
    /// word from a newer writer is kept as it is.
    public var kind: String
    /// The fields of a struct, class or tuple, by the key the trace writes them under, each with the name
    /// of its type.
    public var fields: [String: String] = [:]
    /// The type an optional wraps.
    public var wrapped: String?
    /// Whether the optional is a property wrapper (`@Presented var detail`), whose field the trace names
    /// `_detail` (as a mirror shows it) and code names `detail`.
    public var isPropertyWrapper = false
    /// The type of the elements of an array, a set or an identified array.
    public var element: String?
    /// The type of the ids of an identified array's elements.
    public var id: String?
    /// Whether the identified array is a stack of screens (a `ScreenStack`), whose screens a test pushes
    /// (`push(_:)`) and pops (`pop(from:)`) rather than appends and removes.
    public var isStack = false
    /// The type of a dictionary's keys.
    public var key: String?
    /// The type of a dictionary's values.
    public var value: String?
    /// The cases of an enum met with a payload, by name, each with its payload.
    public var cases: [String: Payload] = [:]
    /// How an enum is encoded, when not by case: `rawValue`.
    public var encoding: String?

    /// What an enum case carries.
    public enum Payload: Equatable, Sendable {
        /// The payload's type, rendered as its value (`{"loaded":3}`; several values as a tuple).
        case type(String)
        /// The fields of its `Codable` encoding (`{"loaded":{"_0":3}}`), each with its type.
        case fields([String: String])
    }

    /// A description of a type of the kind `kind`, with nothing else said of it yet.
    public init(kind: String) {
        self.kind = kind
    }

    /// The description in a record's `types`; `nil` when it is not an object with a `kind`.
    init?(_ object: Any) {
        guard let object = object as? [String: Any], let kind = object["kind"] as? String else { return nil }
        self.kind = kind
        fields = object["fields"] as? [String: String] ?? [:]
        wrapped = object["wrapped"] as? String
        isPropertyWrapper = object["propertyWrapper"] as? Bool ?? false
        element = object["element"] as? String
        id = object["id"] as? String
        isStack = object["stack"] as? Bool ?? false
        key = object["key"] as? String
        value = object["value"] as? String
        encoding = object["encoding"] as? String
        for (name, payload) in object["cases"] as? [String: Any] ?? [:] {
            if let type = payload as? String {
                cases[name] = .type(type)
            } else if let fields = payload as? [String: String] {
                cases[name] = .fields(fields)
            }
        }
    }

    /// Adds what `later`, a description of the same type from a later record, says and this one does not:
    /// an enum's cases met since, a collection's element type once it had an element.
    mutating func merge(_ later: TraceTypeDescription) {
        guard later.kind == kind else { return }
        cases.merge(later.cases) { first, _ in first }
        fields.merge(later.fields) { first, _ in first }
        wrapped = wrapped ?? later.wrapped
        element = element ?? later.element
        id = id ?? later.id
        key = key ?? later.key
        value = value ?? later.value
        encoding = encoding ?? later.encoding
        isPropertyWrapper = isPropertyWrapper || later.isPropertyWrapper
        isStack = isStack || later.isStack
    }

    /// The description as JSON, for the page: the form a trace writes it in, with sorted keys.
    var json: String {
        func object(_ pairs: [(String, String)]) -> String {
            "{" + pairs.sorted { $0.0 < $1.0 }.map { jsonString($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
        }
        func names(_ fields: [String: String]) -> String {
            object(fields.map { ($0.key, jsonString($0.value)) })
        }
        var pairs: [(String, String)] = [("kind", jsonString(kind))]
        if !fields.isEmpty || ["struct", "class", "tuple"].contains(kind) { pairs.append(("fields", names(fields))) }
        if let wrapped { pairs.append(("wrapped", jsonString(wrapped))) }
        if isPropertyWrapper { pairs.append(("propertyWrapper", "true")) }
        if let element { pairs.append(("element", jsonString(element))) }
        if let id { pairs.append(("id", jsonString(id))) }
        if isStack { pairs.append(("stack", "true")) }
        if let key { pairs.append(("key", jsonString(key))) }
        if let value { pairs.append(("value", jsonString(value))) }
        if kind == "enum" {
            pairs.append(
                (
                    "cases",
                    object(
                        cases.map { name, payload in
                            switch payload {
                            case let .type(type): (name, jsonString(type))
                            case let .fields(fields): (name, names(fields))
                            }
                        })
                ))
        }
        if let encoding { pairs.append(("encoding", jsonString(encoding))) }
        return object(pairs)
    }
}
