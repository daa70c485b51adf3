import Instill
import Swinject

// Probes of scale, for callgrind only (no timed benchmark): creating an injector from
// many type bindings, releasing an injector with the graph it built, and warm requests
// spread over many types. They reuse the benchmarks' classes, or make types from one
// generic class, so that the program gains no conformance and the other workloads
// count what they counted before.

// MARK: 1,000 bind(_:to:) bindings

/// 1,000 bindings of a protocol to a class, `bind(_:to:named:)`, one per name.
struct ThousandTypeBindingsModule: Module {
    let names: [String]
    func configure(_ binder: Binder) {
        for name in names {
            binder.bind((any GearBox).self, to: SixSpeed.self, named: name)
        }
    }
}

/// Swinject's counterpart: it has no binding of a type to a type, so each is a closure.
func registerThousandGearBoxes(in container: Container, names: [String]) {
    for name in names {
        container.register((any GearBox).self, name: name) { _ in SixSpeed() }.inObjectScope(.transient)
    }
}

/// The hand-written registry: a dictionary of factories.
func makeThousandGearBoxFactoriesByHand(names: [String]) -> [String: () -> any GearBox] {
    var factories: [String: () -> any GearBox] = [:]
    for name in names {
        factories[name] = { SixSpeed() }
    }
    return factories
}

// MARK: Releasing 191 objects

/// What one operation builds and then releases (or keeps): a 50-wide object (51
/// objects), a 50-deep chain (50) and 30 cars (90), 191 objects of 104 classes, with
/// the injector that built them when there is one.
final class BuiltGraph {
    let injector: Injector?
    var objects: [AnyObject] = []

    init(injector: Injector?) {
        self.injector = injector
        objects.reserveCapacity(32)
    }

    /// Whether the graph holds every object, each complete.
    var isAssembled: Bool {
        objects.count == 32 && (objects[0] as? WideObject).map(isComplete) == true
            && (objects[1] as? Link01).map(isComplete) == true
            && objects[2...].allSatisfy { ($0 as? Car).map(isComplete) == true }
    }
}

func buildGraphByHand() -> BuiltGraph {
    let graph = BuiltGraph(injector: nil)
    graph.objects.append(makeWideObjectByHand())
    graph.objects.append(makeChainByHand())
    for _ in 0..<30 { graph.objects.append(makeCarByHand()) }
    return graph
}

/// A new injector, and the graph built from it (the first build of each class in
/// this injector).
func buildGraphWithInstill() throws -> BuiltGraph {
    let graph = BuiltGraph(injector: try Injector(modules: [CarModule()]))
    let injector = graph.injector!
    graph.objects.append(try injector.getObject(WideObject.self))
    graph.objects.append(try injector.getObject(Link01.self))
    for _ in 0..<30 { graph.objects.append(try injector.getObject(Car.self)) }
    return graph
}

/// Keeps `graph` for the rest of the process, so that it is never released.
func keepForever(_ graph: BuiltGraph) {
    _ = Unmanaged.passRetained(graph)
}

// MARK: Warm requests over 1,000 types

/// The digits of a `Numbered` type: ten types, so that three of them name 1,000
/// classes.
protocol Digit {}
enum D0: Digit {}
enum D1: Digit {}
enum D2: Digit {}
enum D3: Digit {}
enum D4: Digit {}
enum D5: Digit {}
enum D6: Digit {}
enum D7: Digit {}
enum D8: Digit {}
enum D9: Digit {}

/// A plain `Injectable` class per triple of digits (`Numbered<D4, D0, D2>` is class 402):
/// 1,000 distinct types from one generic class, one conformance in the program.
final class Numbered<Hundreds: Digit, Tens: Digit, Units: Digit>: Injectable {
    init() {}
}

func numbered<H: Digit, T: Digit, U: Digit>(_: H.Type, _: T.Type, _: U.Type) -> any Injectable.Type {
    Numbered<H, T, U>.self
}

/// `Numbered` 000 to 999, in order.
let thousandTypes: [any Injectable.Type] = {
    let digits: [any Digit.Type] = [
        D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self,
    ]
    return digits.flatMap { hundreds in
        digits.flatMap { tens in digits.map { units in numbered(hundreds, tens, units) } }
    }
}()

/// A warm request of `type`, opened from its existential metatype: the same call for
/// every type, so one type requested again and again costs what it costs through
/// this path too.
func object<T: Injectable>(of type: T.Type, from injector: Injector) throws -> AnyObject {
    try injector.getObject(type)
}

/// The hand-written counterpart: the class's `init()`, through the same opening.
func objectByHand<T: Injectable>(of type: T.Type) throws -> AnyObject {
    try type.init()
}

/// The scale workloads, joined to the others in Workloads.swift.
@MainActor
let scaleWorkloads: KeyValuePairs<String, KeyValuePairs<String, Variant>> = [
    "1000-type-bindings-create": [
        "hand-written": {
            let names = thousandBindingNames
            return { n in for _ in 0..<n { blackHole(makeThousandGearBoxFactoriesByHand(names: names)) } }
        },
        "Instill": {
            let module = ThousandTypeBindingsModule(names: thousandBindingNames)
            let injector = try Injector(modules: [module])
            try require(try injector.getObject((any GearBox).self, named: "engine-999") is SixSpeed, "lost a binding")
            return { n in for _ in 0..<n { blackHole(try Injector(modules: [module])) } }
        },
        "Swinject": {
            let names = thousandBindingNames
            let container = swinjectContainer { registerThousandGearBoxes(in: $0, names: names) }
            try require(container.resolve((any GearBox).self, name: "engine-999") is SixSpeed, "lost a registration")
            return { n in
                for _ in 0..<n {
                    let container = Container()
                    registerThousandGearBoxes(in: container, names: names)
                    blackHole(container)
                }
            }
        },
    ],
    "191-objects-build-release": [
        "hand-written": {
            try require(buildGraphByHand().isAssembled, "the hand-built graph is incomplete")
            return { n in for _ in 0..<n { blackHole(buildGraphByHand()) } }
        },
        "Instill": {
            try require(try buildGraphWithInstill().isAssembled, "Instill built an incomplete graph")
            return { n in for _ in 0..<n { blackHole(try buildGraphWithInstill()) } }
        },
    ],
    "191-objects-build-keep": [
        "hand-written": {
            try require(buildGraphByHand().isAssembled, "the hand-built graph is incomplete")
            return { n in for _ in 0..<n { keepForever(buildGraphByHand()) } }
        },
        "Instill": {
            try require(try buildGraphWithInstill().isAssembled, "Instill built an incomplete graph")
            return { n in for _ in 0..<n { keepForever(try buildGraphWithInstill()) } }
        },
    ],
    "1000-types-warm": [
        "hand-written": {
            let types = thousandTypes
            for type in types { blackHole(try objectByHand(of: type)) }
            return { n in
                for i in 0..<n {
                    let type = types[i % 1_000]
                    blackHole(try objectByHand(of: type))
                }
            }
        },
        "Instill": {
            let types = thousandTypes
            try require(Set(types.map(ObjectIdentifier.init)).count == 1_000, "the types are not distinct")
            let injector = Injector()
            for type in types { blackHole(try object(of: type, from: injector)) }
            return { n in
                for i in 0..<n {
                    let type = types[i % 1_000]
                    blackHole(try object(of: type, from: injector))
                }
            }
        },
    ],
    "1-type-warm": [
        "hand-written": {
            let types = Array(repeating: thousandTypes[0], count: 1_000)
            for type in types { blackHole(try objectByHand(of: type)) }
            return { n in
                for i in 0..<n {
                    let type = types[i % 1_000]
                    blackHole(try objectByHand(of: type))
                }
            }
        },
        "Instill": {
            let types = Array(repeating: thousandTypes[0], count: 1_000)
            let injector = Injector()
            for type in types { blackHole(try object(of: type, from: injector)) }
            return { n in
                for i in 0..<n {
                    let type = types[i % 1_000]
                    blackHole(try object(of: type, from: injector))
                }
            }
        },
    ],
]
