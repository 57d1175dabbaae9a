import Swivelish

@available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *)
extension Effects {
    /// Saves `value` through the store's ``Persistence`` of `Value` once `duration` has passed with no other
    /// save of a `Value`: of several changes in quick succession, only the last is saved.
    ///
    /// Return it from `update` after each change of the value to keep:
    ///
    /// ```swift
    /// case let .fontSizeChanged(size):
    ///     state.settings.fontSize = size
    ///     return Effects.save(state.settings, debouncedFor: .seconds(1)) { AppMessage.saveFailed($0) }
    /// case let .saveFailed(error):
    ///     state.warning = error.description
    ///     return nil
    /// ```
    ///
    /// The save waits on `Dependencies.clock` as `Effects.debounce(_:id:for:)` does,
    /// so a `TestClock` makes a test of it take no real time. The saves of one value type, wherever in the
    /// store they start, debounce each other (their id is a `StoreWideEffectID` private to
    /// `Value`); saves of other types do not. It saves through
    /// `dispatch.dependencies.persistence(of: Value.self)`, in a task of its own, not on the thread that
    /// delivers the store's effects.
    ///
    /// A save that fails dispatches the message `failure` makes of its error, so no failure goes unseen.
    /// A save still waiting when a later one starts, or when the store is freed, is dropped: save the last
    /// value yourself when the app quits. (One already writing when a later one starts finishes, but what it
    /// dispatches is dropped, as for any cancelled effect: the later save reports its own failure.)
    ///
    /// - Parameters:
    ///   - value: The value to save.
    ///   - duration: How long no other save of a `Value` must start before this one is made.
    ///   - failure: Makes the message to dispatch when the save fails.
    /// - Returns: The debounced save.
    public static func save<Value: Codable & Sendable>(
        _ value: Value,
        debouncedFor duration: Duration,
        onFailure failure: @escaping @Sendable (PersistenceError) -> any Message
    ) -> Effect {
        let save = run { dispatch in
            // Replaced by a later save while its wait ended: that one saves.
            try Task.checkCancellation()
            do throws(PersistenceError) {
                try dispatch.dependencies.persistence(of: Value.self).save(value)
            } catch {
                dispatch(failure(error))
            }
        }
        return debounce(save, id: StoreWideEffectID(DebouncedSave<Value>()), for: duration)
    }
}

/// The id of the debounced saves of `Value`.
private struct DebouncedSave<Value>: Hashable, Sendable {}
