#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Writes all of `text` to the file descriptor `descriptor`, unbuffered, retrying short and interrupted
/// writes. Gives up silently on any other error: there is nowhere left to report it.
func writeAll(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        bytes = bytes.dropFirst(written)
    }
}

/// Writes `text` to standard error, after what was printed to standard output so far, so that the two
/// appear in order when they go to the same place.
func standardError(_ text: String) {
    fflush(nil)  // every output stream; `stdout` itself is a C global that Swift 6 will not touch
    writeAll(text, to: STDERR_FILENO)
}
