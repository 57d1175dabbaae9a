import Foundation
import Testing

@testable import Swivelish

@Suite("IdentifiedArray")
struct IdentifiedArrayTests {
    @Test func elementsAreFoundByIdAndKeepTheirOrder() {
        var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
        #expect(rows.ids == [1, 2, 3])
        rows[id: 2]?.title = "two"
        #expect(rows[id: 2]?.title == "two")
        rows[id: 4] = Row(id: 4, title: "four")  // added at the end
        rows.remove(id: 1)
        rows.move(from: 2, to: 0)
        #expect(rows.ids == [4, 2, 3])
        #expect(rows.map(\.id) == [4, 2, 3])
        rows[id: 3] = nil
        #expect(rows.ids == [4, 2])
        rows.insert(Row(id: 9), at: 1)
        rows.sort { $0.id < $1.id }
        #expect(rows.ids == [2, 4, 9])
        rows.removeAll { $0.id > 3 }
        #expect(rows.ids == [2])
    }

    @Test func equalityAndCodingLookAtTheElementsOnly() throws {
        var left: IdentifiedArray<Row> = [Row(id: 1)]
        let right: IdentifiedArray<Row> = [Row(id: 1)]
        left[id: 1]?.title = "x"
        left[id: 1]?.title = ""
        #expect(left == right)  // a different history, the same elements
        let data = try JSONEncoder().encode(IdentifiedArray([Row(id: 5, title: "five")]))
        #expect(try JSONDecoder().decode(IdentifiedArray<Row>.self, from: data)[id: 5]?.title == "five")
        let row = #"{"id":1,"title":"","count":0,"ticks":0}"#
        let duplicated = Data("[\(row),\(row)]".utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(IdentifiedArray<Row>.self, from: duplicated) }
    }

    @Test func theLogSaysWhichElementsChangedSinceAChange() {
        var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
        let mark = rows.log.latest
        rows[id: 2]?.count += 1
        rows[id: 3]?.count += 1
        #expect(rows.log.ids(changedAfter: mark) == [2, 3])
        #expect(rows.log.ids(changedAfter: rows.log.latest) == [])
        // A copy that changed apart does not know the other's changes: look at everything.
        var copy = rows
        copy[id: 1]?.count += 1
        rows[id: 1]?.count += 2
        #expect(copy.log.ids(changedAfter: rows.log.latest) == nil)
        // More changes than the log keeps: look at everything.
        let before = rows.log.latest
        for _ in 0...ChangeLog<Int>.capacity {
            rows[id: 1]?.count += 1
        }
        #expect(rows.log.ids(changedAfter: before) == nil)
    }

    /// Elements sit in slots without gaps: removing one moves the last into its slot. An element is found
    /// where the change log last saw it, or by id when it moved; a removed one is found nowhere.
    @Test func elementsAreFoundInTheirSlotOrByIdOnceMoved() {
        var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
        func title(_ id: Int, seenIn slot: Int?) -> String? {
            withUnsafePointer(to: rows) { array in
                IdentifiedArray.withElement(id, seenIn: slot, of: array) { $0?.pointee.title }
            }
        }
        rows[id: 3]?.title = "three"
        #expect(rows.slotOfID == [1: 0, 2: 1, 3: 2])
        rows.remove(id: 1)  // 3 moves into slot 0
        #expect(rows.slotOfID == [2: 1, 3: 0])
        #expect(rows.slots.count == 2)
        #expect(title(3, seenIn: 2) == "three")  // slot 2 is gone: found by id
        #expect(title(3, seenIn: 1) == "three")  // slot 1 holds 2: found by id
        #expect(title(3, seenIn: 0) == "three")
        #expect(title(1, seenIn: 0) == nil)
        #expect(title(1, seenIn: nil) == nil)
        rows[id: 2] = nil  // removed through the subscript: 3, last, stays
        rows[id: 2] = Row(id: 2, title: "back")
        #expect(rows.slotOfID == [3: 0, 2: 1])
        #expect(rows.ids == [3, 2] && rows.map(\.title) == ["three", "back"])
        rows.removeAll { _ in true }
        #expect(rows.isEmpty && rows.slots.isEmpty && rows.slotOfID.isEmpty)
    }

    /// An element changed or set at a position is changed in place, as by its id: the log records it, and
    /// the array's copies keep theirs.
    @Test func elementsAreChangedAndSetAtTheirPositions() {
        var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
        let copy = rows
        let mark = rows.log.latest
        rows[1].title = "two"
        for position in rows.indices {
            rows[position].count += position
        }
        rows[0] = Row(id: 1, title: "one")
        #expect(rows.map(\.title) == ["one", "two", ""] && rows.map(\.count) == [0, 1, 2])
        #expect(rows.log.ids(changedAfter: mark) == [2, 1, 2, 3, 1])
        #expect(copy.map(\.title) == ["", "", ""])
    }

    /// `removeAll()` removes every element and records each removal, whose effects are then cancelled;
    /// `append(contentsOf:)` adds in order. Both keep the array (its origin): neither is a new collection.
    @Test func everyElementIsRemovedOrAppendedAsOneByOne() {
        var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
        let origin = rows.origin
        rows.removeAll()
        #expect(rows.isEmpty && rows.slots.isEmpty && rows.slotOfID.isEmpty)
        #expect(rows.takeRemovedElements()?.map(\.id) == [1, 2])
        rows.append(contentsOf: [Row(id: 3), Row(id: 1)])
        rows.append(contentsOf: [])
        #expect(rows.ids == [3, 1] && rows.map(\.id) == [3, 1])
        #expect(rows.origin == origin)
        #expect(IdentifiedArray<Row>().origin != origin)
    }

    /// A `removeAll(where:)` whose predicate throws part way removes nothing: the ids and the elements still
    /// agree, and no removal was recorded.
    @Test func removeAllWhosePredicateThrowsRemovesNothing() {
        struct Stop: Error {}
        var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
        let mark = rows.log.latest
        #expect(throws: Stop.self) {
            try rows.removeAll { row in
                if row.id == 3 { throw Stop() }
                return true
            }
        }
        #expect(rows.ids == [1, 2, 3] && rows.map(\.id) == [1, 2, 3])
        #expect(rows.log.ids(changedAfter: mark) == [])
        #expect(rows.takeRemovedElements() == nil)
    }

    /// Copies of the ids share their storage for appending: the longest copy appends in place, a shorter
    /// one copies, and every copy keeps its own ids.
    @Test func copiesOfTheIdsShareStorageForAppendsAndKeepTheirOwnIds() {
        typealias IDs = IdentifiedArray<Row>.IDs
        var longest: IDs = [1, 2, 3]
        let kept = longest
        longest.append(4)
        #expect(longest.storage === kept.storage)  // in place: `kept` sees only its three
        #expect(kept == [1, 2, 3] && longest == [1, 2, 3, 4])
        #expect(kept != longest)
        var shorter = kept
        shorter.append(5)  // the place after 3 is `longest`'s: a copy
        #expect(shorter.storage !== kept.storage)
        #expect(shorter == [1, 2, 3, 5] && longest == [1, 2, 3, 4] && kept == [1, 2, 3])
        #expect(IDs([1, 2]) == IDs([1, 2]))  // other storage, same ids
        #expect(IDs([1, 2]).hashValue == IDs([1, 2]).hashValue)
        var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
        let before = rows.ids
        rows.move(from: 0, to: 2)
        rows.remove(id: 2)
        #expect(before == [1, 2, 3] && rows.ids == [3, 1])
        #expect(rows.ids.description == "[3, 1]")
        #expect(IDs().isEmpty && Array(IDs([7])) == [7])
    }

    /// Eight threads append to their own copies of one array of ids at once: each copy ends with the common
    /// ids and its own, never another thread's (two appends after the same id are told apart atomically).
    @Test func copiesAppendingOnEightThreadsKeepTheirOwnIds() async {
        let common = IdentifiedArray<Row>.IDs(0..<100)
        let results = Locked<[Int: IdentifiedArray<Row>.IDs]>([:])
        await runConcurrently(threads: 8) { thread in
            var mine = common
            for index in 0..<1_000 {
                mine.append(1_000 * (thread + 1) + index)
            }
            results.withValue { $0[thread] = mine }
        }
        for (thread, ids) in results.current {
            #expect(Array(ids) == Array(0..<100) + Array((1_000 * (thread + 1))..<(1_000 * (thread + 1) + 1_000)))
        }
        #expect(common == IdentifiedArray<Row>.IDs(0..<100))
    }

    @Test func aDuplicateIdStopsTheProgramWithAMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows: IdentifiedArray<Row> = [Row(id: 1)]
            rows.append(Row(id: 1))
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("an IdentifiedArray has an element with the id 1 already; ids are unique"))
    }

    /// Changing an element's id in place, or setting an element under another element's id, stops the
    /// program with a message naming both ids: the array would no longer find the element by its id.
    @Test func changingAnElementsIdInPlaceStopsTheProgramWithAMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
            rows[id: 1]?.id = 5
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("an element of an IdentifiedArray changed its id from 1 to 5"))
    }

    @Test func settingAnElementUnderAnotherIdStopsTheProgramWithAMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows: IdentifiedArray<Row> = [Row(id: 1)]
            rows[id: 1] = Row(id: 3)
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("the element set for id 1 in an IdentifiedArray has another id, 3"))
    }

    /// Setting an element with another id at a position stops the program with a message naming both ids.
    @Test func settingAnElementWithAnotherIdAtAPositionStopsTheProgramWithAMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
            rows[1] = Row(id: 7)
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("the element set at position 1 of an IdentifiedArray has the id 7, not 2"))
    }

    /// Changing an element's id through its position stops the program as through its id.
    @Test func changingAnElementsIdAtAPositionStopsTheProgramWithAMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
            rows[0].id = 5
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("an element of an IdentifiedArray changed its id from 1 to 5"))
    }

    /// An insert or a move out of range stops the program with a message naming the array and the index,
    /// before anything is changed.
    @Test func anInsertOutOfRangeStopsTheProgramWithAMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows: IdentifiedArray<Row> = [Row(id: 1)]
            rows.insert(Row(id: 2), at: 2)
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("index 2 is out of range for an insert into the 1 elements of an IdentifiedArray"))
    }

    @Test func aMoveOutOfRangeStopsTheProgramWithAMessage() async throws {
        let result = try await #require(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            var rows: IdentifiedArray<Row> = [Row(id: 1), Row(id: 2)]
            rows.move(from: 0, to: 2)
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("a move from 0 to 2 is out of range for the 2 elements of an IdentifiedArray"))
    }

    /// Two versions of one array compare only the elements in the leaves they do not share: a change of one
    /// row of 1,000 calls the elements' `==` for at most the 32 of its leaf, not 1,000 times. Arrays with the
    /// same elements in other slots (added in another order, or removed and added back) are still equal.
    @Test func versionsCompareOnlyWhatTheyDoNotShare() {
        let comparisons = Locked(0)
        let list = IdentifiedArray((0..<1_000).map { CountedRow(id: $0, comparisons: comparisons) })
        var changed = list
        changed[id: 500]!.value = 1
        #expect(list != changed)
        #expect(comparisons.current <= 32)
        comparisons.withValue { $0 = 0 }
        changed[id: 500]!.value = 0
        #expect(list == changed)
        #expect(comparisons.current <= 32)
        // The same elements in the same order, in other slots.
        var reordered = IdentifiedArray(list.reversed())
        reordered.sort { $0.id < $1.id }
        #expect(list == reordered)
        var readded = list
        let row = readded.remove(id: 5)!
        readded.insert(row, at: 5)
        #expect(list == readded)
        readded[id: 5]!.value = 2
        #expect(list != readded)
    }
}

/// A row whose `==` counts its calls.
private struct CountedRow: Identifiable, Equatable, Sendable {
    let id: Int
    var value = 0
    let comparisons: Locked<Int>

    static func == (left: CountedRow, right: CountedRow) -> Bool {
        left.comparisons.withValue { $0 += 1 }
        return left.id == right.id && left.value == right.value
    }
}
