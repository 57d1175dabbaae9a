@testable import Swivelish

extension Store {
    /// The storage of a root store, for tests that look at the delivery machine.
    var rootStorage: StoreStorage<S> {
        guard case let .root(storage) = backing else { preconditionFailure("not a root store") }
        return storage
    }
}
