import NestingCore
import Swivelish

// The nesting examples of the Elm Architecture tutorial (counter pair, counter list, gif pair, gif list),
// each a component that knows only its own state, given a scoped store of the one app store. The script
// sends each component its messages through its own store, and each view says what it shows.

let app = Store(initialState: Nesting())
let show: @Sendable (String) -> Void = { print($0) }

print("== counter pair: an increment through one counter's store changes that counter only")
let pair = app.scope(\.counterPair)
let top = pair.scope(\.top)
let bottom = pair.scope(\.bottom)
let endTop = counterView("top", top, show: show)
let endBottom = counterView("bottom", bottom, show: show)
top.dispatch(Counter.Action.increment)
top.dispatch(Counter.Action.increment)
bottom.dispatch(Counter.Action.decrement)
pair.dispatch(CounterPair.Action.reset)

print("== counter list: each row has a store of its own; a row's remove is the list's to handle")
let list = app.scope(\.counterList)
let endList = listView("list", list, show: show)
list.dispatch(CounterList.Action.insert)
list.dispatch(CounterList.Action.insert)
list.dispatch(CounterList.Action.insert)
var rowViews: [@Sendable () -> Void] = []
for id in list.state.counters.ids {
    if let row = list.scope(\.counters, id: id) {
        rowViews.append(counterView("row \(id)", row, show: show))
    }
}
list.scope(\.counters, id: 1)?.dispatch(Counter.Action.increment)
list.scope(\.counters, id: 0)?.dispatch(Counter.Action.remove)

print("== gif pair: each viewer's answer comes back to that viewer")
let gifs = app.scope(\.gifPair)
let left = gifs.scope(\.left)
let right = gifs.scope(\.right)
let endLeft = gifView("cats viewer", left, show: show)
let endRight = gifView("dogs viewer", right, show: show)
left.dispatch(GifViewer.Action.requestMore)
right.dispatch(GifViewer.Action.requestMore)
left.dispatch(GifViewer.Action.requestMore)

print("== gif list: one viewer for each topic added")
let gifList = app.scope(\.gifList)
gifList.dispatch(GifList.Action.add(topic: "owls"))
gifList.dispatch(GifList.Action.add(topic: "foxes"))
var gifViews: [@Sendable () -> Void] = []
for viewer in gifList.state.viewers {
    if let store = gifList.scope(\.viewers, id: viewer.id) {
        gifViews.append(gifView("\(viewer.topic) viewer", store, show: show))
    }
}
gifList.scope(\.viewers, id: 1)?.dispatch(GifViewer.Action.requestMore)
gifList.scope(\.viewers, id: 0)?.dispatch(GifViewer.Action.requestMore)

for end in [endTop, endBottom, endList, endLeft, endRight] + rowViews + gifViews {
    end()
}
let state = app.state
print(
    "== at the end: top \(state.counterPair.top.count), bottom \(state.counterPair.bottom.count),"
        + " rows \(state.counterList.counters.map { "\($0.id): \($0.count)" })")
