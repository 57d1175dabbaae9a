/// The values at a key path of a ``Store``'s state, as an `AsyncSequence`. Made by
/// `Store.values(_:)`.
///
/// Each iterator has its own subscription, made when the iterator is made and ended when it is
/// freed or its task is cancelled. Values wait in an unbounded buffer until `next()` takes them. The
/// iteration ends when the store is freed.
public struct StoreValues<Element: Sendable>: AsyncSequence, Sendable {
    /// The failure type: iterating never throws.
    public typealias Failure = Never

    /// Subscribes `output` to the store; `nil` when the store is gone.
    private let subscribe: @Sendable (Output) -> (@Sendable () -> Void)?

    init(subscribe: @escaping @Sendable (Output) -> (@Sendable () -> Void)?) {
        self.subscribe = subscribe
    }

    /// Subscribes, and returns an iterator over the values from now on.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: .unbounded)
        if let unsubscribe = subscribe(Output(continuation)) {
            continuation.onTermination = { _ in unsubscribe() }
        } else {
            continuation.finish()  // the store is gone
        }
        return Iterator(base: stream.makeAsyncIterator(), subscription: Subscription(continuation))
    }

    /// What the store's subscription yields to. Only that subscription holds it, so the stream ends when
    /// the store lets the subscription go: when it is freed, or after unsubscribing.
    final class Output: Sendable {
        private let continuation: AsyncStream<Element>.Continuation

        init(_ continuation: AsyncStream<Element>.Continuation) {
            self.continuation = continuation
        }

        func yield(_ value: Element) {
            continuation.yield(value)
        }

        deinit {
            continuation.finish()
        }
    }

    /// Iterates the values of a ``StoreValues`` sequence.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: AsyncStream<Element>.Iterator
        private let subscription: Subscription

        fileprivate init(base: AsyncStream<Element>.Iterator, subscription: Subscription) {
            self.base = base
            self.subscription = subscription
        }

        /// The next value, waiting for the next state change if none is buffered; `nil` once the task
        /// is cancelled or the store is freed (after the values delivered before).
        public mutating func next() async -> Element? {
            await base.next()
        }

        /// The next value, waiting in `actor`'s isolation; `nil` once the task is cancelled or the store
        /// is freed.
        @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, *)
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await base.next(isolation: actor)
        }
    }

    /// Ends the subscription when the last copy of its iterator is freed.
    fileprivate final class Subscription: Sendable {
        private let continuation: AsyncStream<Element>.Continuation

        init(_ continuation: AsyncStream<Element>.Continuation) {
            self.continuation = continuation
        }

        deinit {
            continuation.finish()
        }
    }
}

extension Subscribed {
    /// The function that ends the subscription, or `nil` when there is none.
    var activeUnsubscribe: (@Sendable () -> Void)? {
        isSubscribed ? unsubscribe : nil
    }
}
