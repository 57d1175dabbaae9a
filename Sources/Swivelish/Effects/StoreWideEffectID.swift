/// An effect id that names effects of the whole store, wherever the effect that gives it runs.
///
/// An id given inside the effects of a component (an element of a list, a presented child, a sub-state that
/// ``State/makeSerialUpdate(_:)`` composes) names that component's effects only: two rows that each start
/// `Effects.run(id: PriceCheck(), cancelInFlight: true)` each cancel their own price check, not each
/// other's, and a row's `Effects.cancel(id: PriceCheck())` cancels its own. Wrap an id in `StoreWideEffectID` to name the effects of every part of the store with that id
/// instead, such as one upload that any row may start and any row may cancel:
///
/// ```swift
/// struct UploadID: Hashable, Sendable {}
///
/// let upload = Effects.run(id: StoreWideEffectID(UploadID()), cancelInFlight: true) { _ in }
/// let cancelUpload = Effects.cancel(id: StoreWideEffectID(UploadID()))
/// ```
///
/// In the store's own effects (those the root state's `update` returns itself, not through
/// `makeSerialUpdate`, `updateElements` or `updatePresented`), `StoreWideEffectID(id)` and `id` are one id.
public struct StoreWideEffectID: Hashable, Sendable {
    /// The id, boxed once (see ``EffectID``).
    let box: OtherEffectID

    /// The effect id `id`, for the whole store.
    ///
    /// - Parameter id: Any hashable value, compared as the id itself would be.
    public init(_ id: some Hashable & Sendable) {
        box = StoreWideOtherEffectID(TypedEffectID(id))
    }

    /// Whether the two ids are one.
    public static func == (left: StoreWideEffectID, right: StoreWideEffectID) -> Bool {
        left.box === right.box || left.box.isEqual(to: right.box)
    }

    /// Hashes the id.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.hash)
    }
}
