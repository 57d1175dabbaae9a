@_spi(Reflection) import Swift

/// The component whose `update` returned an effect (an element, a presented child, a sub-state): what the
/// ids that effect gives are the ids of (see ``EffectID/within(_:)``), so that two components of one type,
/// side by side or in a list, do not cancel each other's effects; and how traces name it.
///
/// - A child with an incarnation (an element, a presented child) is one component for as long as it lives.
///   Its incarnation is unique in the process, so it needs no parent. Made with each effect the child
///   starts, as the name in its ``ChildEffects``, which the effect's dispatcher then carries: one object.
/// - A sub-state that ``State/makeSerialUpdate(_:)`` composes is its place in its parent, within the
///   parent's component: `top` of the pair in row 3 is another component than `top` of the pair in row 4.
///   Made when an effect of the sub-state starts, one per level of composition.
///
/// A class, so that copying an id or a dispatcher that holds one retains it, rather than copying what is
/// inside through its type's value witnesses.
///
/// `@unchecked Sendable`: metatypes, numbers, an id of a `Sendable` type and an immutable key path, none
/// changed once made.
@usableFromInline
final class EffectOwner: Hashable, CustomStringConvertible, @unchecked Sendable {
    private enum Place {
        case element(id: Any)
        case presented
        case substate(ChildAddress, parentType: Any.Type, in: EffectOwner?)
    }

    private let place: Place

    /// The child's type, or the sub-state's.
    let type: Any.Type

    /// A child's incarnation; 0 for a sub-state, which has none (incarnations start at 1).
    @usableFromInline
    let incarnation: UInt64

    /// An element's: its type, id and incarnation.
    @inlinable
    convenience init<Element: Identifiable>(element: Element.Type, id: Element.ID, incarnation: UInt64)
    where Element.ID: Sendable {
        self.init(element: element, id: id as Any, incarnation: incarnation)
    }

    @usableFromInline
    init(element: Any.Type, id: Any, incarnation: UInt64) {
        place = .element(id: id)
        type = element
        self.incarnation = incarnation
    }

    /// A presented child's: its type and incarnation.
    @usableFromInline
    init(presented: Any.Type, incarnation: UInt64) {
        place = .presented
        type = presented
        self.incarnation = incarnation
    }

    /// The sub-state at `address` of a `parentType`, of type `type`, within `parent`'s component.
    init(substate address: ChildAddress, of parentType: Any.Type, type: Any.Type, in parent: EffectOwner?) {
        place = .substate(address, parentType: parentType, in: parent)
        self.type = type
        incarnation = 0
    }

    @usableFromInline
    static func == (left: EffectOwner, right: EffectOwner) -> Bool {
        var left = left
        var right = right
        while left !== right {
            switch (left.place, right.place) {
            case (.element, .element), (.presented, .presented):
                return left.incarnation == right.incarnation
            case let (.substate(one, _, oneParent), .substate(other, _, otherParent)):
                guard one == other else { return false }
                switch (oneParent, otherParent) {
                case let (oneParent?, otherParent?):
                    left = oneParent
                    right = otherParent
                case (nil, nil):
                    return true
                default:
                    return false
                }
            default:
                return false
            }
        }
        return true
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        var owner: EffectOwner? = self
        while let current = owner {
            owner = nil
            switch current.place {
            case .element, .presented:
                hasher.combine(current.incarnation)
            case let .substate(address, _, parent):
                hasher.combine(address)
                owner = parent
            }
        }
    }

    /// `ChildEffects<Todo>(id: 7)`, `ChildEffects<TodoDetail>()`, `\Pair.top`, `\App.left.top`,
    /// `\Row.pair.top in ChildEffects<Row>(id: 3)`.
    @usableFromInline
    var description: String {
        var names: [String] = []
        var root: Any.Type?
        var owner = self
        while true {
            switch owner.place {
            case let .element(id):
                return named(root, names, in: "ChildEffects<\(displayName(of: owner.type))>(id: \(describe(id)))")
            case .presented:
                return named(root, names, in: "ChildEffects<\(displayName(of: owner.type))>()")
            case let .substate(address, parentType, parent):
                names.append(Self.name(of: address, in: parentType, type: owner.type))
                root = parentType
                guard let parent else { return named(root, names, in: nil) }
                owner = parent
            }
        }
    }

    /// `\Root.a.b in child`: the path of sub-state `names` (innermost first) from `root`, in `child`.
    private func named(_ root: Any.Type?, _ names: [String], in child: String?) -> String {
        guard let root else { return child ?? "" }
        let path = "\\\(displayName(of: root))." + names.reversed().joined(separator: ".")
        return child.map { "\(path) in \($0)" } ?? path
    }

    /// The name of the stored property at `address` of `parentType`: the key path's own description when
    /// the address has one, the field at its offset otherwise.
    private static func name(of address: ChildAddress, in parentType: Any.Type, type: Any.Type) -> String {
        if let keyPath = address.keyPath {
            let text = "\(keyPath)"
            // `\Pair.top` -> `top`; a key path through several properties keeps them all.
            guard let dot = text.firstIndex(of: ".") else { return text }
            return String(text[text.index(after: dot)...])
        }
        var found: String?
        _ = _forEachField(of: parentType, options: []) { name, offset, fieldType, _ in
            guard offset == address.offset, fieldType == type else { return true }
            found = String(cString: name)
            return false
        }
        return found ?? "<\(displayName(of: type)) at byte \(address.offset ?? 0)>"
    }
}
