#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

import Swivelish

/// The file a trace is written to, with plain `open`, `write` and `rename` (no Foundation), used by one
/// thread at a time: the writer thread, or `Recording.writeTrace(to:divergence:)`.
///
/// A write that fails (a full disk, an I/O error) is reported once on standard error and returns `false`;
/// later writes are still tried. If a failed write may have left part of a line, the next write begins
/// with a newline, so that the damage is one bad line, which the inspector names and skips.
final class TraceFile {
    let path: String
    private var descriptor: Int32
    private var hasReportedFailure = false
    private var mayEndInPartialLine = false
    /// Where the first failure is reported: standard error, but for tests.
    private let report: @Sendable (String) -> Void

    /// Creates or truncates the file at `path`.
    ///
    /// - Throws: ``TraceError`` when it cannot be opened for writing.
    init(path: String, report: @escaping @Sendable (String) -> Void = writeToStandardError) throws {
        self.path = path
        self.report = report
        descriptor = try Self.open(path)
    }

    deinit {
        close()
    }

    private static func open(_ path: String) throws -> Int32 {
        let descriptor = systemOpen(path)
        guard descriptor >= 0 else {
            throw TraceError(path: path, reason: String(cString: strerror(errno)))
        }
        return descriptor
    }

    /// Writes all of `bytes`; returns `false` when the system refused (the failure is reported once).
    func write(_ bytes: [UInt8]) -> Bool {
        guard descriptor >= 0 else { return false }
        var written = 0
        var failure: Int32 = 0
        let newline: [UInt8] = mayEndInPartialLine ? [UInt8(ascii: "\n")] : []
        for chunk in [newline, bytes] {
            written = 0
            chunk.withUnsafeBytes { buffer in
                while written < buffer.count {
                    let result = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                    if result < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    written += result
                }
            }
            if failure != 0 {
                mayEndInPartialLine = mayEndInPartialLine || (chunk.count > 1 && written > 0)
                report(failure)
                return false
            }
            mayEndInPartialLine = false
        }
        return true
    }

    /// Starts a new segment: renames the file `path.1` (replacing it) and opens a new, empty `path`.
    /// Returns `false`, reporting why once, when that fails; the trace then goes on in the file it has.
    func rotate() -> Bool {
        guard rename(path, path + ".1") == 0 else {
            report(errno)
            return false
        }
        close()
        do {
            descriptor = try Self.open(path)
            mayEndInPartialLine = false
            return true
        } catch {
            report(errno)
            return false
        }
    }

    func close() {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
            descriptor = -1
        }
    }

    private func report(_ error: Int32) {
        guard !hasReportedFailure else { return }
        hasReportedFailure = true
        report(
            """
            Swivelish: cannot write the trace to \(path): \(String(cString: strerror(error))). Records are lost \
            and counted (TraceWriter.statistics) until writes succeed again.\n
            """)
    }
}

/// Why a trace file could not be opened.
public struct TraceError: Error, CustomStringConvertible {
    /// The file.
    public let path: String
    /// What the system said: `No such file or directory`, `Permission denied`.
    public let reason: String

    /// `cannot open the trace file PATH: REASON`.
    public var description: String {
        "cannot open the trace file \(path): \(reason)"
    }
}

// The system's functions under names of their own: inside `TraceFile`, `write`, `open` and `close` are its
// methods.
private func systemOpen(_ path: String) -> Int32 {
    open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 {
    close(descriptor)
}

/// Writes `message` to standard error, unbuffered.
func writeToStandardError(_ message: String) {
    _ = message.withCString { systemWrite(2, $0, strlen($0)) }
}
