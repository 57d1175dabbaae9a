/// Runs the effects that a hand-made ``Dispatcher`` schedules (see ``Dispatcher/init(dependencies:_:)``)
/// one after another on each thread, instead of one inside another.
///
/// ``Effects/concat(_:)-(Effect?...)`` schedules each part when the one before finishes. A store queues it
/// behind its other deliveries; a dispatcher made by hand has no queue, and running the next part inline
/// nested one stack frame per part (a concat of 20,000 parts overflowed the stack). The trampoline gives
/// each thread a queue: a thread that schedules while it is already running scheduled effects queues the
/// effect, and the outermost call runs the queue until it is empty, so the stack stays the same depth
/// however many parts run.
///
/// `@unchecked Sendable`: `runs` is guarded by `lock`. Effects run after unlocking, and those taken off the
/// queue are released after unlocking.
final class EffectTrampoline: @unchecked Sendable {
    /// The effects a thread that is running scheduled effects still has to run, first in first out.
    private struct Run {
        let thread: ThreadID
        var effects: [(Effect, Dispatcher)] = []
        var head = 0
    }

    private let lock = Lock()
    /// One entry per thread that is running scheduled effects now: few, so a list.
    private var runs: [Run] = []

    /// Runs `effect` with `dispatcher` now, or after the effects this thread is running already.
    func run(_ effect: @escaping Effect, with dispatcher: Dispatcher) {
        let isRunning = lock.withLock("an effect trampoline") { () -> Bool in
            if let index = runs.firstIndex(where: { isCurrentThread($0.thread) }) {
                runs[index].effects.append((effect, dispatcher))
                return true
            }
            runs.append(Run(thread: currentThread()))
            return false
        }
        guard !isRunning else { return }
        effect(dispatcher)
        while let (next, nextDispatcher) = takeNext() {
            next(nextDispatcher)
        }
    }

    /// The next effect this thread queued, or `nil` when none is left (this thread's run then ends).
    private func takeNext() -> (Effect, Dispatcher)? {
        lock.withLock("an effect trampoline") {
            let index = runs.firstIndex { isCurrentThread($0.thread) }!
            guard runs[index].head < runs[index].effects.count else {
                runs.remove(at: index)
                return nil
            }
            let next = runs[index].effects[runs[index].head]
            runs[index].head += 1
            if runs[index].head == runs[index].effects.count {
                runs[index].effects.removeAll(keepingCapacity: true)
                runs[index].head = 0
            }
            return next
        }
    }
}
