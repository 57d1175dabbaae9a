import Swivelish
import Testing

/// A state whose update calls back into its store, which `update` must never do.
private struct Impure: State {
    nonisolated(unsafe) static var store: Store<Impure>?
    nonisolated(unsafe) static var misuse: (Store<Impure>) -> Void = { _ in }

    static func update(_ state: inout Impure, with message: Message) -> Effect? {
        if let store { misuse(store) }
        return nil
    }
}

@Suite("Misuse stops with a message that names it")
struct MisuseTests {
    @Test func dispatchFromInsideUpdate() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            Impure.misuse = { $0.dispatch(Ignored()) }
            Impure.store = Store(initialState: Impure())
            Impure.store?.dispatch(Ignored())
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("Store.dispatch(_:) was called from inside State.update(_:with:)"))
    }

    @Test func stateReadFromInsideADispatchsAnswer() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let store = Store(initialState: Impure())
            _ = store.dispatch(Ignored()) { _ in store.state }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("from the answer of Store.dispatch(_:answering:)"))
    }

    @Test func stateReadFromInsideASendsAnswer() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let store = Store(initialState: Impure())
            _ = await store.send(Ignored()) { _ in store.state }
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("from the answer of Store.dispatch(_:answering:) or Store.send(_:answering:)"))
    }

    @Test func stateReadFromInsideUpdate() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            Impure.misuse = { _ = $0.state }
            Impure.store = Store(initialState: Impure())
            Impure.store?.dispatch(Ignored())
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("Store.state was called from inside State.update(_:with:)"))
    }

    @Test func subscribeFromInsideUpdate() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            Impure.misuse = { $0.subscribe(\.self) { _ in } }
            Impure.store = Store(initialState: Impure())
            Impure.store?.dispatch(Ignored())
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("Store.subscribe was called from inside State.update(_:with:)"))
    }
}

/// A state whose effect throws an error that nothing handles.
private struct Throwing: State {
    struct Failure: Error {}

    static func update(_ state: inout Throwing, with message: Message) -> Effect? {
        Effects.run { _ in throw Failure() }
    }
}

extension MisuseTests {
    @Test func unhandledEffectErrorIsReportedAndStopsADebugBuild() async throws {
        let result = try await #require(
            processExitsWith: .failure, observing: [\.standardErrorContent]
        ) {
            let store = Store(initialState: Throwing())
            store.dispatch(Ignored())
            try await Task.sleep(nanoseconds: 10_000_000_000)
        }
        let output = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(output.contains("an effect made with Effects.run threw Failure(), and no `catch:` handled it"))
    }
}
