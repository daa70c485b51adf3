import Instill
import Testing

// MARK: - Fixtures

private final class Engine: Injectable {
    init() {}
}

private final class Turbo: Injectable {
    init() {}
}

private final class Spoiler: Injectable {
    init() {}
}

private final class Headlight {
    let side: String
    init(side: String) { self.side = side }
}

private struct LightsModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Headlight.self, named: "left") { _ in Headlight(side: "left") }
        binder.bind(Headlight.self, named: "right") { _ in Headlight(side: "right") }
        binder.bind(Headlight.self, named: "fog") { _ in Headlight(side: "fog") }
    }
}

/// A non-final base class with an unnamed and a named requirement.
private class Car: Injectable {
    var engine: Engine!
    var leftLight: Headlight!
    private(set) var carAwakeCount = 0
    class var requires: Requirements {
        Requirements(\Car.engine).named("left", \Car.leftLight)
    }
    required init() {}
    func awakeFromInjection() { carAwakeCount += 1 }
}

/// Adds an unnamed and a named requirement, and its own awake.
private class SportsCar: Car {
    var turbo: Turbo!
    var rightLight: Headlight!
    private(set) var sportsAwakeCount = 0
    override class var requires: Requirements {
        super.requires + Requirements(\SportsCar.turbo).named("right", \SportsCar.rightLight)
    }
    override func awakeFromInjection() {
        super.awakeFromInjection()
        sportsAwakeCount += 1
    }
}

/// Two levels below the base class.
private final class RaceCar: SportsCar {
    var spoiler: Spoiler!
    override class var requires: Requirements { super.requires + Requirements(\RaceCar.spoiler) }
}

/// Inherits everything without adding anything.
private final class Hatchback: Car {}

/// Re-declares an inherited requirement under a name.
private final class Rally: Car {
    override class var requires: Requirements {
        super.requires.named("fog", \Car.leftLight)
    }
}

/// A base class that is not `Injectable` at all.
private class Vehicle {
    var mileage = 0
}

private final class Truck: Vehicle, Injectable {
    var engine: Engine!
    private(set) var awakeCount = 0
    static var requires: Requirements { Requirements(\Truck.engine) }
    override init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

/// An `Injectable` base class whose declared requirements are empty.
private class Trailer: Injectable {
    class var requires: Requirements { Requirements() }
    required init() {}
}

private final class Caravan: Trailer {
    var engine: Engine!
    override class var requires: Requirements { super.requires + Requirements(\Caravan.engine) }
}

/// A subclass that overrides the scope its base class declares.
private class Depot: Injectable {
    class var scope: Scope { .normal }
    required init() {}
}

private final class CentralDepot: Depot {
    override class var scope: Scope { .singleton }
}

// MARK: - Specification

@Suite("Class hierarchies")
struct InheritanceTests {
    @Test("a subclass gets its superclass's requirements and named requirements plus its own")
    func subclassInheritsRequirements() throws {
        let car = try Injector(modules: [LightsModule()]).getObject(SportsCar.self)

        #expect(car.engine != nil)
        #expect(car.leftLight?.side == "left")
        #expect(car.turbo != nil)
        #expect(car.rightLight?.side == "right")
    }

    @Test("requirements accumulate down a hierarchy of three classes")
    func requirementsAccumulate() throws {
        let car = try Injector(modules: [LightsModule()]).getObject(RaceCar.self)

        #expect(car.engine != nil)
        #expect(car.leftLight?.side == "left")
        #expect(car.turbo != nil)
        #expect(car.rightLight?.side == "right")
        #expect(car.spoiler != nil)
    }

    @Test("a subclass that adds nothing is filled as its superclass")
    func subclassAddingNothing() throws {
        let car = try Injector(modules: [LightsModule()]).getObject(Hatchback.self)

        #expect(ObjectIdentifier(type(of: car)) == ObjectIdentifier(Hatchback.self))
        #expect(car.engine != nil)
        #expect(car.leftLight?.side == "left")
        #expect(car.carAwakeCount == 1)
    }

    @Test("a subclass may re-declare an inherited requirement under another name")
    func subclassRenamesRequirement() throws {
        let car = try Injector(modules: [LightsModule()]).getObject(Rally.self)

        #expect(car.leftLight?.side == "fog")
        #expect(car.engine != nil)
    }

    @Test("a subclass's overriding awakeFromInjection() runs once, after every inherited requirement is filled")
    func subclassAwake() throws {
        let car = try Injector(modules: [LightsModule()]).getObject(SportsCar.self)

        #expect(car.sportsAwakeCount == 1)
        #expect(car.carAwakeCount == 1)
    }

    @Test("injectDependencies(into:) fills the requirements of the object's dynamic type")
    func injectionUsesTheDynamicType() throws {
        let car: Car = SportsCar()

        try Injector(modules: [LightsModule()]).injectDependencies(into: car)

        let sports = try #require(car as? SportsCar)
        #expect(sports.turbo != nil)
        #expect(sports.rightLight?.side == "right")
        #expect(sports.engine != nil)
        #expect(sports.sportsAwakeCount == 1)
    }

    @Test("a subclass of a class that is not Injectable works")
    func subclassOfPlainClass() throws {
        let truck = try Injector().getObject(Truck.self)

        #expect(truck.engine != nil)
        #expect(truck.awakeCount == 1)
        #expect(truck.mileage == 0)
    }

    @Test("a subclass of an Injectable class that requires nothing gets its own requirements")
    func subclassOfInjectableWithoutRequirements() throws {
        let caravan = try Injector().getObject(Caravan.self)

        #expect(caravan.engine != nil)
    }

    @Test("a subclass may override the scope its superclass declares")
    func subclassOverridesScope() throws {
        let injector = Injector()

        #expect(try injector.getObject(Depot.self) !== injector.getObject(Depot.self))
        #expect(try injector.getObject(CentralDepot.self) === injector.getObject(CentralDepot.self))
    }
}
