/// What a take did.
enum TakeOutcome: Sendable, Equatable {
    /// A unit was taken; `remaining` are left.
    case taken(remaining: Int)
    /// No item has the id.
    case missing
    /// The item's stock is 0.
    case soldOut
}

/// Keeps the items' stock for the routes: ``StoreInventory`` in a Swivelish store, ``HandInventory`` by hand.
///
/// Both watch the first rows the same way, and answer the same checks, so that the load compares the ways
/// of keeping the stock and nothing else.
protocol StockKeeper: Sendable {
    /// Takes one unit of the item `id`, if it has one, and says what is left. Safe from any task, at once.
    func take(id: Int) async -> TakeOutcome

    /// The stock of the item `id`, or `nil` when no item has the id.
    func stock(id: Int) async -> Int?

    /// Checks that nothing was lost, once every change has reached the rows' watchers: the units gone from
    /// stock are the takes answered 200 (`takesAnswered`), and each watched row saw every change of its stock,
    /// in order. For when no take is in flight, after a load: a take applied but not yet counted would differ.
    func check(takesAnswered: Int) async -> CheckReport
}
