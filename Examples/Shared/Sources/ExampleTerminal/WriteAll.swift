#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A write that failed, with the `errno` it set.
public struct WriteError: Error, CustomStringConvertible {
    /// The `errno` value, such as `ENOSPC` or `EPIPE`.
    public let code: Int32

    /// The system's message for ``code``, such as `No space left on device`.
    public var description: String { String(cString: strerror(code)) }
}

/// Writes all of `text` to the file descriptor `descriptor`, unbuffered, retrying short and interrupted
/// writes.
///
/// - Throws: ``WriteError`` on any other error. What was written before it stays written.
public func writeAll(_ text: String, to descriptor: Int32) throws(WriteError) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            throw WriteError(code: errno)
        }
        bytes = bytes.dropFirst(written)
    }
}

/// Writes `text` to standard error, after what was printed to standard output so far, so that the two
/// appear in order when they go to the same place. Gives up silently if it cannot: there is nowhere
/// left to report it.
public func standardError(_ text: String) {
    fflush(nil)  // every output stream; `stdout` itself is a C global that Swift 6 will not touch
    try? writeAll(text, to: STDERR_FILENO)
}
