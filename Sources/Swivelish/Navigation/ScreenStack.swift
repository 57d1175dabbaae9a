/// A navigation stack: the screens pushed over a root screen, each a child component with its own id,
/// state and effects, in the one state of the store.
///
/// ```swift
/// struct App: State {
///     var list = TodoList()
///     var path = ScreenStack<Route>()  // Route: an enum of the screens that can be pushed
///
///     static func update(_ state: inout App, with message: Message) -> Effect? {
///         updateStack(\.path, of: &state, with: message) { state, message in
///             if case let .open(id)? = message as? AppAction {
///                 state.path.push(.detail(Detail(todoID: id)), sending: Detail.Action.load)
///             }
///             return nil
///         }
///     }
/// }
/// ```
///
/// The stack is a value: a deep link is building one (`ScreenStack([.detail(a), .history(b)])`), and
/// restoring an app is decoding one. ``push(_:)`` makes the pushed screen's ``ScreenID``, so ids never repeat:
/// a screen pushed twice is two screens, told apart by their ids. A file whose ids repeat does not decode
/// (it throws), where an `IdentifiedArray` given a repeated id would stop the program.
///
/// With ``State/updateStack(_:of:with:_:)``, a message addressed to a screen reaches that screen's `update`
/// only; a popped screen's effects are cancelled, and from the moment the pop is applied nothing they send is
/// applied; a screen that sends ``Dismiss`` is popped. Pushing, popping and changing a screen take constant
/// time, whatever the depth, except popping several screens, which takes time in proportion to their number.
///
/// Equal when the screens, their ids and the next id to be made are. Encoded as
/// `{"screens": [{"id": 1, "screen": ...}], "nextID": 2}`.
public struct ScreenStack<Screen: State>: Sendable {
    /// The screens, bottom first, each with its id: an `IdentifiedArray`, whose `updateElements` routes
    /// their messages and cancels their effects when they are popped.
    @usableFromInline
    var entries: IdentifiedArray<Entry>

    /// The number of the next id to be made.
    @usableFromInline
    var nextNumber: Int

    /// The first messages of the screens pushed by ``push(_:sending:)`` since ``State/updateStack(_:of:with:_:)``
    /// last looked: each is given to its screen in the same update, before its store delivers the change.
    var firstMessages: [(id: ScreenID, message: any Message)] = []

    /// A pushed screen and its id: the stack's element.
    ///
    /// Its `update` is the screen's. A message for it is an ``ElementMessage``, which ``ScreenMessage``
    /// names: `ScreenMessage<Route>(id: 2, Detail.Action.load)`.
    public struct Entry: State, Identifiable {
        /// The screen's id.
        public let id: ScreenID

        /// The screen's state.
        public var screen: Screen

        /// The screen `screen`, with id `id`.
        ///
        /// - Parameters:
        ///   - id: The screen's id.
        ///   - screen: Its state.
        public init(id: ScreenID, screen: Screen) {
            self.id = id
            self.screen = screen
        }

        /// Gives `message` to the screen's `update`.
        public static func update(_ state: inout Entry, with message: any Message) -> Effect? {
            Screen.update(&state.screen, with: message)
        }
    }

    /// An empty stack: only the root screen shows.
    public init() {
        entries = []
        nextNumber = 1
    }

    /// A stack of `screens`, bottom first, with ids 1, 2, 3…: a deep link.
    ///
    /// - Parameter screens: The screens.
    public init(_ screens: some Sequence<Screen>) {
        self.init()
        for screen in screens {
            push(screen)
        }
    }

    /// The ids of the screens, bottom first: what a view's navigation path follows.
    public var ids: IdentifiedArray<Entry>.IDs {
        entries.ids
    }

    /// The number of screens pushed.
    public var count: Int {
        entries.count
    }

    /// Whether no screen is pushed.
    public var isEmpty: Bool {
        entries.isEmpty
    }

    /// The screen on top; `nil` when none is pushed.
    public var last: Screen? {
        entries.last?.screen
    }

    /// The screen with `id`; `nil` when there is none. Setting a screen changes it in place (it keeps its id
    /// and its effects); setting `nil` pops it, with every screen above it.
    ///
    /// - Parameter id: The screen's id.
    public subscript(id id: ScreenID) -> Screen? {
        get {
            entries[id: id]?.screen
        }
        set {
            guard let newValue else {
                pop(from: id)
                return
            }
            entries[id: id]?.screen = newValue
        }
        _modify {
            // Setting a screen where there is none changes nothing, and `nil` pops nothing: as `set` does.
            var screen = entries[id: id]?.screen
            defer {
                if let screen {
                    entries[id: id]?.screen = screen
                } else {
                    pop(from: id)
                }
            }
            yield &screen
        }
    }

    /// Pushes `screen` on top, and returns its id: one this stack has never made.
    ///
    /// - Parameter screen: The screen.
    /// - Returns: Its id.
    @discardableResult
    public mutating func push(_ screen: Screen) -> ScreenID {
        let id = ScreenID(nextNumber)
        nextNumber += 1
        entries.append(Entry(id: id, screen: screen))
        return id
    }

    /// Pushes `screen` on top, and gives it `message` in the same update: the state the store delivers shows
    /// the screen as `message` left it (loading, say), never as pushed and not yet told, and the screen's
    /// effect for `message` starts with it.
    ///
    /// The message is given by ``State/updateStack(_:of:with:_:)`` once the parent's `update` returns, as a
    /// message addressed to the screen; pushed outside one (a stack built before its store), it waits for the
    /// next.
    ///
    /// - Parameters:
    ///   - screen: The screen.
    ///   - message: Its first message.
    /// - Returns: Its id.
    @discardableResult
    public mutating func push(_ screen: Screen, sending message: any Message) -> ScreenID {
        let id = push(screen)
        firstMessages.append((id, message))
        return id
    }

    /// Pops the screen on top, and returns it; `nil` when none is pushed.
    ///
    /// - Returns: The screen popped.
    @discardableResult
    public mutating func pop() -> Screen? {
        guard let last = entries.ids.last else { return nil }
        return entries.remove(id: last)?.screen
    }

    /// Pops `count` screens, or every screen when fewer are pushed.
    ///
    /// - Parameter count: How many; not negative.
    public mutating func pop(count: Int) {
        precondition(count >= 0, "Swivelish: ScreenStack.pop(count:) was given \(count); pop a count of 0 or more")
        for _ in 0..<Swift.min(count, entries.count) {
            pop()
        }
    }

    /// Pops every screen above the one with `id`, which stays on top; returns `false`, popping nothing,
    /// when there is no screen with `id`.
    ///
    /// - Parameter id: The screen to show.
    /// - Returns: Whether the stack has a screen with `id`.
    @discardableResult
    public mutating func pop(to id: ScreenID) -> Bool {
        guard let index = entries.ids.firstIndex(of: id) else { return false }
        pop(count: entries.count - 1 - index)
        return true
    }

    /// Pops the screen with `id` and every screen above it; returns `false`, popping nothing, when there is
    /// no screen with `id`.
    ///
    /// - Parameter id: The lowest screen to pop.
    /// - Returns: Whether the stack had a screen with `id`.
    @discardableResult
    public mutating func pop(from id: ScreenID) -> Bool {
        guard let index = entries.ids.firstIndex(of: id) else { return false }
        pop(count: entries.count - index)
        return true
    }

    /// Pops every screen: only the root screen shows.
    public mutating func popToRoot() {
        pop(count: entries.count)
    }

    /// Pops every screen and pushes `screens`, bottom first, with new ids: a deep link followed while the
    /// app runs. The effects of the screens popped are cancelled, also of one equal to a screen pushed.
    ///
    /// - Parameter screens: The new screens.
    public mutating func replace(with screens: some Sequence<Screen>) {
        popToRoot()
        for screen in screens {
            push(screen)
        }
    }

    /// Takes the first messages of the screens pushed since the last call.
    mutating func takeFirstMessages() -> [(id: ScreenID, message: any Message)] {
        guard !firstMessages.isEmpty else { return [] }
        defer { firstMessages = [] }
        return firstMessages
    }
}

/// A message for the screen with an id, of a ``ScreenStack`` of `Screen`s: what a screen's store dispatches
/// and its effects send, and what a test sends to one screen.
///
/// ```swift
/// store.send(ScreenMessage<Route>(id: 2, Detail.Action.load))
/// ```
public typealias ScreenMessage<Screen: State> = ElementMessage<ScreenStack<Screen>.Entry>

extension ScreenStack: RandomAccessCollection {
    /// The position of the bottom screen.
    public var startIndex: Int { 0 }

    /// The position after the top screen.
    public var endIndex: Int { entries.count }

    /// The screen at `position`, from the bottom.
    ///
    /// - Parameter position: A position from 0 to `count - 1`.
    public subscript(position: Int) -> Screen {
        entries[position].screen
    }
}

extension ScreenStack: ExpressibleByArrayLiteral {
    /// A stack of the screens listed, bottom first, with ids 1, 2, 3…
    public init(arrayLiteral screens: Screen...) {
        self.init(screens)
    }
}

extension ScreenStack.Entry: Equatable where Screen: Equatable {}

extension ScreenStack.Entry: ScreenStackEntry {
    // Code writes a screen's message `ScreenMessage<Route>(id: 2, ...)`: so do its description and a trace's
    // `code`.
    package static var screenType: Any.Type { Screen.self }
}

extension ScreenStack: Equatable where Screen: Equatable {
    /// Whether both have the same screens with the same ids, in order, and will make the same next id.
    public static func == (left: ScreenStack, right: ScreenStack) -> Bool {
        left.nextNumber == right.nextNumber && left.entries == right.entries
    }
}

extension ScreenStack: CustomReflectable {
    /// The screens, bottom first, as `printChanges`, `TestStore`'s differences and a trace show them (a
    /// trace names each by its id, as a test does: `$0.path[id: 2]`).
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: entries.map(\.screen), displayStyle: .collection)
    }
}
