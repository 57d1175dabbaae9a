import CounterCore
import Testing

@Test func seededAmountsAreTheSameForTheSameSeed() {
    // The reference SplitMix64 stream for seed 42, each output modulo 10, plus 1.
    let amounts = SeededAmounts(seed: 42, in: 1...10)
    #expect((1...5).map(amounts.amount(number:)) == [4, 2, 9, 5, 1])
    #expect(SeededAmounts(seed: 42, in: 1...10) == amounts)
}

@Test func seededAmountsDifferForDifferentSeeds() {
    let first = SeededAmounts(seed: 1, in: 1...1_000_000)
    let second = SeededAmounts(seed: 2, in: 1...1_000_000)
    #expect((1...10).map(first.amount(number:)) != (1...10).map(second.amount(number:)))
}

@Test func seededAmountsStayInTheirRangeAndCoverIt() {
    let amounts = SeededAmounts(seed: 9, in: -3...3)
    let values = (1...1_000).map(amounts.amount(number:))
    #expect(Set(values) == Set(-3...3))
}

@Test func seededAmountsWorkForExtremeRanges() {
    #expect(SeededAmounts(seed: 5, in: 4...4).amount(number: 1) == 4)
    let everything = SeededAmounts(seed: 5, in: Int.min...Int.max)
    #expect(everything.amount(number: 1) != everything.amount(number: 2))
}
