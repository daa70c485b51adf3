import Instill
import Testing

// MARK: - Fixtures

private final class Engine: Injectable {
    private(set) var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

/// Non-final on purpose: the injector must build exactly `Brakes`, not guess a subclass.
private class Brakes: Injectable {
    private(set) var awakeCount = 0
    required init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class SportBrakes: Brakes {}

private final class Car: Injectable {
    var engine: Engine!
    var brakes: Brakes!
    private(set) var awakeCount = 0
    static var requires: Requirements { Requirements(\Car.engine, \.brakes) }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

/// Every optional spelling the contract lists, plus a plain stored property.
private final class Cabin: Injectable {
    var optionalEngine: Engine?
    var unwrappedBrakes: Brakes!
    var seat: Seat = Seat(label: "placeholder")
    static var requires: Requirements { Requirements(\Cabin.optionalEngine, \.unwrappedBrakes, \.seat) }
    init() {}
}

private final class Seat: Injectable {
    let label: String
    init(label: String) { self.label = label }
    static let initializer = Initializer(defaults: "driver") { arguments in
        Seat(label: try arguments.argument(0, as: String.self))
    }
}

/// Three levels deep: a convoy of cars.
private final class Convoy: Injectable {
    var lead: Car!
    var tail: Car!
    static var requires: Requirements { Requirements(\Convoy.lead, \.tail) }
    init() {}
}

// MARK: - Specification

@Suite("Building objects")
struct BuildingTests {
    @Test("an unbound Injectable type is built automatically with its requirements filled")
    func buildsUnboundInjectableType() throws {
        let injector = Injector()

        let car = try injector.getObject(Car.self)

        #expect(car.engine != nil)
        #expect(car.brakes != nil)
        #expect(!injector.hasBinding(for: Car.self))
    }

    @Test("a car's engine and brakes are filled with instances of exactly the required types")
    func fillsRequirementsWithTheRightTypes() throws {
        let car = try Injector().getObject(Car.self)

        let engine = try #require(car.engine)
        let brakes = try #require(car.brakes)
        #expect(ObjectIdentifier(type(of: engine)) == ObjectIdentifier(Engine.self))
        #expect(ObjectIdentifier(type(of: brakes)) == ObjectIdentifier(Brakes.self))
        #expect(!(brakes is SportBrakes))
    }

    @Test("requirements are filled recursively, each with its own fresh dependencies")
    func fillsRequirementsRecursively() throws {
        let convoy = try Injector().getObject(Convoy.self)

        let lead = try #require(convoy.lead)
        let tail = try #require(convoy.tail)
        #expect(lead !== tail)
        #expect(lead.engine != nil && lead.brakes != nil)
        #expect(tail.engine != nil && tail.brakes != nil)
        #expect(lead.engine !== tail.engine)
    }

    @Test("T?, T! and plain T properties are all filled, a declared initializer using its defaults")
    func fillsEveryPropertySpelling() throws {
        let cabin = try Injector().getObject(Cabin.self)

        #expect(cabin.optionalEngine != nil)
        #expect(cabin.unwrappedBrakes != nil)
        #expect(cabin.seat.label == "driver")
    }

    @Test("the subscript returns an assembled object")
    func subscriptReturnsAssembledObject() throws {
        let injector = Injector()

        let car = try injector[Car.self]

        #expect(car.engine != nil)
        #expect(car.brakes != nil)
        #expect(car.awakeCount == 1)
        #expect(car.engine.awakeCount == 1)
    }

    @Test("injectDependencies(into:) fills a hand-built object and awakes it and the dependencies it built")
    func injectsIntoHandBuiltObject() throws {
        let car = Car()
        #expect(car.engine == nil)

        try Injector().injectDependencies(into: car)

        let engine = try #require(car.engine)
        let brakes = try #require(car.brakes)
        #expect(car.awakeCount == 1)
        #expect(engine.awakeCount == 1)
        #expect(brakes.awakeCount == 1)
    }
}
