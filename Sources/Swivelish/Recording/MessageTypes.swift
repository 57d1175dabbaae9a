/// The message types a ``Recording`` may hold when it is encoded or decoded, each under a name.
///
/// A recording stores each message with the name of its type, so that decoding knows which type to make.
/// Register every message type the store may apply, and give the registry to the encoder and the decoder
/// under ``userInfoKey``:
///
/// ```swift
/// let types = MessageTypes(CounterMessage.self, FetchMessage.self)
///
/// let encoder = JSONEncoder()
/// encoder.userInfo[MessageTypes.userInfoKey] = types
/// let data = try encoder.encode(recording)
///
/// let decoder = JSONDecoder()
/// decoder.userInfo[MessageTypes.userInfoKey] = types
/// let decoded = try decoder.decode(Recording<CounterState>.self, from: data)
/// ```
///
/// Encoding or decoding a message of a type not registered fails with an error that names it.
public struct MessageTypes: Sendable {
    /// The key under which encoders and decoders of recordings look for the registry.
    public static let userInfoKey = CodingUserInfoKey(rawValue: "org.swivelish.messageTypes")!

    fileprivate struct Entry: Sendable {
        let name: String
        let decode: @Sendable (any Decoder) throws -> any Message
    }

    private var byName: [String: Entry] = [:]
    private var names: [ObjectIdentifier: String] = [:]

    /// A registry of `types`, each under its type name.
    ///
    /// - Parameter types: The message types to register.
    public init(_ types: any (Message & Codable).Type...) {
        for type in types {
            register(type)
        }
    }

    /// Registers `type` under `name`: its type name (`String(describing: type)`) by default.
    ///
    /// - Parameters:
    ///   - type: A message type that can be encoded and decoded.
    ///   - name: The name a recording stores for it; unique in the registry.
    public mutating func register<M: Message & Codable>(_ type: M.Type, as name: String? = nil) {
        register(type, as: name ?? String(describing: type)) { decoder in try M(from: decoder) }
    }

    /// Registers `type` under `name`, decoded by `decode`.
    mutating func register(
        _ type: any Message.Type, as name: String, decode: @escaping @Sendable (any Decoder) throws -> any Message
    ) {
        precondition(
            byName[name] == nil || names[ObjectIdentifier(type)] == name,
            "Swivelish: two message types are registered as \"\(name)\"; give one another name with register(_:as:)")
        byName[name] = Entry(name: name, decode: decode)
        names[ObjectIdentifier(type)] = name
    }

    /// The name `message`'s type is registered under.
    func name(of message: any Message) -> String? {
        names[ObjectIdentifier(type(of: message))]
    }

    /// Decodes a message of the type registered as `name`.
    func decodeMessage(named name: String, from decoder: any Decoder) throws -> (any Message)? {
        try byName[name].map { try $0.decode(decoder) }
    }
}
