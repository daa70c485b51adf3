// swift-tools-version: 6.2
import PackageDescription

// A command-line habit tracker wired by Instill: swift-argument-parser subcommands, a
// GRDB store opened asynchronously as a singleton, a clock, a streak calculator and a
// reporter writing through a terminal. A package of its own so that Instill itself
// depends on nothing.
//
// Instill is the repository's root package, reached by path. A path dependency's
// identity is the name of the directory it is checked out in, which differs between
// clones, so it is computed from where this manifest sits.
let rootPackage: String = {
    var components = Context.packageDirectory.split(separator: "/")
    components.removeLast(2)  // Examples/HabitTracker
    var name = String(components.last ?? "")
    if name.hasSuffix(".git") { name.removeLast(4) }
    return name.lowercased()
}()

let package = Package(
    name: "HabitTracker",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "habits",
            dependencies: [
                .product(name: "Instill", package: rootPackage),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "HabitsTests",
            dependencies: ["habits", .product(name: "Instill", package: rootPackage)]
        ),
    ]
)
