#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch

/// Standard output for the scripted mode: writes each line at once, unbuffered, and remembers the
/// first write that failed, after which it writes nothing more.
///
/// The lines are written by the store's subscriber, on whichever thread delivers; the session reads
/// ``failure`` on the main thread once the deliveries are done, and stops.
///
/// `@unchecked Sendable`: `queue` guards `firstFailure`.
public final class ScriptOutput: @unchecked Sendable {
    private let queue = DispatchQueue(label: "ExampleTerminal.ScriptOutput")
    private var firstFailure: WriteError?

    /// Output for a scripted session, which writes nothing yet.
    public init() {}

    /// The error of the first write that failed, or `nil` while every write succeeded.
    public var failure: WriteError? {
        queue.sync { firstFailure }
    }

    /// Writes `line` and a newline to standard output, unless an earlier write failed.
    public func write(line: String) {
        queue.sync {
            guard firstFailure == nil else { return }
            do throws(WriteError) {
                try writeAll(line + "\n", to: STDOUT_FILENO)
            } catch {
                firstFailure = error
            }
        }
    }
}
