#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Dispatch

/// The terminal on standard input and output, switched to raw key-by-key input for the interactive
/// mode, and restored exactly once, whoever asks first: the session on `q`, or a signal handler.
///
/// `@unchecked Sendable`: `queue` serialises every use of the file descriptors and `isRestored`.
public final class Terminal: @unchecked Sendable {
    private let original: termios
    private let queue = DispatchQueue(label: "ExampleTerminal.Terminal")
    private var isRestored = false

    /// Saves the terminal's settings and switches it to raw input: keys arrive one at a time, are not
    /// echoed, and Ctrl-C, Ctrl-Z and Ctrl-S arrive as keys instead of signals. Hides the cursor.
    ///
    /// Returns `nil` when standard input is not a terminal.
    public init?() {
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        original = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        settings.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &settings.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) == 0 else { return nil }
        output("\u{1B}[?25l")
    }

    /// Writes `text` to standard output, unless the terminal was restored.
    public func output(_ text: String) {
        queue.sync {
            guard !isRestored else { return }
            try? writeAll(text, to: STDOUT_FILENO)  // nowhere to report it; the screen is the output
        }
    }

    /// The terminal's size in character cells, or `nil` when it cannot be known (or is reported as 0).
    ///
    /// Asked again on each call: the user may resize the window at any time (which sends SIGWINCH).
    public func size() -> (columns: Int, rows: Int)? {
        var size = winsize()
        for descriptor in [STDOUT_FILENO, STDIN_FILENO] where ioctl(descriptor, Self.getWindowSize, &size) == 0 {
            guard size.ws_col > 0, size.ws_row > 0 else { return nil }
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return nil
    }

    #if canImport(Darwin)
    // `TIOCGWINSZ` is a function-like macro in Darwin's headers, which Swift does not import:
    // `_IOR('t', 104, struct winsize)`.
    private static let getWindowSize = UInt(0x4008_7468)
    #else
    private static let getWindowSize = UInt(TIOCGWINSZ)
    #endif

    /// Reads one key, waiting for it. Returns `nil` at end of input or on a read error.
    public func readKey() -> UInt8? {
        var key: UInt8 = 0
        while true {
            switch read(STDIN_FILENO, &key, 1) {
            case 1: return key
            case -1 where errno == EINTR: continue
            default: return nil
            }
        }
    }

    /// Whether a byte can be read within `milliseconds`.
    public func hasInput(within milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    /// Writes `text`, shows the cursor and restores the saved settings; later writes do nothing.
    ///
    /// Safe from any thread, any number of times: only the first call has an effect.
    public func restore(writing text: String = "") {
        queue.sync {
            guard !isRestored else { return }
            isRestored = true
            try? writeAll(text + "\u{1B}[?25h", to: STDOUT_FILENO)
            var settings = original
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        }
    }
}
