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
    private var scopes: [EffectID: Scopes] = [:]
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
            if let others = scopes[id] {
                scopes[id] = others.adding(scope)
            } else {
                scopes[id] = .one(scope)
            }
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
            scopes.removeValue(forKey: id)?.all ?? []
        }
        for scope in cancelled {
            scope.cancel()
        }
        observe?(EffectEvent(.cancelled(count: cancelled.count), id: id))
    }

    private func unregister(_ scope: EffectScope, id: EffectID) {
        let found = lock.withLock("the cancellation registry") { () -> Bool in
            guard let registered = scopes[id] else { return false }
            let (rest, found) = registered.removing(scope)
            scopes[id] = rest
            return found
        }
        if found {
            // Still registered, yet cancelled: by the cancellation of an effect it runs within (an element's,
            // whose removal cancels what it started), not by its own id, which takes it out first.
            observe?(EffectEvent(scope.isCancelled ? .cancelled(count: 1) : .finished, id: id))
        }
    }
}
