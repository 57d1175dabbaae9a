@testable import Swivelish

extension Store {
    /// The storage of a root store, for tests that look at the delivery machine.
    var rootStorage: StoreStorage<S> {
        guard let storage else { preconditionFailure("not a root store") }
        return storage
    }
}
