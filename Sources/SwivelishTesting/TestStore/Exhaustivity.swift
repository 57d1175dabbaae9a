/// How much a ``TestStore`` insists on being told.
public enum Exhaustivity: Sendable {
    /// Every state change and every message an effect dispatches must be asserted, and every effect
    /// must have finished when the test ends. The default.
    case on
    /// Only what the test asserts is checked: a state assertion checks just the fields it sets,
    /// `TestStore.receive(_:timeout:assert:)` skips other messages until
    /// the one it expects, and messages or effects left at the end are not failures.
    case off
}
