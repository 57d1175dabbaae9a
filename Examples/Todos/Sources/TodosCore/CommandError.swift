/// Why a script line cannot be carried out.
///
/// Its `description` names the line's problem, for an error message such as
/// `error: line 4: unknown command "frobnicate" (Todos --help lists the commands)`.
public enum CommandError: Error, Equatable, CustomStringConvertible {
    /// The line's first word is not a command.
    case unknownCommand(String)
    /// The command's arguments are wrong: `usage` says what they should be.
    case badArguments(command: String, usage: String)
    /// The list shows no row `row`.
    case noSuchRow(Int, rowCount: Int)
    /// `remind` with no detail open.
    case noTodoOpen
    /// `history` when the screen on top is no todo's detail.
    case noDetailOnTop
    /// `back` or `close` when no screen is over the list.
    case noScreenOpen
    /// `set mark` with a mark that ``TodoSettings/isValidMark(_:)`` refuses.
    case badMark(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case let .unknownCommand(word):
            "unknown command \(String(reflecting: word)) (Todos --help lists the commands)"
        case let .badArguments(command, usage):
            "bad arguments for \(command) (usage: \(usage))"
        case let .noSuchRow(row, rowCount):
            rowCount == 0
                ? "no row \(row): the list shows no todos"
                : "no row \(row): the list shows rows 1 to \(rowCount)"
        case .noTodoOpen:
            "no todo is open (open one with: open N)"
        case .noDetailOnTop:
            "no todo's detail is on top (open one with: open N)"
        case .noScreenOpen:
            "no screen is open: the list is the only one"
        case let .badMark(mark):
            "\(String(reflecting: mark)) cannot be the done mark: one character, one column wide, not a space, a "
                + "bracket or an emoji (such as x, ✓ or *)"
        }
    }
}
