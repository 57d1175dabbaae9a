/// A reproducible sequence of "random" amounts: the same seed gives the same amounts, on every platform
/// and Swift version.
///
/// Amount number `n` is computed from the seed and `n` alone (SplitMix64, reduced modulo the range's
/// size), so it needs no mutable state and any amount can be asked for in any order. Good for a demo,
/// not for cryptography, and very slightly biased towards the low end of large ranges.
public struct SeededAmounts: Sendable, Equatable {
    /// The seed the amounts are derived from.
    public let seed: UInt64

    /// The range every amount falls in.
    public let range: ClosedRange<Int>

    /// Creates the sequence of amounts in `range` for `seed`.
    public init(seed: UInt64, in range: ClosedRange<Int>) {
        self.seed = seed
        self.range = range
    }

    /// Amount number `number` of the sequence, in ``range``.
    public func amount(number: Int) -> Int {
        let size = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        let random = Self.splitMix64(seed &+ UInt64(bitPattern: Int64(number)) &* 0x9E37_79B9_7F4A_7C15)
        // size is 0 only for a range covering every Int, where every random value fits.
        let offset = size == 0 ? random : random % size
        return range.lowerBound &+ Int(bitPattern: UInt(truncatingIfNeeded: offset))
    }

    /// The SplitMix64 output function (Steele, Lea and Flood, 2014).
    private static func splitMix64(_ state: UInt64) -> UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
