import CounterCore
import Testing

private let bold = "\u{1B}[1m"
private let normal = "\u{1B}[0m"

private func state(count: Int = 2, undoDepth: Int = 2, isLoading: Bool = false) -> AppState {
    var state = AppState(count: count)
    state.counter.past = Array(repeating: CounterState(count: 0), count: undoDepth)
    state.fetch.isLoading = isLoading
    return state
}

@Test func wideTerminalShowsTheFullScreen() {
    let expected = [
        "Swivelish counter",
        "",
        "    Count: \(bold)2\(normal)",
        "",
        "Loading a random amount...  (history: 2)",
        "+ - change   r random amount   u undo   q quit",
    ]
    #expect(ScreenLayout(width: 100).lines(count: 2, status: state(isLoading: true).statusLineForms) == expected)
}

@Test func terminalAsWideAsTheHelpShowsItOnOneLine() {
    let lines = ScreenLayout(width: 46).lines(count: 2, status: state(isLoading: true).statusLineForms)
    #expect(
        lines == [
            "Swivelish counter",
            "",
            "    Count: \(bold)2\(normal)",
            "",
            "Loading a random amount...  (history: 2)",
            "+ - change   r random amount   u undo   q quit",
        ])
    #expect(ScreenLayout.visibleWidth(of: lines[ScreenLayout.helpRow]) == 46)
}

@Test func narrowTerminalShowsShortFormsAndTheHelpOnTwoLines() {
    let layout = ScreenLayout(width: 30)
    #expect(
        layout.lines(count: 2, status: state(isLoading: true).statusLineForms) == [
            "Swivelish counter",
            "",
            "    Count: \(bold)2\(normal)",
            "",
            "Loading...  (history: 2)",
            "+ - change   r random amount",
            "u undo   q quit",
        ])
    #expect(layout.statusLine(state().statusLineForms) == "Ready.  (history: 2)")
}

@Test func helpTakesTheLongestFormThatFits() {
    #expect(ScreenLayout(width: 45).helpLines == ["+ - change  r random  u undo  q quit"])
    #expect(ScreenLayout(width: 36).helpLines == ["+ - change  r random  u undo  q quit"])
    #expect(ScreenLayout(width: 35).helpLines == ["+ - change   r random amount", "u undo   q quit"])
    #expect(ScreenLayout(width: 20).helpLines == ["+ - change  r random", "u undo  q quit"])
    #expect(ScreenLayout(width: 9).helpLines == ["+ - r u q"])
    #expect(ScreenLayout(width: 5).helpLines == ["+ - r"])
}

@Test func countLineDropsTheIndentThenTheLabelBeforeCuttingTheNumber() {
    let smallest = String(Int.min)  // 20 characters
    #expect(ScreenLayout(width: 31).countLine(.min) == "    Count: \(bold)\(smallest)\(normal)")
    #expect(ScreenLayout(width: 30).countLine(.min) == "Count: \(bold)\(smallest)\(normal)")
    #expect(ScreenLayout(width: 20).countLine(.min) == "\(bold)\(smallest)\(normal)")
    #expect(ScreenLayout(width: 3).countLine(.min) == "\(bold)-92\(normal)")
    #expect(ScreenLayout(width: 0).countLine(.min) == "")
}

@Test func statusLineCutsItsShortestFormWhenNoneFits() {
    let forms = state(isLoading: true).statusLineForms
    #expect(ScreenLayout(width: 24).statusLine(forms) == "Loading...  (history: 2)")
    #expect(ScreenLayout(width: 23).statusLine(forms) == "Loading...")
    #expect(ScreenLayout(width: 4).statusLine(forms) == "Load")
    #expect(ScreenLayout(width: -1).statusLine(forms) == "")
}

@Test func noLineIsWiderThanTheTerminal() {
    let statuses = [
        state(count: .min, undoDepth: 100, isLoading: true).statusLineForms,
        state(count: .min, undoDepth: 100, isLoading: true).quitStatusLineForms,
        state(count: .max, undoDepth: 100).statusLineForms,
    ]
    for width in 0...120 {
        let layout = ScreenLayout(width: width)
        for count in [0, -7, .max, .min] {
            for status in statuses {
                let lines = layout.lines(count: count, status: status)
                #expect(lines.allSatisfy { ScreenLayout.visibleWidth(of: $0) <= width }, "width \(width)")
                #expect(lines.count == ScreenLayout.helpRow + layout.helpLines.count)
            }
        }
    }
}

@Test func quitWhileLoadingSaysTheFetchWasDropped() {
    let loading = state(isLoading: true)
    #expect(
        ScreenLayout(width: 80).statusLine(loading.quitStatusLineForms)
            == "Quit; the fetch in flight was dropped.  (history: 2)")
    #expect(ScreenLayout(width: 46).statusLine(loading.quitStatusLineForms) == "Quit; fetch dropped.  (history: 2)")
    #expect(ScreenLayout(width: 30).statusLine(loading.quitStatusLineForms) == "Quit; fetch dropped.")
    #expect(state().quitStatusLineForms == state().statusLineForms)
}

@Test func visibleWidthSkipsEscapeSequences() {
    #expect(ScreenLayout.visibleWidth(of: "ab") == 2)
    #expect(ScreenLayout.visibleWidth(of: "\(bold)-12\(normal)") == 3)
    #expect(ScreenLayout.visibleWidth(of: "\u{1B}[12;1Hx\u{1B}7") == 1)
}
