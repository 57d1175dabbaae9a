/// Where a sub-state lies in its parent (see ``ChildPlace``), for the function ``State/makeSerialUpdate(_:)``
/// returns when it gives a ``SubstateMessage`` to the sub-state it is for. Given the key paths instead, that
/// function made them for every message, with an address or not (W6, ten sub-states: 862 -> 1,823
/// instructions per message).
@usableFromInline
struct SubstatePlace<Parent, Child: State> {
    @usableFromInline
    let place: ChildPlace<Parent, Child>

    /// The key path, when it has no offset.
    @usableFromInline
    let keyPath: WritableKeyPath<Parent, Child>?

    @usableFromInline
    @_transparent
    init(_ keyPath: WritableKeyPath<Parent, Child>) {
        place = ChildPlace(keyPath)
        self.keyPath = place.offset == nil ? keyPath : nil
    }

    /// Calls the sub-state's `update` with `message`, in place.
    @inlinable
    // Always inlined: left to the optimiser, it stayed a call of the unspecialised generic from the
    // pack-specialised `updateAddressed` (W18: 1,829 -> 1,701 instructions).
    @inline(__always)
    func update(_ state: inout Parent, with message: any Message) -> Effect? {
        guard let offset = place.offset else {
            return Child.update(&state[keyPath: keyPath.unsafelyUnwrapped], with: message)
        }
        // The offset of a key path is where writing through a pointer is writing through the key path.
        return withUnsafeMutableBytes(of: &state) { parent in
            Child.update(&(parent.baseAddress! + offset).assumingMemoryBound(to: Child.self).pointee, with: message)
        }
    }

    /// `effect`, as an effect of this sub-state: the ids it gives name this sub-state's effects only (see
    /// ``EffectOwner``). Inlined for the `nil` most messages return; the wrapping is out of line.
    @inlinable
    func owning(_ effect: Effect?) -> Effect? {
        guard let effect else { return nil }
        return Effects.owned(effect, bySubstateAt: ChildAddress(place), of: Parent.self, childType: Child.self)
    }
}

extension Effects {
    /// `effect`, run as the effect of the sub-state at `address` of a `parentType`, within the component
    /// whose effect it is part of (see ``SubstatePlace/owning(_:)``).
    @usableFromInline
    static func owned(
        _ effect: @escaping Effect, bySubstateAt address: ChildAddress, of parentType: Any.Type, childType: Any.Type
    ) -> Effect {
        return { dispatch in
            let owner = EffectOwner(substate: address, of: parentType, type: childType, in: dispatch.owner)
            effect(dispatch.owned(by: owner))
        }
    }
}

extension State {
    /// What the function ``makeSerialUpdate(_:)`` returns does with `message`, a ``SubstateMessage``: gives its message
    /// to the sub-state it is for, if one of `place` is, and addresses that sub-state's effect back to it;
    /// otherwise, gives the message to every sub-state. Out of line: the common message, without an address,
    /// pays one type comparison for it.
    @inlinable
    @inline(never)
    static func updateAddressed<each Substate: State>(
        _ message: any Message, of state: inout Self, _ place: repeat SubstatePlace<Self, each Substate>
    ) -> Effect? {
        // The caller checked its type. `as(_:)` compares the type again; `as!` asked the runtime to cast (W18, a
        // dispatch through a scoped store: 2,210 -> 1,829 instructions).
        let addressed = message.as(SubstateMessage.self)!
        for place in repeat each place {
            if addressed.address.isAt(place.place) {
                return addressed.addressingBack(place.owning(place.update(&state, with: addressed.message)))
            }
        }
        var effects = SerialEffects()
        for place in repeat each place {
            effects.append(place.owning(place.update(&state, with: addressed.message)))
        }
        return effects.combined
    }
}
