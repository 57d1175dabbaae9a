import Swivelish

/// One difference between two ``TraceValue`` trees: the value at ``path`` went from ``old`` to ``new``.
///
/// A field or an element that is new has no ``old`` (an element is inserted at its index); one that is gone
/// has no ``new`` (an element is removed, and those after it move down). Applying the changes of
/// ``TraceValue/changes(to:)`` in order to the old tree gives the new one: that is how the inspector
/// rebuilds any step from the last full state before it.
///
/// A path through an ``IdentifiedArray`` also names the element by its id (``ids``), so that a reader can
/// write the change as a test does (`$0.todos[id: 4]?.title = "Milk"`) rather than by position.
package struct TraceChange: Equatable, Sendable {
    /// A step of a path: an object's field, or an array's element.
    package enum Component: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    /// Where, from the root: `["counter", "past", 2]`; empty for the whole value.
    package var path: [Component]
    /// The value before, or `nil` when the field or element is new.
    package var old: TraceValue?
    /// The value after, or `nil` when the field or element is gone.
    package var new: TraceValue?
    /// For each step of ``path`` that is an element of an identified array, that element's id (for the
    /// last step, the id of the element inserted, removed or replaced); `nil` at the other steps. Empty
    /// when the path goes through no identified array.
    package var ids: [TraceValue?]

    package init(path: [Component], old: TraceValue?, new: TraceValue?, ids: [TraceValue?] = []) {
        self.path = path
        self.old = old
        self.new = new
        self.ids = ids.contains { $0 != nil } ? ids : []
    }

    /// The change as a JSON object: `{"path":["count"],"old":0,"new":1}`, without `old` or `new` when
    /// there is none; with `ids`, beside the path, when it goes through an identified array:
    /// `{"path":["todos",1,"isDone"],"old":false,"new":true,"ids":[null,4,null]}`.
    package var traceValue: TraceValue {
        var fields = [
            TraceValue.Field(
                "path",
                .array(
                    path.map { component in
                        switch component {
                        case let .key(key): .string(key)
                        case let .index(index): .integer(index)
                        }
                    }))
        ]
        if let old { fields.append(TraceValue.Field("old", old)) }
        if let new { fields.append(TraceValue.Field("new", new)) }
        if !ids.isEmpty { fields.append(TraceValue.Field("ids", .array(ids.map { $0 ?? .null }))) }
        return .object(fields)
    }
}
