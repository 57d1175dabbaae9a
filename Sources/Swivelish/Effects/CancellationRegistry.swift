/// The scopes of cancellable effects in flight, by id.
///
/// `@unchecked Sendable`: `scopes` is guarded by `lock`.
final class CancellationRegistry: @unchecked Sendable {
    private let lock = Lock()
    private var scopes: [EffectID: [ObjectIdentifier: EffectScope]] = [:]

    /// Records `scope` under `id` until it finishes.
    func register(_ scope: EffectScope, id: EffectID) {
        lock.withLock("the cancellation registry") {
            scopes[id, default: [:]][ObjectIdentifier(scope)] = scope
        }
        scope.onFinish { [weak self] in
            self?.unregister(scope, id: id)
        }
    }

    /// Cancels every scope in flight under `id`.
    func cancel(id: EffectID) {
        let cancelled = lock.withLock("the cancellation registry") {
            scopes.removeValue(forKey: id).map { Array($0.values) } ?? []
        }
        for scope in cancelled {
            scope.cancel()
        }
    }

    private func unregister(_ scope: EffectScope, id: EffectID) {
        let removed = lock.withLock("the cancellation registry") {
            let removed = scopes[id]?.removeValue(forKey: ObjectIdentifier(scope))
            if scopes[id]?.isEmpty == true {
                scopes[id] = nil
            }
            return removed
        }
        _ = consume removed
    }
}
