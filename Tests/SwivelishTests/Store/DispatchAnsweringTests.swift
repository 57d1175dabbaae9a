import Dispatch
import Foundation
import Swivelish
import SwivelishFixtures
import Testing

@Suite("A dispatch that answers")
struct DispatchAnsweringTests {
    @Test func theAnswerIsWhatItsOwnMessageDidWhateverOtherThreadsDispatch() async {
        let store = Store(initialState: Shop())
        let perThread = 2_000
        // Each thread takes from every item in turn, and keeps what each take answered: the item's count of
        // takes right after its own.
        let answers = Locked<[Int: [Int]]>([:])
        await runConcurrently(threads: 8) { thread in
            var mine: [Int: [Int]] = [:]
            for index in 0..<perThread {
                let id = (index + thread) % 8
                let taken = store.dispatch(take(id)) { $0.items[id: id]!.taken }
                mine[id, default: []].append(taken.answer ?? -1)
            }
            answers.withValue { answers in
                for (id, taken) in mine { answers[id, default: []].append(contentsOf: taken) }
            }
        }
        // The model: takes of one item are applied one at a time, so its answers are 1, 2, ... n, each once,
        // and each thread's answers for one item grow.
        for (id, taken) in answers.current {
            let eachOnce = taken.sorted() == Array(1...taken.count)
            #expect(eachOnce, "item \(id): \(taken.count - Set(taken).count) answers repeat another")
            #expect(store.state.items[id: id]?.taken == taken.count)
        }
        #expect(answers.current.values.map(\.count).reduce(0, +) == 8 * perThread)
    }

    @Test func eachThreadsAnswersForOneItemGrow() async {
        let store = Store(initialState: Shop())
        await runConcurrently(threads: 8) { _ in
            var last = 0
            for _ in 0..<1_000 {
                let taken = store.dispatch(take(3)) { $0.items[id: 3]!.taken }.answer!
                #expect(taken > last)
                last = taken
            }
        }
        #expect(store.state.items[id: 3]?.taken == 8_000)
    }

    @Test func aMessageForAMissingElementAnswersNotAppliedAndReachesNoUpdate() {
        let store = Store(initialState: Shop())
        let result = store.dispatch(take(99)) { $0.messages }
        guard case let .notApplied(reason) = result else {
            Issue.record("expected notApplied, got \(result)")
            return
        }
        #expect(reason.contains("there is no element with the id 99"))
        #expect(store.state.messages == 0)  // the parent's closure did not receive it either
        #expect(store.dispatch(take(1)) { $0.messages } == .applied(1))
    }

    @Test func aScopedStoreAnswersWithItsPartAndNotAppliedOnceThePartIsGone() throws {
        let store = Store(initialState: Shop())
        let item = try #require(store.scope(\.items, id: 5))
        #expect(item.dispatch(Shop.Item.Take()) { $0.taken } == .applied(1))
        #expect(item.dispatch(Shop.Item.Take()) { $0.taken } == .applied(2))
        store.dispatch(Shop.Remove(id: 5))
        #expect(!item.dispatch(Shop.Item.Take()) { $0.taken }.isApplied)
        #expect(store.state.items[id: 5] == nil)
    }

    @Test func aStoreWithObserversAnswersAndTellsItsObservers() {
        let events = Locked<[String?]>([])
        let observer = StoreObserver<Shop> { event in events.append(event.notAppliedReason) }
        let store = Store(initialState: Shop(), observers: [observer])
        #expect(store.dispatch(take(2)) { $0.items[id: 2]!.taken } == .applied(1))
        #expect(!store.dispatch(take(42)) { $0.messages }.isApplied)
        #expect(events.current.count == 2)
        #expect(events.current.first == .some(nil))
        #expect(events.current.last??.contains("42") == true)
    }

    @Test func theAnswerDoesNotWaitBehindADeliveryInProgress() async {
        let store = Store(initialState: Shop())
        let delivering = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let unsubscribe = store.subscribe(\.items[id: 0]!.taken, immediately: false) { taken in
            if taken == 1 {
                delivering.signal()
                release.wait()  // a slow subscriber: this thread delivers, held up here
            }
        }
        // A thread of its own delivers, not one of the pool this test's task and others' run on.
        Thread { store.dispatch(take(0)) }.start()
        let started = Locked(false)
        await onThread { started.withValue { $0 = delivering.wait(timeout: .now() + 10) == .success } }
        #expect(started.current)
        // Another thread delivers and is held up; this dispatch is queued behind it, and answers at once.
        let answered = store.dispatch(take(0)) { $0.items[id: 0]!.taken }
        #expect(answered == .applied(2))
        release.signal()
        unsubscribe()
    }
}
