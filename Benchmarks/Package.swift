// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for Instill, in a package of their own so that the library stays free of
// dependencies. From this folder: `swift package benchmark` (see README.md).
//
// The library is the root package, reached by path. A path dependency's identity is
// the name of the directory it is checked out in, which differs between clones (and
// SwiftPM finds a product named alone only in a package whose identity is that name),
// so the identity is computed here from where this manifest sits.
let rootPackage: String = {
    var components = Context.packageDirectory.split(separator: "/")
    components.removeLast()  // this package's own directory, Benchmarks
    var name = String(components.last ?? "")
    if name.hasSuffix(".git") { name.removeLast(4) }
    return name.lowercased()
}()

let instill: Target.Dependency = .product(name: "Instill", package: rootPackage)

let package = Package(
    name: "InstillBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/Swinject/Swinject", exact: "2.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-dependencies", exact: "1.17.1"),
    ],
    targets: [
        // Instill beside hand-written code, Swinject and swift-dependencies.
        .executableTarget(
            name: "InstillBenchmarks",
            dependencies: [
                instill,
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Benchmarks/InstillBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),

        // One workload's variant run N times, for callgrind (Scripts/instructions.py). Its
        // fixtures are the benchmarks' own files, linked in (symbolic links), so that the
        // instructions counted are those of the code the benchmarks time, compiled the
        // same way: in the module that runs them.
        .executableTarget(
            name: "InstructionProbes",
            dependencies: [
                instill,
                .product(name: "Swinject", package: "Swinject"),
                .product(name: "Dependencies", package: "swift-dependencies"),
            ],
            path: "Support/InstructionProbes"
        ),

        // Injector creation and first requests in a small program and in a big one.
        .target(
            name: "ProgramSizeProbes",
            dependencies: [instill, .product(name: "Benchmark", package: "benchmark")],
            path: "Support/ProgramSizeProbes"
        ),
        .executableTarget(
            name: "ProgramSizeFewTypes",
            dependencies: ["ProgramSizeProbes", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/ProgramSizeFewTypes",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ProgramSize2000Types",
            dependencies: [instill, "ProgramSizeProbes", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/ProgramSize2000Types",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
