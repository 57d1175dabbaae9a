extension ScreenStack: Encodable where Screen: Encodable {
    /// Writes `{"screens": [{"id": 1, "screen": ...}], "nextID": 2}`: the screens bottom first, and the
    /// number of the next id, so that a restored stack never makes an id it made before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var screens = container.nestedUnkeyedContainer(forKey: .screens)
        for entry in entries {
            var pair = screens.nestedContainer(keyedBy: CodingKeys.self)
            try pair.encode(entry.id, forKey: .id)
            try pair.encode(entry.screen, forKey: .screen)
        }
        try container.encode(nextNumber, forKey: .nextID)
    }
}

extension ScreenStack: Decodable where Screen: Decodable {
    /// Reads what ``encode(to:)`` writes: a saved stack, or a deep link written with ids.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when two screens have the same id, or when `nextID` is not
    ///   above every id (the stack would make an id again): such a file is refused, never a crash.
    public init(from decoder: any Decoder) throws {
        self.init()
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var screens = try container.nestedUnkeyedContainer(forKey: .screens)
        while !screens.isAtEnd {
            let pair = try screens.nestedContainer(keyedBy: CodingKeys.self)
            let id = try pair.decode(ScreenID.self, forKey: .id)
            guard entries[id: id] == nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .id, in: pair,
                    debugDescription: "Two screens have the id \(id); the ids of a ScreenStack are unique")
            }
            entries.append(Entry(id: id, screen: try pair.decode(Screen.self, forKey: .screen)))
        }
        nextNumber = try container.decode(Int.self, forKey: .nextID)
        if let highest = entries.ids.max(), highest.number >= nextNumber {
            throw DecodingError.dataCorruptedError(
                forKey: .nextID, in: container,
                debugDescription: "nextID \(nextNumber) is not above the id \(highest) of a screen; the stack would "
                    + "make that id again")
        }
    }
}

extension ScreenStack {
    /// The keys of the encoded stack and of each of its screens.
    enum CodingKeys: String, CodingKey {
        case screens, nextID, id, screen
    }
}
