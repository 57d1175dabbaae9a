import Dispatch
import Swivelish

extension Store where S == AppState {
    /// Blocks the calling thread until no fetch is running and every subscriber has received every
    /// change committed so far.
    ///
    /// Returns at once when no fetch is running and no other thread is delivering. It waits on
    /// conditions, not timers: first, a subscription to ``AppState/isLoading`` signals each time a fetch
    /// finishes, and the state is checked again; then it waits for `waitForDeliveries()` (of Swivelish).
    ///
    /// The second wait matters because a fetch finishes on a background thread, which becomes the store's
    /// delivering thread: a message dispatched meanwhile from another thread changes the state at once
    /// but is only *queued* for that thread to notify subscribers of. A program that exits as soon as the
    /// state looks right could exit before those notifications (say, printed lines) happen.
    ///
    /// Do not call it from a subscriber or an effect of this store: it would wait for itself.
    public func waitForFetches() {
        let finished = DispatchSemaphore(value: 0)
        // Subscribe before looking at the state, so that a fetch finishing in between still signals.
        let unsubscribe = subscribe(\.isLoading, immediately: false, skipRepeats: true) { isLoading in
            if !isLoading { finished.signal() }
        }
        // A signal may be left over from a fetch that finished before the check: check again.
        while state.isLoading {
            finished.wait()
        }
        unsubscribe()
        waitForDeliveries()
    }
}
