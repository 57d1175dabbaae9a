/// Keeps every message a store applies, in order, with the states around it: an observer whose
/// ``recording`` replays into the same states.
///
/// ```swift
/// let recorder = StoreRecorder<CounterState>()
/// let store = Store(initialState: CounterState(count: 0), observers: [recorder.observer])
/// store.dispatch(CounterMessage.increment(amount: 1))
/// try recorder.recording?.replay()  // when CounterState is Equatable
/// ```
///
/// It records what its observer sees (see ``StoreObserver``): every message, once, in commit order. The
/// recording's initial state is the state before the first message recorded.
public final class StoreRecorder<S: State>: @unchecked Sendable {
    // `@unchecked Sendable`: `initialState` and `steps` are guarded by `lock`.
    private let lock = Lock()
    private var initialState: S?
    private var steps: [Recording<S>.Step] = []

    /// Creates a recorder with nothing recorded yet.
    public init() {}

    /// The observer to give the store: it records every message.
    public var observer: StoreObserver<S> {
        StoreObserver { [self] event in
            lock.withLock("a recorder") {
                if initialState == nil {
                    initialState = event.stateBefore
                }
                steps.append(Recording.Step(message: event.message, state: event.stateAfter))
            }
        }
    }

    /// What was recorded so far; `nil` before the first message.
    public var recording: Recording<S>? {
        lock.withLock("a recorder") {
            initialState.map { Recording(initialState: $0, steps: steps) }
        }
    }
}
