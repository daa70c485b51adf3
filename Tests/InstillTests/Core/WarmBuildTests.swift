// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

@testable import Instill

// After the first builds of a `.normal` type, the injector compiles its subtree into
// a plan and builds from that (see BuildPlan). These tests pin down that a warm
// build is indistinguishable from a cold one: same objects, same writes, same
// awakes, same errors with the same chains, nothing leaked or kept.

// MARK: - Fixtures

/// What the fixtures' initializers do; set by each test (the suite is serialized).
private enum Faults {
    nonisolated(unsafe) static var pistonFails = false
    nonisolated(unsafe) static var pistonAsks: Injector?
    nonisolated(unsafe) static var echoAsksItself: Injector?
    nonisolated(unsafe) static var awakes: [String] = []

    static func reset() {
        pistonFails = false
        pistonAsks = nil
        echoAsksItself = nil
        awakes = []
    }
}

private struct Seized: Error {}

private protocol Transmission: AnyObject {}
private protocol Horn {}

private final class Piston: Injectable {
    init() throws {
        if Faults.pistonFails { throw Seized() }
        if let injector = Faults.pistonAsks { _ = try injector.getObject(Sensor.self) }
    }
    func awakeFromInjection() { Faults.awakes.append("Piston") }
}

private final class Block: Injectable {
    var piston: Piston!
    static var requires: Requirements { Requirements(\Block.piston) }
    init() {}
    func awakeFromInjection() { Faults.awakes.append("Block") }
}

private final class Gearbox: Transmission, Injectable {
    init() {}
}

private final class Klaxon: Horn, Injectable {
    init() {}
}

private final class Odometer: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
}

private class BaseStarter: Injectable {
    required init() {}
}

private final class TurboStarter: BaseStarter {}

/// Unbound: asking for it fails with a missing binding.
private protocol Calibration {}

private final class Sensor: Injectable {
    var calibration: (any Calibration)!
    static var requires: Requirements { Requirements(\Sensor.calibration) }
    init() {}
}

/// One requirement of each kind a plan writes.
private final class Motor: Injectable {
    var block: Block!
    var transmission: (any Transmission)!
    var horn: (any Horn)?
    var anything: Any?
    var object: AnyObject?
    var odometer: Odometer!
    var starter: BaseStarter!
    static var requires: Requirements {
        Requirements(\Motor.block, \.transmission, \.horn, \.anything, \.object, \.odometer, \.starter)
    }
    init() {}
    func awakeFromInjection() { Faults.awakes.append("Motor") }
}

private struct MotorModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any Transmission).self, to: Gearbox.self)
        binder.bind((any Horn).self, to: Klaxon.self)
        binder.bind(Any.self, to: Klaxon.self)
        binder.bind(AnyObject.self, to: Gearbox.self)
        binder.bind(BaseStarter.self, to: TurboStarter.self)
    }
}

/// A protocol-typed property that already holds an object when the initializer returns.
private final class Manual: Transmission {
    init() {}
}

private final class Retrofit: Injectable {
    nonisolated(unsafe) static var replaced: [Manual] = []
    var transmission: any Transmission
    static var requires: Requirements { Requirements(\Retrofit.transmission) }
    init() {
        let manual = Manual()
        Self.replaced.append(manual)
        transmission = manual
    }
}

/// A non-final class: its properties are written through key paths, not offsets.
private class Van: Injectable {
    var transmission: (any Transmission)!
    var block: Block!
    class var requires: Requirements { Requirements(\Van.transmission, \.block) }
    required init() {}
}

private final class Depot: Injectable {
    static let scope: Scope = .singleton
    var motor: Motor!
    static var requires: Requirements { Requirements(\Depot.motor) }
    init() {}
}

/// Asks for itself from its initializer once told to.
private final class Echo: Injectable {
    init() throws {
        if let injector = Faults.echoAsksItself { _ = try injector.getObject(Echo.self) }
    }
}

private final class Spoke: Injectable {
    init() {}
}

private final class Hub: Injectable {
    var spoke: Spoke!
    static var requires: Requirements { Requirements(\Hub.spoke) }
    init() {}
}

/// Built by many threads at once in the concurrency test: no shared state of its own.
private final class Wheel: Injectable {
    var hub: Hub!
    var transmission: (any Transmission)!
    var odometer: Odometer!
    private(set) var wasAssembledAtAwake = false
    static var requires: Requirements { Requirements(\Wheel.hub, \.transmission, \.odometer) }
    init() {}
    func awakeFromInjection() {
        wasAssembledAtAwake = hub?.spoke != nil && transmission is Gearbox && odometer != nil
    }
}

private func error(_ body: () throws -> Void) -> InjectionError? {
    do {
        try body()
        return nil
    } catch {
        return error as? InjectionError
    }
}

// A graph whose requirements are bound to instances: a protocol-typed object, a
// class-typed object, and a value (which a plan cannot hold as an object).
private protocol Ledger: AnyObject, Sendable {}
private final class PaperLedger: Ledger, Sendable { init() {} }
private final class Stamp: Sendable { init() {} }
private let sharedLedger = PaperLedger()
private let sharedStamp = Stamp()

private final class Clerk: Injectable {
    var ledger: (any Ledger)!
    var stamp: Stamp!
    var desk: Desk!
    nonisolated(unsafe) static var awakes = 0
    static var requires: Requirements { Requirements(\Clerk.ledger, \.stamp, \.desk) }
    init() {}
    func awakeFromInjection() {
        precondition(ledger != nil && stamp != nil && desk != nil)
        Clerk.awakes += 1
    }
}

private final class Desk: Injectable {
    var ledger: (any Ledger)!
    static var requires: Requirements { Requirements(\Desk.ledger) }
    init() {}
}

private final class Counter: Injectable {
    var limit: Int = 0
    static var requires: Requirements { Requirements(\Counter.limit) }
    init() {}
}

private struct OfficeModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(sharedLedger, as: (any Ledger).self)
        binder.bind(sharedStamp)
        binder.bind(7)
    }
}

// MARK: - Specification

@Suite("Warm builds (compiled plans)", .serialized)
struct WarmBuildTests {
    init() { Faults.reset() }

    @Test("after the first build a .normal type is built from a plan, with every requirement written as before")
    func warmBuildsAssembleTheSameGraph() throws {
        let injector = try Injector(modules: [MotorModule()])
        let cold = try injector.getObject(Motor.self)
        #expect(try injector.buildsWarm(Motor.self))

        for warm in [try injector.getObject(Motor.self), try injector.getObject(Motor.self)] {
            #expect(warm !== cold)
            #expect(warm.block !== cold.block && warm.block.piston !== cold.block.piston)
            #expect(warm.transmission is Gearbox && warm.transmission !== cold.transmission)
            #expect(warm.horn is Klaxon)
            #expect(warm.anything is Klaxon)
            #expect(warm.object is Gearbox)
            #expect(warm.starter is TurboStarter)
            #expect(warm.odometer === cold.odometer)
        }
    }

    @Test("a requirement bound to an object instance is compiled into the plan: warm builds write the same instance")
    func instanceBoundRequirementsCompile() throws {
        let injector = try Injector(modules: [OfficeModule()])
        Clerk.awakes = 0
        let cold = try injector.getObject(Clerk.self)
        #expect(try injector.buildsWarm(Clerk.self))
        #expect(try injector.buildsWarm(Desk.self))
        for _ in 0..<3 {
            let warm = try injector.getObject(Clerk.self)
            #expect(warm !== cold && warm.desk !== cold.desk)
            #expect(warm.ledger === sharedLedger && warm.desk.ledger === sharedLedger)
            #expect(warm.stamp === sharedStamp)
        }
        #expect(Clerk.awakes == 4)
        // A bound value that is not an object is written as it is on every build.
        #expect(try injector.getObject(Counter.self).limit == 7)
        #expect(try injector.getObject(Counter.self).limit == 7)
        #expect(try injector.getObject(Counter.self).limit == 7)
    }

    @Test("a warm build awakes each object once, requirements before the objects that hold them")
    func warmBuildsAwakeInOrder() throws {
        let injector = try Injector(modules: [MotorModule()])
        _ = try injector.getObject(Motor.self)
        Faults.awakes = []

        _ = try injector.getObject(Motor.self)

        #expect(Faults.awakes == ["Piston", "Block", "Motor"])
    }

    @Test("objects from warm builds are freed with their holder: writes retain exactly once")
    func warmBuildsLeakNothing() throws {
        let injector = try Injector(modules: [MotorModule()])
        _ = try injector.getObject(Motor.self)
        weak var motor: Motor?
        weak var transmission: (any Transmission)?
        weak var horn: AnyObject?
        weak var block: Block?
        do {
            let warm = try injector.getObject(Motor.self)
            motor = warm
            transmission = warm.transmission
            horn = warm.horn as AnyObject
            block = warm.block
        }
        #expect(motor == nil)
        #expect(transmission == nil)
        #expect(horn == nil)
        #expect(block == nil)
    }

    @Test("a warm write into a property the initializer had set releases the value it replaces")
    func warmWritesReleaseTheReplacedValue() throws {
        let injector = try Injector(modules: [MotorModule()])
        _ = try injector.getObject(Retrofit.self)
        Retrofit.replaced = []
        let retrofit = try injector.getObject(Retrofit.self)
        weak let replaced = Retrofit.replaced.first
        Retrofit.replaced = []

        #expect(retrofit.transmission is Gearbox)
        #expect(replaced == nil)
    }

    @Test("a non-final class is built warm through its key paths")
    func nonFinalClassesBuildWarm() throws {
        let injector = try Injector(modules: [MotorModule()])
        _ = try injector.getObject(Van.self)
        #expect(try injector.buildsWarm(Van.self))
        weak var transmission: (any Transmission)?
        do {
            let van = try injector.getObject(Van.self)
            transmission = van.transmission
            #expect(van.transmission is Gearbox)
            #expect(van.block.piston != nil)
        }
        #expect(transmission == nil)
    }

    @Test("an initializer failing deep in a warm build throws what the first build would")
    func warmFailuresMatchColdOnes() throws {
        let warmInjector = try Injector(modules: [MotorModule()])
        _ = try warmInjector.getObject(Motor.self)
        Faults.pistonFails = true

        let warm = try #require(error { _ = try warmInjector.getObject(Motor.self) })
        let cold = try #require(error { _ = try Injector(modules: [MotorModule()]).getObject(Motor.self) })

        #expect(warm.description == cold.description)
        #expect(warm.kind == .initializerFailed)
        #expect(warm.chain == ["Motor.block", "Block.piston"])
        #expect(warm.requirementLocation == cold.requirementLocation && warm.requirementLocation != nil)
        #expect(warm.underlyingError is Seized)
    }

    @Test("a warm build failing under an object the resolver builds keeps that object in the chain")
    func warmFailuresUnderColdObjectsKeepTheirChain() throws {
        let warmInjector = try Injector(modules: [MotorModule()])
        _ = try warmInjector.getObject(Motor.self)
        #expect(try warmInjector.buildsWarm(Motor.self))
        Faults.pistonFails = true

        let warm = try #require(error { _ = try warmInjector.getObject(Depot.self) })
        let cold = try #require(error { _ = try Injector(modules: [MotorModule()]).getObject(Depot.self) })

        #expect(warm.description == cold.description)
        #expect(warm.chain == ["Depot.motor", "Motor.block", "Block.piston"])
        Faults.pistonFails = false
        #expect(try warmInjector.getObject(Depot.self).motor.block.piston != nil)
    }

    @Test("a request an initializer makes during a warm build fails with the whole chain")
    func reentrantFailuresInWarmBuildsMatchColdOnes() throws {
        let warmInjector = try Injector(modules: [MotorModule()])
        _ = try warmInjector.getObject(Motor.self)
        let coldInjector = try Injector(modules: [MotorModule()])

        Faults.pistonAsks = warmInjector
        let warm = try #require(error { _ = try warmInjector.getObject(Motor.self) })
        Faults.pistonAsks = coldInjector
        let cold = try #require(error { _ = try coldInjector.getObject(Motor.self) })

        #expect(warm.description == cold.description)
        #expect(warm.kind == .noBinding)
        #expect(warm.chain == ["Motor.block", "Block.piston", "Piston.init", "Sensor.calibration"])
    }

    @Test("an initializer that starts asking for its own type once warm is reported as a cycle")
    func selfRequestsInWarmBuildsAreCycles() throws {
        let injector = Injector()
        _ = try injector.getObject(Echo.self)
        #expect(try injector.buildsWarm(Echo.self))

        Faults.echoAsksItself = injector
        let failure = try #require(error { _ = try injector.getObject(Echo.self) })

        #expect(failure.kind == .cycle)
        Faults.echoAsksItself = nil
        _ = try injector.getObject(Echo.self)
    }

    @Test("injectDependencies(into:) fills warm as it fills cold, failures included")
    func warmInjectionMatchesCold() throws {
        let injector = try Injector(modules: [MotorModule()])
        let first = Motor()
        try injector.injectDependencies(into: first)
        #expect(try injector.buildsWarm(Motor.self))

        let second = Motor()
        try injector.injectDependencies(into: second)
        #expect(second.transmission is Gearbox && second.transmission !== first.transmission)
        #expect(second.odometer === first.odometer)

        Faults.pistonFails = true
        let warm = try #require(error { try injector.injectDependencies(into: Motor()) })
        let cold = try #require(error { try Injector(modules: [MotorModule()]).injectDependencies(into: Motor()) })
        #expect(warm.description == cold.description)
        #expect(warm.chain == ["Motor.block", "Block.piston"])
    }

    @Test("threads building a type while its plan is compiled all get assembled objects, sharing the singleton")
    func concurrentWarmBuilds() throws {
        let injector = try Injector(modules: [MotorModule()])
        let odometer = try injector.getObject(Odometer.self)
        let incomplete = Atomic<Int>(0)
        let builds = Atomic<Int>(0)

        onThreads(8) { _ in
            for _ in 0..<2_000 {
                guard let wheel = try? injector.getObject(Wheel.self) else {
                    incomplete.add(1, ordering: .relaxed)
                    continue
                }
                let complete =
                    wheel.wasAssembledAtAwake && wheel.odometer === odometer && wheel.transmission is Gearbox
                    && wheel.hub.spoke != nil
                if !complete { incomplete.add(1, ordering: .relaxed) }
                builds.add(1, ordering: .relaxed)
            }
        }

        #expect(builds.load(ordering: .relaxed) == 16_000)
        #expect(incomplete.load(ordering: .relaxed) == 0)
        #expect(try injector.buildsWarm(Wheel.self))
    }
}
