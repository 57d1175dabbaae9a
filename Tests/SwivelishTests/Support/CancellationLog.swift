import Swivelish

/// The names of the effects a test cancelled, in the order their cancellations landed: for effects that
/// wait until they are cancelled (``waitUntilCancelled(_:)``).
final class CancellationLog: Sendable {
    private let names = Locked<[String]>([])

    /// The names recorded so far.
    var current: [String] { names.current }

    /// Forgets the names recorded (a suite's tests share one log, and run one at a time).
    func reset() {
        names.withValue { $0 = [] }
    }

    /// The body of an effect that sleeps until cancelled, then records `name`.
    func waitUntilCancelled(_ name: String) -> @Sendable (Dispatcher) async throws -> Void {
        { [names] _ in
            do {
                try await Task.sleep(for: .seconds(120))
            } catch {
                names.append(name)
            }
        }
    }
}
