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
///
/// Each operation is a pure transition of the word's value (``claim(from:)``, ``requireCheck(from:)``,
/// ``release(from:)``, ``stop(from:)``), applied to a ``Word`` by ``claim(on:)`` and its siblings with the
/// atomic operations (``applyHoldingLock(_:to:)`` with the lock held, one exchange for ``stop(on:)``); the
/// methods apply them to the flag's ``AtomicWord``. `Tests/SwivelishEngineTests/DeliveryFlagTests.swift`
/// checks each operation from each value, and applies them to a word of its own to run a deliverer, queuers
/// and dispatches waiting for room through every interleaving of their steps, the lock-free ``stop()``
/// included; each transition broken on purpose fails it.
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
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func claim() -> Bool {
        Self.claim(on: word)
    }

    /// With the lock held: makes the deliverer take the lock before it stops (a dispatch waits for room,
    /// and the deliverer wakes it).
    ///
    /// A safeguard: `DeliveryFlagTests` find no interleaving that needs it, since a dispatch waits only when
    /// the queue is full, and whatever queued work claimed delivery (``claim()``) and left the word at
    /// ``mustCheck`` already, or behind another waiting dispatch, which wakes it. It keeps the wake-up
    /// sound should a path ever queue without claiming.
    func requireCheck() {
        Self.requireCheck(on: word)
    }

    /// With the lock held: the deliverer found the queue empty, and stops.
    @inlinable
    func release() {
        Self.release(on: word)
    }

    /// **Without the lock**, by the deliverer after it performed what it became the deliverer for: stops
    /// delivering and returns `true` when nothing was queued and no dispatch started to wait meanwhile;
    /// returns `false` when the caller must take the lock and look at the queue.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    func stop() -> Bool {
        Self.stop(on: word)
    }
}

// MARK: - The transitions

extension DeliveryFlag {
    /// ``claim()`` from `word`: no one delivers (``idle``), so the caller becomes the deliverer; or someone
    /// does, and must look at the queue before it stops.
    @inlinable
    static func claim(from word: Int) -> (next: Int, returns: Bool) {
        word == idle ? (delivering, true) : (mustCheck, false)
    }

    /// ``requireCheck()`` from `word`: a deliverer that would stop without the lock must look first.
    @inlinable
    static func requireCheck(from word: Int) -> Int {
        word == delivering ? mustCheck : word
    }

    /// ``release()`` from `word`: no one delivers.
    @inlinable
    static func release(from word: Int) -> Int {
        idle
    }

    /// ``stop()`` from `word`: the deliverer stops when nothing was queued since it last looked.
    @inlinable
    static func stop(from word: Int) -> (next: Int, returns: Bool) {
        word == delivering ? (idle, true) : (word, false)
    }
}

// MARK: - Applying them to a word

extension DeliveryFlag {
    /// The atomic operations a transition is applied with: ``AtomicWord``'s, or a test's.
    @usableFromInline
    protocol Word {
        func load() -> Int
        func store(_ value: Int)
        func compareExchange(expected: Int, desired: Int) -> Bool
    }

    /// Applies `transition` to `word` with the lock held, and returns what it returns.
    ///
    /// Meanwhile only the deliverer changes the word (``stop()``, without the lock), and only from
    /// ``delivering`` to ``idle``. So a store applies a change from another value, and an exchange one from
    /// ``delivering``; when that exchange fails, the deliverer stopped, and the transition is applied from
    /// ``idle``, which only a lock holder leaves. Each case applies the transition to a constant, so that,
    /// inlined, it folds away: a claim is one load, then a store, an exchange, or nothing, as if written by
    /// hand.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    static func applyHoldingLock<Returned>(
        _ transition: (Int) -> (next: Int, returns: Returned), to word: some Word
    ) -> Returned {
        let found = word.load()
        if found == idle {
            return apply(transition(idle), from: idle, to: word)
        }
        if found == delivering {
            let (next, returned) = transition(delivering)
            if next == delivering || word.compareExchange(expected: delivering, desired: next) {
                return returned
            }
            return apply(transition(idle), from: idle, to: word)  // the deliverer stopped meanwhile
        }
        return apply(transition(mustCheck), from: mustCheck, to: word)  // the only other value
    }

    /// Applies a transition from `current`, the word's value, which no one else changes: stores the next
    /// value unless it is `current`, and returns what the transition returns.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    static func apply<Returned>(
        _ transition: (next: Int, returns: Returned), from current: Int, to word: some Word
    ) -> Returned {
        if transition.next != current {
            word.store(transition.next)
        }
        return transition.returns
    }

    /// Applies a transition that returns nothing to `word` with the lock held.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    static func applyHoldingLock(_ transition: (Int) -> Int, to word: some Word) {
        applyHoldingLock({ (next: transition($0), returns: ()) }, to: word)
    }

    /// ``claim()`` on `word`, with the lock held.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    static func claim(on word: some Word) -> Bool {
        applyHoldingLock(claim(from:), to: word)
    }

    /// ``requireCheck()`` on `word`, with the lock held.
    @inlinable
    static func requireCheck(on word: some Word) {
        applyHoldingLock(requireCheck(from:), to: word)
    }

    /// ``release()`` on `word`, with the lock held.
    @inlinable
    static func release(on word: some Word) {
        applyHoldingLock(release(from:), to: word)
    }

    /// Applies ``stop(from:)`` to `word` without the lock, as the deliverer: the word is ``delivering`` or
    /// ``mustCheck`` (only the deliverer makes it ``idle``, and lock holders change it only from
    /// ``delivering`` to ``mustCheck``), and stopping changes it only from ``delivering``. One exchange does
    /// it.
    @inlinable
    @inline(__always)  // a dispatch's path (see "Forced inlining" in StoreStorage)
    static func stop(on word: some Word) -> Bool {
        let (next, returned) = stop(from: delivering)
        if word.compareExchange(expected: delivering, desired: next) {
            return returned
        }
        return stop(from: mustCheck).returns
    }
}

extension AtomicWord: DeliveryFlag.Word {}
