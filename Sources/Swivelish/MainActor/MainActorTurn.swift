/// The main actor's turns, as ``ObservedStore`` sees them: a model's turn begins at its first read after
/// the last turn ended, and every turn ends with a main-actor task that the first read of a turn
/// schedules. Every read of a model in one main-actor job is in one turn, so the model shows one state
/// to the whole job (see ``ObservedStore``); a turn may go on over the jobs that run before its task, which
/// only makes them see the same state.
///
/// One task ends the turn of every model read in it, and lets go of the state each held for it.
@MainActor
enum MainActorTurn {
    /// A model that holds a state for the current turn.
    protocol Holder: AnyObject {
        /// Lets go of the state held for the turn that ends.
        @MainActor func endTurn()
    }

    /// A model held weakly: the turn does not keep a model alive that its view let go of.
    private struct WeakHolder {
        weak var holder: (any Holder)?
    }

    /// The number of the current turn: a model whose turn has another number begins one at its next read.
    private(set) static var current: UInt64 = 1

    /// The models that hold a state for the current turn.
    private static var holders: [WeakHolder] = []

    /// Makes `holder` part of the current turn, whose end it is told of; returns the turn's number. The first
    /// model of a turn schedules its end.
    static func join(_ holder: any Holder) -> UInt64 {
        if holders.isEmpty {
            Task { @MainActor in end() }
        }
        holders.append(WeakHolder(holder: holder))
        return current
    }

    /// Ends the current turn: the next read of any model begins a new one.
    private static func end() {
        current &+= 1
        let ended = holders
        holders = []
        for entry in ended {
            entry.holder?.endTurn()
        }
    }
}
