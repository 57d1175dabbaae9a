/// How a dispatch that reports its outcome (see ``StoreStorage/dispatchReporting(_:unlessCancelled:waiting:reading:)``)
/// waits when the store's backlog is full.
@usableFromInline
enum RoomWaiting: Sendable {
    /// It blocks its thread until there is room, as ``Store/dispatch(_:)`` does, and may deliver up to
    /// ``StoreStateMachine/deliveryBudget`` deliveries that other threads queued: ``Store/dispatch(_:answering:)``.
    case blocks

    /// It never blocks for room: it applies its message when there is room, and otherwise takes a ticket in
    /// the line of waiting dispatches and returns it (``DispatchOutcome/mustWait(ticket:line:)``) for the
    /// caller to suspend with (``TurnWaiting/waitForTurn(_:)``). Resumed, the caller is admitted: it
    /// dispatches again with `isAdmitted`, and applies its message then. It delivers its own change only,
    /// never others' (a budget of 0): ``Store/send(_:answering:)``.
    case suspends(isAdmitted: Bool)

    /// The operation a dispatch that waits this way is, as a message that stops the program names it.
    @inlinable
    var operation: String {
        if case .blocks = self { "Store.dispatch(_:answering:)" } else { "Store.send(_:)" }
    }
}

/// What a dispatch that reports its outcome did.
@usableFromInline
enum DispatchOutcome {
    /// The message was applied.
    case applied
    /// The message reached no state, for this reason (see ``DispatchResult/notApplied(reason:)``).
    case notApplied(reason: String)
    /// The backlog is full and the dispatch did not block: it holds `ticket` in the line of waiting
    /// dispatches of the root store's `line`, and must wait for its turn, then dispatch again, admitted
    /// (see ``RoomWaiting/suspends(isAdmitted:)``).
    case mustWait(ticket: UInt64, line: any TurnWaiting)
}

/// The line of dispatches that wait for room in a root store's backlog, as an async caller waits in it.
@usableFromInline
protocol TurnWaiting: AnyObject, Sendable {
    /// Suspends until the dispatch holding `ticket` is admitted: every dispatch that waited before it has
    /// gone, and the backlog has room for it. It must then dispatch again, admitted.
    func waitForTurn(_ ticket: UInt64) async
}

extension DispatchOutcome {
    /// `.applied` when `notAppliedReason` is `nil`, and `.notApplied` with it otherwise.
    @inlinable
    init(notAppliedReason: String?) {
        if let notAppliedReason {
            self = .notApplied(reason: notAppliedReason)
        } else {
            self = .applied
        }
    }
}
