// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Instill",
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
    ],
    swiftLanguageModes: [.v6]
)
