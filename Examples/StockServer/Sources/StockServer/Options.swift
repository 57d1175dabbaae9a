/// How the server keeps the stock.
enum Mode: String, Sendable {
    /// In a Swivelish store: an `IdentifiedArray` of items, changed by messages (``StoreInventory``).
    case store
    /// By hand: a dictionary behind a mutex (``HandInventory``).
    case hand
}

/// The server's options, read from its command line.
struct Options: Sendable {
    /// How the stock is kept.
    var mode = Mode.store
    /// How many items there are, with the ids `0..<items`.
    var items = 100_000
    /// The stock of each item at the start: enough that a 10-second load never sells an item out.
    var stock = 1_000_000
    /// The port the server listens on, on 127.0.0.1.
    var port = 8080
    /// How many rows are watched, the first ones (ids `0..<subscriptions`).
    var subscriptions = 100

    /// What `--help` prints.
    static let usage = """
        usage: StockServer [--mode store|hand] [--items N] [--stock S] [--port P] [--subscriptions K]

          --mode           store: a Swivelish store; hand: a dictionary behind a mutex (default store)
          --items          how many items, with the ids 0..<N (default 100000)
          --stock          each item's stock at the start (default 1000000)
          --port           the port to listen on, on 127.0.0.1 (default 8080)
          --subscriptions  how many rows are watched, ids 0..<K (default 100, at most N)
        """

    /// The options given by `arguments`, the command line without the program's name.
    ///
    /// - Throws: ``OptionsError`` for an unknown option, a missing or bad value, or `--help`.
    init(arguments: [String]) throws(OptionsError) {
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            if option == "--help" || option == "-h" {
                throw OptionsError(description: Self.usage, isHelp: true)
            }
            guard let value = remaining.popFirst() else {
                throw OptionsError(description: "\(option) needs a value\n\n\(Self.usage)")
            }
            switch option {
            case "--mode":
                guard let mode = Mode(rawValue: value) else {
                    throw OptionsError(description: "--mode is store or hand, not \"\(value)\"")
                }
                self.mode = mode
            case "--items": items = try Self.number(value, of: option, in: 1...Int(Int32.max))
            case "--stock": stock = try Self.number(value, of: option, in: 0...Int(Int32.max))
            case "--port": port = try Self.number(value, of: option, in: 1...65_535)
            case "--subscriptions": subscriptions = try Self.number(value, of: option, in: 0...Int(Int32.max))
            default: throw OptionsError(description: "unknown option \(option)\n\n\(Self.usage)")
            }
        }
        guard subscriptions <= items else {
            throw OptionsError(description: "--subscriptions (\(subscriptions)) is more than --items (\(items))")
        }
    }

    /// `text` as a whole number in `range`.
    private static func number(_ text: String, of option: String, in range: ClosedRange<Int>) throws(OptionsError)
        -> Int
    {
        guard let number = Int(text), range.contains(number) else {
            throw OptionsError(description: "\(option) takes a whole number in \(range), not \"\(text)\"")
        }
        return number
    }
}

/// Why the command line was not understood, or the help it asked for.
struct OptionsError: Error, CustomStringConvertible {
    /// What to print.
    var description: String
    /// Whether it is the help that `--help` asked for, not an error.
    var isHelp = false
}
