// swift-tools-version: 6.2
import PackageDescription

// A JSON to-do service on Hummingbird 2, wired by Instill. A package of its own so
// that Instill itself depends on nothing.
//
// Instill is the repository's root package, reached by path. A path dependency's
// identity is the name of the directory it is checked out in, which differs between
// clones, so it is computed from where this manifest sits.
let rootPackage: String = {
    var components = Context.packageDirectory.split(separator: "/")
    components.removeLast(2)  // Examples/TodoServer
    var name = String(components.last ?? "")
    if name.hasSuffix(".git") { name.removeLast(4) }
    return name.lowercased()
}()

let package = Package(
    name: "TodoServer",
    platforms: [.macOS(.v15)],  // Synchronization.Mutex and Atomic in the example
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
    ],
    targets: [
        .target(
            name: "TodoKit",
            dependencies: [
                .product(name: "Instill", package: rootPackage),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(
            name: "TodoServer",
            dependencies: ["TodoKit", .product(name: "Hummingbird", package: "hummingbird")]
        ),
        .executableTarget(
            name: "RequestCost",
            dependencies: ["TodoKit", .product(name: "Instill", package: rootPackage)]
        ),
        .testTarget(
            name: "TodoKitTests",
            dependencies: [
                "TodoKit",
                .product(name: "Instill", package: rootPackage),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ]
)
