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
/// `update` runs only while it is presented, and its effects are cancelled when it is dismissed.
///
/// A presentation starts when a child is set where there was none, and ends when `nil` is set. For an
/// `Identifiable` child, setting a child with another `id` over the presented one also ends its
/// presentation and starts a new one: the detail of another todo, opened over the first, does not receive
/// the first's countdown. Changing the presented child otherwise (its other properties, or a child that is
/// not `Identifiable`) keeps the presentation and its effects going; set `nil` first to start a new one.
///
/// The child is kept in memory of its own, so a state may present a child of its own type: a folder that
/// opens a folder, to any depth (`@Presented var subfolder: Folder?` inside `Folder`). Address the child
/// presented at each depth by nesting ``PresentedMessage``s, one per level.
///
/// Equal when the children are, and encoded as the child (or `nil`).
@propertyWrapper
public struct Presented<Child: State>: Sendable {
    /// The child, in memory of its own, so that a state may present a child of its own type (a folder in a
    /// folder): a struct cannot hold itself inline.
    private var box: Box?

    /// The presented child's memory: copied on write, so that a `Presented` stays a value.
    private final class Box: @unchecked Sendable {
        // `@unchecked Sendable`: `child` is written only while the box is referenced once (see `child`
        // below), so two threads never see it change.
        var child: Child

        init(_ child: Child) {
            self.child = child
        }
    }

    /// The child, or `nil`; written in place when the box is this value's alone, otherwise into a new box.
    private var child: Child? {
        get { box?.child }
        set {
            guard let newValue else {
                box = nil
                return
            }
            if box != nil, isKnownUniquelyReferenced(&box!) {
                box.unsafelyUnwrapped.child = newValue
            } else {
                box = Box(newValue)
            }
        }
    }

    /// The number of the current presentation; 0 while none.
    private(set) var incarnation: UInt64 = 0

    /// The presentations dismissed since ``State/updatePresented(_:of:with:_:)`` last looked: their effects
    /// are to be cancelled.
    var dismissedIncarnations: [UInt64] = []

    /// For an `Identifiable` child, whether two children have the same `id` (are one presentation); `nil`
    /// for other children, and while none is presented. Found when a presentation starts, so that the
    /// changes of a presented child (each message it receives sets it) cost no conformance lookup.
    private var haveSameID: IDComparison?

    /// Compares the ids of two children.
    private struct IDComparison: @unchecked Sendable {
        // `@unchecked Sendable`: the closure captures only the child's type (see `idComparison`).
        let haveSameID: (Child, Child) -> Bool
    }

    /// A presented `child`, or none.
    ///
    /// - Parameter wrappedValue: The child, or `nil`.
    public init(wrappedValue: Child?) {
        box = nil
        self.wrappedValue = wrappedValue
    }

    /// The child while it is presented; `nil` while none is. Setting `nil` dismisses it; setting a child
    /// where there was none presents it.
    public var wrappedValue: Child? {
        get { child }
        set {
            if child == nil {
                if newValue != nil { startPresentation() }
            } else if newValue == nil {
                endPresentation()
            } else if let haveSameID, !haveSameID.haveSameID(child.unsafelyUnwrapped, newValue.unsafelyUnwrapped) {
                endPresentation()
                startPresentation()
            }
            child = newValue
        }
    }

    private mutating func startPresentation() {
        incarnation = ChangeStamps.next()
        if haveSameID == nil, let identifiable = Child.self as? any Identifiable.Type {
            haveSameID = Self.idComparison(identifiable)
        }
    }

    private mutating func endPresentation() {
        dismissedIncarnations.append(incarnation)
        incarnation = 0
    }

    /// Whether two children have the same id, for a `Child` that is the `Identifiable` type `type`.
    private static func idComparison<Identified: Identifiable>(
        _ type: Identified.Type
    ) -> IDComparison {
        // `Identified` is `Child`, found by a dynamic cast of `Child.self`.
        IDComparison { left, right in
            (left as! Identified).id == (right as! Identified).id
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
