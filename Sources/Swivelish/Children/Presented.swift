/// A child state that comes and goes, such as a detail screen that exists only while it is open.
///
/// ```swift
/// struct TodoList: State {
///     var todos: IdentifiedArray<Todo> = []
///     @Presented var detail: TodoDetail?
///     ...
/// }
///
/// state.detail = TodoDetail(todo: todo)  // open
/// state.detail = nil                     // close
/// ```
///
/// Read and set it as the optional it wraps. With ``State/updatePresented(_:of:with:_:)``, the child's
/// `update` runs only while it is presented, and its effects are cancelled when it is dismissed. Each
/// presentation (from `nil` to a child) is one: setting another child over a presented one keeps the
/// presentation, and its effects, going; set `nil` first to start a new one.
///
/// Equal when the children are, and encoded as the child (or `nil`).
@propertyWrapper
public struct Presented<Child: State>: Sendable {
    private var child: Child?

    /// The number of the current presentation; 0 while none.
    private(set) var incarnation: UInt64 = 0

    /// The presentations dismissed since ``State/updatePresented(_:of:with:_:)`` last looked: their effects
    /// are to be cancelled.
    var dismissedIncarnations: [UInt64] = []

    /// A presented `child`, or none.
    ///
    /// - Parameter wrappedValue: The child, or `nil`.
    public init(wrappedValue: Child?) {
        child = nil
        self.wrappedValue = wrappedValue
    }

    /// The child while it is presented; `nil` while none is. Setting `nil` dismisses it; setting a child
    /// where there was none presents it.
    public var wrappedValue: Child? {
        get { child }
        set {
            if child == nil, newValue != nil {
                incarnation = ChangeStamps.next()
            } else if child != nil, newValue == nil {
                dismissedIncarnations.append(incarnation)
                incarnation = 0
            }
            child = newValue
        }
    }

    /// The presentation itself, for ``State/updatePresented(_:of:with:_:)`` and ``Store/scope(_:)-(KeyPath<S,Presented<Child>>)``:
    /// `\.$detail`.
    public var projectedValue: Presented<Child> {
        get { self }
        set { self = newValue }
    }
}

extension Presented: Equatable where Child: Equatable {
    /// Whether both present equal children, or neither presents one.
    public static func == (left: Presented, right: Presented) -> Bool {
        left.child == right.child
    }
}

extension Presented: Encodable where Child: Encodable {
    /// Writes the child, or `nil`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(child)
    }
}

extension Presented: Decodable where Child: Decodable {
    /// Reads the child, or `nil`: a new presentation.
    public init(from decoder: any Decoder) throws {
        self.init(wrappedValue: try decoder.singleValueContainer().decode(Child?.self))
    }
}

extension Presented: CustomReflectable {
    /// The child (or `nil`), as `printChanges`, `TestStore`'s differences and a trace show it.
    public var customMirror: Mirror {
        Mirror(reflecting: child as Any)
    }
}
