import Instill
import Swinject

// Each workload, done `operations` times by one variant, after a setup that builds what
// the loop needs and checks that the variant builds a complete object once. A run with
// no operations does the same setup, so the difference between two runs' instruction
// counts is the operations' cost alone.

/// What ordo-one/benchmark's `blackHole` does: keeps a value alive without letting the
/// optimizer see through the call.
@_optimize(none)
func blackHole(_: some Any) {}

struct ProbeFailure: Error, CustomStringConvertible {
    let description: String
}

func require(_ condition: Bool, _ message: String) throws {
    if !condition { throw ProbeFailure(description: message) }
}

/// A variant of a workload: a setup that returns the loop to run.
typealias Variant = () throws -> (Int) throws -> Void

/// The workloads by name, each with its variants by name (read by main.swift, on the
/// main thread).
@MainActor
let workloads: KeyValuePairs<String, KeyValuePairs<String, Variant>> = [
    "car-graph": [
        "hand-written": { { n in for _ in 0..<n { blackHole(makeCarByHand()) } } },
        "Instill": {
            let injector = try Injector(modules: [CarModule()])
            try require(isComplete(injector.getObject(Car.self)), "Instill built an incomplete car")
            return { n in for _ in 0..<n { blackHole(try injector.getObject(Car.self)) } }
        },
        "Swinject": {
            let container = swinjectContainer(registerCar)
            try require(container.resolve(Car.self).map(isComplete) == true, "Swinject built an incomplete car")
            return { n in for _ in 0..<n { blackHole(container.resolve(Car.self)!) } }
        },
        "swift-dependencies": {
            try require(isComplete(carFromDependencies()), "swift-dependencies built an incomplete car")
            return { n in for _ in 0..<n { blackHole(carFromDependencies()) } }
        },
    ],
    "car-graph-by-initializer": [
        "hand-written": { { n in for _ in 0..<n { blackHole(makeImmutableCarByHand()) } } },
        "Instill": {
            let injector = try Injector(modules: [CarModule()])
            try require(isComplete(injector.getObject(ImmutableCar.self)), "Instill built an incomplete car")
            return { n in for _ in 0..<n { blackHole(try injector.getObject(ImmutableCar.self)) } }
        },
        "Swinject": {
            let container = swinjectContainer(registerImmutableCar)
            try require(container.resolve(ImmutableCar.self).map(isComplete) == true, "Swinject: incomplete car")
            return { n in for _ in 0..<n { blackHole(container.resolve(ImmutableCar.self)!) } }
        },
        "swift-dependencies": {
            try require(isComplete(immutableCarFromDependencies()), "swift-dependencies: incomplete car")
            return { n in for _ in 0..<n { blackHole(immutableCarFromDependencies()) } }
        },
    ],
    "singleton-hit": [
        "hand-written": {
            blackHole(HandWrittenSingletons.garage)
            return { n in for _ in 0..<n { blackHole(HandWrittenSingletons.garage) } }
        },
        "Instill": {
            let injector = Injector()
            try require(try injector.getObject(Garage.self) === injector.getObject(Garage.self), "built twice")
            return { n in for _ in 0..<n { blackHole(try injector.getObject(Garage.self)) } }
        },
        "Swinject": {
            let container = swinjectContainer { $0.register(Garage.self) { _ in Garage() }.inObjectScope(.container) }
            try require(container.resolve(Garage.self)! === container.resolve(Garage.self)!, "built twice")
            return { n in for _ in 0..<n { blackHole(container.resolve(Garage.self)!) } }
        },
        "swift-dependencies": {
            try require(garageFromDependencies() === garageFromDependencies(), "built twice")
            return { n in for _ in 0..<n { blackHole(garageFromDependencies()) } }
        },
    ],
    "named-lookup": [
        "hand-written": { { n in for _ in 0..<n { blackHole(handWrittenHeadlights["left"]!()) } } },
        "Instill": {
            let injector = try Injector(modules: [HeadlightModule()])
            try require(try injector.getObject(Headlight.self, named: "left").side == "left", "wrong headlight")
            return { n in for _ in 0..<n { blackHole(try injector.getObject(Headlight.self, named: "left")) } }
        },
        "Swinject": {
            let container = swinjectContainer(registerHeadlights)
            try require(container.resolve(Headlight.self, name: "left")?.side == "left", "wrong headlight")
            return { n in for _ in 0..<n { blackHole(container.resolve(Headlight.self, name: "left")!) } }
        },
        "swift-dependencies": {
            try require(leftHeadlightFromDependencies().side == "left", "wrong headlight")
            return { n in for _ in 0..<n { blackHole(leftHeadlightFromDependencies()) } }
        },
    ],
    "inject-into": [
        "hand-written": {
            {
                n in
                for _ in 0..<n {
                    let car = Car()
                    equipByHand(car)
                    blackHole(car)
                }
            }
        },
        "Instill": {
            let injector = try Injector(modules: [CarModule()])
            let car = Car()
            try injector.injectDependencies(into: car)
            try require(isComplete(car), "Instill left the car incomplete")
            return { n in
                for _ in 0..<n {
                    let car = Car()
                    try injector.injectDependencies(into: car)
                    blackHole(car)
                }
            }
        },
        "Swinject": {
            let container = swinjectContainer(registerCar)
            let car = Car()
            equip(car, from: container)
            try require(isComplete(car), "Swinject left the car incomplete")
            return { n in
                for _ in 0..<n {
                    let car = Car()
                    equip(car, from: container)
                    blackHole(car)
                }
            }
        },
        "swift-dependencies": {
            let car = Car()
            equipFromDependencies(car)
            try require(isComplete(car), "swift-dependencies left the car incomplete")
            return { n in
                for _ in 0..<n {
                    let car = Car()
                    equipFromDependencies(car)
                    blackHole(car)
                }
            }
        },
    ],
    "screen": [
        "hand-written": {
            let screen = makeScreenByHand()
            try require(isComplete(screen), "the hand-written screen is incomplete")
            try require(shareOnlyAnalytics(screen, makeScreenByHand()), "hand-written screens share the wrong objects")
            return { n in for _ in 0..<n { blackHole(makeScreenByHand()) } }
        },
        "Instill": {
            let injector = try Injector(modules: [ScreenModule()])
            let screen = try injector.getObject(Screen.self)
            try require(isComplete(screen), "Instill built an incomplete screen")
            for _ in 0..<3 {
                try require(isComplete(try injector.getObject(Screen.self)), "Instill built an incomplete warm screen")
            }
            try require(
                shareOnlyAnalytics(screen, try injector.getObject(Screen.self)), "Instill shared the wrong objects")
            return { n in for _ in 0..<n { blackHole(try injector.getObject(Screen.self)) } }
        },
        "Swinject": {
            let container = swinjectContainer(registerScreen)
            let screen = container.resolve(WiredScreen.self)
            try require(screen.map(isComplete) == true, "Swinject built an incomplete screen")
            try require(
                shareOnlyAnalytics(screen!, container.resolve(WiredScreen.self)!), "Swinject shared the wrong objects")
            return { n in for _ in 0..<n { blackHole(container.resolve(WiredScreen.self)!) } }
        },
    ],
    "contract-car": [
        "hand-written": {
            try require(isComplete(makeContractCarByHand()), "the hand-written car is incomplete")
            return { n in for _ in 0..<n { blackHole(makeContractCarByHand()) } }
        },
        "Instill": {
            let injector = try Injector(modules: [ContractCarModule()])
            for _ in 0..<4 {
                try require(isComplete(injector.getObject(ContractCar.self)), "Instill built an incomplete car")
            }
            return { n in for _ in 0..<n { blackHole(try injector.getObject(ContractCar.self)) } }
        },
        "Swinject": {
            let container = swinjectContainer(registerContractCar)
            let car = container.resolve(WiredContractCar.self)
            try require(car.map(isComplete) == true, "Swinject built an incomplete car")
            return { n in for _ in 0..<n { blackHole(container.resolve(WiredContractCar.self)!) } }
        },
    ],
    "50-wide": [
        "hand-written": { { n in for _ in 0..<n { blackHole(makeWideObjectByHand()) } } },
        "Instill": {
            let injector = Injector()
            try require(isComplete(injector.getObject(WideObject.self)), "Instill left a part empty")
            return { n in for _ in 0..<n { blackHole(try injector.getObject(WideObject.self)) } }
        },
        "Swinject": {
            let container = swinjectContainer(registerWideObject)
            try require(container.resolve(WideObject.self).map(isComplete) == true, "Swinject left a part empty")
            return { n in for _ in 0..<n { blackHole(container.resolve(WideObject.self)!) } }
        },
        "swift-dependencies": {
            try require(isComplete(wideObjectFromDependencies()), "swift-dependencies left a part empty")
            return { n in for _ in 0..<n { blackHole(wideObjectFromDependencies()) } }
        },
    ],
    "50-deep": [
        "hand-written": { { n in for _ in 0..<n { blackHole(makeChainByHand()) } } },
        "Instill": {
            let injector = Injector()
            try require(isComplete(injector.getObject(Link01.self)), "Instill built a short chain")
            return { n in for _ in 0..<n { blackHole(try injector.getObject(Link01.self)) } }
        },
        "Swinject": {
            let container = swinjectContainer(registerChain)
            try require(container.resolve(Link01.self).map(isComplete) == true, "Swinject built a short chain")
            return { n in for _ in 0..<n { blackHole(container.resolve(Link01.self)!) } }
        },
        "swift-dependencies": {
            try require(isComplete(chainFromDependencies()), "swift-dependencies built a short chain")
            return { n in for _ in 0..<n { blackHole(chainFromDependencies()) } }
        },
    ],
    "main-actor-view-model": [
        "hand-written": {
            try MainActor.assumeIsolated {
                try require(HandWiredProfiles.make().isReady, "incomplete view model")
            }
            return { n in
                MainActor.assumeIsolated {
                    for _ in 0..<n { blackHole(HandWiredProfiles.make()) }
                }
            }
        },
        "Instill": {
            try MainActor.assumeIsolated {
                try require(try profileInjector.getObject(ProfileViewModel.self).isReady, "incomplete view model")
            }
            return { n in
                try MainActor.assumeIsolated {
                    for _ in 0..<n { blackHole(try profileInjector.getObject(ProfileViewModel.self)) }
                }
            }
        },
    ],
    "1000-bindings-create": [
        "hand-written": {
            let names = thousandBindingNames
            return { n in for _ in 0..<n { blackHole(makeThousandFactoriesByHand(names: names)) } }
        },
        "Instill": {
            let module = ThousandBindingsModule(names: thousandBindingNames)
            let injector = try Injector(modules: [module])
            _ = try injector.getObject(Engine.self, named: "engine-999")
            return { n in for _ in 0..<n { blackHole(try Injector(modules: [module])) } }
        },
        "Swinject": {
            let names = thousandBindingNames
            let container = swinjectContainer { registerThousandBindings(in: $0, names: names) }
            try require(container.resolve(Engine.self, name: "engine-999") != nil, "Swinject lost a registration")
            return { n in
                for _ in 0..<n {
                    let container = Container()
                    registerThousandBindings(in: container, names: names)
                    blackHole(container)
                }
            }
        },
    ],
    "1000-bindings-validate": [
        "Instill": {
            let injector = try Injector(modules: [ThousandBindingsModule(names: thousandBindingNames), CarModule()])
            try require(injector.validate(roots: [Car.self]).isValid, "the configuration should validate")
            return { n in for _ in 0..<n { blackHole(injector.validate()) } }
        }
    ],
    "first-request-new-type": [
        "Instill": {
            let injector = Injector()
            _ = try injector.getObject(Engine.self)
            return { n in
                try require(n <= probeTypes.count, "at most \(probeTypes.count) operations: one per probe type")
                for type in probeTypes[..<n] { blackHole(try firstObject(of: type, from: injector)) }
            }
        }
    ],
]

/// The first request of `type` from `injector`.
func firstObject<T: Injectable>(of type: T.Type, from injector: Injector) throws -> T {
    try injector.getObject(type)
}
