extension AppState {
    /// The one-line summary the scripted mode prints after each change, such as
    /// `count: 6  history: 2  loading`.
    ///
    /// `history` is how many changes can be undone; `loading` appears while a fetch runs.
    public var summary: String {
        "count: \(count)  history: \(undoDepth)" + (isLoading ? "  loading" : "")
    }

    /// The status line of the interactive screen, such as `Loading a random amount...  (history: 2)`.
    public var statusLine: String {
        (isLoading ? "Loading a random amount..." : "Ready.") + "  (history: \(undoDepth))"
    }
}
