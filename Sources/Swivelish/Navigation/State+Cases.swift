extension State {
    /// The `update` of an enum whose cases each hold one child state (the screens a stack can push, the
    /// destinations a screen can present): gives `message` to the `update` of the state the current case
    /// holds, and returns its effect. No `switch` that only forwards.
    ///
    /// ```swift
    /// enum Route: State, Equatable, Codable {
    ///     case detail(Detail)
    ///     case history(History)
    ///
    ///     static func update(_ state: inout Route, with message: Message) -> Effect? {
    ///         updateCase(&state, with: message, cases: Route.detail, Route.history)
    ///     }
    /// }
    /// ```
    ///
    /// `cases` are the cases' constructors, one per case that holds a state; two may hold states of one
    /// type. A case that is not listed, or holds no state, receives nothing: the message is ignored.
    ///
    /// It finds the current case by reflection (a `Mirror`), which costs a few microseconds per message:
    /// nothing at a screen's pace. For a child whose messages come thousands of times a second, write the
    /// `switch`.
    ///
    /// - Parameters:
    ///   - state: The enum's value.
    ///   - message: The message.
    ///   - cases: The constructors of the cases that hold a child state (`Route.detail`).
    /// - Returns: The child's effect; `nil` when the current case is not listed.
    public static func updateCase<each Child: State>(
        _ state: inout Self, with message: any Message, cases: repeat (each Child) -> Self
    ) -> Effect? {
        guard let current = Mirror(reflecting: state).children.first, let label = current.label else { return nil }
        for embed in repeat each cases {
            if let effect = update(&state, label: label, payload: current.value, as: embed, with: message) {
                return effect
            }
        }
        return nil
    }

    /// When `payload` is a `Child` and `embed` makes the case named `label`, applies `message` to it, puts it
    /// back in `state`, and returns its effect wrapped (`.some(nil)` for none); `nil` when it is another case.
    private static func update<Child: State>(
        _ state: inout Self, label: String, payload: Any, as embed: (Child) -> Self, with message: any Message
    ) -> Effect?? {
        guard var child = payload as? Child else { return nil }
        // Two cases may hold one type: the constructor must make the current one.
        guard Mirror(reflecting: embed(child)).children.first?.label == label else { return nil }
        let effect = Child.update(&child, with: message)
        state = embed(child)
        return .some(effect)
    }
}
