/// The scopes of cancellable effects in flight, by id.
///
/// `@unchecked Sendable`: `scopes` is guarded by `lock`.
final class CancellationRegistry: @unchecked Sendable {
    /// The scopes in flight under one id: usually one, kept without a dictionary of its own (making and
    /// freeing one for each effect was most of what registering an effect cost).
    private enum Scopes {
        case one(EffectScope)
        case many([ObjectIdentifier: EffectScope])

        /// All of them.
        var all: [EffectScope] {
            switch self {
            case let .one(scope): [scope]
            case let .many(scopes): Array(scopes.values)
            }
        }

        /// These and `scope`.
        func adding(_ scope: EffectScope) -> Scopes {
            switch self {
            case let .one(other):
                return .many([ObjectIdentifier(other): other, ObjectIdentifier(scope): scope])
            case var .many(scopes):
                scopes[ObjectIdentifier(scope)] = scope
                return .many(scopes)
            }
        }

        /// These without `scope`, `nil` when none is left, and whether `scope` was among them.
        func removing(_ scope: EffectScope) -> (rest: Scopes?, found: Bool) {
            switch self {
            case let .one(other):
                return other === scope ? (nil, true) : (self, false)
            case var .many(scopes):
                let found = scopes.removeValue(forKey: ObjectIdentifier(scope)) != nil
                if scopes.count == 1, let last = scopes.values.first {
                    return (.one(last), found)
                }
                return (scopes.isEmpty ? nil : .many(scopes), found)
            }
        }
    }

    private let lock = Lock()
    /// `@exclusivity(unchecked)`: the lock makes each access exclusive (see `EffectScope`: W16, W17).
    @exclusivity(unchecked) private var scopes: [EffectID: Scopes] = [:]
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

    /// Records `scope` under `id` until it finishes, and under `group` too when given: an id that cancels
    /// many effects at once (``CollectionEffects``), of which observers are told only when it is cancelled.
    func register(_ scope: EffectScope, id: EffectID, group: EffectID? = nil) {
        lock.withLock("the cancellation registry") {
            add(scope, under: id)
            if let group {
                add(scope, under: group)
            }
        }
        observe?(EffectEvent(.started, id: id))
        scope.register(id: id, group: group)  // the scope calls `unregister` when it finishes
    }

    /// With the lock held: records `scope` under `id`.
    private func add(_ scope: EffectScope, under id: EffectID) {
        if let index = scopes.index(forKey: id) {
            scopes.values[index] = scopes.values[index].adding(scope)
        } else {
            scopes[id] = .one(scope)
        }
    }

    /// Whether no scope is in flight under any id.
    var isEmpty: Bool {
        lock.withLock("the cancellation registry") { scopes.isEmpty }
    }

    /// Cancels every scope in flight under `id`; tells the observers when there was one. A cancellation
    /// that finds nothing (each first debounce, each `cancelInFlight` with nothing running) is not news:
    /// in a trace it would hide the cancellations that stopped something.
    func cancel(id: EffectID) {
        let cancelled = lock.withLock("the cancellation registry") {
            scopes.removeValue(forKey: id)?.all ?? []
        }
        guard !cancelled.isEmpty else { return }
        // Told before the scopes are cancelled: an effect running within one of them ends on its own thread
        // once its task is cancelled, and its own `cancelled` must come after the one that caused it.
        observe?(EffectEvent(.cancelled(count: cancelled.count), id: id))
        for scope in cancelled {
            scope.cancel()
        }
    }

    /// Forgets `scope`, which has finished, under `id` and `group`; tells the observers how it ended.
    func unregister(_ scope: EffectScope, id: EffectID, group: EffectID?) {
        let found = lock.withLock("the cancellation registry") { () -> Bool in
            if let group {
                _ = remove(scope, from: group)
            }
            return remove(scope, from: id)
        }
        if found {
            // Still registered, yet cancelled: by the cancellation of an effect it runs within (an element's,
            // whose removal cancels what it started) or of its group, not by its own id, which takes it out
            // first.
            observe?(EffectEvent(scope.isCancelled ? .cancelled(count: 1) : .finished, id: id))
        }
    }

    /// With the lock held: takes `scope` out of those recorded under `id`; whether it was there.
    private func remove(_ scope: EffectScope, from id: EffectID) -> Bool {
        guard let index = scopes.index(forKey: id) else { return false }
        let (rest, found) = scopes.values[index].removing(scope)
        if let rest {
            scopes.values[index] = rest
        } else {
            scopes.remove(at: index)
        }
        return found
    }
}
