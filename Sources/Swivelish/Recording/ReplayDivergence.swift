/// Where a replay of a ``Recording`` first made a state other than the recorded one.
public struct ReplayDivergence<S: State>: Error, CustomStringConvertible {
    /// The index of the step, in ``Recording/steps``.
    public let index: Int

    /// The message whose state differs.
    public let message: any Message

    /// The state the recording holds after the message.
    public let recorded: S

    /// The state the replay made.
    public let replayed: S

    /// The message, its number, and the fields that differ (recorded → replayed).
    public var description: String {
        let differences = fieldDifferences(from: recorded, to: replayed).map { difference in
            switch difference.kind {
            case let .changed(from, to): "  \(difference.path): recorded \(from), replayed \(to)"
            case let .count(from, to): "  \(difference.path): recorded \(from) elements, replayed \(to)"
            case let .removed(value): "  \(difference.path): recorded \(value), missing from the replay"
            case let .added(value): "  \(difference.path): not recorded, replayed \(value)"
            }
        }
        return
            (["Message \(index + 1) (\(describe(message))) makes another state than the recorded one:"]
            + (differences.isEmpty ? ["  (no difference visible field by field)"] : differences))
            .joined(separator: "\n")
    }
}
