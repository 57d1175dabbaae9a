#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

/// Why a message reached no state: what ``State/updateElements(_:of:with:_:)`` and
/// ``State/updatePresented(_:of:with:_:)`` report when they drop a message of a child that is gone, for the
/// store that runs them to tell its observers (``StoreEvent/notAppliedReason``).
///
/// The report goes through a word of the thread's own (a pthread key), which the store sets while its
/// observed `update` runs: the composition functions are static and do not know their store, and a store
/// without observers (the common one) pays nothing for it. Only a drop reads the word. (A C `_Thread_local`
/// would cost fewer instructions, but valgrind 3.19, which CI counts instructions with, cannot read the
/// debug information clang writes for one.)
@usableFromInline
package enum NotApplied {
    /// The key of the thread's word.
    @usableFromInline
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key, nil)
        precondition(created == 0, "Swivelish: no thread-specific key for reports of dropped messages (\(created))")
        return key
    }()

    /// Runs `body`, and returns what it returned with the first reason reported on this thread meanwhile. A
    /// collection inside another passes its reason on to the outer one too.
    ///
    /// The reason is reported into a variable of this call, through a pointer the thread's word holds while
    /// `body` runs: nothing is allocated for a message that is applied. Inlined (W10, a store with an
    /// observer: 1,427 instructions per message unspecialised, against 1,042 before reports).
    @inlinable
    package static func collecting<Result>(_ body: () -> Result) -> (result: Result, reason: String?) {
        var reason: String?
        let result = withUnsafeMutablePointer(to: &reason) { report in
            let outer = begin(report)
            defer { end(report, restoring: outer) }
            return body()
        }
        return (result, reason)
    }

    /// Points this thread's word at `report`; returns what it pointed at.
    @inlinable
    static func begin(_ report: UnsafeMutablePointer<String?>) -> UnsafeMutableRawPointer? {
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, report)
        return outer
    }

    /// Points this thread's word at `outer` again, and passes `report`'s reason on to it.
    @inlinable
    static func end(_ report: UnsafeMutablePointer<String?>, restoring outer: UnsafeMutableRawPointer?) {
        pthread_setspecific(key, outer)
        if let reason = report.pointee, let outer {
            let outerReason = outer.assumingMemoryBound(to: String?.self)
            if outerReason.pointee == nil { outerReason.pointee = reason }
        }
    }

    /// Reports that the message being applied reaches no state, and why; nothing when no collection is
    /// under way on this thread.
    @usableFromInline
    static func report(_ reason: @autoclosure () -> String) {
        guard let current = pthread_getspecific(key) else { return }
        let report = current.assumingMemoryBound(to: String?.self)
        if report.pointee == nil { report.pointee = reason() }
    }
}
