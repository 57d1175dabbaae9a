/// The effects of several sub-states, collected without allocating until there are two.
@usableFromInline
struct SerialEffects {
    @usableFromInline
    var first: Effect?
    @usableFromInline
    var others: [Effect] = []

    @inlinable
    init() {}

    @inlinable
    mutating func append(_ effect: Effect?) {
        guard let effect else { return }
        if first == nil {
            first = effect
        } else {
            others.append(effect)
        }
    }

    /// `nil` for no effect, the effect itself for one, and an effect running all in order for more.
    @inlinable
    var combined: Effect? {
        guard let first else { return nil }
        if others.isEmpty { return first }
        let all = [first] + others
        return { dispatch in
            for effect in all { effect(dispatch) }
        }
    }
}
