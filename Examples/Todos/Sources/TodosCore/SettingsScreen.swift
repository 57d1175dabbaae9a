import Swivelish

/// The settings screen, pushed by `settings` (the `s` key), as a ``TodoRoute/settings(_:)``.
///
/// It shows ``TodoList/settings`` but holds none of it: the settings are the list's, shared by every row,
/// and changed only by ``TodoSettings/Action`` messages (`set mark ✓`; the keys `m` and `i` while the screen
/// is on top).
public struct SettingsScreen: State, Equatable, Codable {
    /// The screen.
    public init() {}

    /// Ignores every message: the screen has nothing of its own to change.
    public static func update(_ state: inout SettingsScreen, with message: Message) -> Effect? {
        nil
    }
}
