import Swivelish

/// The stock service's state in store mode: every item, by id.
///
/// A take is a message to one item, `ElementMessage<Item>(id: id, Item.Take())`, which `updateElements` routes
/// to that item's `update` alone; a message for an id that is not there is not applied.
struct Inventory: State {
    /// The items, with the ids `0..<count`.
    var items: IdentifiedArray<Item>

    /// `count` items, each with `stock` units.
    init(count: Int, stock: Int) {
        items = IdentifiedArray((0..<count).map { Item(id: $0, stock: stock) })
    }

    static func update(_ state: inout Inventory, with message: Message) -> Effect? {
        updateElements(\.items, of: &state, with: message) { _, _ in nil }
    }
}

/// One item of the inventory and its stock.
struct Item: State, Identifiable, Equatable {
    /// The item's id, its place in the route (`/items/:id`).
    let id: Int
    /// How many units are left.
    var stock: Int
    /// Whether the last ``Take`` took a unit: `false` when the stock was already 0. What the route answers
    /// with, read in the same locked step as the take.
    var lastTakeSucceeded = false

    /// Takes one unit, if there is one.
    struct Take: Message {}

    static func update(_ state: inout Item, with message: Message) -> Effect? {
        if message.as(Take.self) != nil {
            if state.stock > 0 {
                state.stock -= 1
                state.lastTakeSucceeded = true
            } else {
                state.lastTakeSucceeded = false
            }
        }
        return nil
    }
}
