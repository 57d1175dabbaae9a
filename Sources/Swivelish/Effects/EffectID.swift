/// An effect's id, type-erased. `@unchecked Sendable`: it is only made from `Hashable & Sendable` values.
///
/// The ids the library gives its children's effects (``ChildEffects``, ``CollectionEffects``) are kept as
/// they are, compared and hashed as the numbers they hold; others in an `AnyHashable`, whose `==` on a
/// type from another module costs thousands of instructions (it casts through the runtime), paid at each
/// lookup of the registry.
struct EffectID: Hashable, @unchecked Sendable {
    private enum Base: Hashable {
        case child(ChildEffects)
        case collection(CollectionEffects)
        case other(AnyHashable)
    }

    private let base: Base

    init<ID: Hashable & Sendable>(_ id: ID) {
        // Comparisons of metatypes, not casts: the two types are the library's own, and these are exact.
        if ID.self == ChildEffects.self {
            base = .child(unsafeBitCast(id, to: ChildEffects.self))
        } else if ID.self == CollectionEffects.self {
            base = .collection(unsafeBitCast(id, to: CollectionEffects.self))
        } else {
            base = .other(AnyHashable(id))
        }
    }

    /// The id as it was given, for traces.
    var value: Any {
        switch base {
        case let .child(id): id
        case let .collection(id): id
        case let .other(id): id.base
        }
    }
}
