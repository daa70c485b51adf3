import Instill
import Testing

// MARK: - Fixtures

private final class Pump: Injectable {
    private(set) var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class Radiator: Injectable {
    var pump: Pump!
    private(set) var awakeCount = 0
    /// What the object saw when it awoke: was every requirement already there?
    private(set) var requirementsFilledAtAwake: Bool?
    private(set) var pumpAwakeCountAtAwake: Int?
    static var requires: Requirements { Requirements(\Radiator.pump) }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        requirementsFilledAtAwake = pump != nil
        pumpAwakeCountAtAwake = pump?.awakeCount
    }
}

private final class Clock: Injectable {
    static let scope: Scope = .singleton
    private(set) var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class Dashboard: Injectable {
    var clock: Clock!
    static var requires: Requirements { Requirements(\Dashboard.clock) }
    init() {}
}

private final class Stereo: Injectable {
    var clock: Clock!
    static var requires: Requirements { Requirements(\Stereo.clock) }
    init() {}
}

/// Requires the same singleton along two paths.
private final class Console: Injectable {
    var dashboard: Dashboard!
    var stereo: Stereo!
    var clock: Clock!
    static var requires: Requirements { Requirements(\Console.dashboard, \.stereo, \.clock) }
    init() {}
}

private final class Thermostat: Injectable {
    private(set) var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class Climate: Injectable {
    var thermostat: Thermostat!
    static var requires: Requirements { Requirements(\Climate.thermostat) }
    init() {}
}

private struct BoundThermostatModule: Module {
    func configure(_ binder: Binder) { binder.bind(Thermostat()) }
}

// MARK: - Specification

@Suite("awakeFromInjection()")
struct AwakeTests {
    @Test("runs exactly once per built object, after its requirements are filled")
    func runsOnceAfterRequirementsAreFilled() throws {
        let radiator = try Injector().getObject(Radiator.self)

        #expect(radiator.awakeCount == 1)
        #expect(radiator.requirementsFilledAtAwake == true)
        #expect(radiator.pump.awakeCount == 1)
    }

    @Test("a dependency is assembled and awake before the object that requires it awakes")
    func dependencyAwakesFirst() throws {
        let radiator = try Injector().getObject(Radiator.self)

        #expect(radiator.pumpAwakeCountAtAwake == 1)
    }

    @Test("runs once for a singleton, however often it is requested")
    func runsOnceForASingleton() throws {
        let injector = Injector()

        let first = try injector.getObject(Clock.self)
        let second = try injector.getObject(Clock.self)
        _ = try injector.getObject(Dashboard.self)

        #expect(first === second)
        #expect(first.awakeCount == 1)
    }

    @Test("runs once for a singleton reached along several paths of one object graph")
    func runsOnceForASharedDependency() throws {
        let console = try Injector().getObject(Console.self)

        #expect(console.clock === console.dashboard.clock)
        #expect(console.clock === console.stereo.clock)
        #expect(console.clock.awakeCount == 1)
    }

    @Test("runs for each object made by injectDependencies(into:), once per call")
    func runsAfterEveryInjection() throws {
        let injector = Injector()
        let radiator = Radiator()

        try injector.injectDependencies(into: radiator)
        #expect(radiator.awakeCount == 1)
        #expect(radiator.requirementsFilledAtAwake == true)

        try injector.injectDependencies(into: radiator)
        #expect(radiator.awakeCount == 2)
    }

    @Test("does not run for an instance bound in a module")
    func doesNotRunForInstanceBindings() throws {
        let injector = try Injector(modules: [BoundThermostatModule()])

        let climate = try injector.getObject(Climate.self)
        let bound = try injector.getObject(Thermostat.self)

        #expect(climate.thermostat === bound)
        #expect(bound.awakeCount == 0)
    }
}
