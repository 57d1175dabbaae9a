/// Whether a store's deliverer is at work: a word that changes under the store's lock, but for one step.
///
/// The deliverer of a change it committed itself stops with an exchange from ``delivering`` to ``idle``,
/// without the lock (``stop()``), which saves a lock round trip on every dispatch that has subscribers.
/// That is sound because whoever queues work, or starts to wait for room, first changes ``delivering`` to
/// ``mustCheck`` (``claim()`` and ``requireCheck()``, with the lock held, in the same locked step as the
/// queueing): the deliverer's exchange then fails, and it takes the lock and looks at the queue. If the
/// deliverer's exchange comes first, the queuer's fails, and the queuer, which holds the lock, finds no one
/// delivering and an empty queue, so it becomes the deliverer itself. Exchanges acquire and release, so
/// what the old deliverer did (its subscribers' calls, the watches it read) is visible to the next one.
@usableFromInline
struct DeliveryFlag: Sendable {
    /// No one delivers, and the queue is empty.
    @usableFromInline
    static var idle: Int { 0 }
    /// A thread delivers; nothing was queued for it since it last looked.
    @usableFromInline
    static var delivering: Int { 1 }
    /// A thread delivers, and must take the lock to look at the queue before it stops.
    @usableFromInline
    static var mustCheck: Int { 2 }

    @usableFromInline
    let word = AtomicWord(DeliveryFlag.idle)

    @inlinable
    init() {}

    /// Whether someone delivers. With the lock held, this is exact.
    @inlinable
    var isSet: Bool {
        word.load() != Self.idle
    }

    /// With the lock held: makes the caller the deliverer when no one delivers, and returns `true`.
    /// Otherwise returns `false`, having told the deliverer to look at the queue before it stops: the caller
    /// must queue its work in the same locked step.
    @inlinable
    @inline(__always)
    func claim() -> Bool {
        switch word.load() {
        case Self.idle:
            break
        case Self.delivering:
            // When the exchange fails, the deliverer stopped meanwhile, by its exchange without the lock. It
            // found nothing queued, and nothing was queued since (that needs the lock, held here): the queue
            // is empty, and the caller delivers.
            if word.compareExchange(expected: Self.delivering, desired: Self.mustCheck) {
                return false
            }
        default:
            return false
        }
        word.store(Self.delivering)
        return true
    }

    /// With the lock held: makes the deliverer take the lock before it stops (a dispatch waits for room,
    /// and the deliverer wakes it).
    func requireCheck() {
        _ = word.compareExchange(expected: Self.delivering, desired: Self.mustCheck)
    }

    /// With the lock held: the deliverer found the queue empty, and stops.
    @inlinable
    func release() {
        word.store(Self.idle)
    }

    /// **Without the lock**, by the deliverer after it performed what it became the deliverer for: stops
    /// delivering and returns `true` when nothing was queued and no dispatch started to wait meanwhile;
    /// returns `false` when the caller must take the lock and look at the queue.
    @inlinable
    @inline(__always)
    func stop() -> Bool {
        word.compareExchange(expected: Self.delivering, desired: Self.idle)
    }
}
