import Swivelish

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension TestStore {
    func check(
        _ actual: S, from before: S, _ expectedChange: ((inout S) throws -> Void)?, describing action: String,
        at site: CallSite
    ) {
        var expected = exhaustivity == .on ? before : actual
        do {
            try expectedChange?(&expected)
        } catch {
            reporter.report("The expected change for \(action) threw \(error)", at: site)
            return
        }
        guard expected != actual else { return }
        let lines = difference(expected: expected, actual: actual)
        reporter.report(
            "The state after \(action) is not the expected one:\n"
                + (lines.isEmpty ? "(no difference visible field by field)" : lines.joined(separator: "\n")),
            at: site)
    }

    func checkEnd(at site: CallSite, when moment: String) {
        guard exhaustivity == .on else { return }
        let pending = recorder.pendingMessages
        if !pending.isEmpty {
            reporter.report(
                "\(pending.count == 1 ? "A message" : "\(pending.count) messages") dispatched by effects "
                    + "\(pending.count == 1 ? "was" : "were") not received when \(moment): \(listed(pending))",
                at: site)
        }
        for name in effectNames(recorder.messagesWithRunningEffects) {
            reporter.report(
                "\(name.prefix(1).uppercased() + name.dropFirst()) was still running when \(moment)", at: site)
        }
    }

    func listed(_ messages: [any Message]) -> String {
        messages.map { codeDescription(of: $0) }.joined(separator: ", ")
    }

    func effectNames(_ messages: [any Message]) -> [String] {
        messages.map { "the effect of \(codeDescription(of: $0))" }
    }
}
