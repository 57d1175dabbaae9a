/// The id of a screen pushed on a ``ScreenStack``: made by the stack, one more than the last it made, and
/// never made twice by one stack (also across a save and a restore, which keep the count).
///
/// A screen pushed twice is two screens, each with its id; a screen popped and pushed again gets a new id,
/// so nothing addressed to the first (a late message of its effects, a view that still holds its store)
/// reaches the second.
///
/// Written as an integer literal in tests (`$0.path[id: 2]`) and encoded as a number.
public struct ScreenID: Hashable, Comparable, Sendable, Codable, ExpressibleByIntegerLiteral,
    CustomStringConvertible
{
    /// The number: 1 for a stack's first screen, 2 for the next, and so on.
    public let number: Int

    /// The id numbered `number`.
    ///
    /// - Parameter number: The number.
    public init(_ number: Int) {
        self.number = number
    }

    /// The id numbered `value`: `2` in `$0.path[id: 2]`.
    ///
    /// - Parameter value: The number.
    public init(integerLiteral value: Int) {
        self.init(value)
    }

    /// Reads a number.
    public init(from decoder: any Decoder) throws {
        number = try decoder.singleValueContainer().decode(Int.self)
    }

    /// Writes the number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(number)
    }

    /// Whether `left` was made before `right` by one stack.
    public static func < (left: ScreenID, right: ScreenID) -> Bool {
        left.number < right.number
    }

    /// The number: `2`.
    public var description: String {
        String(number)
    }
}
