import Swivelish

/// A value in a trace: the JSON tree a state, a message's payload or a change is written as.
///
/// A state or a message becomes one with ``TraceValue/init(rendering:)``: its `Codable` encoding when it
/// has one, else a structural rendering through `Mirror`. Objects keep their fields in order (the order
/// of the declaration, or of the encoding), so that a state reads in a trace as it does in code.
///
/// A trace writer renders an ``IdentifiedArray`` as ``identifiedArray(ids:elements:)``: its JSON is the
/// array of its elements, and its ids tell the changes which element each one is (see ``TraceChange/ids``).
package enum TraceValue: Equatable, Sendable {
    /// A field of an object.
    package struct Field: Equatable, Sendable {
        package var key: String
        package var value: TraceValue

        package init(_ key: String, _ value: TraceValue) {
            self.key = key
            self.value = value
        }
    }

    case null
    case bool(Bool)
    /// A number, as the JSON text that writes it (`3`, `-0.5`, `1e-05`).
    case number(String)
    case string(String)
    case array([TraceValue])
    case object([Field])
    /// The elements of an ``IdentifiedArray``, written as an array, with the id of each (not written).
    case identifiedArray(ids: [TraceValue], elements: [TraceValue])

    /// The value of the field `key`, for an object that has one.
    package subscript(key: String) -> TraceValue? {
        guard case let .object(fields) = self else { return nil }
        return fields.first { $0.key == key }?.value
    }

    /// The value as JSON, with no spaces or newlines.
    package var json: String {
        var output: [UInt8] = []
        appendJSON(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the value as JSON, with no spaces or newlines, to `output`.
    package func appendJSON(to output: inout [UInt8]) {
        switch self {
        case .null:
            output.append(contentsOf: "null".utf8)
        case let .bool(value):
            output.append(contentsOf: (value ? "true" : "false").utf8)
        case let .number(text):
            output.append(contentsOf: text.utf8)
        case let .string(text):
            appendJSONString(text, to: &output)
        case let .array(elements), let .identifiedArray(_, elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.appendJSON(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case let .object(fields):
            output.append(UInt8(ascii: "{"))
            for (index, field) in fields.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendJSONString(field.key, to: &output)
                output.append(UInt8(ascii: ":"))
                field.value.appendJSON(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

/// A number value for an integer.
extension TraceValue {
    package static func integer(_ value: some BinaryInteger) -> TraceValue {
        .number(String(value))
    }

    /// A number value for a floating-point number; infinities and NaN, which JSON cannot write, become
    /// the strings `"inf"`, `"-inf"` and `"nan"`.
    package static func floatingPoint(_ value: some BinaryFloatingPoint & LosslessStringConvertible) -> TraceValue {
        guard value.isFinite else {
            return .string(value.isNaN ? "nan" : value < 0 ? "-inf" : "inf")
        }
        return .number(String(value))
    }
}

/// Appends `text` as a JSON string: quoted, with `"`, `\` and the control characters escaped.
package func appendJSONString(_ text: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\""):
            output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
        case UInt8(ascii: "\\"):
            output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
        case UInt8(ascii: "\n"):
            output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case UInt8(ascii: "\r"):
            output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
        case UInt8(ascii: "\t"):
            output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
        case 0..<0x20:
            output.append(contentsOf: [
                UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                hexDigit(byte >> 4), hexDigit(byte & 0xF),
            ])
        default:
            output.append(byte)
        }
    }
    output.append(UInt8(ascii: "\""))
}

private func hexDigit(_ value: UInt8) -> UInt8 {
    value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
}
