import Foundation
import Testing

@testable import Swivelish

@Suite("A screen stack as a value")
struct ScreenStackTests {
    @Test func pushMakesIDsThatNeverRepeat() {
        var stack = ScreenStack<Route>()
        let first = stack.push(.detail(Detail(item: 1)))
        let second = stack.push(.detail(Detail(item: 1)))
        #expect(first == 1 && second == 2)
        stack.pop()
        // The popped screen's id is not made again.
        let third = stack.push(.history(History(item: 1)))
        #expect(third == 3)
        #expect(Array(stack.ids) == [1, 3])
        #expect(stack.count == 2)
        #expect(stack.last == .history(History(item: 1)))
    }

    @Test func popsToAScreenFromAScreenSeveralAndToTheRoot() {
        var stack = ScreenStack<Route>((1...6).map { .detail(Detail(item: $0)) })
        #expect(Array(stack.ids) == [1, 2, 3, 4, 5, 6])
        stack.pop(count: 2)
        #expect(Array(stack.ids) == [1, 2, 3, 4])
        let poppedToTwo = stack.pop(to: 2)
        #expect(poppedToTwo)
        #expect(Array(stack.ids) == [1, 2])
        let poppedToMissing = stack.pop(to: 9)
        let poppedFromMissing = stack.pop(from: 9)
        #expect(!poppedToMissing && !poppedFromMissing)
        #expect(Array(stack.ids) == [1, 2])
        let poppedFromTwo = stack.pop(from: 2)
        #expect(poppedFromTwo)
        #expect(Array(stack.ids) == [1])
        stack.pop(count: 5)
        #expect(stack.isEmpty)
        stack.push(.detail(Detail(item: 7)))
        stack[id: 7] = nil  // no such screen: nothing happens
        stack.popToRoot()
        #expect(stack.isEmpty)
        #expect(stack.pop() == nil)
    }

    @Test func settingAScreenToNilPopsItAndTheScreensAboveIt() {
        var stack: ScreenStack<Route> = [.detail(Detail(item: 1)), .detail(Detail(item: 2)), .detail(Detail(item: 3))]
        stack[id: 2] = nil
        #expect(Array(stack.ids) == [1])
        stack[id: 1] = .history(History(item: 1))
        #expect(stack[id: 1] == .history(History(item: 1)))
    }

    @Test func replacingGivesNewIDs() {
        var stack: ScreenStack<Route> = [.detail(Detail(item: 1))]
        stack.replace(with: [.detail(Detail(item: 1)), .history(History(item: 1))])
        #expect(Array(stack.ids) == [2, 3])
    }

    @Test func aStackRoundTripsThroughAFile() throws {
        var stack: ScreenStack<Route> = [.detail(Detail(item: 1, isLoaded: true)), .history(History(item: 1))]
        stack.push(.history(History(item: 2, entries: ["made"])))
        stack.pop(from: 2)
        stack.push(.detail(Detail(item: 3)))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stack-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSONEncoder().encode(stack).write(to: file)
        var restored = try JSONDecoder().decode(ScreenStack<Route>.self, from: Data(contentsOf: file))
        #expect(restored == stack)
        #expect(Array(restored.ids) == [1, 4])
        // The count of ids is restored: the next id is new.
        let next = restored.push(.detail(Detail(item: 5)))
        #expect(next == 5)
    }

    @Test(arguments: [
        (
            #"{"screens": [{"id": 1, "screen": {"history": {"_0": {"item": 1, "entries": []}}}}, "#
                + #"{"id": 1, "screen": {"history": {"_0": {"item": 2, "entries": []}}}}], "nextID": 3}"#,
            "Two screens have the id 1"
        ),
        (
            #"{"screens": [{"id": 4, "screen": {"history": {"_0": {"item": 1, "entries": []}}}}], "nextID": 3}"#,
            "nextID 3 is not above the id 4"
        ),
    ])
    func aFileWithARepeatedIDIsRefused(json: String, reason: String) {
        #expect {
            try JSONDecoder().decode(ScreenStack<Route>.self, from: Data(json.utf8))
        } throws: { error in
            guard case let DecodingError.dataCorrupted(context) = error else { return false }
            return context.debugDescription.contains(reason)
        }
    }

    @Test func aTruncatedFileIsAnErrorNotACrash() throws {
        let stack: ScreenStack<Route> = [.detail(Detail(item: 1)), .history(History(item: 1))]
        let data = try JSONEncoder().encode(stack)
        for length in stride(from: 0, to: data.count, by: 7) {
            #expect(throws: DecodingError.self) {
                try JSONDecoder().decode(ScreenStack<Route>.self, from: data.prefix(length))
            }
        }
    }

    @Test func popAndPushCostTheSameAtAnyDepthInIDs() {
        // Popping the top and pushing again reuse the ids' storage: no copy of the ids below.
        var stack = ScreenStack<Route>((1...200).map { .detail(Detail(item: $0)) })
        let storage = stack.entries.ids.storage.map(ObjectIdentifier.init)
        for _ in 0..<100 {
            stack.pop()
            stack.push(.detail(Detail(item: 0)))
        }
        #expect(stack.entries.ids.storage.map(ObjectIdentifier.init) == storage)
        #expect(stack.count == 200)
        #expect(stack.ids.last == 300)
    }

    @Test func popWhileAnotherCopyHoldsTheIDsLeavesThatCopyAsItWas() {
        var stack = ScreenStack<Route>((1...20).map { .detail(Detail(item: $0)) })
        let held = stack
        stack.pop()
        stack.push(.history(History(item: 0)))
        #expect(Array(held.ids) == (1...20).map { ScreenID($0) })
        #expect(held.last == .detail(Detail(item: 20)))
        #expect(Array(stack.ids.suffix(2)) == [19, 21])
    }
}

@Suite("An enum of screens updated without a switch")
struct UpdateCaseTests {
    @Test func theCurrentCaseReceivesTheMessageAndStaysThatCase() {
        var route = Route.history(History(item: 1))
        _ = Route.update(&route, with: History.Action.note("a"))
        #expect(route == .history(History(item: 1, entries: ["a"])))
    }

    @Test func twoCasesOfOneTypeAreToldApart() {
        var preview = Route.preview(Detail(item: 1))
        var detail = Route.detail(Detail(item: 1))
        _ = Route.update(&preview, with: Detail.Action.tick)
        _ = Route.update(&detail, with: Detail.Action.tick)
        #expect(preview == .preview(Detail(item: 1, ticks: 1)))
        #expect(detail == .detail(Detail(item: 1, ticks: 1)))
    }

    @Test func theCurrentCasesEffectIsReturned() {
        var route = Route.detail(Detail(item: 1))
        let effect = Route.update(&route, with: Detail.Action.load)
        #expect(effect != nil)
        #expect(route == .detail(Detail(item: 1, isLoading: true)))
    }

    @Test func aCaseWithoutAStateIgnoresTheMessage() {
        var route = Route.about
        #expect(Route.update(&route, with: Detail.Action.load) == nil)
        #expect(route == .about)
    }
}
