#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Tells ThreadSanitizer of an order between threads that it cannot see, when the program runs under it;
/// does nothing otherwise.
///
/// The store's deliveries read a copy-on-write snapshot of the subscription list without the lock, and a
/// change writes the list in place once no delivery holds it. The reference count that orders a
/// delivery's last read before that write lives in the Swift runtime, which ThreadSanitizer does not
/// instrument, so it would report the write as a race. A delivery calls ``release(_:)`` with the buffer's
/// address when its reads are done; a change calls ``acquire(_:)`` with it once the buffer is its own.
///
/// The annotations are ThreadSanitizer's runtime functions, found when the program starts (they are
/// there only in a program built with `-sanitize=thread`), so that the package's code is the same with
/// and without it.
@usableFromInline
enum ThreadSanitizer {
    @usableFromInline
    typealias Annotation = @convention(c) (UnsafeRawPointer?) -> Void

    /// `__tsan_acquire`, when the program runs under ThreadSanitizer.
    @usableFromInline
    static let acquireFunction = annotation(named: "__tsan_acquire")

    /// `__tsan_release`, when the program runs under ThreadSanitizer.
    @usableFromInline
    static let releaseFunction = annotation(named: "__tsan_release")

    /// Whether the program runs under ThreadSanitizer.
    @inlinable
    static var isEnabled: Bool {
        acquireFunction != nil
    }

    /// What this thread did so far happens before what a thread does after ``acquire(_:)`` on `address`.
    @inlinable
    static func release(_ address: UnsafeRawPointer) {
        releaseFunction?(address)
    }

    /// What a thread did before ``release(_:)`` on `address` happens before what this thread does next.
    @inlinable
    static func acquire(_ address: UnsafeRawPointer) {
        acquireFunction?(address)
    }

    private static func annotation(named name: String) -> Annotation? {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(everywhere, name) else { return nil }
        return unsafeBitCast(symbol, to: Annotation.self)
    }
}
