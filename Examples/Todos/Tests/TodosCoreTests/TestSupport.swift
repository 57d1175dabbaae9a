import Dispatch
import Swivelish
import TodosCore

/// A ``TodoStorage`` that keeps every list it is asked to save, in order, and fails while told to.
final class SavedLists: @unchecked Sendable {
    // `@unchecked Sendable`: `queue` guards every `var`.
    private let queue = DispatchQueue(label: "TodosCoreTests.SavedLists")
    private var lists: [[Todo]] = []
    private var failure: TodoFileError?

    /// Every list saved, oldest first.
    var saved: [[Todo]] {
        queue.sync { lists }
    }

    /// Makes every save from now on throw `error`, or succeed again with `nil`.
    func fail(with error: TodoFileError?) {
        queue.sync { failure = error }
    }

    /// The storage to give the store.
    var storage: TodoStorage {
        TodoStorage { todos in
            let failure = self.queue.sync { () -> TodoFileError? in
                if self.failure == nil { self.lists.append(todos) }
                return self.failure
            }
            if let failure { throw failure }
        }
    }
}

/// Three todos: `Buy milk`, `Call mom` (done) and `Walk the dog`, ids 1 to 3.
let threeTodos = [
    Todo(id: 1, title: "Buy milk"),
    Todo(id: 2, title: "Call mom", isDone: true),
    Todo(id: 3, title: "Walk the dog"),
]
