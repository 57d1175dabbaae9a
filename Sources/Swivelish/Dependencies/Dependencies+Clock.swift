/// The key of ``Dependencies/clock``.
@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
public enum ClockKey: DependencyKey {
    /// A `ContinuousClock`: real time.
    public static var defaultValue: any Clock<Duration> {
        ContinuousClock()
    }
}

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension Dependencies {
    /// The clock effects wait on: a `ContinuousClock` by default, a `TestClock` (from SwivelishTesting) in
    /// tests that must not wait in real time.
    ///
    /// ```swift
    /// return Effects.run { dispatch in
    ///     try await dispatch.dependencies.clock.sleep(for: .seconds(1))
    ///     dispatch(TimerMessage.tick)
    /// }
    /// ```
    ///
    /// ``Effects/debounce(_:id:for:)`` and ``Effects/throttle(_:id:for:latest:)`` wait on it too.
    public var clock: any Clock<Duration> {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }
}
