extension AppState {
    /// The one-line summary the scripted mode prints after each change, such as
    /// `count: 6  history: 2  loading`.
    ///
    /// `history` is how many changes can be undone; `loading` appears while a fetch runs.
    public var summary: String {
        "count: \(count)  history: \(undoDepth)" + (isLoading ? "  loading" : "")
    }

    /// The status line of the interactive screen, such as `Loading a random amount...  (history: 2)`.
    ///
    /// The longest of ``statusLineForms``.
    public var statusLine: String {
        statusLineForms[0]
    }

    /// The status line of the interactive screen in every form, longest first, for
    /// ``ScreenLayout/statusLine(_:)`` to pick the longest that fits the terminal.
    ///
    /// ```swift
    /// // ["Loading a random amount...  (history: 2)", "Loading...  (history: 2)", "Loading..."]
    /// ```
    public var statusLineForms: [String] {
        let history = "  (history: \(undoDepth))"
        return isLoading
            ? ["Loading a random amount..." + history, "Loading..." + history, "Loading..."]
            : ["Ready." + history, "Ready."]
    }

    /// The status line to leave on the screen when the session ends, in every form, longest first.
    ///
    /// It is ``statusLineForms``, except while a fetch runs: the session does not wait for it, so the
    /// screen must not be left saying that an amount is on its way. Then it is
    /// `Quit; the fetch in flight was dropped.  (history: 2)`, or a shorter form.
    public var quitStatusLineForms: [String] {
        guard isLoading else { return statusLineForms }
        let history = "  (history: \(undoDepth))"
        return [
            "Quit; the fetch in flight was dropped." + history, "Quit; fetch dropped." + history,
            "Quit; fetch dropped.",
        ]
    }
}
