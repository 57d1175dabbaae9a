/// A node in the tree of running effects, which tracks when its work has finished and cancels it.
///
/// Each store owns a root scope. Effects that need tracking (``Effects/run(priority:_:catch:)``,
/// ``Effects/concat(_:)-(Effect?...)``, ``Effects/cancellable(_:id:cancelInFlight:)``) run in child scopes:
/// - A scope is *finished* when the effect closure that opened it has returned and every task and child
///   scope it started has finished. Then it leaves its parent and calls its finish handler.
/// - Cancelling a scope cancels its tasks and child scopes, and makes its dispatchers drop messages.
///   Cancellation travels down; completion travels up.
/// - The root never finishes; cancelling it (when its store is freed) cancels everything below.
///
/// Neither travels by recursion: a cancellation walks the tree below with a list of scopes to visit, and
/// a completion walks up the parents in a loop, so a deep tree costs no stack.
///
/// `@unchecked Sendable`: every mutable property is guarded by `lock`. Handlers and task cancellation
/// run after the lock is released, and values that may hold user code (a task, a child scope with its
/// handlers) are moved out and released after unlocking. A store may check ``isCancelled`` with its own
/// lock held (store lock, then scope lock); a scope never takes a store's lock while holding its own.
@usableFromInline
package final class EffectScope: @unchecked Sendable {
    private let lock = Lock()
    private let parent: EffectScope?
    /// Ids of cancellable effects in flight, shared by the whole tree (owned by the root).
    let registry: CancellationRegistry
    /// The windows of throttled effects, by id, shared by the whole tree (owned by the root).
    let throttles: ThrottleRegistry

    // `@exclusivity(unchecked)`: the lock already makes each access exclusive; checking it again at run
    // time cost about 150 instructions per access, a dozen accesses per cancellable effect (W16, a row's
    // effect: part of 28,210 -> 15,690 instructions with the one-scope registry, 416dccc).
    @exclusivity(unchecked) private var children: [ObjectIdentifier: EffectScope] = [:]
    @exclusivity(unchecked) private var task: Task<Void, Never>?
    /// Work not finished yet: the opening closure (until `close()`), the task, and the children.
    @exclusivity(unchecked) private var outstanding = 1
    @exclusivity(unchecked) private var cancelled = false
    @exclusivity(unchecked) private var finishHandlers: [@Sendable () -> Void] = []
    /// The ids under which ``registry`` keeps the scope until it finishes (see ``register(id:group:)``).
    @exclusivity(unchecked) private var registration: (id: EffectID, group: EffectID?)?

    /// Makes a root scope: it never finishes, and cancelling it cancels every effect below it.
    ///
    /// - Parameter observeEffects: Told of every effect below the root started, cancelled or finished by
    ///   id (see ``EffectEvent``), on the thread that did it; `nil` for none.
    package init(observingEffects observeEffects: (@Sendable (EffectEvent) -> Void)? = nil) {
        parent = nil
        registry = CancellationRegistry(observe: observeEffects)
        throttles = ThrottleRegistry()
    }

    private init(parent: EffectScope) {
        self.parent = parent
        registry = parent.registry
        throttles = parent.throttles
    }

    /// Whether the scope, or one above it, was cancelled.
    ///
    /// It asks the ancestors too, so a scope counts as cancelled from the moment ``cancel()`` marks the
    /// scope it was called on, before the cancellation has travelled down to its children.
    @usableFromInline
    package var isCancelled: Bool {
        var scope: EffectScope? = self
        while let current = scope {
            if current.isMarkedCancelled { return true }
            scope = current.parent
        }
        return false
    }

    private var isMarkedCancelled: Bool {
        lock.withLock("an effect scope") { cancelled }
    }

    /// Opens a child scope, or returns `nil` when this scope is cancelled (the effect must not start).
    ///
    /// The child is open until `close()` is called on it.
    package func makeChild() -> EffectScope? {
        let child = EffectScope(parent: self)
        let opened = lock.withLock("an effect scope") {
            guard !cancelled else { return false }
            outstanding += 1
            children[ObjectIdentifier(child)] = child
            return true
        }
        return opened ? child : nil
    }

    /// Calls `handler` once the scope has finished (at once if it has). Runs on the thread that
    /// finished the last piece of work, after the scope's lock is released.
    package func onFinish(_ handler: @escaping @Sendable () -> Void) {
        let isFinished = lock.withLock("an effect scope") { () -> Bool in
            guard outstanding > 0 else { return true }
            finishHandlers.append(handler)
            return false
        }
        if isFinished {
            handler()
        }
    }

    /// Records that ``registry`` keeps the scope under `id` (and `group`) until it finishes: the scope then
    /// takes itself out, before it calls its finish handlers. Kept in the scope rather than in a finish
    /// handler, which cost a closure and an array for each cancellable effect.
    func register(id: EffectID, group: EffectID?) {
        lock.withLock("an effect scope") {
            precondition(registration == nil, "Swivelish: an effect scope is registered once")
            registration = (id, group)
        }
    }

    /// Marks the opening closure as returned.
    package func close() {
        release()
    }

    /// Runs `body` in a new task owned by this scope, and returns `true`; does nothing and returns `false`
    /// when the scope is cancelled.
    @discardableResult
    func startTask(priority: TaskPriority?, _ body: @escaping @Sendable () async -> Void) -> Bool {
        lock.withLock("an effect scope") {
            guard !cancelled else { return false }
            precondition(task == nil, "Swivelish: an effect scope runs at most one task")
            outstanding += 1
            // Created under the lock so that the handle is stored before the task can end; the task's
            // body runs later, on another thread, and takes the lock only to finish.
            task = Task(priority: priority) {
                await body()
                self.taskEnded()
            }
            return true
        }
    }

    /// Cancels the scope's task and every scope below it. Idempotent.
    package func cancel() {
        var pending = [self]
        while let scope = pending.popLast() {
            guard let (task, children) = scope.markCancelled() else { continue }
            task?.cancel()
            pending.append(contentsOf: children)
        }
    }

    /// Marks this scope cancelled and returns its task and children to cancel next; `nil` if it was
    /// cancelled before.
    private func markCancelled() -> (Task<Void, Never>?, [EffectScope])? {
        lock.withLock("an effect scope") {
            guard !cancelled else { return nil }
            cancelled = true
            return (task, Array(children.values))
        }
    }

    /// The number of scopes above this one: 0 for a store's root.
    var depth: Int {
        var depth = 0
        var scope = parent
        while let current = scope {
            depth += 1
            scope = current.parent
        }
        return depth
    }

    private func taskEnded() {
        let finished = lock.withLock("an effect scope") { task.take() }
        _ = consume finished  // released unlocked: it may be the last reference to the user's closure
        release()
    }

    /// Counts one piece of work of this scope as finished. A scope whose last piece of work this was calls
    /// its finish handlers, leaves its parent, and counts as a finished piece of its parent's work: up the
    /// tree in a loop, for as long as scopes finish.
    private func release() {
        var scope = self
        while let parent = scope.releaseOne() {
            let removed = parent.lock.withLock("an effect scope") {
                parent.children.removeValue(forKey: ObjectIdentifier(scope))
            }
            _ = consume removed  // released unlocked
            scope = parent
        }
    }

    /// Counts one piece of work as finished; when it was the last, calls the finish handlers and returns the
    /// parent, whose piece of work this scope was.
    private func releaseOne() -> EffectScope? {
        let finished = lock.withLock("an effect scope") {
            () -> (handlers: [@Sendable () -> Void], registration: (id: EffectID, group: EffectID?)?)? in
            outstanding -= 1
            guard outstanding == 0, parent != nil else { return nil }  // the root never finishes
            defer {
                finishHandlers = []
                registration = nil
            }
            return (finishHandlers, registration)
        }
        guard let finished else { return nil }
        if let (id, group) = finished.registration {
            registry.unregister(self, id: id, group: group)
        }
        for handler in finished.handlers {
            handler()
        }
        return parent
    }
}
