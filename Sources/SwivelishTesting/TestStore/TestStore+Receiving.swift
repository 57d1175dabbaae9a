import Swivelish

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension TestStore {
    /// Waits for the next message an effect dispatched and checks that it equals `expected` and
    /// changed the state as `expectedChange` says.
    ///
    /// In exhaustive mode the next message must be the expected one; with ``Exhaustivity/off``, the
    /// messages before the first match are skipped. A message that has arrived already is checked at
    /// once, without waiting.
    ///
    /// - Parameters:
    ///   - expected: The message expected next.
    ///   - timeout: How long to wait for it; the store's ``timeout`` by default.
    ///   - expectedChange: Changes the state before the message into the state you expect after it.
    ///   - fileID: The caller's file, for failures.
    ///   - filePath: The caller's file, for failures.
    ///   - line: The caller's line, for failures.
    ///   - column: The caller's column, for failures.
    public func receive<M: Message & Equatable>(
        _ expected: M,
        timeout: Duration? = nil,
        assert expectedChange: ((inout S) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            describing: codeDescription(of: expected), matching: { ($0 as? M) == expected }, timeout: timeout,
            expectedChange, at: site)
    }

    /// Waits for the next message an effect dispatched and checks that it is an `M` for which
    /// `predicate` holds (for instance, a case match) and changed the state as `expectedChange` says.
    ///
    /// ```swift
    /// await store.receive(SearchMessage.self, where: { if case .loaded = $0 { true } else { false } }) {
    ///     $0.isLoading = false
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type of the message expected next.
    ///   - predicate: What the message must satisfy; any `M` by default.
    ///   - timeout: How long to wait for it; the store's ``timeout`` by default.
    ///   - expectedChange: Changes the state before the message into the state you expect after it.
    ///   - fileID: The caller's file, for failures.
    ///   - filePath: The caller's file, for failures.
    ///   - line: The caller's line, for failures.
    ///   - column: The caller's column, for failures.
    public func receive<M: Message>(
        _ type: M.Type,
        where predicate: @escaping (M) -> Bool = { _ in true },
        timeout: Duration? = nil,
        assert expectedChange: ((inout S) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        await receive(
            describing: "a matching \(M.self)", matching: { ($0 as? M).map(predicate) ?? false },
            timeout: timeout, expectedChange, at: site)
    }

    private func receive(
        describing expected: String,
        matching matches: (any Message) -> Bool,
        timeout: Duration?,
        _ expectedChange: ((inout S) throws -> Void)?,
        at site: CallSite
    ) async {
        let deadline = ContinuousClock.now + (timeout ?? self.timeout)
        while true {
            guard let next = await recorder.nextReceived(waitingUntil: deadline) else {
                let running = recorder.messagesWithRunningEffects
                reporter.report(
                    "Expected to receive \(expected), but no message arrived in time"
                        + (running.isEmpty
                            ? "; no effect is running"
                            : "; still running: \(effectNames(running).joined(separator: ", "))"),
                    at: site)
                return
            }
            if matches(next.message) {
                check(
                    next.after, from: next.before, expectedChange,
                    describing: "receiving \(codeDescription(of: next.message))",
                    at: site)
                return
            }
            if exhaustivity == .on {
                reporter.report("Received \(codeDescription(of: next.message)), expected \(expected)", at: site)
                return
            }
        }
    }
}
