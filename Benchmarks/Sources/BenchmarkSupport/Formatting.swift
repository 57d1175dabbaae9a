/// `value` with `places` digits after the point.
public func decimal(_ value: Double, places: Int) -> String {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    let scaled = Int((abs(value) * scale).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    let whole = scaled / Int(scale)
    guard places > 0 else { return "\(sign)\(whole)" }
    let fraction = String(scaled % Int(scale))
    return "\(sign)\(whole)." + String(repeating: "0", count: places - fraction.count) + fraction
}
