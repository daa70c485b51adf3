// swift-tools-version: 6.2
// 6.2: the library uses `SendableMetatype`, which first exists in Swift 6.2.
import PackageDescription

// Apple-platform minimums: the oldest systems whose standard library has every
// availability-annotated API the library calls without a guard (macOS 13 / iOS 16
// for `_StringProcessing`'s collection algorithms). Newer APIs are guarded with
// `if #available` and have a path below them; `.ci/availability.txt` lists each API
// with the minimum that covers it or the guard that protects it, and CI checks it.

// Xcode 26's settings for a new app target: main-actor isolation by default,
// `nonisolated(nonsending)` async functions and inferred isolated conformances. The
// Podcasts example is built with them, so the documented forms are checked there.
let xcode26AppTarget: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
    name: "Instill",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Instill", targets: ["Instill"])
    ],
    targets: [
        .target(name: "Instill"),
        .testTarget(name: "InstillTests", dependencies: ["Instill", "ShowroomKit", "ChassisKit"]),
        .target(name: "ChassisKit", dependencies: ["Instill"], path: "Tests/ChassisKit"),
        .executableTarget(name: "WriterProbe", dependencies: ["Instill", "ChassisKit"], path: "Tests/WriterProbe"),
        .target(name: "ShowroomKit", dependencies: ["Instill"], path: "Examples/Showroom/ShowroomKit"),
        .executableTarget(name: "Showroom", dependencies: ["Instill", "ShowroomKit"], path: "Examples/Showroom/App"),
        .target(name: "OrdersKit", dependencies: ["Instill"], path: "Examples/Orders/OrdersKit"),
        .executableTarget(name: "Orders", dependencies: ["Instill", "OrdersKit"], path: "Examples/Orders/App"),
        .testTarget(name: "OrdersTests", dependencies: ["Instill", "OrdersKit"]),
        .target(
            name: "PodcastsKit", dependencies: ["Instill"], path: "Examples/Podcasts/PodcastsKit",
            swiftSettings: xcode26AppTarget),
        .executableTarget(
            name: "Podcasts", dependencies: ["Instill", "PodcastsKit"], path: "Examples/Podcasts/App",
            swiftSettings: xcode26AppTarget),
        .testTarget(name: "PodcastsTests", dependencies: ["Instill", "PodcastsKit"], swiftSettings: xcode26AppTarget),
    ],
    swiftLanguageModes: [.v6]
)
