import Instill
import Swinject

// The classes every variant builds. Instill, Swinject and the hand-written code use
// these same classes in the same shapes, so their ratios compare like with like.

// MARK: Car graph: 3 objects, 2 requirements (one of them a protocol bound in a module)

protocol GearBox: AnyObject {
    var gears: Int { get }
}

final class SixSpeed: GearBox, Injectable {
    let gears = 6
    init() {}
}

final class Engine: Injectable {
    var cylinders = 8
    init() {}
}

final class Car: Injectable {
    var engine: Engine!
    var gearBox: (any GearBox)!
    static var requires: Requirements { Requirements(\Car.engine, \.gearBox) }
    init() {}
}

struct CarModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any GearBox).self, to: SixSpeed.self)
    }
}

/// Fills a car's requirements by hand.
func equipByHand(_ car: Car) {
    car.engine = Engine()
    car.gearBox = SixSpeed()
}

/// A car built by hand.
func makeCarByHand() -> Car {
    let car = Car()
    equipByHand(car)
    return car
}

/// Fills a car's requirements from a Swinject resolver (Swinject cannot inject into
/// an existing object; this is what its users write instead).
func equip(_ car: Car, from resolver: any Swinject.Resolver) {
    car.engine = resolver.resolve(Engine.self)!
    car.gearBox = resolver.resolve((any GearBox).self)!
}

/// A Swinject container with the registrations `register` makes.
func swinjectContainer(_ register: (Container) -> Void) -> Container {
    let container = Container()
    register(container)
    return container
}

/// Transient Swinject registrations for the car graph.
func registerCar(in container: Container) {
    container.register(Engine.self) { _ in Engine() }.inObjectScope(.transient)
    container.register((any GearBox).self) { _ in SixSpeed() }.inObjectScope(.transient)
    container.register(Car.self) { resolver in
        let car = Car()
        equip(car, from: resolver)
        return car
    }.inObjectScope(.transient)
}

/// Whether `car` is assembled as every variant must assemble it.
func isComplete(_ car: Car) -> Bool {
    car.engine != nil && car.gearBox is SixSpeed
}

// MARK: Singleton

final class Garage: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
}

/// The hand-written singleton: a lazily initialized static.
enum HandWrittenSingletons {
    static let garage = Garage()
}

// MARK: Named lookup

final class Headlight {
    let side: String
    init(side: String) { self.side = side }
}

struct HeadlightModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Headlight.self, named: "left") { _ in Headlight(side: "left") }
        binder.bind(Headlight.self, named: "right") { _ in Headlight(side: "right") }
    }
}

func registerHeadlights(in container: Container) {
    container.register(Headlight.self, name: "left") { _ in Headlight(side: "left") }.inObjectScope(.transient)
    container.register(Headlight.self, name: "right") { _ in Headlight(side: "right") }.inObjectScope(.transient)
}

/// The hand-written named lookup: a dictionary of factories keyed by name.
let handWrittenHeadlights: [String: @Sendable () -> Headlight] = [
    "left": { Headlight(side: "left") },
    "right": { Headlight(side: "right") },
]

// MARK: 1,000 bindings

/// The names of the bindings: distinct keys for one type, made before measuring.
let thousandBindingNames = (0..<1_000).map { "engine-\($0)" }

/// 1,000 named closure bindings.
struct ThousandBindingsModule: Module {
    let names: [String]
    func configure(_ binder: Binder) {
        for name in names {
            binder.bind(Engine.self, named: name) { _ in Engine() }
        }
    }
}

func registerThousandBindings(in container: Container, names: [String]) {
    for name in names {
        container.register(Engine.self, name: name) { _ in Engine() }.inObjectScope(.transient)
    }
}

/// The hand-written registry: a dictionary of factories.
func makeThousandFactoriesByHand(names: [String]) -> [String: () -> Engine] {
    var factories: [String: () -> Engine] = [:]
    for name in names {
        factories[name] = { Engine() }
    }
    return factories
}
