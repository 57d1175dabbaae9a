// W6 and W11: states composed of sub-states, once with `makeSerialUpdate` inside `update` (as the Swivel
// README writes it) and once composed by hand (each sub-state's `update` called on its field in place, and
// their effects kept), in both of the ways a sub-state downcasts its message: `as?` (the README's idiom)
// and `Message.as(_:)`. The benchmark target measures them; `SwivelishProfile` compiles this same file
// (through a symbolic link) to count their instructions.

import BareLockStore
import Swivelish

// MARK: - How a sub-state downcasts

/// How the sub-states of W6 and W11 downcast their messages.
protocol Downcast {
    static func cast<M: Message>(_ message: any Message, to type: M.Type) -> M?
}

/// `message as? M`, the runtime's dynamic cast: the Swivel README's idiom.
enum DynamicDowncast: Downcast {
    @inline(__always)
    static func cast<M: Message>(_ message: any Message, to type: M.Type) -> M? {
        message as? M
    }
}

/// `message.as(M.self)`, Swivelish's exact-type cast.
enum ExactDowncast: Downcast {
    @inline(__always)
    static func cast<M: Message>(_ message: any Message, to type: M.Type) -> M? {
        message.as(M.self)
    }
}

/// Combines the effects of sub-states updated by hand, in order, as `makeSerialUpdate` does: what a careful
/// user writes when composing by hand.
struct HandEffects {
    var all: [Effect] = []

    @inline(__always)
    mutating func append(_ effect: Effect?) {
        if let effect { all.append(effect) }
    }

    var combined: Effect? {
        all.isEmpty ? nil : (all.count == 1 ? all[0] : Effects.merge(all))
    }
}

// MARK: - W6: ten sub-states, one of which handles the message

/// The one sub-state of W6 that handles ``Increment``.
struct Tally<Cast: Downcast>: State {
    var count = 0

    static func update(_ state: inout Tally, with message: Message) -> Effect? {
        guard let increment = Cast.cast(message, to: Increment.self) else { return nil }
        state.count += increment.amount
        return nil
    }
}

/// A message no workload sends, so the nine other sub-states of W6 ignore every message.
struct Reset: Message {}

/// The nine sub-states of W6 that ignore ``Increment``: each checks for its own message and returns. The
/// tag makes nine types of them.
struct Idle<Cast: Downcast, Tag>: State {
    var value = 0
    var label = "idle"

    static func update(_ state: inout Idle, with message: Message) -> Effect? {
        guard Cast.cast(message, to: Reset.self) != nil else { return nil }
        state = Idle()
        return nil
    }
}

enum Tag0 {}
enum Tag1 {}
enum Tag2 {}
enum Tag3 {}
enum Tag4 {}
enum Tag6 {}
enum Tag7 {}
enum Tag8 {}
enum Tag9 {}

/// Returns `message` through a function the optimiser does not look into, so that no workload is compiled
/// for the message it sends: in an app, an `update` never knows which message it gets.
@inline(never)
@_optimize(none)
func opaque(_ message: any Message) -> any Message {
    message
}

/// W6: dispatches `count` increments to `store`.
@inline(never)
func dispatchIncrements<S: State>(toComposed store: Store<S>, count: Int) {
    let message = opaque(Increment())
    for _ in 0..<count {
        store.dispatch(message)
    }
}

/// W6 composed by hand, behind the bare lock.
@inline(never)
func dispatchIncrementsByHand(to store: BareLockStore<TenSubstatesDynamic>, count: Int) {
    let message = opaque(Increment())
    for _ in 0..<count {
        store.dispatch { _ = TenSubstatesDynamic.updateByHand(&$0, with: message) }
    }
}

/// W6 composed by hand, behind the bare lock.
@inline(never)
func dispatchIncrementsByHand(to store: BareLockStore<TenSubstatesExact>, count: Int) {
    let message = opaque(Increment())
    for _ in 0..<count {
        store.dispatch { _ = TenSubstatesExact.updateByHand(&$0, with: message) }
    }
}

// MARK: - W11: a tree of 100 leaves, three levels deep

/// The message of W11: one leaf, by number, adds 1 to its value.
struct Poke: Message {
    var leaf: Int
}

/// A leaf of W11's tree: handles a ``Poke`` of its own number.
struct Leaf<Cast: Downcast>: State {
    var number: Int
    var value = 0

    static func update(_ state: inout Leaf, with message: Message) -> Effect? {
        guard let poke = Cast.cast(message, to: Poke.self), poke.leaf == state.number else { return nil }
        state.value += 1
        return nil
    }
}

/// The leaf W11 pokes: one in the middle of the tree.
let pokedLeaf = 57

/// W11: pokes one leaf `count` times.
@inline(never)
func pokeLeaf<S: State>(of store: Store<S>, count: Int) {
    let message = opaque(Poke(leaf: pokedLeaf))
    for _ in 0..<count {
        store.dispatch(message)
    }
}

/// W11 composed by hand, behind the bare lock.
@inline(never)
func pokeLeafByHand(of store: BareLockStore<TreeDynamic>, count: Int) {
    let message = opaque(Poke(leaf: pokedLeaf))
    for _ in 0..<count {
        store.dispatch { _ = TreeDynamic.updateByHand(&$0, with: message) }
    }
}

/// W11 composed by hand, behind the bare lock.
@inline(never)
func pokeLeafByHand(of store: BareLockStore<TreeExact>, count: Int) {
    let message = opaque(Poke(leaf: pokedLeaf))
    for _ in 0..<count {
        store.dispatch { _ = TreeExact.updateByHand(&$0, with: message) }
    }
}
