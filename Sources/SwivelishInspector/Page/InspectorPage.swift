import Foundation

/// The inspector page of a trace: one HTML file with its data, script and styles inline, which opens from
/// disk and fetches nothing.
///
/// The page is kept in this target as Swift string literals (`InspectorPage+Style.swift`, `+Markup`, and
/// the script's parts), not as a resource file: a resource needs `Bundle.module`, which looks for a bundle
/// beside the executable at run time and fails once the executable is copied or installed elsewhere. A
/// literal is inside the executable.
///
/// What the page shows without its script (the summary and the problems) is written here, in HTML, so a
/// page whose script cannot run still says what is wrong with the trace.
public struct InspectorPage {
    /// The trace to show.
    public var trace: LoadedTrace
    /// The trace's name, as the page names it.
    public var source: String
    /// A step to mark as the first divergence of a replay, besides any divergence record in the trace.
    public var divergedAt: Int?

    public init(trace: LoadedTrace, source: String, divergedAt: Int? = nil) {
        self.trace = trace
        self.source = source
        self.divergedAt = divergedAt
    }

    /// The page.
    public func html() -> String {
        let problems = trace.problems.map { problem in
            "<li\(problem.severity == .note ? " class=\"note\"" : "")>\(escapeHTML(problem.description))</li>"
        }
        let body = Self.markup
            .replacingOccurrences(of: "{{SUMMARY}}", with: escapeHTML(staticSummary))
            .replacingOccurrences(of: "{{PROBLEMS}}", with: problems.joined())
            .replacingOccurrences(of: "{{PROBLEMS_HIDDEN}}", with: problems.isEmpty ? " hidden" : "")
            .replacingOccurrences(of: "{{PROBLEMS_CLASS}}", with: trace.hasErrors ? "" : " notes-only")
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; \
            style-src 'unsafe-inline'; img-src data:">
            <title>\(escapeHTML(source)) · Swivelish inspector</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            \(body)
            <script id="trace-data" type="application/json">
            """
        page += data()
        page += "</script>\n<script id=\"trace-records\" type=\"text/plain\">"
        page += recordLines()
        page += "</script>\n<script>\n(function () {\n\"use strict\";\n"
        page += [Self.modelScript, Self.listScript, Self.detailScript, Self.skeletonScript, Self.startScript]
            .joined(separator: "\n")
        page += "\n})();\n</script>\n</body>\n</html>\n"
        return page
    }

    /// What the page says before its script runs (the script replaces it with more).
    private var staticSummary: String {
        let count = trace.messageCount
        return "\(source) · \(count) \(count == 1 ? "message" : "messages")"
    }

    /// The embedded data, as JSON: what the page needs besides the records, the index of the messages
    /// (their steps, texts, types and flags), so that the page lists and searches the messages without
    /// parsing their records, and the descriptions of the state's types (``LoadedTrace/types``), so that its
    /// test skeleton writes each change as a test does without parsing every record.
    ///
    /// Every `<` is written `\u003c`, so that nothing in the data can close the script element (`</script>`)
    /// or open a comment: in valid JSON, `<` can only be inside a string, where the escape means the same.
    func data() -> String {
        let index = trace.messageIndex
        func numbers(_ values: [Int]) -> String { "[" + values.map(String.init).joined(separator: ",") + "]" }
        var json = "{\"source\":\(jsonString(source)),\"files\":[\(trace.files.map(jsonString).joined(separator: ","))]"
        json += ",\"header\":\(trace.header ?? "null")"
        json += ",\"divergedAt\":\(divergedAt.map(String.init) ?? "null")"
        json += ",\"secondFileStart\":\(trace.secondFileStart.map(String.init) ?? "null")"
        json += ",\"lines\":\(numbers(trace.lines))"
        json += ",\"types\":{"
        json += trace.types.sorted { $0.key < $1.key }.map { jsonString($0.key) + ":" + $0.value.json }
            .joined(separator: ",")
        json += "}"
        json += ",\"kinds\":\(jsonString(String(decoding: trace.kinds, as: UTF8.self)))"
        json += ",\"messages\":{\"steps\":\(numbers(index.steps)),\"types\":\(numbers(index.types))"
        json += ",\"flags\":\(numbers(index.flags)),\"changeCounts\":\(numbers(index.changeCounts))"
        json += ",\"typeNames\":[\(index.typeNames.map(jsonString).joined(separator: ","))]"
        json += ",\"texts\":[\(index.texts.map(jsonString).joined(separator: ",\n"))]}}"
        return json.replacingOccurrences(of: "<", with: "\\u003c")
    }

    /// The records, one per line, as they were written (every `<` written `\u003c`, as in ``data()``): the
    /// page parses a record when it needs it.
    func recordLines() -> String {
        trace.records.joined(separator: "\n").replacingOccurrences(of: "<", with: "\\u003c")
    }
}

/// `text` with `&`, `<`, `>` and `"` escaped, for HTML text and attributes.
func escapeHTML(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
        switch character {
        case "&": result += "&amp;"
        case "<": result += "&lt;"
        case ">": result += "&gt;"
        case "\"": result += "&quot;"
        default: result.append(character)
        }
    }
    return result
}

/// `text` as a JSON string.
func jsonString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
