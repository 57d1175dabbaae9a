import Swivelish

/// A shop's stock: eight items that count the takes they were given, and a count of the messages its own
/// closure of `updateElements` saw (a message for an item that is not there must not reach it).
package struct Shop: State {
    package var items = IdentifiedArray((0..<8).map { Item(id: $0) })
    package var messages = 0

    package init() {}

    package struct Item: State, Identifiable {
        package let id: Int
        package var taken = 0

        package init(id: Int) {
            self.id = id
        }

        package struct Take: Message {
            package init() {}
        }

        package static func update(_ state: inout Item, with message: Message) -> Effect? {
            if message is Take {
                state.taken += 1
            }
            return nil
        }
    }

    /// Removes the item with `id`.
    package struct Remove: Message {
        package let id: Int

        package init(id: Int) {
            self.id = id
        }
    }

    package static func update(_ state: inout Shop, with message: Message) -> Effect? {
        updateElements(\.items, of: &state, with: message) { state, message in
            state.messages += 1
            if let remove = message as? Remove {
                state.items.remove(id: remove.id)
            }
            return nil
        }
    }
}

/// A take of the item with `id`.
package func take(_ id: Int) -> ElementMessage<Shop.Item> {
    ElementMessage(id: id, Shop.Item.Take())
}
