#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch

/// Replaces the default action of some signals (end the process at once, or for SIGWINCH nothing) with
/// a handler that runs on a background queue, outside signal context, so that it may do anything:
/// restore the terminal, exit, redraw the screen.
///
/// Signals that arrive before the handler has run for the first of them may be coalesced into one call.
///
/// The handler stays installed for as long as the value is kept.
public struct SignalHandler {
    private let sources: [any DispatchSourceSignal]

    /// Installs `handler` for each of `signals`; it receives the signal's number.
    public init(for signals: [Int32], _ handler: @escaping @Sendable (Int32) -> Void) {
        sources = signals.map { number in
            signal(number, SIG_IGN)  // The dispatch source still sees the signal; the default action does not run.
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { handler(number) }
            source.resume()
            return source
        }
    }
}
