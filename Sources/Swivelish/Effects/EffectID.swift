/// An effect's id, type-erased. `@unchecked Sendable`: it is only made from `Hashable & Sendable` values.
///
/// Copied, hashed and compared several times for each cancellable effect (the registry's lookups, the
/// scope that remembers it), so every case has a fixed layout that copies with a retain at most:
/// - the ids the library gives its children's effects (``ChildEffects``, ``CollectionEffects``) are kept as
///   they are, compared and hashed as the numbers they hold;
/// - any other id is kept in a box of its own type (``OtherEffectID``), made once: a stored `AnyHashable`
///   would be copied through the standard library's value witnesses, and its `==` on a type from another
///   module casts through the runtime (thousands of instructions at each lookup).
struct EffectID: Hashable, @unchecked Sendable {
    private enum Base {
        case child(ChildEffects)
        case collection(CollectionEffects)
        case other(OtherEffectID)
    }

    private let base: Base

    init<ID: Hashable & Sendable>(_ id: ID) {
        // Comparisons of metatypes, not casts: the two types are the library's own, and these are exact.
        if ID.self == ChildEffects.self {
            base = .child(unsafeBitCast(id, to: ChildEffects.self))
        } else if ID.self == CollectionEffects.self {
            base = .collection(unsafeBitCast(id, to: CollectionEffects.self))
        } else {
            base = .other(TypedEffectID(id))
        }
    }

    /// The id as it was given, for traces.
    var value: Any {
        switch base {
        case let .child(id): id
        case let .collection(id): id
        case let .other(id): id.value.base
        }
    }

    static func == (left: EffectID, right: EffectID) -> Bool {
        switch (left.base, right.base) {
        case let (.child(left), .child(right)): left == right
        case let (.collection(left), .collection(right)): left == right
        case let (.other(left), .other(right)): left === right || left.isEqual(to: right)
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch base {
        case let .child(id): hasher.combine(id.incarnation)
        case let .collection(id): hasher.combine(id.origin)
        case let .other(id): hasher.combine(id.hash)
        }
    }
}

/// An id given by the user's code, boxed once, with its hash.
///
/// Ids compare as `AnyHashable`s do (so `1 as Int` and `1 as Int64` are one id), with a quick path for two
/// ids of the same type, which ``TypedEffectID`` compares with the type's own `==`.
///
/// `@unchecked Sendable`: immutable, and made only from `Sendable` values.
class OtherEffectID: @unchecked Sendable {
    /// The id, as `AnyHashable` compares and hashes it.
    let value: AnyHashable

    /// `value`'s hash, computed once.
    let hash: Int

    init(_ value: AnyHashable) {
        self.value = value
        hash = value.hashValue
    }

    /// Whether the two ids are equal, as `AnyHashable`s.
    func isEqual(to other: OtherEffectID) -> Bool {
        value == other.value
    }
}

/// An ``OtherEffectID`` of type `ID`.
final class TypedEffectID<ID: Hashable & Sendable>: OtherEffectID, @unchecked Sendable {
    let id: ID

    init(_ id: ID) {
        self.id = id
        super.init(AnyHashable(id))
    }

    override func isEqual(to other: OtherEffectID) -> Bool {
        // The same type: the type's own `==`, which is what `AnyHashable` calls after its casts.
        if type(of: other) == TypedEffectID<ID>.self {
            return id == unsafeDowncast(other, to: TypedEffectID<ID>.self).id
        }
        return super.isEqual(to: other)
    }
}
