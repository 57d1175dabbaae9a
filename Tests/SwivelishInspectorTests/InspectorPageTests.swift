import Foundation
import Testing

@testable import SwivelishInspector

@Suite("The inspector page")
struct InspectorPageTests {
    @Test func theDataCannotCloseTheScriptElement() throws {
        var trace = LoadedTrace()
        let record =
            #"{"kind":"message","step":1,"text":"Say(\"</script><script>alert(1)</script><!--\")","changes":[]}"#
        trace.records = [record]
        trace.lines = [2]
        trace.kinds = [UInt8(ascii: "m")]
        trace.messageIndex.append(try #require(JSONSerialization.jsonObject(with: Data(record.utf8)) as? [String: Any]))
        let html = InspectorPage(trace: trace, source: "a<b>.jsonl").html()
        func element(_ opening: String) throws -> String {
            let start = try #require(html.range(of: opening))
            let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
            return String(html[start.upperBound..<end.lowerBound])
        }
        let data = try element(#"<script id="trace-data" type="application/json">"#)
        let records = try element(#"<script id="trace-records" type="text/plain">"#)
        #expect(!data.contains("<"))
        #expect(!records.contains("<"))
        // Both are still the JSON they were, with `<` escaped inside their strings.
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
        let texts = (parsed["messages"] as? [String: Any])?["texts"] as? [String]
        #expect(texts == [#"Say("</script><script>alert(1)</script><!--")"#])
        #expect(parsed["source"] as? String == "a<b>.jsonl")
        let parsedRecord = try JSONSerialization.jsonObject(with: Data(records.utf8)) as? [String: Any]
        #expect(parsedRecord?["text"] as? String == #"Say("</script><script>alert(1)</script><!--")"#)
        #expect(html.contains("<title>a&lt;b&gt;.jsonl · Swivelish inspector</title>"))
    }

    @Test func theProblemsAreInThePageEvenWithoutItsScript() {
        var trace = LoadedTrace()
        trace.problems = [TraceProblem(file: "t.jsonl", line: 3, message: "not JSON (<oops>); skipped")]
        let html = InspectorPage(trace: trace, source: "t.jsonl").html()
        #expect(html.contains("<li>t.jsonl, line 3: not JSON (&lt;oops&gt;); skipped</li>"))
        #expect(!html.contains(#"aria-labelledby="problems-heading" hidden"#))
    }

    @Test func thePageFetchesNothing() {
        let html = InspectorPage(trace: LoadedTrace(), source: "t.jsonl").html()
        #expect(html.contains("default-src 'none'"))
        for remote in ["http://", "https://", "src=\"//", "<link"] {
            #expect(!html.contains(remote), "\(remote)")
        }
    }
}
