import Swivelish

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension TestStore where S: BindableState {
    /// Sets the input field at `field` to `value`, as a view's binding would, and checks the state change:
    /// ``send(_:assert:fileID:filePath:line:column:)`` of the `InputChange` that sets it.
    ///
    /// ```swift
    /// store.set(\.title, "  Milk ") { $0.input.title = "Milk" }  // update trims it
    /// ```
    ///
    /// - Parameters:
    ///   - field: The input field to set.
    ///   - value: Its new value.
    ///   - expectedChange: Changes the old state into the state you expect.
    ///   - fileID: The caller's file, for failures.
    ///   - filePath: The caller's file, for failures.
    ///   - line: The caller's line, for failures.
    ///   - column: The caller's column, for failures.
    public func set<Value: Equatable & Sendable>(
        _ field: WritableKeyPath<S.Input, Value>,
        _ value: Value,
        assert expectedChange: ((inout S) throws -> Void)? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        send(
            S.set(field, value), assert: expectedChange, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }
}
