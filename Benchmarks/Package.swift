// swift-tools-version: 6.1
import PackageDescription

// Swivelish's benchmarks, kept in their own package so that the library itself depends on nothing.
//
// Run them with `swift package benchmark` from this directory; `./check.sh` is the CI guard.
let package = Package(
    name: "SwivelishBenchmarks",
    platforms: [
        .macOS(.v13)
    ],
    dependencies: [
        .package(name: "Swivelish", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The physical limit the store is measured against: a struct behind a bare pthread mutex. A module
        // of its own, so that the benchmarks call it across a module boundary, as they call Swivelish.
        .target(
            name: "BareLockStore",
            path: "Sources/BareLockStore"
        ),
        // What the wall-clock executables share: a clock, threads of their own, the resident set size.
        .target(
            name: "BenchmarkSupport",
            path: "Sources/BenchmarkSupport"
        ),
        // The benchmark plugin runs every executable target in a folder named `Benchmarks`.
        .executableTarget(
            name: "SwivelishBenchmarks",
            dependencies: [
                .product(name: "Swivelish", package: "Swivelish"),
                .product(name: "SwivelishTrace", package: "Swivelish"),  // W15
                "BareLockStore",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SwivelishBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark")
            ]
        ),
        // Runs one workload many times without the benchmark harness, for valgrind --tool=callgrind.
        // It compiles the benchmark target's workload file (a symbolic link), so it measures the same code.
        .executableTarget(
            name: "SwivelishProfile",
            dependencies: [
                .product(name: "Swivelish", package: "Swivelish"),
                .product(name: "SwivelishTrace", package: "Swivelish"),  // W15, in the workloads' file
                "BareLockStore",
            ],
            path: "Sources/SwivelishProfile"
        ),
        // Measures the store under overload (W7): producer threads against a slow subscriber, with the worst
        // dispatch, the peak RSS, the drain time and the order of deliveries. See Sources/SwivelishOverload.
        .executableTarget(
            name: "SwivelishOverload",
            dependencies: [.product(name: "Swivelish", package: "Swivelish"), "BenchmarkSupport"],
            path: "Sources/SwivelishOverload"
        ),
        // Measures a list of 10,000 rows while other threads dispatch (W19–W22, issue 35): a toggle while
        // another thread delivers, 8 threads against 1, a backlog's peak RSS, the rows' subscriptions and the
        // first dispatch after them. See Sources/SwivelishContention.
        .executableTarget(
            name: "SwivelishContention",
            dependencies: [.product(name: "Swivelish", package: "Swivelish"), "BenchmarkSupport"],
            path: "Sources/SwivelishContention"
        ),
    ],
    swiftLanguageModes: [.v6]
)
