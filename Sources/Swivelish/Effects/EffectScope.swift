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
/// `@unchecked Sendable`: every mutable property is guarded by `lock`. Handlers and task cancellation
/// run after the lock is released, and values that may hold user code (a task, a child scope with its
/// handlers) are moved out and released after unlocking. A store may check ``isCancelled`` with its own
/// lock held (store lock, then scope lock); a scope never takes a store's lock while holding its own.
@usableFromInline
package final class EffectScope: @unchecked Sendable {
    private let lock = Lock()
    private let parent: EffectScope?
    /// What started the scope, for messages about effects still running.
    private let label: String?
    /// Ids of cancellable effects in flight, shared by the whole tree (owned by the root).
    let registry: CancellationRegistry
    /// The windows of throttled effects, by id, shared by the whole tree (owned by the root).
    let throttles: ThrottleRegistry

    private var children: [ObjectIdentifier: EffectScope] = [:]
    private var task: Task<Void, Never>?
    /// Work not finished yet: the opening closure (until `close()`), the task, and the children.
    private var outstanding = 1
    private var cancelled = false
    private var finishHandlers: [@Sendable () -> Void] = []
    /// For the root: called when nothing runs below it any more.
    private var idleHandlers: [@Sendable () -> Void] = []

    /// Makes a root scope: it never finishes, and cancelling it cancels every effect below it.
    ///
    /// - Parameter observeEffects: Told of every effect below the root started, cancelled or finished by
    ///   id (see ``EffectEvent``), on the thread that did it; `nil` for none.
    package init(observingEffects observeEffects: (@Sendable (EffectEvent) -> Void)? = nil) {
        parent = nil
        label = nil
        registry = CancellationRegistry(observe: observeEffects)
        throttles = ThrottleRegistry()
    }

    private init(parent: EffectScope, label: String?) {
        self.parent = parent
        self.label = label
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
        lock.withLock("an effect's dispatch") { cancelled }
    }

    /// Opens a child scope, or returns `nil` when this scope is cancelled (the effect must not start).
    ///
    /// The child is open until `close()` is called on it.
    package func makeChild(label: String? = nil) -> EffectScope? {
        let child = EffectScope(parent: self, label: label)
        let opened = lock.withLock("an effect") {
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
        lock.lock("an effect")
        if outstanding > 0 {
            finishHandlers.append(handler)
            lock.unlock()
        } else {
            lock.unlock()
            handler()
        }
    }

    /// Marks the opening closure as returned.
    package func close() {
        release()
    }

    /// Runs `body` in a new task owned by this scope. Does nothing when the scope is cancelled.
    func startTask(priority: TaskPriority?, _ body: @escaping @Sendable () async -> Void) {
        lock.lock("an effect")
        guard !cancelled else {
            lock.unlock()
            return
        }
        precondition(task == nil, "Swivelish: an effect scope runs at most one task")
        outstanding += 1
        // Created under the lock so that the handle is stored before the task can end; the task's
        // body runs later, on another thread, and takes the lock only to finish.
        task = Task(priority: priority) {
            await body()
            self.taskEnded()
        }
        lock.unlock()
    }

    /// Cancels the scope's task and every child scope. Idempotent.
    package func cancel() {
        lock.lock("an effect's cancellation")
        guard !cancelled else {
            lock.unlock()
            return
        }
        cancelled = true
        let task = self.task
        let children = Array(self.children.values)
        lock.unlock()
        task?.cancel()
        for child in children {
            child.cancel()
        }
    }

    /// The labels of the child scopes still running, in no particular order.
    package var runningChildLabels: [String] {
        lock.lock("an effect")
        defer { lock.unlock() }
        return children.values.map { $0.label ?? "an effect" }
    }

    private func taskEnded() {
        let finished = lock.withLock("an effect") { task.take() }
        _ = consume finished  // released unlocked: it may be the last reference to the user's closure
        release()
    }

    private func childFinished(_ child: EffectScope) {
        let removed = lock.withLock("an effect") { children.removeValue(forKey: ObjectIdentifier(child)) }
        _ = consume removed
        release()
    }

    /// For the root: calls `handler` when no effect below it is running (at once if none is).
    package func onIdle(_ handler: @escaping @Sendable () -> Void) {
        precondition(parent == nil, "only a root scope becomes idle")
        lock.lock("an effect")
        if outstanding > 1 {
            idleHandlers.append(handler)
            lock.unlock()
        } else {
            lock.unlock()
            handler()
        }
    }

    /// For the root: waits until no effect below it is running.
    package func waitUntilIdle() async {
        await withCheckedContinuation { continuation in
            onIdle { continuation.resume() }
        }
    }

    private func release() {
        lock.lock("an effect")
        outstanding -= 1
        if parent == nil && outstanding == 1 && !idleHandlers.isEmpty {
            let handlers = idleHandlers
            idleHandlers = []
            lock.unlock()
            for handler in handlers { handler() }
            return
        }
        let isFinished = outstanding == 0 && parent != nil
        let handlers = isFinished ? finishHandlers : []
        if isFinished { finishHandlers = [] }
        lock.unlock()
        guard isFinished else { return }
        for handler in handlers {
            handler()
        }
        parent?.childFinished(self)
    }
}
