import CounterCore
import Testing

@Test(arguments: [
    ("+", Command.increment(by: 1)),
    ("-", .decrement(by: 1)),
    ("+5", .increment(by: 5)),
    ("-12", .decrement(by: 12)),
    ("+1000000", .increment(by: 1_000_000)),
    ("r", .fetchRandomAmount),
    ("u", .undo),
    ("q", .quit),
    ("  +3\t", .increment(by: 3)),
    ("u\r", .undo),
])
func scriptLinesParse(line: String, command: Command) throws {
    #expect(try Command(parsing: line) == command)
}

@Test(arguments: ["", "   ", "# a comment", "  # indented comment"])
func blankLinesAndCommentsAreSkipped(line: String) throws {
    #expect(try Command(parsing: line) == nil)
}

@Test(arguments: ["x", "++", "+ 5", "+5x", "R", "quit", "5", "+-5", "+٣"])
func unknownLinesAreRejected(line: String) {
    #expect(throws: CommandError.unknownCommand(line: line)) { try Command(parsing: line) }
}

@Test(arguments: ["+0", "-0", "+1000001", "+99999999999999999999999"])
func amountsOutOfRangeAreRejected(line: String) {
    #expect(throws: CommandError.amountOutOfRange(line: line)) { try Command(parsing: line) }
}

@Test func errorsQuoteTheTrimmedLine() {
    #expect(throws: CommandError.unknownCommand(line: "x")) { try Command(parsing: "  x  ") }
    #expect(
        CommandError.unknownCommand(line: "say \"hi\"").description
            == #"unknown command "say \"hi\"" (expected +, -, +N, -N, r, u or q)"#)
    #expect(
        CommandError.amountOutOfRange(line: "+0").description
            == #"amount out of range in "+0" (N must be from 1 to 1000000)"#)
}

@Test func keysMapToCommands() {
    #expect(Command(key: UInt8(ascii: "+")) == .increment(by: 1))
    #expect(Command(key: UInt8(ascii: "=")) == .increment(by: 1))
    #expect(Command(key: UInt8(ascii: "-")) == .decrement(by: 1))
    #expect(Command(key: UInt8(ascii: "r")) == .fetchRandomAmount)
    #expect(Command(key: UInt8(ascii: "u")) == .undo)
    #expect(Command(key: UInt8(ascii: "q")) == .quit)
    #expect(Command(key: UInt8(ascii: "x")) == nil)
    #expect(Command(key: 27) == nil)
}

@Test func commandsCarryTheirMessages() {
    #expect(Command.increment(by: 2).message as? CounterMessage == .increment(amount: 2))
    #expect(Command.decrement(by: 2).message as? CounterMessage == .decrement(amount: 2))
    #expect(Command.fetchRandomAmount.message as? FetchMessage == .start)
    #expect(Command.undo.message as? HistoryMessage == .undo)
    #expect(Command.quit.message == nil)
}
