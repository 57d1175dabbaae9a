#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The peak (`VmHWM`) and current (`VmRSS`) resident set size in KiB, from /proc/self/status; elsewhere the
/// peak only, from `getrusage`. `nil` for what cannot be read.
public func residentSetSize() -> (peak: Int?, current: Int?) {
    #if os(Linux)
    guard let file = fopen("/proc/self/status", "r") else { return (nil, nil) }
    defer { fclose(file) }
    var result: (peak: Int?, current: Int?) = (nil, nil)
    var line = [CChar](repeating: 0, count: 512)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" })
        guard fields.count >= 2, let kibibytes = Int(fields[1]) else { continue }
        if fields[0] == "VmHWM:" { result.peak = kibibytes }
        if fields[0] == "VmRSS:" { result.current = kibibytes }
    }
    return result
    #else
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    return (Int(usage.ru_maxrss) / 1024, nil)  // bytes on Darwin
    #endif
}

/// Resets the peak resident set size to the current one (Linux 4.0 and later); false when it cannot.
public func resetPeakResidentSetSize() -> Bool {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
    let written = fputs("5", file) >= 0
    return fclose(file) == 0 && written
}
