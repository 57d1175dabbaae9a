extension Command {
    /// The largest amount a `+N` or `-N` line may give.
    public static let maximumAmount = 1_000_000

    /// Parses one line of a script.
    ///
    /// Surrounding whitespace is ignored. A line is `+`, `-`, `r`, `u` or `q`, or `+N` / `-N` with `N` a
    /// whole number from 1 to ``maximumAmount``.
    ///
    /// - Returns: The command, or `nil` for a blank line or a comment (a line starting with `#`).
    /// - Throws: ``CommandError`` for any other line.
    public init?(parsing line: String) throws(CommandError) {
        let text = line.trimmingWhitespace()
        switch text {
        case "": return nil
        case _ where text.hasPrefix("#"): return nil
        case "+": self = .increment(by: 1)
        case "-": self = .decrement(by: 1)
        case "r": self = .fetchRandomAmount
        case "u": self = .undo
        case "q": self = .quit
        default:
            guard let sign = text.first, sign == "+" || sign == "-" else {
                throw .unknownCommand(line: text)
            }
            let digits = text.dropFirst()
            guard digits.allSatisfy(\.isASCIIDigit) else {
                throw .unknownCommand(line: text)
            }
            guard let amount = Int(digits), (1...Self.maximumAmount).contains(amount) else {
                throw .amountOutOfRange(line: text)
            }
            self = sign == "+" ? .increment(by: amount) : .decrement(by: amount)
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return String(self[start..<end])
    }
}
