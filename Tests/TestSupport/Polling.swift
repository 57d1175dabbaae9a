import Foundation

/// Waits up to `seconds` for `condition`, checking it between yields and short sleeps; `false` when it
/// still fails then (a test says so rather than hanging).
package func eventually(seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
    await poll(seconds: seconds, sleepingNanoseconds: 100_000, condition)
}

/// Yields until `condition` holds, without sleeping between checks (for a condition an effect makes true
/// at once, checked in a loop of thousands of rounds); `false` once `seconds` have passed, so that a
/// condition that never holds fails the test rather than hanging it.
package func yieldUntil(seconds: Double = 60, _ condition: () -> Bool) async -> Bool {
    await poll(seconds: seconds, sleepingNanoseconds: 0, condition)
}

/// Checks `condition` until it holds or `seconds` have passed, yielding (and sleeping
/// `sleepingNanoseconds`, unless 0) between checks; whether it held.
private func poll(seconds: Double, sleepingNanoseconds: UInt64, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        await Task.yield()
        if sleepingNanoseconds > 0 {
            try? await Task.sleep(nanoseconds: sleepingNanoseconds)
        }
    }
    return true
}
