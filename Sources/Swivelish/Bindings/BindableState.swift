/// A ``State`` whose views may set some fields directly: those of its ``Input``.
///
/// Keep the fields a control edits (a text field's text, a toggle, a slider's value) in a struct of their
/// own, ``input``; the rest of the state stays changed only by messages. Setting an input field (through
/// an ``ObservedStore``, `$model.title` in SwiftUI, or ``Store/set(_:_:)``) dispatches an ``InputChange``
/// through the store like any message, so observers, `printChanges`, recording and `TestStore` all see it,
/// and `update` applies it with ``applyInputChange(_:to:)``, in one place where it may react:
///
/// ```swift
/// struct TodoForm: BindableState, Equatable {
///     struct Input: Equatable, Sendable {
///         var title = ""
///         var isDone = false
///     }
///
///     var input = Input()
///     var saveCount = 0  // not an input: no view sets it
///
///     static func update(_ state: inout TodoForm, with message: Message) -> Effect? {
///         if let change = applyInputChange(message, to: &state) {
///             if change.field == \Input.title {
///                 state.input.title = String(state.input.title.prefix(40))  // react: clamp the title
///             }
///             return nil
///         }
///         return nil
///     }
/// }
/// ```
///
/// Only fields of ``Input`` can be set: `model.saveCount = 1` does not compile.
public protocol BindableState: State {
    /// The fields views may set directly.
    associatedtype Input: Sendable

    /// The current values of the fields views may set directly.
    var input: Input { get set }
}

extension BindableState {
    /// The message that sets the input field at `field` to `value`.
    ///
    /// ```swift
    /// store.dispatch(TodoForm.set(\.title, "Milk"))
    /// ```
    ///
    /// - Parameters:
    ///   - field: The input field to set.
    ///   - value: Its new value.
    /// - Returns: The message, for ``Store/dispatch(_:)`` or a `TestStore`'s `send`.
    @inlinable
    public static func set<Value: Equatable & Sendable>(
        _ field: WritableKeyPath<Input, Value>, _ value: Value
    ) -> InputChange<Self> {
        InputChange(field, value)
    }

    /// Applies `message` when it is an ``InputChange`` of this state, and returns it; returns `nil` for any
    /// other message. Call it first in ``State/update(_:with:)``, then react to the field it set.
    ///
    /// - Parameters:
    ///   - message: The message `update` received.
    ///   - state: The state to set the field of.
    /// - Returns: The change applied, or `nil` when `message` is not one.
    @inlinable
    public static func applyInputChange(_ message: any Message, to state: inout Self) -> InputChange<Self>? {
        guard let change = message.as(InputChange<Self>.self) else { return nil }
        change.apply(to: &state.input)
        return change
    }
}
