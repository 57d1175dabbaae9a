import Swivelish

/// The settings every row reads: kept once, in ``TodoList/settings``, and changed only by ``Action``.
///
/// Every row shows them: ``doneMark`` between the brackets of a done row (`[x] Buy milk`), and the todo's
/// id when ``showsIDs`` (`[ ] #3 Buy milk`). No row holds a copy: the list draws each row with them
/// (``Todo/line(with:)``), and the interactive screen reads them through `store.scope(\.settings)`, so one
/// change redraws every row and is asserted once in a test (`$0.settings.doneMark = "✓"`).
///
/// `Codable`, so that an app can save them: a field missing from what it decodes (saved before the setting
/// existed) takes its default, and a mark that ``isValidMark(_:)`` refuses throws a `DecodingError`.
public struct TodoSettings: State, Equatable, Codable {
    /// What a done row shows between its brackets: `x` by default (`[x] Buy milk`).
    public var doneMark: String

    /// Whether each row shows its todo's id after its brackets (`[ ] #3 Buy milk`); not by default.
    public var showsIDs: Bool

    /// The marks the interactive mode's `m` key goes through, in order.
    public static let suggestedMarks = ["x", "✓", "*"]

    /// Settings with `doneMark` and `showsIDs`.
    ///
    /// - Parameters:
    ///   - doneMark: What a done row shows between its brackets; `x` by default. Must be a mark that
    ///     ``isValidMark(_:)`` accepts.
    ///   - showsIDs: Whether each row shows its todo's id; not by default.
    public init(doneMark: String = "x", showsIDs: Bool = false) {
        precondition(Self.isValidMark(doneMark), "TodoSettings: \(String(reflecting: doneMark)) is no valid mark")
        self.doneMark = doneMark
        self.showsIDs = showsIDs
    }

    /// What changes the settings.
    public enum Action: Message, Equatable {
        /// Makes `mark` the done mark; ignored unless ``TodoSettings/isValidMark(_:)`` accepts it.
        case setDoneMark(String)
        /// Shows, or hides, each row's id.
        case setShowsIDs(Bool)
    }

    /// Applies ``Action``; ignores other messages, and a mark that is not valid.
    public static func update(_ state: inout TodoSettings, with message: Message) -> Effect? {
        switch message as? Action {
        case let .setDoneMark(mark)?:
            if isValidMark(mark) {
                state.doneMark = mark
            }
        case let .setShowsIDs(shows)?:
            state.showsIDs = shows
        case nil:
            break
        }
        return nil
    }

    /// Whether `mark` can be the done mark: one character, one column wide, that shows: a letter, a digit, a
    /// punctuation mark or a symbol (`x`, `✓`, `*`), not a space, a bracket, a combining mark, a wide (East
    /// Asian) character or an emoji drawn as a picture, any of which would shift or hide the row's title.
    public static func isValidMark(_ mark: String) -> Bool {
        guard mark.unicodeScalars.count == 1, let scalar = mark.unicodeScalars.first else { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .decimalNumber, .otherNumber,
            .connectorPunctuation, .dashPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
            .modifierSymbol, .otherSymbol:
            break
        default:
            return false  // spaces, controls, combining marks, brackets (open and close punctuation), ...
        }
        // Below the wide scripts of East Asia (U+2E80 on) and outside the wide Hangul Jamo.
        return scalar.value < 0x2E80 && !(0x1100...0x115F).contains(scalar.value)
            && !scalar.properties.isEmojiPresentation
    }

    /// `mark x, ids off`: the settings as the scripted mode and the settings screen show them.
    public var summary: String {
        "mark \(doneMark), ids \(showsIDs ? "on" : "off")"
    }

    private enum CodingKeys: String, CodingKey {
        case doneMark, showsIDs
    }

    /// Reads what `encode(to:)` writes; a missing field takes its default.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a mark that ``isValidMark(_:)`` refuses.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = TodoSettings()
        let mark = try container.decodeIfPresent(String.self, forKey: .doneMark) ?? defaults.doneMark
        guard Self.isValidMark(mark) else {
            throw DecodingError.dataCorruptedError(
                forKey: .doneMark, in: container,
                debugDescription: "\(String(reflecting: mark)) is no valid done mark (one character, one column wide)")
        }
        doneMark = mark
        showsIDs = try container.decodeIfPresent(Bool.self, forKey: .showsIDs) ?? defaults.showsIDs
    }
}
