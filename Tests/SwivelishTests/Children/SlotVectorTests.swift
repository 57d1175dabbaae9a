import Testing

@testable import Swivelish

@Suite("The slots of an IdentifiedArray: a vector whose copies share what did not change")
struct SlotVectorTests {
    /// Random appends, writes, swaps and removals from the end, against an array, with copies taken along
    /// the way and kept: every copy still holds what it held when taken, and every entry is freed once,
    /// when no copy holds it. Sizes go past 32 (the tail), 1,024 (one level of branches) and back to 0.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func behavesAsAnArrayWhoseCopiesNeverChange(seed: UInt64) {
        let live = Locked(0)
        do {
            var random = SplitMix(seed: seed)
            var vector = SlotVector<LiveEntry>()
            var model: [Int] = []
            var copies: [(vector: SlotVector<LiveEntry>, model: [Int])] = []
            var next = 0
            func check(_ vector: SlotVector<LiveEntry>, _ model: [Int]) {
                #expect(vector.count == model.count)
                #expect(vector.isEmpty == model.isEmpty)
                #expect((0..<vector.count).map { vector[$0].value } == model)
            }
            for step in 0..<10_000 {
                // Grows to about 1,600 entries, then shrinks.
                let appends = step < 6_000 ? 45 : 10
                let roll = random.next(100)
                if roll < appends || model.isEmpty {
                    next += 1
                    vector.append(LiveEntry(next, live: live))
                    model.append(next)
                } else if roll < appends + 25 {
                    let index = random.next(model.count)
                    next += 1
                    vector[index] = LiveEntry(next, live: live)
                    model[index] = next
                } else if roll < appends + 35 {
                    let first = random.next(model.count)
                    let second = random.next(model.count)
                    vector.swapAt(first, second)
                    model.swapAt(first, second)
                } else if roll < 97 {
                    #expect(vector.removeLast().value == model.removeLast())
                } else if copies.count < 6 && random.next(2) == 0 {
                    copies.append((vector, model))
                } else if !copies.isEmpty {
                    let copy = copies.remove(at: random.next(copies.count))
                    check(copy.vector, copy.model)
                }
                if step == 6_000 {
                    #expect(vector.rootShift == 10)
                }
                if step % 500 == 0 {
                    check(vector, model)
                    for copy in copies { check(copy.vector, copy.model) }
                }
            }
            while !model.isEmpty {
                #expect(vector.removeLast().value == model.removeLast())
            }
            check(vector, model)
            #expect(vector.root == nil && vector.tail == nil && vector.rootShift == 5)
            for copy in copies { check(copy.vector, copy.model) }
        }
        #expect(live.current == 0)
    }

    /// A vector held by one copy is written in place, however deep: the entry stays where it was.
    @Test func aVectorHeldAloneIsWrittenInPlace() {
        var vector = SlotVector<Int>()
        for value in 0..<5_000 { vector.append(value) }
        #expect(vector.rootShift == 10)
        let root = ObjectIdentifier(vector.root!)
        for index in [0, 31, 32, 1_023, 1_024, 4_990] {
            let before = vector.address(of: index)
            vector[index] += 1
            #expect(vector.address(of: index) == before)
        }
        #expect(ObjectIdentifier(vector.root!) == root)
    }

    /// A write made while another copy holds the vector copies the nodes on its way only: the other
    /// entries are still shared, and the copy still reads its own value.
    @Test func aWriteWhileACopyIsHeldCopiesOnlyItsWay() {
        var vector = SlotVector<Int>()
        for value in 0..<5_000 { vector.append(value) }
        let held = vector
        vector[2_000] = -1
        #expect(held[2_000] == 2_000 && vector[2_000] == -1)
        #expect(vector.address(of: 2_000) != held.address(of: 2_000))
        // Another leaf under the same branch, a leaf under another branch, and the tail: still shared.
        for index in [1_950, 100, 4_999] {
            #expect(vector.address(of: index) == held.address(of: index))
        }
        vector.append(5_000)
        #expect(held.count == 5_000 && vector.count == 5_001)
        #expect(vector.removeLast() == 5_000 && vector.removeLast() == 4_999)
        #expect(held[4_999] == 4_999)
    }
}

/// A value that counts the instances alive, so that a test sees each freed once.
private final class LiveEntry: Sendable {
    let value: Int
    let live: Locked<Int>

    init(_ value: Int, live: Locked<Int>) {
        self.value = value
        self.live = live
        live.withValue { $0 += 1 }
    }

    deinit {
        live.withValue { $0 -= 1 }
    }
}
