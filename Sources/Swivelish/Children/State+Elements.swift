#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Android)
import Android
#endif

extension State {
    /// Runs the `update` of a state that holds a collection of child states, routing the messages for its
    /// elements and cancelling the effects of the elements it removes.
    ///
    /// Call it from your state's `update`, with the collection and the state's own logic, which may add,
    /// change, move and remove elements:
    ///
    /// ```swift
    /// struct TodoList: State {
    ///     var todos: IdentifiedArray<Todo> = []
    ///
    ///     static func update(_ state: inout TodoList, with message: Message) -> Effect? {
    ///         updateElements(\.todos, of: &state, with: message) { state, message in
    ///             switch message as? ListAction {
    ///             case let .add(title)?: state.todos.append(Todo(title: title))
    ///             case let .delete(id)?: state.todos.remove(id: id)
    ///             case nil: break
    ///             }
    ///             return nil
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - An ``ElementMessage`` for this collection goes to that element's `update` only (then to `update`,
    ///   which may react to it). The element's effects send their messages back to the same element: to that
    ///   element only, not to one added later with the same id. One for another collection of the same
    ///   element type (a state with two lists of rows) goes to `update` untouched: a store made by
    ///   ``Store/scope(_:id:)->Store<Element>?`` and an element's effects name their collection.
    /// - When an element is removed (by `update`, or by anyone since this function last ran), its running
    ///   effects are cancelled, and from the moment the removal is applied, nothing they send is applied:
    ///   the check is made with each message, under the store's lock.
    /// - A new collection assigned in place of the one `update` found (`state.todos = []`, a list loaded
    ///   again, the whole state reset) ends the effects of every element of the old one, as removals do,
    ///   even of an element with the same id in the new one (a new element). A changed copy of the
    ///   collection assigned back is the same collection. A collection replaced outside this function (by a
    ///   parent's `update`) is noticed later: its elements' effects are cancelled when one of them next sends
    ///   a message, which is not applied; one that never sends again runs until it ends.
    /// - `elements` may go through computed properties that return the collection as it is stored. One that
    ///   makes a new collection at each read hands this function new elements at each message, whose
    ///   effects' messages are never applied; in a debug build that is reported on standard error, once for
    ///   each key path.
    /// - A message for an element that is not there is not applied, and `update` does not receive it either;
    ///   in a debug build it is reported on standard error, with the element's id and the message. Late
    ///   messages of a removed (or replaced) element's effects are dropped: neither the element nor `update`
    ///   sees them. The store's observers are told why of both (``StoreEvent/notAppliedReason``, which
    ///   `printChanges` and a trace show).
    ///
    /// It composes with ``makeSerialUpdate(_:)`` and with other children: call it inside another's
    /// closure, or put the collection's state in a sub-state of its own.
    ///
    /// - Parameters:
    ///   - elements: The collection of child states.
    ///   - state: The state to update.
    ///   - message: The message.
    ///   - update: The state's own logic.
    /// - Returns: The effects: the element's, `update`'s, then those cancelling the removed (or replaced)
    ///   elements' effects (an effect started by this update for an element it removes is cancelled too).
    @inlinable
    // Always inlined into the caller's `update`: otherwise the optimiser boxed the message again at each call
    // (W13: with the payload's own box, about 700 instructions a change, bcfbf28).
    @inline(__always)
    public static func updateElements<Element: State & Identifiable>(
        _ elements: WritableKeyPath<Self, IdentifiedArray<Element>>,
        of state: inout Self,
        with message: any Message,
        _ update: (inout Self, any Message) -> Effect?
    ) -> Effect? where Element.ID: Sendable {
        // The collection is reached at its offset in the state when it has one: found once, for each access.
        let place = ChildPlace(elements)
        let offset = place.offset
        var effects = SerialEffects()
        // Read where it lies; through the key path's getter only (no set) for a computed one.
        let origin =
            offset == nil
            ? state[keyPath: elements].origin : withCollection(elements, at: offset, of: &state) { $0.origin }
        #if DEBUG
        // A computed property may make a new collection at each read: its elements would be new at each
        // message, and the replies of their effects never applied.
        if offset == nil, state[keyPath: elements].origin != origin {
            reportCollectionMadeAnew(elements)
        }
        #endif
        var isForAnElementThatIsGone = false
        if let addressed = message.as(ElementMessage<Element>.self), addressed.isFor(place) {
            let routed = withCollection(elements, at: offset, of: &state) {
                updateElement(addressed, in: &$0, at: place)
            }
            effects.append(routed.effect)
            isForAnElementThatIsGone = !routed.isApplied
        }
        // A message of an element that is gone (removed, or replaced by another with its id) is not current:
        // the state's own logic does not see it either.
        if !isForAnElementThatIsGone {
            effects.append(update(&state, message))
        }
        // The cancellations run last, so that they also end an effect started by this very update for an
        // element it then removed.
        withCollection(elements, at: offset, of: &state) { collection in
            if let removed = collection.takeRemovedElements() {
                for (incarnation, id) in removed {
                    effects.append(endEffects(of: EffectOwner(element: Element.self, id: id, incarnation: incarnation)))
                }
            }
            if collection.origin != origin {  // a new collection in place of the one the update found
                effects.append(Effects.cancel(id: CollectionEffects(origin: origin, elementType: Element.self)))
            }
        }
        return effects.combined
    }

    /// Calls `body` with the collection at `elements` of `state`, in place: at `offset`, its byte offset in
    /// the state when the path to it is made of stored properties (no key path walk, no copy of the
    /// collection), through the key path otherwise. Through the key path, `swift_getAtKeyPath` copied the
    /// collection, retaining its buffers: about 660 instructions of a W13 change (bcfbf28).
    @inlinable
    @inline(__always)
    static func withCollection<Element, Result>(
        _ elements: WritableKeyPath<Self, IdentifiedArray<Element>>, at offset: Int?, of state: inout Self,
        _ body: (inout IdentifiedArray<Element>) -> Result
    ) -> Result {
        guard let offset else {
            return body(&state[keyPath: elements])
        }
        return withUnsafeMutableBytes(of: &state) { state in
            body(&(state.baseAddress! + offset).assumingMemoryBound(to: IdentifiedArray<Element>.self).pointee)
        }
    }

    /// Applies `addressed` to its element, and returns the element's effect, addressed back to it; or, when
    /// the element is not there (or is another than the one whose effect sent the message), whether it was
    /// applied is `false`, and the effect ends the sender's effects.
    @inlinable
    static func updateElement<Element: State & Identifiable>(
        _ addressed: ElementMessage<Element>, in elements: inout IdentifiedArray<Element>,
        at place: ChildPlace<Self, IdentifiedArray<Element>>
    ) -> (effect: Effect?, isApplied: Bool) where Element.ID: Sendable {
        let id = addressed.id
        guard let slot = elements.slotOfID[id] else {
            guard let sender = addressed.incarnation else {
                reportMissingElement(addressed)
                return (nil, false)
            }
            reportLateMessage(of: Element.self, id: id, because: "was removed")
            return (endEffects(of: EffectOwner(element: Element.self, id: id, incarnation: sender)), false)
        }
        // One walk to the slot for the incarnation and the change (see `update(entry:slot:id:with:)`).
        let entry = elements.slots.uniqueAddress(of: slot)
        let incarnation = entry.pointee.incarnation
        // A message from an effect of an earlier element with this id: not applied, and its effects ended.
        if let sender = addressed.incarnation, sender != incarnation {
            reportLateMessage(of: Element.self, id: id, because: "was replaced by another with its id")
            return (endEffects(of: EffectOwner(element: Element.self, id: id, incarnation: sender)), false)
        }
        guard let effect = elements.update(entry: entry, slot: slot, id: id, with: addressed.message) else {
            return (nil, true)
        }
        // Under the element's incarnation, for its removal, and under its collection's origin, for the
        // collection's replacement.
        let collection = ChildAddress(place)
        let routed = Effects.cancellable(
            { dispatch in
                effect(
                    dispatch.mapping {
                        ElementMessage<Element>(id: id, incarnation: incarnation, collection: collection, $0)
                    })
            }, id: ChildEffects(EffectOwner(element: Element.self, id: id, incarnation: incarnation)),
            group: CollectionEffects(origin: elements.origin, elementType: Element.self))
        return (routed, true)
    }

    /// The effect that cancels the effects of `child` (an element, a presented child).
    ///
    /// Returned with a recorded removal or dismissal, and in place of applying a message from an effect of a
    /// child that is gone: that ends them too when the removal was not recorded, as when a parent's `update`
    /// assigned a new collection in place of the one that held the child, at their next message.
    @inlinable
    static func endEffects(of child: EffectOwner) -> Effect {
        Effects.cancel(id: ChildEffects(child))
    }

    /// Says on standard error, once for each key path, that `elements` leads to a new collection at each
    /// read. Called in a debug build only.
    @usableFromInline
    static func reportCollectionMadeAnew<Element>(_ elements: KeyPath<Self, IdentifiedArray<Element>>) {
        guard reportedCollectionPaths.withValue({ $0.insert(elements).inserted }) else { return }
        let text =
            "Swivelish: updateElements finds a new IdentifiedArray<\(displayName(of: Element.self))> each time "
            + "it reads the key path to it in \(displayName(of: Self.self)) (a computed property that makes one?): "
            + "its elements are new at each message, so what their effects send back is never applied. Keep the "
            + "IdentifiedArray itself in the state, or behind a property that returns it as it is stored.\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }

    /// Tells the store's observers that a message of the element with `id`, which is gone, was not applied
    /// (see ``NotApplied``).
    @usableFromInline
    static func reportLateMessage<Element: State & Identifiable>(
        of element: Element.Type, id: Element.ID, because what: String
    ) where Element.ID: Sendable {
        NotApplied.report(
            "the \(displayName(of: Element.self)) with id \(describe(id)) whose effect sent it \(what)")
    }

    /// Tells the store's observers that `addressed` found no element, and in a debug build says so on standard
    /// error.
    @usableFromInline
    static func reportMissingElement<Element: State & Identifiable>(_ addressed: ElementMessage<Element>) {
        NotApplied.report(
            "there is no element with the id \(describe(addressed.id)) in the "
                + "IdentifiedArray<\(displayName(of: Element.self))>")
        #if DEBUG
        let text =
            "Swivelish: \(addressed) was not applied: there is no element with the id \(describe(addressed.id)) "
            + "in the IdentifiedArray<\(displayName(of: Element.self))>\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
        #endif
    }
}

/// The key paths ``State/reportCollectionMadeAnew(_:)`` has reported, so that each is reported once.
let reportedCollectionPaths = LockedValue<Set<AnyKeyPath>>([])
