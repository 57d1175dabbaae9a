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
        /// A user's id, which knows the component whose effects it names (see ``within(_:)``).
        case other(OtherEffectID)
    }

    private let base: Base

    init<ID: Hashable & Sendable>(_ id: ID) {
        // Comparisons of metatypes, not casts: the two types are the library's own, and these are exact.
        if ID.self == ChildEffects.self {
            // Not `as!`: W16 costs 16,656 instructions, 16,758 (issue 37, with `as!` at every such cast).
            base = .child(unsafeBitCast(id, to: ChildEffects.self))
        } else if ID.self == CollectionEffects.self {
            base = .collection(unsafeBitCast(id, to: CollectionEffects.self))
        } else if ID.self == StoreWideEffectID.self {
            // Not `as!`: W16 costs 16,656 instructions, 16,758 (issue 37, with `as!` at every such cast).
            base = .other(unsafeBitCast(id, to: StoreWideEffectID.self).box)
        } else {
            base = .other(TypedEffectID(id))
        }
    }

    private init(_ base: Base) {
        self.base = base
    }

    /// This id as the effects of `owner` name it: a user's id given inside the effects of a component (a
    /// sub-state, an element, a presented child) names that component's effects only, so that two rows, or
    /// two counters side by side, that each cancel their own `PriceCheck()` do not cancel each other's. The
    /// library's own ids, and a ``StoreWideEffectID``, are the store's.
    func within(_ owner: EffectOwner?) -> EffectID {
        guard let owner, case let .other(id) = base, id.owner == nil, !id.isStoreWide else { return self }
        return EffectID(.other(ComponentEffectID(id, within: owner)))
    }

    /// The child's id itself, for an id of a child's effects.
    var childEffects: ChildEffects? {
        if case let .child(id) = base { return id }
        return nil
    }

    /// The component whose effects a user's id names, if any (see ``within(_:)``).
    var owner: EffectOwner? {
        if case let .other(id) = base { return id.owner }
        return nil
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

    /// An id of `value`, whose hash is `hash`.
    init(_ value: AnyHashable, hash: Int) {
        self.value = value
        self.hash = hash
    }

    /// The component whose effects the id names; `nil` for the store's own (see ``EffectID/within(_:)``).
    var owner: EffectOwner? { nil }

    /// Whether the id names effects of the whole store wherever it is given (a ``StoreWideEffectID``).
    var isStoreWide: Bool { false }

    /// Whether the two ids are equal, as `AnyHashable`s.
    func isEqual(to other: OtherEffectID) -> Bool {
        other.owner == nil && value == other.value
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
            // Not `as!`: W16 costs 16,656 instructions, 16,758 (issue 37, with `as!` at every such cast).
            return id == unsafeDowncast(other, to: TypedEffectID<ID>.self).id
        }
        return super.isEqual(to: other)
    }
}

/// A user's id given inside the effects of a component (see ``EffectID/within(_:)``): the id and the
/// component, one id only with the same id of the same component. Made once per effect that a component
/// starts with an id.
final class ComponentEffectID: OtherEffectID, @unchecked Sendable {
    let base: OtherEffectID
    let component: EffectOwner

    init(_ base: OtherEffectID, within component: EffectOwner) {
        self.base = base
        self.component = component
        var hasher = Hasher()
        hasher.combine(base.hash)
        hasher.combine(component)
        super.init(base.value, hash: hasher.finalize())
    }

    override var owner: EffectOwner? { component }

    override func isEqual(to other: OtherEffectID) -> Bool {
        guard let other = other as? ComponentEffectID else { return false }
        return component == other.component && (base === other.base || base.isEqual(to: other.base))
    }
}

/// The id of a ``StoreWideEffectID``: `base`, which names effects of the whole store wherever it is given,
/// and is one id with `base` itself given in the store's own effects.
final class StoreWideOtherEffectID: OtherEffectID, @unchecked Sendable {
    let base: OtherEffectID

    init(_ base: OtherEffectID) {
        self.base = base
        super.init(base.value, hash: base.hash)
    }

    override var isStoreWide: Bool { true }

    override func isEqual(to other: OtherEffectID) -> Bool {
        let other = (other as? StoreWideOtherEffectID)?.base ?? other
        return base === other || base.isEqual(to: other)
    }
}
