import Foundation
import Swivelish

/// Where a gif viewer gets a picture of its topic: the one dependency of the gif components.
///
/// The default answers from a catalogue of its own, numbering each topic's pictures, so that the example
/// prints the same lines every time and needs no network; an app gives a client that asks a real service.
public struct GifClient: Sendable {
    /// Returns a picture of `topic` (its name, in this example).
    public var fetch: @Sendable (_ topic: String) -> String

    /// A client that answers with `fetch`.
    public init(fetch: @escaping @Sendable (_ topic: String) -> String) {
        self.fetch = fetch
    }

    /// A client that answers `"<topic> #<n>"`, the n-th picture it gave of that topic.
    public static func numbered() -> GifClient {
        let counts = NumberedTopics()
        return GifClient { topic in "\(topic) #\(counts.next(topic))" }
    }
}

/// How many pictures of each topic a numbered client gave.
private final class NumberedTopics: @unchecked Sendable {  // its state is behind its lock
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func next(_ topic: String) -> Int {
        lock.lock()
        defer { lock.unlock() }
        counts[topic, default: 0] += 1
        return counts[topic]!
    }
}

extension GifClient: DependencyKey {
    /// A numbered client: the one a store uses unless given another.
    public static let defaultValue = GifClient.numbered()
}

extension Dependencies {
    /// The gif viewers' client.
    public var gifClient: GifClient {
        get { self[GifClient.self] }
        set { self[GifClient.self] = newValue }
    }
}
