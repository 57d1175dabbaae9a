import Foundation

/// The system calls ``JSONFile`` makes, with `errno` turned into a sentence. POSIX calls rather than
/// `FileManager`, to tell a missing file from an unreadable one and to flush a file before it is renamed.
enum FileSystem {
    /// What reading a file found.
    enum ReadResult {
        case missing
        case failed(reason: String)
        case read(Data)
    }

    /// Reads the whole file at `path`.
    static func read(_ path: String) -> ReadResult {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            return errno == ENOENT ? .missing : .failed(reason: lastError())
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                // A directory opens, and fails here (EISDIR).
                return .failed(reason: lastError())
            }
            if count == 0 { return .read(data) }
            data.append(contentsOf: buffer[..<count])
        }
    }

    /// Why ``writeNewFile(_:to:)`` did not write.
    enum WriteFailure: Error {
        /// A file is already at the path: it was left alone.
        case nameTaken
        /// The file could not be made, written or flushed; it was removed.
        case failed(reason: String)
    }

    /// Writes `data` to a new file at `path`, which must not exist, and flushes it to disk. On failure the
    /// file made, if any, is removed.
    static func writeNewFile(_ data: Data, to path: String) throws(WriteFailure) {
        // 0o644 before the umask: the mode of a file made by `FileManager` or a shell.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw errno == EEXIST ? .nameTaken : .failed(reason: lastError())
        }
        var failure: String?
        var bytes = [UInt8](data)[...]
        while !bytes.isEmpty, failure == nil {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written >= 0 {
                bytes = bytes.dropFirst(written)
            } else if errno != EINTR {
                failure = lastError()
            }
        }
        if failure == nil, fsync(descriptor) != 0 {
            failure = lastError()
        }
        if close(descriptor) != 0, failure == nil {
            failure = lastError()
        }
        if let failure {
            unlink(path)
            throw .failed(reason: failure)
        }
    }

    /// Renames `source` to `destination`, replacing what is there; returns why it could not, or `nil`.
    static func rename(_ source: String, to destination: String) -> String? {
        Foundation.rename(source, destination) == 0 ? nil : lastError()
    }

    /// Whether something is at `path`, even a dangling symbolic link. `false` also when it cannot tell (the
    /// name is too long, the directory cannot be searched).
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Flushes the directory holding `path` to disk, so that a rename in it lasts through a power cut.
    /// Best effort: some file systems cannot, and the rename is done either way.
    static func syncDirectory(of path: String) {
        let descriptor = open(directory(of: path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The directory part of `path`: `.` for a bare name, `/` for a file at the root.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The description of `errno`.
    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
