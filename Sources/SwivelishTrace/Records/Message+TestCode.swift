import Swivelish

/// How a test writes `message`, where that is not its description (``codeDescription(of:)``): an
/// ``InputChange`` is made with its state's ``BindableState/set(_:_:)`` (`TodoForm.set(\.title, "Milk")`),
/// also inside the ``ElementMessage``, ``PresentedMessage`` and ``SubstateMessage`` that address it to a
/// child (`PresentedMessage<ItemDetail>(ItemDetail.set(\.name, "Milk"))`, or a screen's
/// `ScreenMessage<Route>(id: 2, ItemDetail.set(\.name, "Milk"))`). `nil` for any other message: a test
/// writes it as its description. A trace writes it as a message's `code`, which the inspector's test
/// skeleton uses.
package func testCode(of message: any Message) -> String? {
    (message as? any WrittenOtherwiseInTests)?.codeInTests
}

/// A message that a test writes otherwise than its description, or that holds one.
protocol WrittenOtherwiseInTests {
    /// The message as a test writes it; `nil` when that is its description.
    var codeInTests: String? { get }
}

extension InputChange: WrittenOtherwiseInTests {
    /// `TodoForm.set(\.title, "Milk")`: the value as Swift writes it (`String(reflecting:)`: a string quoted
    /// and escaped, an enum case with its type).
    var codeInTests: String? {
        "\(displayName(of: S.self)).set(\\.\(name), \(String(reflecting: value)))"
    }
}

extension ElementMessage: WrittenOtherwiseInTests {
    var codeInTests: String? {
        testCode(of: message).map { inner in
            if let entry = Element.self as? any ScreenStackEntry.Type {
                // `ScreenMessage<Route>(id: 2, ...)`, as its description writes it.
                return "ScreenMessage<\(displayName(of: entry.screenType))>(id: \(describe(id)), \(inner))"
            }
            return "ElementMessage<\(displayName(of: Element.self))>(id: \(describe(id)), \(inner))"
        }
    }
}

extension PresentedMessage: WrittenOtherwiseInTests {
    var codeInTests: String? {
        testCode(of: message).map { "PresentedMessage<\(displayName(of: Child.self))>(\($0))" }
    }
}

extension SubstateMessage: WrittenOtherwiseInTests {
    var codeInTests: String? {
        testCode(of: message).map { "SubstateMessage(\(keyPath), \($0))" }
    }
}
