/// A block of lines drawn once at the cursor, then redrawn one line at a time, in place.
///
/// The cursor rests on the last line; redrawing line `i` moves up to it, rewrites it, clears what is
/// left of the old text, and moves back down. Lines should fit the terminal's width: a wrapped line
/// would throw the count of lines off.
struct Screen: Sendable {
    private let terminal: Terminal
    private let lineCount: Int

    /// Draws `lines` below the cursor.
    init(terminal: Terminal, lines: [String]) {
        precondition(!lines.isEmpty, "Screen: there must be at least one line")
        self.terminal = terminal
        lineCount = lines.count
        terminal.output(lines.joined(separator: "\n"))
    }

    /// Replaces line `index` (0 for the first) with `text`.
    func replace(line index: Int, with text: String) {
        precondition((0..<lineCount).contains(index), "Screen: no line \(index)")
        let distance = lineCount - 1 - index
        // "ESC [ 0 A" would still move one line, so a move of zero is left out.
        let up = distance > 0 ? "\u{1B}[\(distance)A" : ""
        let down = distance > 0 ? "\u{1B}[\(distance)B" : ""
        terminal.output(up + "\r" + text + "\u{1B}[K" + down)
    }
}
