/// A moment `duration` from now on a clock, fixed when it is made (when the effect starts), not when a
/// task begins to wait for it, so that a test clock advanced meanwhile still ends the wait on time.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
struct Deadline: Sendable {
    /// Waits until the moment.
    let wait: @Sendable () async throws -> Void
    /// Whether the moment has passed.
    let isOver: @Sendable () -> Bool

    init(on clock: any Clock<Duration>, after duration: Duration) {
        (wait, isOver) = Self.make(on: clock, after: duration)
    }

    private static func make<C: Clock>(on clock: C, after duration: Duration) -> (
        wait: @Sendable () async throws -> Void, isOver: @Sendable () -> Bool
    ) where C.Duration == Duration {
        let deadline = clock.now.advanced(by: duration)
        return ({ try await clock.sleep(until: deadline, tolerance: nil) }, { clock.now >= deadline })
    }
}
