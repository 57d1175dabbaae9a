extension Command {
    /// The most seconds `wait` may let pass at once: a day.
    public static let maximumWait = 86_400

    /// Parses one line of a script.
    ///
    /// Surrounding whitespace is ignored, and words are separated by spaces or tabs. A title is the rest
    /// of the line, trimmed, and may not be empty. Row numbers are whole numbers from 1.
    ///
    /// - Returns: The command, or `nil` for a blank line or a comment (a line starting with `#`).
    /// - Throws: ``CommandError`` for any other line.
    public init?(parsing line: String) throws(CommandError) {
        let text = line.trimmingWhitespace()
        guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
        let word = String(text.prefix { !$0.isWhitespace })
        let rest = String(text.dropFirst(word.count)).trimmingWhitespace()
        let arguments = rest.split(whereSeparator: \.isWhitespace).map(String.init)

        func bad(_ usage: String) -> CommandError {
            .badArguments(command: word, usage: usage)
        }
        func number(_ text: String, _ usage: String, in range: ClosedRange<Int>) throws(CommandError) -> Int {
            guard text.allSatisfy(\.isASCIIDigit), let value = Int(text), range.contains(value) else {
                throw bad(usage)
            }
            return value
        }
        func row(_ usage: String) throws(CommandError) -> Int {
            guard arguments.count == 1 else { throw bad(usage) }
            return try number(arguments[0], usage, in: 1...Int.max)
        }

        switch word {
        case "add":
            guard !rest.isEmpty else { throw bad("add TITLE") }
            self = .add(title: rest)
        case "toggle":
            self = .toggle(row: try row("toggle N"))
        case "edit":
            let usage = "edit N TITLE"
            guard let first = arguments.first, arguments.count >= 2 else { throw bad(usage) }
            let title = String(rest.dropFirst(first.count)).trimmingWhitespace()
            self = .edit(row: try number(first, usage, in: 1...Int.max), title: title)
        case "delete":
            self = .delete(row: try row("delete N"))
        case "filter":
            let usage = "filter all|active|done"
            guard arguments.count == 1, let filter = TodoFilter(rawValue: arguments[0]) else { throw bad(usage) }
            self = .filter(filter)
        case "move":
            let usage = "move N M"
            guard arguments.count == 2 else { throw bad(usage) }
            self = .move(
                row: try number(arguments[0], usage, in: 1...Int.max),
                toRow: try number(arguments[1], usage, in: 1...Int.max))
        case "open":
            self = .open(row: try row("open N"))
        case "set":
            let usage = "set mark CHARACTER, or set ids on|off"
            guard arguments.count == 2 else { throw bad(usage) }
            switch (arguments[0], arguments[1]) {
            case let ("mark", mark):
                guard TodoSettings.isValidMark(mark) else { throw .badMark(mark) }
                self = .setMark(mark)
            case ("ids", "on"), ("ids", "off"):
                self = .setShowsIDs(arguments[1] == "on")
            default:
                throw bad(usage)
            }
        case "remind":
            let usage = "remind SECONDS, from 1 to \(TodoDetail.maximumSeconds)"
            guard arguments.count == 1 else { throw bad(usage) }
            self = .remind(seconds: try number(arguments[0], usage, in: 1...TodoDetail.maximumSeconds))
        case "wait":
            let usage = "wait SECONDS, from 1 to \(Self.maximumWait)"
            guard arguments.count == 1 else { throw bad(usage) }
            self = .wait(seconds: try number(arguments[0], usage, in: 1...Self.maximumWait))
        case "history", "settings", "back", "close", "list", "quit":
            guard arguments.isEmpty else { throw bad(word) }
            let commands: [String: Command] = [
                "history": .history, "settings": .settings, "back": .back, "close": .close, "list": .list,
                "quit": .quit,
            ]
            self = commands[word]!
        default:
            throw .unknownCommand(word)
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
