// Must NOT compile: `skipRepeats` is only offered for Equatable values. `.ci/run` type-checks this file
// and expects the error; with `-D EQUATABLE` it must compile, which proves the file is otherwise valid.
import Swivelish

#if EQUATABLE
struct Value: Equatable { var number = 0 }
#else
struct Value { var number = 0 }
#endif

struct Holder: State {
    var value = Value()
    static func update(_ state: inout Holder, with message: Message) -> Effect? { nil }
}

func check() {
    let store = Store(initialState: Holder())
    store.subscribe(\Holder.value, immediately: false, skipRepeats: true) { _ in }
}
