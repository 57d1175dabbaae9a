import Dispatch
import Swivelish

extension Store {
    /// Blocks the calling thread until every subscriber has received every change committed before the
    /// call.
    ///
    /// A new subscription's first value is delivered after every delivery already committed or queued
    /// (the store delivers in commit order), so waiting for it is waiting for them. Returns at once when
    /// no other thread is delivering.
    ///
    /// Do not call it from a subscriber or an effect of this store: it would wait for itself.
    func waitForDeliveries() {
        let delivered = DispatchSemaphore(value: 0)
        let unsubscribe = subscribe(\S.self, immediately: true) { _ in delivered.signal() }
        delivered.wait()
        unsubscribe()
    }
}
