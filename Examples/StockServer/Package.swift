// swift-tools-version: 6.0
import PackageDescription

// A stock service on Hummingbird, kept in a package of its own so that the library itself depends on nothing
// (issue 38): the same routes over a Swivelish store or over a dictionary behind a mutex, for `load.sh` to
// compare under load.
//
//     swift run -c release StockServer --mode store
//     bash load.sh
let package = Package(
    name: "StockServer",
    platforms: [
        // macOS 15, not Hummingbird's 14: `Mutex` and `Atomic` (the Synchronization module) need it.
        .macOS(.v15)
    ],
    dependencies: [
        .package(name: "Swivelish", path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        .executableTarget(
            name: "StockServer",
            dependencies: [
                .product(name: "Swivelish", package: "Swivelish"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Sources/StockServer"
        )
    ],
    swiftLanguageModes: [.v6]
)
