/// The scopes of cancellable effects in flight, by id.
///
/// `@unchecked Sendable`: `scopes` is guarded by `lock`.
final class CancellationRegistry: @unchecked Sendable {
    private let lock = Lock()
    private var scopes: [EffectID: [ObjectIdentifier: EffectScope]] = [:]
    /// Told of every effect started, cancelled or finished by id, after unlocking; `nil` (and nothing is
    /// paid) when none of the store's observers listens to effects.
    private let observe: (@Sendable (EffectEvent) -> Void)?

    init(observe: (@Sendable (EffectEvent) -> Void)? = nil) {
        self.observe = observe
    }

    /// Whether anyone is told of effects (for the tests of what a store without such observers pays).
    var isObserved: Bool {
        observe != nil
    }

    /// Records `scope` under `id` until it finishes.
    func register(_ scope: EffectScope, id: EffectID) {
        lock.withLock("the cancellation registry") {
            scopes[id, default: [:]][ObjectIdentifier(scope)] = scope
        }
        observe?(EffectEvent(.started, id: id))
        scope.onFinish { [weak self] in
            self?.unregister(scope, id: id)
        }
    }

    /// Whether no scope is in flight under any id.
    var isEmpty: Bool {
        lock.withLock("the cancellation registry") { scopes.isEmpty }
    }

    /// Cancels every scope in flight under `id`.
    func cancel(id: EffectID) {
        let cancelled = lock.withLock("the cancellation registry") {
            scopes.removeValue(forKey: id).map { Array($0.values) } ?? []
        }
        for scope in cancelled {
            scope.cancel()
        }
        observe?(EffectEvent(.cancelled(count: cancelled.count), id: id))
    }

    private func unregister(_ scope: EffectScope, id: EffectID) {
        let removed = lock.withLock("the cancellation registry") {
            let removed = scopes[id]?.removeValue(forKey: ObjectIdentifier(scope))
            if scopes[id]?.isEmpty == true {
                scopes[id] = nil
            }
            return removed
        }
        if removed != nil {
            // Still registered, yet cancelled: by the cancellation of an effect it runs within (an element's,
            // whose removal cancels what it started), not by its own id, which takes it out first.
            observe?(EffectEvent(scope.isCancelled ? .cancelled(count: 1) : .finished, id: id))
        }
        _ = consume removed
    }
}
