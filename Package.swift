// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Swivelish",
    platforms: [
        .macOS(.v10_15),
        .iOS(.v13),
        .tvOS(.v13),
        .watchOS(.v6),
    ],
    products: [
        .library(name: "Swivelish", targets: ["Swivelish"]),
        .library(name: "SwivelishTesting", targets: ["SwivelishTesting"]),
        // `TestClock` alone, without XCTest or Testing: for an app's scripted or demo mode, which may link it
        // (SwivelishTesting re-exports it for tests).
        .library(name: "SwivelishTestClock", targets: ["SwivelishTestClock"]),
        // Values saved to a JSON file through a dependency, with a debounced save effect (uses Foundation,
        // which the core library does not).
        .library(name: "SwivelishPersistence", targets: ["SwivelishPersistence"]),
        // `TraceWriter`: every message a store applies, written to a file for `swivelish-inspect` (a thread of its
        // own; an app links it only when it traces).
        .library(name: "SwivelishTrace", targets: ["SwivelishTrace"]),
        // `swift run swivelish-inspect TRACE -o inspector.html`: the page of a trace a TraceWriter wrote.
        .executable(name: "swivelish-inspect", targets: ["SwivelishInspect"]),
    ],
    targets: [
        .target(name: "Swivelish", dependencies: ["CSwivelishAtomics"]),
        // Atomic loads, stores and exchanges for the store's delivery flag (internal; not a product).
        .target(name: "CSwivelishAtomics"),
        .testTarget(name: "SwivelishTests", dependencies: ["Swivelish", "SwivelishFixtures", "TestSupport"]),
        // The store's state machine, driven alone: no lock, no thread.
        .testTarget(name: "SwivelishEngineTests", dependencies: ["Swivelish", "TestSupport"]),
        .target(name: "SwivelishTestClock", dependencies: ["Swivelish"]),
        .target(name: "SwivelishTesting", dependencies: ["Swivelish", "SwivelishTestClock"]),
        .testTarget(
            name: "SwivelishTestingTests",
            dependencies: ["SwivelishTesting", "SwivelishTestClock", "Swivelish", "TestSupport"]),
        // Persisted state: `JSONFile`, the `Persistence` dependency and the debounced `Effects.save`.
        .target(name: "SwivelishPersistence", dependencies: ["Swivelish"]),
        .testTarget(
            name: "SwivelishPersistenceTests",
            dependencies: ["SwivelishPersistence", "Swivelish", "SwivelishTesting", "TestSupport"]),
        // The trace writer and `Recording.writeTrace(to:divergence:)`: the file `swivelish-inspect` reads.
        .target(name: "SwivelishTrace", dependencies: ["Swivelish"]),
        .testTarget(
            name: "SwivelishTraceTests",
            dependencies: ["SwivelishTrace", "Swivelish", "SwivelishFixtures", "TestSupport"]),
        // Helpers the test targets share (not a product): one copy of each.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // The states the test targets share (not a product): one copy of each, with `package` access.
        .target(name: "SwivelishFixtures", dependencies: ["Swivelish", "TestSupport"], path: "Tests/Fixtures"),
        // The inspector: reads a trace and writes its page (Foundation only; the library does not use it).
        .target(name: "SwivelishInspector"),
        .executableTarget(name: "SwivelishInspect", dependencies: ["SwivelishInspector"]),
        .testTarget(
            name: "SwivelishInspectorTests", dependencies: ["SwivelishInspector", "Swivelish", "SwivelishTrace"]),
        // The terminal input and output both examples' executables use (not a product).
        .target(name: "ExampleTerminal", path: "Examples/Shared/Sources/ExampleTerminal"),
        .target(
            name: "CounterCore",
            dependencies: ["Swivelish"],
            path: "Examples/Counter/Sources/CounterCore"
        ),
        .executableTarget(
            name: "Counter",
            dependencies: ["CounterCore", "ExampleTerminal", "Swivelish", "SwivelishTrace"],
            path: "Examples/Counter/Sources/Counter"
        ),
        .testTarget(
            name: "CounterCoreTests",
            dependencies: ["CounterCore", "Swivelish", "SwivelishTesting"],
            path: "Examples/Counter/Tests/CounterCoreTests"
        ),
        .target(
            name: "TodosCore",
            dependencies: ["Swivelish", "SwivelishPersistence"],
            path: "Examples/Todos/Sources/TodosCore"
        ),
        .executableTarget(
            name: "Todos",
            dependencies: ["TodosCore", "ExampleTerminal", "Swivelish", "SwivelishTestClock", "SwivelishTrace"],
            path: "Examples/Todos/Sources/Todos"
        ),
        .testTarget(
            name: "TodosCoreTests",
            dependencies: ["TodosCore", "Swivelish", "SwivelishPersistence", "SwivelishTesting"],
            path: "Examples/Todos/Tests/TodosCoreTests"
        ),
        .target(
            name: "NestingCore",
            dependencies: ["Swivelish"],
            path: "Examples/Nesting/Sources/NestingCore"
        ),
        .executableTarget(
            name: "Nesting",
            dependencies: ["NestingCore", "Swivelish"],
            path: "Examples/Nesting/Sources/Nesting"
        ),
        .testTarget(
            name: "NestingCoreTests",
            dependencies: ["NestingCore", "Swivelish", "SwivelishTesting"],
            path: "Examples/Nesting/Tests/NestingCoreTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
