import Swivelish
import TodosCore

struct InteractiveSession {
    var initialState: TodoList
    var storage: TodoStorage
    var observers: [StoreObserver<TodoList>] = []
    var beforeSignalExit: @Sendable () -> Void = {}
    func run() -> Int32 { 0 }
}
