// Compiled by .ci/run: with -D INPUT it must compile (an input field); without, it must not (a field that
// is not one of the state's inputs cannot be set).
import Swivelish

struct Form: BindableState {
    struct Input: Sendable {
        var title = ""
    }

    var input = Input()
    var saves = 0

    static func update(_ state: inout Form, with message: Message) -> Effect? { nil }
}

func setAField(of store: Store<Form>) {
    #if INPUT
    store.set(\.title, "Milk")
    #else
    store.set(\.saves, 1)
    #endif
}
