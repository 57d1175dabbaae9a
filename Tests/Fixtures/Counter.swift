import Swivelish

// The fixture states that more than one test target gives a store (SwivelishTests and SwivelishTraceTests):
// one copy of each, in this target, with `package` access.

// MARK: - A counter used by several tests

package struct Counter: State, Equatable {
    package var count = 0
    package var version = 0
    package var label = ""

    package init(count: Int = 0, version: Int = 0, label: String = "") {
        self.count = count
        self.version = version
        self.label = label
    }

    package static func update(_ state: inout Counter, with message: Message) -> Effect? {
        switch message {
        case let message as Add:
            state.count += message.amount
            state.version += 1
        case let message as Relabel:
            state.label = message.label
            state.version += 1
        default:
            break
        }
        return nil
    }
}

package struct Add: Message, Equatable {
    package var amount = 1

    package init(amount: Int = 1) {
        self.amount = amount
    }
}

package struct Relabel: Message {
    package var label: String

    package init(label: String) {
        self.label = label
    }
}
