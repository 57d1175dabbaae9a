import Hummingbird
import Synchronization

/// The service's routes, the same over either way of keeping the stock:
///
/// - `POST /items/:id/take`: takes one unit; 200 with the stock left, 404 when no item has the id, 409 when
///   its stock is 0.
/// - `GET /items/:id`: 200 with the stock, 404 when no item has the id.
/// - `GET /check`: checks that nothing was lost (``StockKeeper/check(takesAnswered:)``); 200 with the
///   ``CheckReport`` when it passed, 500 with it otherwise.
func makeRouter(keeping keeper: some StockKeeper) -> Router<BasicRequestContext> {
    let router = Router()
    let takesAnswered = TakeCount()
    router.post("/items/:id/take") { _, context -> EditedResponse<String> in
        guard let id = context.parameters.get("id", as: Int.self) else {
            return noItem(context.parameters.get("id") ?? "")
        }
        switch await keeper.take(id: id) {
        case let .taken(remaining):
            takesAnswered.add()
            return EditedResponse(status: .ok, response: "\(remaining)\n")
        case .missing:
            return noItem("\(id)")
        case .soldOut:
            return EditedResponse(status: .conflict, response: "item \(id) is sold out\n")
        }
    }
    router.get("/items/:id") { _, context -> EditedResponse<String> in
        guard let id = context.parameters.get("id", as: Int.self), let stock = await keeper.stock(id: id) else {
            return noItem(context.parameters.get("id") ?? "")
        }
        return EditedResponse(status: .ok, response: "\(stock)\n")
    }
    router.get("/check") { _, _ -> EditedResponse<CheckReport> in
        let report = await keeper.check(takesAnswered: takesAnswered.value)
        return EditedResponse(status: report.ok ? .ok : .internalServerError, response: report)
    }
    return router
}

/// The 404 answer for the id `id`.
private func noItem(_ id: String) -> EditedResponse<String> {
    EditedResponse(status: .notFound, response: "no item has the id \(id)\n")
}

/// The takes answered 200, counted from any task.
private final class TakeCount: Sendable {
    private let count = Atomic<Int>(0)

    /// Counts one take.
    func add() {
        count.wrappingAdd(1, ordering: .relaxed)
    }

    /// The takes counted so far.
    var value: Int {
        count.load(ordering: .relaxed)
    }
}
