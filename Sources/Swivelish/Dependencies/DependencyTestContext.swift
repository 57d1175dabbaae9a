/// What a test store puts in its ``Dependencies``: keys that were not set give their test value, and a read
/// of a key that has none is reported to the test.
package struct DependencyTestContext: Sendable {
    /// Called with the name of a key read with neither a value set nor a test value.
    private let reportMissingTestValue: @Sendable (_ key: String) -> Void

    /// - Parameter reportMissingTestValue: Called with the name of each key read without a value set or a
    ///   test value (``DependencyKey/testValue``), on the thread that read it.
    package init(reportMissingTestValue: @escaping @Sendable (_ key: String) -> Void) {
        self.reportMissingTestValue = reportMissingTestValue
    }

    /// The test value of `key`; reported when the key declares none.
    func testValue<Key: DependencyKey>(of key: Key.Type) -> Key.Value {
        let probe = Probe()
        let value = Self.$probe.withValue(probe) { Key.testValue }
        if probe.sawNoTestValue {
            reportMissingTestValue(Self.name(of: key))
        }
        return value
    }

    /// The name a failure gives `key`.
    static func name<Key: DependencyKey>(of key: Key.Type) -> String {
        if #available(macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, *), key == ClockKey.self {
            return "the clock (Dependencies.clock)"
        }
        return displayName(of: key)
    }

    /// Called by the default ``DependencyKey/testValue``: the key being read declares no test value.
    static func noteMissingTestValue() {
        probe?.sawNoTestValue = true
    }

    /// Whether the default ``DependencyKey/testValue`` was called while reading one key's test value.
    ///
    /// `@unchecked Sendable`: written and read by the thread reading that key's test value only (a task-local
    /// holds it for that read).
    private final class Probe: @unchecked Sendable {
        var sawNoTestValue = false
    }

    /// The probe of the test value being read on this task or thread.
    @TaskLocal private static var probe: Probe?
}
