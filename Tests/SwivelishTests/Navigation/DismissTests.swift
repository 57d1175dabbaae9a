import Testing

@testable import Swivelish
import TestSupport

/// A sheet that keeps its effect's dispatcher, for the test to send `Dismiss` through later.
private struct Sheet: State, Identifiable, Equatable {
    let id: Int

    struct KeepDispatch: Message {}

    static let kept = Locked<[Int: Dispatcher]>([:])

    static func update(_ state: inout Sheet, with message: Message) -> Effect? {
        guard message is KeepDispatch else { return nil }
        let id = state.id
        return { dispatch in Sheet.kept.withValue { $0[id] = dispatch } }
    }
}

private struct Page: State {
    @Presented var sheet: Sheet?

    struct Show: Message {
        let id: Int
    }

    static func update(_ state: inout Page, with message: Message) -> Effect? {
        updatePresented(\.$sheet, of: &state, with: message) { state, message in
            if let show = message as? Show { state.sheet = Sheet(id: show.id) }
            return nil
        }
    }
}

@Suite("A presented child closes itself with Dismiss")
struct DismissTests {
    @Test func aPresentedChildThatSendsDismissIsDismissed() async {
        let store = Store(initialState: Page())
        store.dispatch(Page.Show(id: 1))
        store.scope(\.$sheet)!.dispatch(Dismiss())
        #expect(store.state.sheet == nil)
        store.dispatch(Dismiss())  // without an address: closes nothing, and nothing is open anyway
        #expect(store.state.sheet == nil)
    }

    /// The `Dismiss` of a sheet replaced by another (another id) does not close the new one.
    @Test func aLateDismissClosesNothing() async {
        let store = Store(initialState: Page())
        store.dispatch(Page.Show(id: 1))
        store.dispatch(PresentedMessage<Sheet>(Sheet.KeepDispatch()))
        #expect(await eventually { Sheet.kept.withValue { $0[1] != nil } })
        store.dispatch(Page.Show(id: 2))
        Sheet.kept.withValue { $0[1] }?(Dismiss())
        await store.waitForDeliveries()
        #expect(store.state.sheet == Sheet(id: 2))
        store.dispatch(PresentedMessage<Sheet>(Sheet.KeepDispatch()))
        #expect(await eventually { Sheet.kept.withValue { $0[2] != nil } })
        Sheet.kept.withValue { $0[2] }?(Dismiss())
        #expect(await eventually { store.state.sheet == nil })
        Sheet.kept.withValue { $0 = [:] }
    }
}
