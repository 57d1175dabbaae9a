/// Carries values from a store's delivering thread to the main actor, in order, one drain at a time.
///
/// The delivering thread calls ``send(_:)``; the first value to arrive while no drain is scheduled
/// schedules one, as a main-actor task, and the values that arrive before it runs wait in ``pending``.
/// The drain takes what is pending, calls `receive` with each value in order, and looks again before it
/// ends, so values keep their order across drains and a drain never overlaps another (the main actor
/// runs one job at a time). With `coalesces`, only the latest pending value is kept: a drain receives the
/// newest value committed before it ran.
///
/// `@unchecked Sendable`: `pending`, `isScheduled` and `isCancelled` are guarded by `lock`; `receive` is
/// called on the main actor only. Values it lets go of (replaced, or dropped by ``cancel()``) are released
/// after unlocking, as they may hold the user's objects.
@usableFromInline
final class MainActorRelay<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private let coalesces: Bool
    private let receive: @MainActor (Value) -> Void
    // Guarded by `lock`. Their run-time exclusivity checks are kept: no workload measures main-actor
    // subscriptions, so skipping them had no figure to show.
    private var pending: [Value] = []
    private var isScheduled = false
    private var isCancelled = false

    @usableFromInline
    init(coalesces: Bool, receive: @escaping @MainActor (Value) -> Void) {
        self.coalesces = coalesces
        self.receive = receive
    }

    /// Queues `value` for the main actor. Called by the store's delivering thread.
    @usableFromInline
    func send(_ value: Value) {
        let (schedules, replaced) = lock.withLock("a main-actor subscription") { () -> (Bool, [Value]) in
            guard !isCancelled else { return (false, []) }
            var replaced: [Value] = []
            if coalesces {
                swap(&replaced, &pending)
            }
            pending.append(value)
            defer { isScheduled = true }
            return (!isScheduled, replaced)
        }
        _ = consume replaced
        if schedules {
            Task { @MainActor in self.drain() }
        }
    }

    /// Stops delivering: values pending or sent later never reach `receive`. On the main actor, it takes
    /// effect at once, even in the middle of a drain.
    @usableFromInline
    func cancel() {
        let dropped = lock.withLock("a main-actor subscription") { () -> [Value] in
            isCancelled = true
            defer { pending = [] }
            return pending
        }
        _ = consume dropped
    }

    @MainActor
    private func drain() {
        while true {
            let batch = lock.withLock("a main-actor subscription") { () -> [Value] in
                guard !pending.isEmpty, !isCancelled else {
                    isScheduled = false
                    return []
                }
                defer { pending = [] }
                return pending
            }
            guard !batch.isEmpty else { return }
            for value in batch {
                guard !lock.withLock("a main-actor subscription", { isCancelled }) else { return }
                receive(value)
            }
        }
    }
}
