extension State {
    /// Runs the `update` of a state that presents a child from time to time, giving the child its messages
    /// while it is presented and cancelling its effects when it is dismissed.
    ///
    /// ```swift
    /// static func update(_ state: inout TodoList, with message: Message) -> Effect? {
    ///     updatePresented(\.$detail, of: &state, with: message) { state, message in
    ///         switch message as? ListAction {
    ///         case let .open(id)?: state.detail = TodoDetail(todo: state.todos[id: id]!)
    ///         case .close?: state.detail = nil
    ///         default: break
    ///         }
    ///         return nil
    ///     }
    /// }
    /// ```
    ///
    /// - While a child is presented, each message goes to its `update`, then to `update`.
    /// - The child's effects send their messages back to it: to this presentation only. When it is dismissed
    ///   (by `update`, or by anyone since this function last ran), its running effects are cancelled, and
    ///   from the moment the dismissal is applied, nothing they send is applied: the check is made with
    ///   each message, under the store's lock. An `Identifiable` child replaced by one with another `id`
    ///   is dismissed too (see ``Presented``). So is a child dropped by `update` with the ``Presented``
    ///   that held it (the whole state reset), unless the new one holds the same presentation (a copy of
    ///   the state taken while it was presented). A child dropped outside this function (by a parent's
    ///   `update`) is noticed later: its effects are cancelled when one of them next sends a message, which
    ///   is not applied.
    /// - A message of a presentation that is over (sent by an earlier presentation's effects, or a
    ///   ``PresentedMessage`` sent while no child is presented) reaches neither a child nor `update`: a
    ///   replaced detail's late "dismiss" does not close the detail presented after it. The store's
    ///   observers are told why (``StoreEvent/notAppliedReason``).
    /// - A ``Dismiss`` the child sends (from its effect, or its store) dismisses it, once the child and
    ///   `update` have seen it: a child closes itself without knowing its parent.
    ///
    /// - Parameters:
    ///   - child: The presented child: the `$`-prefixed property of a ``Presented`` property.
    ///   - state: The state to update.
    ///   - message: The message.
    ///   - update: The state's own logic.
    /// - Returns: The effects: the child's, `update`'s, then those cancelling a dismissed child's effects (an
    ///   effect the child started in the update that dismisses it is cancelled too).
    public static func updatePresented<Child: State>(
        _ child: WritableKeyPath<Self, Presented<Child>>,
        of state: inout Self,
        with message: any Message,
        _ update: (inout Self, any Message) -> Effect?
    ) -> Effect? {
        var effects = SerialEffects()
        let presented = state[keyPath: child].incarnation
        let routed = updateChild(child, presented: presented, of: &state, with: message)
        effects.append(routed.effect)
        // A message of an earlier presentation's effects is not current: the state's own logic does not see
        // it either (a replaced detail's late "dismiss" must not close the detail presented after it).
        if routed.isCurrent {
            effects.append(update(&state, message))
            if message.as(Dismiss.self, at: child) != nil {
                state[keyPath: child].wrappedValue = nil
            }
        }
        // The cancellations run last, so that they also end an effect the child started in this very
        // update, which dismissed it.
        let dismissed = state[keyPath: child].dismissedIncarnations
        if !dismissed.isEmpty {
            state[keyPath: child].dismissedIncarnations = []
            for incarnation in dismissed {
                effects.append(endEffects(of: EffectOwner(presented: Child.self, incarnation: incarnation)))
            }
        }
        // A child presented when the update began, neither dismissed nor presented any more: dropped with the
        // `Presented` that held it (a new one assigned in its place, the whole state reset).
        if presented != 0, presented != state[keyPath: child].incarnation, !dismissed.contains(presented) {
            effects.append(endEffects(of: EffectOwner(presented: Child.self, incarnation: presented)))
        }
        return effects.combined
    }

    /// Gives `message` to the child of presentation `incarnation` (0: none), if any (a message its effects
    /// sent, only if it is for this presentation), and returns the child's effect, addressed back to it;
    /// `isCurrent` is `false` for a message of an earlier presentation's effects, whose effect ends them.
    static func updateChild<Child: State>(
        _ child: WritableKeyPath<Self, Presented<Child>>, presented incarnation: UInt64, of state: inout Self,
        with message: any Message
    ) -> (effect: Effect?, isCurrent: Bool) {
        let addressed = message.as(PresentedMessage<Child>.self)
        let place = ChildPlace(child)
        // For another slot of this child type (a state that presents two): the parent's, untouched.
        if let slot = addressed?.slot, !slot.mayBe(place) {
            return (nil, true)
        }
        if let sender = addressed?.incarnation, sender != incarnation {  // an earlier presentation's
            NotApplied.report("the presented \(displayName(of: Child.self)) whose effect sent it was dismissed")
            return (endEffects(of: EffectOwner(presented: Child.self, incarnation: sender)), false)
        }
        // Addressed to the presented child while none is: it is gone, and the message not current.
        guard incarnation != 0 else {
            if addressed != nil {
                NotApplied.report("no \(displayName(of: Child.self)) is presented")
            }
            return (nil, addressed == nil)
        }
        let childMessage = addressed?.message ?? message
        guard let effect = Child.update(&state[keyPath: child].wrappedValue!, with: childMessage),
            state[keyPath: child].incarnation == incarnation  // a child that changed its own id: a new one
        else {
            return (nil, true)
        }
        let slot = ChildAddress(place)
        let routed = Effects.cancellable(
            { dispatch in
                effect(
                    dispatch.mapping { PresentedMessage<Child>(incarnation: incarnation, slot: slot, message: $0) })
            }, id: ChildEffects(EffectOwner(presented: Child.self, incarnation: incarnation)))
        return (routed, true)
    }
}

/// A message a presented child's effect sent, for that presentation of the child only.
///
/// Made by the child's effects (see ``State/updatePresented(_:of:with:_:)``). Make one to expect such a
/// message in a test, or to send the presented child a message explicitly:
///
/// ```swift
/// await store.receive(PresentedMessage<TodoDetail>(TodoDetail.Action.tick)) { $0.detail?.secondsLeft = 2 }
/// ```
public struct PresentedMessage<Child: State>: Message, Equatable, CustomStringConvertible {
    /// The presentation whose effect sent it; `nil` for a message from anyone else, which goes to the
    /// child presented when it is applied.
    let incarnation: UInt64?

    /// The slot it is for (`\.$detail`), in the state whose `update` presents the child; `nil` for any slot
    /// of a `Child`.
    @usableFromInline
    let slot: ChildAddress?

    /// The message for the child.
    public let message: any Message

    /// A message for the presented child, whichever presentation it is when the message is applied.
    ///
    /// - Parameter message: The message for the child's `update`.
    public init(_ message: any Message) {
        self.init(incarnation: nil, slot: nil, message: message)
    }

    /// A message for the child presented at `slot` (`\.$detail`), for a state that presents more than one
    /// `Child`: ``State/updatePresented(_:of:with:_:)`` for another slot leaves it to its `update`.
    ///
    /// - Parameters:
    ///   - slot: The presented child, as its parent's `updatePresented` names it.
    ///   - message: The message for the child's `update`.
    public init<Parent>(in slot: KeyPath<Parent, Presented<Child>>, _ message: any Message) {
        self.init(incarnation: nil, slot: ChildAddress(slot), message: message)
    }

    init(incarnation: UInt64?, slot: ChildAddress?, message: any Message) {
        self.incarnation = incarnation
        self.slot = slot
        self.message = message
    }

    /// Equal messages, by `==` (presentations do not count; slots count only when both name one).
    public static func == (left: PresentedMessage, right: PresentedMessage) -> Bool {
        messagesAreEqual(left.message, right.message)
            && ChildAddress.mayBeSame(left.slot, right.slot)
    }

    /// `PresentedMessage<TodoDetail>(TodoDetail.Action.tick)`.
    public var description: String {
        "PresentedMessage<\(displayName(of: Child.self))>(\(codeDescription(of: message)))"
    }
}
