extension MessageTypes {
    /// Registers the ``InputChange``s of `state`, with the input fields a recording may set, so that a
    /// recording of them is written and read back (see ``Recording``).
    ///
    /// ```swift
    /// var types = MessageTypes(TodoForm.Action.self)
    /// types.register(inputOf: TodoForm.self, \.title, \.isDone)
    /// ```
    ///
    /// A change is written with its field's name, its path in the input (`title`), not the key path itself;
    /// reading one that sets a field not registered (a field renamed or removed since) fails with an error
    /// that names it and the fields registered.
    ///
    /// - Parameters:
    ///   - state: The bindable state.
    ///   - field: The input fields its changes may set.
    public mutating func register<S: BindableState, each Value: Codable & Equatable & Sendable>(
        inputOf state: S.Type, _ field: repeat WritableKeyPath<S.Input, each Value>
    ) {
        var decoders: [String: @Sendable (any Decoder) throws -> InputChange<S>] = [:]
        for field in repeat each field {
            decoders[InputChange<S>.name(of: field)] = Self.decoder(of: field)
        }
        let fields = decoders.keys.sorted()
        register(InputChange<S>.self, as: "InputChange<\(displayName(of: S.self))>") { [decoders] decoder in
            let container = try decoder.container(keyedBy: InputChangeKeys.self)
            let name = try container.decode(String.self, forKey: .field)
            guard let decode = decoders[name] else {
                throw DecodingError.dataCorruptedError(
                    forKey: .field, in: container,
                    debugDescription:
                        "The recording sets the input field \"\(name)\" of \(displayName(of: S.self)), which is not "
                        + "among the fields registered for it (\(fields.joined(separator: ", ")))")
            }
            return try decode(try container.superDecoder(forKey: .value))
        }
    }

    /// Reads the value of `field` and makes the change that sets it.
    private static func decoder<S: BindableState, Value: Codable & Equatable & Sendable>(
        of field: WritableKeyPath<S.Input, Value>
    ) -> @Sendable (any Decoder) throws -> InputChange<S> {
        nonisolated(unsafe) let field = field  // immutable once made
        return { decoder in InputChange(field, try Value(from: decoder)) }
    }
}

/// The keys ``InputChange/encode(to:)`` writes.
private enum InputChangeKeys: String, CodingKey {
    case field
    case value
}
