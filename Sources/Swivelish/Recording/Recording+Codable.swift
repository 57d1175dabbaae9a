extension Recording: Codable where S: Codable {
    private enum CodingKeys: String, CodingKey {
        case initialState
        case steps
    }

    private enum StepKeys: String, CodingKey {
        case type
        case message
        case state
    }

    /// Writes the initial state, then each step as its message's registered type name, the message and
    /// the state. The encoder's `userInfo` must hold a ``MessageTypes`` under ``MessageTypes/userInfoKey``
    /// with every message type of the recording.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError.invalidValue` for a message whose type is not registered or not
    ///   `Encodable`, and any error of the encoder.
    public func encode(to encoder: any Encoder) throws {
        let types = try Self.messageTypes(in: encoder.userInfo) { message in
            EncodingError.invalidValue(
                self, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: message))
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(initialState, forKey: .initialState)
        var stepsContainer = container.nestedUnkeyedContainer(forKey: .steps)
        for step in steps {
            var stepContainer = stepsContainer.nestedContainer(keyedBy: StepKeys.self)
            guard let name = types.name(of: step.message), let message = step.message as? any Encodable else {
                throw EncodingError.invalidValue(
                    step.message,
                    EncodingError.Context(
                        codingPath: stepContainer.codingPath,
                        debugDescription:
                            "The message type \(type(of: step.message)) is not registered in the MessageTypes of the encoder"
                    ))
            }
            try stepContainer.encode(name, forKey: .type)
            try message.encode(to: stepContainer.superEncoder(forKey: .message))
            try stepContainer.encode(step.state, forKey: .state)
        }
    }

    /// Reads a recording written by ``encode(to:)``. The decoder's `userInfo` must hold a ``MessageTypes``
    /// under ``MessageTypes/userInfoKey`` with every message type of the recording.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` for a message type name that is not registered, and any
    ///   error of the decoder.
    public init(from decoder: any Decoder) throws {
        let types = try Self.messageTypes(in: decoder.userInfo) { message in
            DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: message))
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        initialState = try container.decode(S.self, forKey: .initialState)
        var stepsContainer = try container.nestedUnkeyedContainer(forKey: .steps)
        steps = []
        while !stepsContainer.isAtEnd {
            let stepContainer = try stepsContainer.nestedContainer(keyedBy: StepKeys.self)
            let name = try stepContainer.decode(String.self, forKey: .type)
            guard
                let message = try types.decodeMessage(
                    named: name, from: try stepContainer.superDecoder(forKey: .message))
            else {
                throw DecodingError.dataCorruptedError(
                    forKey: .type, in: stepContainer,
                    debugDescription:
                        "The message type \"\(name)\" is not registered in the MessageTypes of the decoder")
            }
            steps.append(Step(message: message, state: try stepContainer.decode(S.self, forKey: .state)))
        }
    }

    private static func messageTypes(
        in userInfo: [CodingUserInfoKey: Any], orThrow error: (String) -> any Error
    ) throws -> MessageTypes {
        guard let types = userInfo[MessageTypes.userInfoKey] as? MessageTypes else {
            throw error("A Recording is encoded and decoded with a MessageTypes in userInfo[MessageTypes.userInfoKey]")
        }
        return types
    }
}
