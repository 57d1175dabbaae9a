import Foundation
import Testing

@testable import SwivelishInspector

@Suite("The inspector page")
struct InspectorPageTests {
    @Test func theDataCannotCloseTheScriptElement() throws {
        var trace = LoadedTrace()
        trace.records = [
            #"{"kind":"message","step":1,"text":"Say(\"</script><script>alert(1)</script><!--\")","changes":[]}"#
        ]
        trace.lines = [2]
        let html = InspectorPage(trace: trace, source: "a<b>.jsonl").html()
        let dataStart = try #require(html.range(of: #"<script id="trace-data" type="application/json">"#))
        let dataEnd = try #require(html.range(of: "</script>", range: dataStart.upperBound..<html.endIndex))
        let data = String(html[dataStart.upperBound..<dataEnd.lowerBound])
        #expect(!data.contains("<"))
        // The data is still the JSON it was, with `<` escaped inside its strings.
        let parsed = try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any]
        let record = try #require((parsed?["records"] as? [[String: Any]])?.first)
        #expect(record["text"] as? String == #"Say("</script><script>alert(1)</script><!--")"#)
        #expect(parsed?["source"] as? String == "a<b>.jsonl")
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
