@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension Effects {
    /// Runs `effect` once `duration` has passed on the store's clock, unless another effect with the same
    /// id starts first: the later one cancels it (as `cancelInFlight` does) and waits again.
    ///
    /// For a search field: only the query typed last, after a pause, is searched.
    ///
    /// ```swift
    /// case let .queryChanged(query):
    ///     state.query = query
    ///     return Effects.debounce(search(query), id: SearchID(), for: .milliseconds(300))
    /// ```
    ///
    /// The time is measured on ``Dependencies/clock``, from the moment the effect starts: a `TestClock`
    /// makes a test of it take no real time. ``cancel(id:)`` cancels a debounced effect that is waiting or
    /// running.
    ///
    /// - Parameters:
    ///   - effect: The effect to run after the pause.
    ///   - id: Identifies the effects that debounce each other.
    ///   - duration: How long no other effect with `id` must start.
    /// - Returns: The debounced effect.
    public static func debounce(
        _ effect: @escaping Effect, id: some Hashable & Sendable, for duration: Duration
    ) -> Effect {
        cancellable(
            { dispatch in
                let deadline = Deadline(on: dispatch.dependencies.clock, after: duration)
                concat(run { _ in try await deadline.wait() }, effect)(dispatch)
            }, id: id, cancelInFlight: true)
    }

    /// Runs at most one effect with the same id per `interval` on the store's clock: the first at once;
    /// of those that start while the interval runs, the latest when it ends (with `latest: true`, which
    /// starts a new interval) or none (with `latest: false`).
    ///
    /// For a button that must not fire a request more than once a second:
    ///
    /// ```swift
    /// case .refreshTapped:
    ///     return Effects.throttle(refresh(), id: RefreshID(), for: .seconds(1), latest: false)
    /// ```
    ///
    /// The time is measured on ``Dependencies/clock``. ``cancel(id:)`` ends the interval of `id` and drops
    /// the effect held for its end.
    ///
    /// - Parameters:
    ///   - effect: The effect to run, or to hold or drop while an interval runs.
    ///   - id: Identifies the effects that are throttled together.
    ///   - interval: The least time between two effects with `id`.
    ///   - latest: Whether the latest effect held during an interval runs when it ends.
    /// - Returns: The throttled effect.
    public static func throttle(
        _ effect: @escaping Effect, id: some Hashable & Sendable, for interval: Duration, latest: Bool
    ) -> Effect {
        let id = EffectID(id)
        return { dispatch in
            let id = id.within(dispatch.owner)
            let deadline = Deadline(on: dispatch.dependencies.clock, after: interval)
            let arrival = dispatch.scope.throttles.arrive(
                id: id, effect: effect, keepsLatest: latest, isOver: deadline.isOver)
            guard case let .run(effect, generation) = arrival else { return }
            cancellable(effect, effectID: id, cancelInFlight: false)(dispatch)
            startTimer(
                of: id, generation: generation, until: deadline, every: interval, dispatch: dispatch, origin: dispatch)
        }
    }

    /// Starts the timer of interval `generation` of `id`: at `deadline`, it runs the effect held for the end
    /// of the interval, if any, in a new interval with a timer of its own.
    ///
    /// `origin` is the dispatch the throttled effect started with. Each held effect, and the timer of its
    /// interval, run in a scope of `origin`'s, not of the timer before: the scopes do not nest one level
    /// deeper per interval, however long the throttle goes on.
    private static func startTimer(
        of id: EffectID, generation: UInt64, until deadline: Deadline, every interval: Duration,
        dispatch: Dispatcher, origin: Dispatcher
    ) {
        let throttles = dispatch.scope.throttles
        let timer = run { dispatch in
            do {
                try await deadline.wait()
            } catch {
                // Cancelled: this interval is over, but only this one (a later one may have started since).
                throttles.close(id: id, generation: generation)
                throw error
            }
            let next = Deadline(on: dispatch.dependencies.clock, after: interval)
            guard let held = throttles.endInterval(id: id, generation: generation, isOver: next.isOver) else {
                return
            }
            // The held effect runs where effects run, in a scope that keeps the throttled effect open until it
            // has (so a cancellation of `id`, a test store waiting for its effects, and the store's end all
            // reach it), and starts the next timer from there.
            guard let holder = origin.scope.makeChild() else {
                throttles.close(id: id, generation: held.generation)
                return
            }
            let scheduled = dispatch.schedule(
                { dispatch in
                    let dispatch = dispatch.within(holder)
                    cancellable(held.effect, effectID: id, cancelInFlight: false)(dispatch)
                    startTimer(
                        of: id, generation: held.generation, until: next, every: interval, dispatch: dispatch,
                        origin: origin)
                    holder.close()
                }, dispatch)
            if !scheduled {
                throttles.close(id: id, generation: held.generation)
                holder.close()
            }
        }
        cancellable(timer, effectID: id, cancelInFlight: false)(dispatch)
    }
}
