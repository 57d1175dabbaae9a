/// An effect's id, type-erased. `@unchecked Sendable`: it is only made from `Hashable & Sendable` values.
struct EffectID: Hashable, @unchecked Sendable {
    private let base: AnyHashable

    init(_ id: some Hashable & Sendable) {
        base = AnyHashable(id)
    }

    /// The id as it was given, for traces.
    var value: Any {
        base.base
    }
}
