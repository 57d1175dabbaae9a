import Swivelish

extension ScreenStack: TraceIdentifiedCollection {
    static var traceElementType: Any.Type { Screen.self }
    static var traceIDType: Any.Type { Int.self }
    // Pushed and popped, not appended and removed: a trace says so, and a test skeleton writes `push(_:)`.
    static var isTraceStack: Bool { true }
    // Numbers, which a test writes as integer literals (`$0.path[id: 2]`).
    var traceIDs: [Any] { ids.map { $0.number as Any } }

    func hasSameIDs(as other: Any) -> Bool {
        (other as? ScreenStack)?.ids == ids
    }
}
