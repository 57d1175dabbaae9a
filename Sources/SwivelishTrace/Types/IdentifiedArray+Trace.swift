import Swivelish

extension IdentifiedArray: TraceIdentifiedCollection {
    static var traceElementType: Any.Type { Element.self }
    static var traceIDType: Any.Type { Element.ID.self }
    var traceIDs: [Any] { ids.map { $0 as Any } }

    func hasSameIDs(as other: Any) -> Bool {
        (other as? IdentifiedArray)?.ids == ids
    }
}
