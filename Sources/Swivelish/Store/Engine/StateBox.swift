/// The state of a store, in memory of its own, which `update` writes in place and deliveries read in place.
///
/// Delivering a change takes one reference to the box, not a copy of the state: a copy retains every array,
/// dictionary, string and object the state holds, and releases them once delivered (two atomic operations
/// for each, at every dispatch). Instead the box is copy-on-write as a whole: once the store has lent the
/// box (``StoreStateMachine/lendBox()``), it checks before `update` writes it that the box is its own again
/// (``StoreStateMachine/makeStateWritable(tellingThreadSanitizer:)``); when a delivery in progress, or a
/// change waiting in the queue, still holds it, the state is copied into a new box, and the old one stays as
/// it was for its readers. So a store whose deliveries keep up writes one box in place, and only a dispatch
/// made while a delivery reads pays for a copy of the state, which every delivery made before.
///
/// Its address is stable for its lifetime (a `ManagedBuffer`'s header), so readers hold a pointer to the
/// state while they hold the box.
///
/// ThreadSanitizer does not see the reference count that orders a reader's last read before an in-place
/// write (or before the box is freed): each thread that reads a box it does not own calls
/// ``ThreadSanitizer/release(_:)`` with its ``pointer`` when its reads are done, and the writer (or the
/// box's `deinit`) acquires it.
@usableFromInline
final class StateBox<S>: ManagedBuffer<S, Void> {
    // Not `Sendable` (a `ManagedBuffer` cannot be), but shared between threads by the store, which writes the
    // state only under its lock, while the box is its alone; every other holder only reads it.

    /// A box holding `state`.
    @inlinable
    static func make(_ state: S) -> StateBox<S> {
        unsafeDowncast(create(minimumCapacity: 0) { _ in state }, to: StateBox<S>.self)
    }

    /// The state's address, valid while the box is alive.
    @inlinable
    var pointer: UnsafeMutablePointer<S> {
        withUnsafeMutablePointerToHeader { $0 }
    }

    /// A copy of the state.
    @inlinable
    var state: S {
        pointer.pointee
    }

    /// Tells ThreadSanitizer that this thread's reads of the state are done (see ``StateBox``).
    @inlinable
    func endReads(tellingThreadSanitizer: Bool) {
        if tellingThreadSanitizer {
            ThreadSanitizer.release(pointer)
        }
    }

    deinit {
        // The readers' reads come before the state is destroyed and its memory freed.
        if ThreadSanitizer.isEnabled {
            ThreadSanitizer.acquire(pointer)
        }
    }
}
