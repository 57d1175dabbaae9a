extension DecodingError {
    /// Why the bytes did not decode, in a few words naming the place: `not JSON`, `no "title" at items[0]`,
    /// `wrong type at items[2].isDone`.
    var reason: String {
        switch self {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            return "not JSON"
        case .dataCorrupted(let context):
            return "bad value at \(Self.place(context.codingPath))"
        case .keyNotFound(let key, let context):
            return "no \(String(reflecting: key.stringValue)) at \(Self.place(context.codingPath))"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type at \(Self.place(context.codingPath))"
        @unknown default:
            return "\(self)"
        }
    }

    /// `items[2].title`, or `the top level`.
    private static func place(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "the top level" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}
