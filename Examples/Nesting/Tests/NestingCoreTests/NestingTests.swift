import Foundation
import NestingCore
import Swivelish
import SwivelishTesting
import Testing

// Each component through the store an app gives it (a scope of the app's store), and with TestStore, where a
// message to one part is written as the address a scoped store gives it.

/// What the views said, in order.
private final class Shown: @unchecked Sendable {  // its lines are behind its lock
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    func show(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }
}

@Suite("The nesting examples, each through its own store")
struct NestingTests {
    @Test func anIncrementOfOneCounterOfThePairIsShownByThatCounterOnly() {
        let app = Store(initialState: Nesting())
        let shown = Shown()
        let endTop = counterView("top", app.scope(\.counterPair).scope(\.top), show: shown.show)
        let endBottom = counterView("bottom", app.scope(\.counterPair).scope(\.bottom), show: shown.show)
        defer {
            endTop()
            endBottom()
        }
        app.scope(\.counterPair).scope(\.top).dispatch(Counter.Action.increment)
        #expect(shown.all == ["top shows 1"])
        #expect(app.state.counterPair.bottom.count == 0)
    }

    @Test func eachGifViewerOfThePairShowsItsOwnAnswer() {
        let app = Store(initialState: Nesting())
        let gifs = app.scope(\.gifPair)
        gifs.scope(\.right).dispatch(GifViewer.Action.requestMore)
        #expect(app.state.gifPair.right.gif == "dogs #1")
        #expect(app.state.gifPair.left.gif == nil)
        gifs.scope(\.left).dispatch(GifViewer.Action.requestMore)
        #expect(app.state.gifPair.left.gif == "cats #1")
        #expect(app.state.gifPair.right.gif == "dogs #1")
    }

    @Test func aCounterOfTheListAsksTheListToRemoveIt() throws {
        let list = Store(initialState: CounterList())
        list.dispatch(CounterList.Action.insert)
        list.dispatch(CounterList.Action.insert)
        try #require(list.scope(\.counters, id: 1)).dispatch(Counter.Action.increment)
        try #require(list.scope(\.counters, id: 0)).dispatch(Counter.Action.remove)
        #expect(list.state.counters.map(\.id) == [1])
        #expect(list.state.counters[id: 1]?.count == 1)
    }

    @Test func eachViewerOfTheListShowsItsOwnAnswer() throws {
        let list = Store(initialState: GifList())
        list.dispatch(GifList.Action.add(topic: "owls"))
        list.dispatch(GifList.Action.add(topic: "owls"))
        try #require(list.scope(\.viewers, id: 1)).dispatch(GifViewer.Action.requestMore)
        #expect(list.state.viewers.map(\.gif) == [nil, "owls #1"])
    }

    @Test func aPairsMessagesWithTestStore() async {
        let store = TestStore(
            initialState: GifPair(), dependencies: Dependencies { $0.gifClient = GifClient { "a gif of \($0)" } })
        store.send(SubstateMessage(\GifPair.left, GifViewer.Action.requestMore)) {
            $0.left.isLoading = true
        }
        await store.receive(SubstateMessage(\GifPair.left, GifViewer.Action.loaded("a gif of cats"))) {
            $0.left.isLoading = false
            $0.left.gif = "a gif of cats"
        }
        await store.finish()
    }

    @Test func aListsRowMessagesWithTestStore() async {
        let store = TestStore(initialState: CounterList())
        store.send(CounterList.Action.insert) {
            $0.counters.append(Counter(id: 0))
            $0.nextID = 1
        }
        store.send(ElementMessage<Counter>(id: 0, Counter.Action.increment)) {
            $0.counters[id: 0]?.count = 1
        }
        store.send(ElementMessage<Counter>(id: 0, Counter.Action.remove)) {
            _ = $0.counters.remove(id: 0)
        }
        await store.finish()
    }
}
