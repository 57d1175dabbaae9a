import Swivelish
import SwivelishTesting
import TestSupport
import Testing

private typealias Action = Counter.Action

/// Runs `body`, expecting it to record failures: each of `fragments` must appear in one of them, and
/// each failure must contain one of `fragments`.
private func expectFailures(
    _ fragments: String..., sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async -> Void
) async {
    let recorded = Locked<[String]>([])
    await withKnownIssue(isIntermittent: false) {
        await body()
    } matching: { issue in
        let text = issue.comments.map(\.rawValue).joined(separator: "\n")
        recorded.withValue { $0.append(text) }
        return true
    }
    let texts = recorded.withValue { $0 }
    for fragment in fragments {
        #expect(
            texts.contains { $0.contains(fragment) }, "no failure mentions \(fragment): \(texts)",
            sourceLocation: sourceLocation)
    }
    for text in texts {
        #expect(
            fragments.contains { text.contains($0) }, "unexpected failure: \(text)",
            sourceLocation: sourceLocation)
    }
}

@Suite("TestStore")
struct TestStoreTests {
    // MARK: Passing tests pass

    @Test func exhaustiveTestOfSyncAsyncAndClosureEffectsPasses() async {
        // A message from an effect's task can take longer than the default second to arrive under
        // ThreadSanitizer on a loaded machine (seen once in CI); `receive` returns as soon as it arrives.
        let store = TestStore(initialState: Counter(), timeout: .seconds(30))
        store.send(Action.increment) {
            $0.count = 1
            $0.history = [1]
        }
        store.send(Action.fetch) { $0.isLoading = true }
        await store.receive(Action.loaded(42)) {
            $0.isLoading = false
            $0.count = 43
        }
        store.send(Action.fetchWithCallback) { $0.isLoading = true }
        await store.receive(Action.self, where: { if case .loaded = $0 { true } else { false } }) {
            $0.isLoading = false
            $0.count = 50
        }
        store.send(Action.twoStep)
        await store.receive(Action.add(1)) { $0.count = 51 }
        await store.receive(Action.add(2)) { $0.count = 53 }
        store.expect(\.count, 53)
        await store.finish()
    }

    @Test func cancelledEffectsLeaveNothingRunning() async {
        let store = TestStore(initialState: Counter())
        store.send(Action.fetchForever) { $0.isLoading = true }
        store.send(Action.cancelFetch) { $0.isLoading = false }
        await store.finish()
    }

    @Test func nonExhaustiveChecksOnlyWhatIsAsserted() async {
        let store = TestStore(initialState: Counter(), exhaustivity: .off)
        store.send(Action.increment) { $0.count = 1 }  // history changed too: not checked
        store.send(Action.twoStep)
        await store.receive(Action.add(2)) { $0.count = 4 }  // .add(1) skipped
        store.send(Action.fetchForever)  // left running: not a failure
        await store.finish(timeout: .milliseconds(50))
    }

    @Test func skipReceivedMessagesForgetsThem() async {
        let store = TestStore(initialState: Counter())
        store.send(Action.twoStep)
        await store.receive(Action.add(1)) { $0.count = 1 }
        store.skipReceivedMessages()
        await store.finish()
        #expect(store.state.count == 3)
    }

    // MARK: Every kind of mismatch fails, at the caller, with a readable message

    @Test func sendWithWrongExpectedChangeShowsTheDifference() async {
        await expectFailures("count: expected 2, got 1", "history[0]: expected 2, got 1") {
            let store = TestStore(initialState: Counter())
            store.send(Action.increment) {
                $0.count = 2
                $0.history = [2]
            }
        }
    }

    @Test func sendWithoutExpectedChangeFailsWhenStateChanged() async {
        await expectFailures("The state after sending Counter.Action.increment is not the expected one") {
            let store = TestStore(initialState: Counter())
            store.send(Action.increment)
        }
    }

    @Test func missingCollectionElementAndDictionaryEntryAreNamed() async {
        await expectFailures("history: expected 2 elements, got 1", "names[\"b\"]: missing 0") {
            let store = TestStore(initialState: Counter())
            store.send(Action.increment) {
                $0.count = 1
                $0.history = [1, 5]
            }
            store.send(Action.name("a")) {
                $0.names = ["a": 1, "b": 0]
            }
        }
    }

    @Test func receivingAnotherMessageFails() async {
        await expectFailures("Received Counter.Action.add(1), expected Counter.Action.add(2)") {
            let store = TestStore(initialState: Counter())
            store.send(Action.twoStep)
            await store.receive(Action.add(2)) { $0.count = 2 }
            store.skipReceivedMessages()
        }
    }

    @Test func receivedStateMismatchFails() async {
        await expectFailures(
            "The state after receiving Counter.Action.loaded(42) is not the expected one", "count: expected 41, got 42"
        ) {
            let store = TestStore(initialState: Counter(), timeout: .seconds(30))  // as in the test above
            store.send(Action.fetch) { $0.isLoading = true }
            await store.receive(Action.loaded(42)) {
                $0.isLoading = false
                $0.count = 41
            }
        }
    }

    @Test func receiveTimesOutWhenNothingArrives() async {
        await expectFailures("Expected to receive Counter.Action.add(5), but no message arrived in time") {
            let store = TestStore(initialState: Counter(), timeout: .milliseconds(50))
            store.send(Action.add(1)) { $0.count = 1 }
            await store.receive(Action.add(5))
        }
    }

    @Test func unreceivedMessagesFailAtFinish() async {
        await expectFailures(
            "2 messages dispatched by effects were not received when the test finished: Counter.Action.add(1), Counter.Action.add(2)"
        ) {
            let store = TestStore(initialState: Counter())
            store.send(Action.twoStep)
            await store.finish()
        }
    }

    @Test func effectStillRunningFailsAtFinishNamingIt() async {
        await expectFailures("The effect of Counter.Action.fetchForever was still running when the test finished") {
            let store = TestStore(initialState: Counter())
            store.send(Action.fetchForever) { $0.isLoading = true }
            await store.finish(timeout: .milliseconds(50))
        }
    }

    @Test func leftoversFailWhenTheStoreIsFreedWithoutFinish() async {
        await expectFailures(
            "The effect of Counter.Action.fetchForever was still running when the test store was freed",
            "A message dispatched by effects was not received when the test store was freed: Counter.Action.loaded(7)"
        ) {
            let store = TestStore(initialState: Counter())
            store.send(Action.fetchForever) { $0.isLoading = true }
            // A closure effect: it has finished when `send` returns, and its message comes later, from
            // another thread (sent last, so that the message cannot arrive before a send that forbids it).
            store.send(Action.fetchWithCallback)
            while store.state.count != 7 { await Task.yield() }  // loaded(7) has arrived
        }
    }

    @Test func sendingBeforeReceivingFails() async {
        await expectFailures(
            "Must receive Counter.Action.add(1), Counter.Action.add(2) dispatched by effects before sending Counter.Action.increment"
        ) {
            let store = TestStore(initialState: Counter())
            store.send(Action.twoStep)
            store.send(Action.increment) {
                $0.count = 4
                $0.history = [4]
            }
            store.skipReceivedMessages()
        }
    }

    @Test func expectKeyPathFails() async {
        await expectFailures("count is 1, expected 2") {
            let store = TestStore(initialState: Counter())
            store.send(Action.add(1)) { $0.count = 1 }
            store.expect(\.count, 2)
            store.expect(\.count, 1)
        }
    }

    @Test func throwingExpectedChangeFails() async {
        struct Oops: Error {}
        await expectFailures("The expected change for sending Counter.Action.add(1) threw Oops()") {
            let store = TestStore(initialState: Counter())
            store.send(Action.add(1)) { _ in throw Oops() }
        }
    }

    @Test func failuresAreReportedAtTheCallersLine() {
        let expectedLine = #line + 4
        withKnownIssue {
            let store = TestStore(initialState: Counter())
            // The failing call is on the line below.
            store.send(Action.add(1))
        } matching: { issue in
            issue.sourceLocation?.line == expectedLine
                && issue.sourceLocation?.fileName == "TestStoreTests.swift"
        }
    }
}
