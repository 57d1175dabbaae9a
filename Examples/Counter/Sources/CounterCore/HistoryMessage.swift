import Swivelish

/// A request to step back through a ``HistoryState``.
public enum HistoryMessage: Message, Equatable {
    /// Restores the value before the last change; does nothing when there is nothing to undo.
    case undo
}
