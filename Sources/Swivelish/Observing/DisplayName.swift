/// The name of a type as a reader writes it in code: with the types it is nested in, without its module
/// (`SearchState.Action`, not `MyApp.SearchState.Action` or `Action`), and without the `(unknown context
/// at $…)` that Swift prints for types declared in a function or `private`. Generic arguments are
/// shortened the same way: `Array<Outer.Item>`.
package func displayName(of type: Any.Type) -> String {
    shortenQualifiedNames(in: String(reflecting: type))
}

/// Drops the first component (the module) of each dotted name in `name`, and the anonymous contexts.
package func shortenQualifiedNames(in name: String) -> String {
    var result = ""
    var components: [Substring] = []
    var index = name.startIndex
    func flushComponents() {
        // The module, then the anonymous contexts (empty components), are left out.
        result += components.dropFirst(components.count > 1 ? 1 : 0).filter { !$0.isEmpty }.joined(separator: ".")
        components = []
    }
    while index < name.endIndex {
        let character = name[index]
        if character == "(" {
            // An anonymous context, `(unknown context at $10a2b3c4)`, stands for a component; skip it.
            guard let close = name[index...].firstIndex(of: ")") else { break }
            components.append("")
            index = name.index(after: close)
            if index < name.endIndex, name[index] == "." {
                index = name.index(after: index)
            }
            continue
        }
        if character.isLetter || character.isNumber || character == "_" {
            let end = name[index...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? name.endIndex
            components.append(name[index..<end])
            index = end
            if index < name.endIndex, name[index] == "." {
                index = name.index(after: index)
            }
            continue
        }
        flushComponents()
        result.append(character)
        index = name.index(after: index)
    }
    flushComponents()
    // Anonymous contexts left empty components: join them away.
    return result.split(separator: ".", omittingEmptySubsequences: true).joined(separator: ".")
}

/// A message as code would write it: `CounterMessage.increment(amount: 1)`, `Search.Loaded(items: 3)`.
///
/// The description of the value (`describe`), prefixed with the type's ``displayName(of:)`` unless the
/// description starts with the type's own name already (structs print as `Loaded(items: 3)`).
package func codeDescription(of message: any Message) -> String {
    let type = type(of: message)
    let fullName = displayName(of: type)
    let shortName = String(describing: type)
    let description = describe(message)
    if description.hasPrefix(fullName + "(") || message is any ScreenMessageDescribed {
        // A description that names the type already, as its display name (`PresentedMessage<Screen.Detail>(...)`,
        // whose generic argument `String(describing:)` would shorten to `Detail`), or by the alias code names it
        // with (`ScreenMessage<Route>(...)`).
        return description
    }
    if description.hasPrefix(shortName) {
        return fullName + description.dropFirst(shortName.count)
    }
    return "\(fullName).\(description)"
}
