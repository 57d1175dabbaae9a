// W12: setting an input field through a binding (`Store.set`, the `InputChange` a SwiftUI binding sends)
// against a message written by hand that sets the same field. The benchmark target measures them;
// `SwivelishProfile` compiles this same file (through a symbolic link) to count their instructions.

import Swivelish

/// A form whose title a view binds to, and which also takes a hand-written message that sets it.
struct BindingForm: BindableState {
    struct Input: Sendable {
        var title = ""
        var isDone = false
    }

    /// The hand-written message: set the title.
    struct SetTitle: Message {
        var title: String
    }

    var input = Input()
    var other = Array(0..<100)

    static func update(_ state: inout BindingForm, with message: Message) -> Effect? {
        if applyInputChange(message, to: &state) != nil {
            return nil
        }
        if let set = message.as(SetTitle.self) {
            state.input.title = set.title
        }
        return nil
    }
}

/// The titles W12 sets in turn: short strings, stored inline.
let bindingTitles = ["Milk", "Eggs", "Bread", "Jam"]

/// W12: sets the title `count` times through the binding message.
@inline(never)
func setTitlesThroughBinding(of store: Store<BindingForm>, count: Int) {
    for index in 0..<count {
        store.set(\.title, bindingTitles[index & 3])
    }
}

/// W12's baseline: sets the title `count` times with the hand-written message.
@inline(never)
func setTitlesByHand(of store: Store<BindingForm>, count: Int) {
    for index in 0..<count {
        store.dispatch(BindingForm.SetTitle(title: bindingTitles[index & 3]))
    }
}
