/// The message a screen sends to close itself, without knowing who pushed or presented it: its
/// ``ScreenStack`` pops it, with every screen above it; a ``Presented`` child is dismissed.
///
/// ```swift
/// case .doneTapped:
///     return Effects.send(Dismiss())
/// ```
///
/// Sent by a screen's effect or dispatched to its store (``Store/scope(_:id:)->Store<Screen>?``),
/// it arrives addressed to that screen, and ``State/updateStack(_:of:with:_:)`` pops it
/// (``State/updatePresented(_:of:with:_:)`` dismisses it). Sent by a screen that
/// was popped meanwhile (a late message), or by one popped and pushed again (which has another id), it closes
/// nothing. A `Dismiss` dispatched to a store without an address closes nothing either.
public struct Dismiss: Message, Equatable {
    /// The message.
    public init() {}
}
