/// Numbers unique in the process, for the changes of ``IdentifiedArray``s and the incarnations of their
/// elements: two copies of an array that change apart never share a number, so a reader that remembers the
/// last number it saw finds what changed since, or learns that it must look at everything.
@usableFromInline
enum ChangeStamps {
    @usableFromInline
    static let counter = AtomicWord(0)

    /// A new number, greater than every number made before.
    @inlinable
    static func next() -> UInt64 {
        UInt64(bitPattern: Int64(counter.add(1)))
    }
}
