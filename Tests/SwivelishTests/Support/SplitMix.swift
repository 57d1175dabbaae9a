/// A small deterministic random number generator (SplitMix64), so that a failing seed fails again.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    /// A number from 0 to `bound - 1`.
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}
