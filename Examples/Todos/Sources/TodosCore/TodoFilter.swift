/// Which todos the list shows.
public enum TodoFilter: String, CaseIterable, Codable, Sendable {
    /// Every todo.
    case all
    /// The todos not done yet.
    case active
    /// The todos done.
    case done

    /// Whether the filter shows `todo`.
    public func shows(_ todo: Todo) -> Bool {
        switch self {
        case .all: true
        case .active: !todo.isDone
        case .done: todo.isDone
        }
    }

    /// The next filter, in the order all, active, done, all: what the `f` key shows.
    public var next: TodoFilter {
        switch self {
        case .all: .active
        case .active: .done
        case .done: .all
        }
    }
}
