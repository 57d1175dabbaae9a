extension Command {
    /// The command of a key pressed in the interactive mode, or `nil` for a key that does nothing.
    ///
    /// `+` (also `=`, the same key without Shift on many keyboards) and `-` change the count by one;
    /// `r`, `u` and `q` are as in a script. Ctrl-C and Ctrl-D are handled by the session, not here.
    public init?(key: UInt8) {
        switch key {
        case UInt8(ascii: "+"), UInt8(ascii: "="): self = .increment(by: 1)
        case UInt8(ascii: "-"): self = .decrement(by: 1)
        case UInt8(ascii: "r"): self = .fetchRandomAmount
        case UInt8(ascii: "u"): self = .undo
        case UInt8(ascii: "q"): self = .quit
        default: return nil
        }
    }
}
