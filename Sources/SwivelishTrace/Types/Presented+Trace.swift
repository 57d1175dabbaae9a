import Swivelish

extension Presented: TraceOptionalType {
    static var traceWrappedType: Any.Type { Child.self }
    static var isTracePropertyWrapper: Bool { true }
}
