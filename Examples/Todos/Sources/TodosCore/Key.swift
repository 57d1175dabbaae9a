/// A key of the interactive mode, decoded from the terminal's bytes.
public enum Key: Equatable, Sendable {
    /// A printable ASCII character, space included.
    case character(Character)
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// Enter (Return).
    case enter
    /// Escape, alone.
    case escape
    /// Backspace (or Delete, which many terminals send for it).
    case backspace
    /// Ctrl-C.
    case controlC
    /// Ctrl-D.
    case controlD

    /// The key of a single byte, or `nil` for one that is no key here (an escape starts a sequence:
    /// the session decodes it with ``init(escapeSequence:)``).
    public init?(byte: UInt8) {
        switch byte {
        case 3: self = .controlC
        case 4: self = .controlD
        case 8, 127: self = .backspace
        case 10, 13: self = .enter
        case 27: self = .escape
        case 32...126: self = .character(Character(Unicode.Scalar(byte)))
        default: return nil
        }
    }

    /// The key of the bytes after an escape: `[A` is up, `[B` down (also `OA`, `OB`); `nil` for others.
    public init?(escapeSequence bytes: [UInt8]) {
        guard bytes.count == 2, bytes[0] == UInt8(ascii: "[") || bytes[0] == UInt8(ascii: "O") else {
            return nil
        }
        switch bytes[1] {
        case UInt8(ascii: "A"): self = .up
        case UInt8(ascii: "B"): self = .down
        default: return nil
        }
    }
}
