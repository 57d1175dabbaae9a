/// Why a script line is not a ``Command``.
///
/// Its `description` names the line, for an error message such as
/// `error: line 4: unknown command "x" (expected +, -, +N, -N, r, u or q)`.
public enum CommandError: Error, Equatable, CustomStringConvertible {
    /// The line is not a command at all.
    case unknownCommand(line: String)
    /// The line is `+N` or `-N` with `N` outside 1 to ``Command/maximumAmount``.
    case amountOutOfRange(line: String)

    /// A one-line explanation that quotes the line.
    public var description: String {
        switch self {
        case let .unknownCommand(line):
            "unknown command \(String(reflecting: line)) (expected +, -, +N, -N, r, u or q)"
        case let .amountOutOfRange(line):
            "amount out of range in \(String(reflecting: line)) (N must be from 1 to \(Command.maximumAmount))"
        }
    }
}
