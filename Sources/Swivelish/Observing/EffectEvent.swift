/// A cancellable effect that a store started, cancelled or saw finish, by its id: what a store tells the
/// observers that listen to its effects (the trace writer does).
///
/// Only effects with an id are reported (``Effects/cancellable(_:id:cancelInFlight:)``, `run(id:)`,
/// ``Effects/cancel(id:)``): those are the ones the store knows by name.
@usableFromInline
package struct EffectEvent: Sendable {
    /// What happened to the effects under ``id``.
    package enum Kind: Sendable, Equatable {
        /// An effect with the id started.
        case started
        /// The effects in flight under the id were cancelled: `count` of them, at least 1 (a cancellation
        /// that finds none running is not told).
        /// Also told, with a count of 1, when an effect with the id ends after being cancelled with an effect
        /// it runs within (a removed element's, a cancelled `cancellable` around it) or with its group (a
        /// replaced collection's elements, cancelled under ``CollectionEffects``).
        case cancelled(count: Int)
        /// An effect with the id finished without being cancelled.
        case finished
    }

    /// What happened.
    package let kind: Kind

    /// The effect's id.
    let id: EffectID

    init(_ kind: Kind, id: EffectID) {
        self.kind = kind
        self.id = id
    }

    /// The id as Swift would print it: `SearchID()`, `"search"`, `Tab.home`; an id given inside a
    /// component's effects, with the component whose effects it names: `PriceCheck() in ChildEffects<Item>(id: 2)`,
    /// `Debounce() in \Pair.top`.
    package var idDescription: String {
        guard let owner = id.owner else { return describe(id.value) }
        return "\(describe(id.value)) in \(owner)"
    }

    /// The id's type, with the types it is nested in and without its module: `SearchState.SearchID`.
    package var idTypeName: String {
        displayName(of: type(of: id.value))
    }
}
