/// The lines of the interactive screen, fitted to a terminal's width.
///
/// The screen is a block of lines drawn at the top of the terminal, one line per row:
///
/// ```
/// Swivelish counter
///
///     Count: 2
///
/// Ready.  (history: 2)
/// + - change   r random amount   u undo   q quit
/// ```
///
/// No line is wider than ``width``: a line that wrapped would take two rows, and the rows below it
/// would no longer be where the screen draws them. So the lines have shorter forms for narrow
/// terminals, and the longest form that fits is shown: at 30 columns the status line drops its long
/// wording and the help takes two rows. A line with no form that fits is cut at the width.
///
/// Widths are counted in characters, one column each, which holds for the ASCII text the app shows.
/// The escape sequences that make the count bold take no column.
///
/// ```swift
/// let layout = ScreenLayout(width: 30)
/// for line in layout.lines(count: 2, status: store.state.statusLineForms) {
///     print(line)
/// }
/// ```
public struct ScreenLayout: Equatable, Sendable {
    /// The terminal's width in columns: no line is wider.
    public let width: Int

    /// The row of the count line, 0 for the top row.
    public static let countRow = 2

    /// The row of the status line, 0 for the top row.
    public static let statusRow = 4

    /// The first row of the help, which takes one row or, on narrow terminals, two.
    public static let helpRow = 5

    /// The forms of the help, preferred first; the first whose lines all fit is shown.
    private static let helpForms: [[String]] = [
        ["+ - change   r random amount   u undo   q quit"],
        ["+ - change  r random  u undo  q quit"],
        ["+ - change   r random amount", "u undo   q quit"],
        ["+ - change  r random", "u undo  q quit"],
        ["+ - r u q"],
    ]

    private static let bold = "\u{1B}[1m"
    private static let normal = "\u{1B}[0m"

    /// Creates the layout of a terminal `width` columns wide; a negative width counts as 0.
    public init(width: Int) {
        self.width = max(width, 0)
    }

    /// Every line of the screen, top row first: the title, a blank line, the count line, a blank line,
    /// the status line, and the help lines.
    ///
    /// - Parameters:
    ///   - count: The count to show.
    ///   - status: The forms of the status line, longest first, such as
    ///     ``AppState/statusLineForms``.
    public func lines(count: Int, status: [String]) -> [String] {
        [titleLine, "", countLine(count), "", statusLine(status)] + helpLines
    }

    /// The title, `Swivelish counter`, cut at the width.
    public var titleLine: String {
        fit(["Swivelish counter"])
    }

    /// The count line, such as `    Count: 2` with the number in bold.
    ///
    /// When it does not fit, the indent goes first, then the label, and the number is cut last.
    public func countLine(_ count: Int) -> String {
        let number = String(count)
        for label in ["    Count: ", "Count: ", ""] where label.count + number.count <= width {
            return label + Self.bold + number + Self.normal
        }
        let cut = String(number.prefix(width))
        return cut.isEmpty ? "" : Self.bold + cut + Self.normal
    }

    /// The longest of `forms` that fits the width, or the last one cut at the width.
    ///
    /// - Parameter forms: The forms of the status line, longest first.
    public func statusLine(_ forms: [String]) -> String {
        fit(forms)
    }

    /// The help, `+ - change   r random amount   u undo   q quit`, or a shorter form: a shorter line
    /// from 36 columns, two lines from 20, and below that `+ - r u q`, cut at the width.
    public var helpLines: [String] {
        let form = Self.helpForms.first { $0.allSatisfy { $0.count <= width } } ?? Self.helpForms.last!
        return form.map { String($0.prefix(width)) }
    }

    /// How many columns `line` takes: its characters, less the escape sequences (`ESC [ ... letter`,
    /// or `ESC` and one character).
    public static func visibleWidth(of line: String) -> Int {
        var width = 0
        var inEscape = false
        var afterEscape = false
        for character in line {
            if afterEscape {
                afterEscape = false
                inEscape = character == "["
            } else if inEscape {
                inEscape = !character.isLetter
            } else if character == "\u{1B}" {
                afterEscape = true
            } else {
                width += 1
            }
        }
        return width
    }

    private func fit(_ forms: [String]) -> String {
        let form = forms.first { $0.count <= width } ?? forms.last ?? ""
        return String(form.prefix(width))
    }
}
