extension ScreenStack {
    /// The key path to the entries of the stack at `stack`: `stack` with `\.entries` appended, made once for
    /// each stack and kept. Making it at each message instantiates the generic `\ScreenStack<Screen>.entries`
    /// and appends it, which costs more than the rest of a push (W24).
    ///
    /// - Parameter stack: The key path to the stack.
    /// - Returns: The key path to its entries; writable when `stack` is.
    static func entries<Root>(at stack: KeyPath<Root, ScreenStack>) -> KeyPath<Root, IdentifiedArray<Entry>> {
        if let made = entriesPaths.withValue({ $0[stack] }) {
            // Made below from this very key path: of this type. Not `as!`, which asks the runtime to cast to a
            // generic class at each message: W24 costs 55,258 instructions a push and pop with it, 53,881
            // without (issue 37).
            return unsafeDowncast(made, to: KeyPath<Root, IdentifiedArray<Entry>>.self)
        }
        let made = stack.appending(path: \ScreenStack.entries)
        entriesPaths.withValue { $0[stack] = made }
        return made
    }
}

/// The key paths ``ScreenStack/entries(at:)`` made, by the key path to their stack. One for each stack an app
/// names: a key path written in code is one object, compared by its components.
let entriesPaths = LockedValue<[AnyKeyPath: AnyKeyPath]>([:])
