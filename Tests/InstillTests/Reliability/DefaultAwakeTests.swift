// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

@testable import Instill

// The injector learns that a type's `awakeFromInjection()` is the protocol's default
// when the default records the very object just awoken (see `DefaultAwake`), and
// from then on neither the resolver nor a compiled plan calls it. These tests try to
// make it take a custom awake for the default: every custom awake must still run
// exactly once on every build, cold and warm. Each fixture type is used by one test
// only, because what a type's metadata learns lasts for the whole process.

// MARK: - Helpers

private func learnedDefault<T: Injectable>(_ type: T.Type) -> Bool {
    InjectableMetadata.of(type).awakeIsDefault
}

/// Builds per test: the first is cold, the plan is compiled after it, the rest are warm.
private let builds = 6

// MARK: - Fixtures: custom and default awakes

/// A default-awake leaf.
private final class Pebble: Injectable {
    init() {}
}

/// A default-awake leaf, another one (a requirement of custom types below).
private final class Sand: Injectable {
    init() {}
}

/// A custom awake with no dependencies: built by the plan's make-and-awake path.
private final class Bell: Injectable {
    static let awakes = Atomic(0)
    private(set) var awakeCount = 0
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        Self.awakes.add(1, ordering: .relaxed)
    }
}

/// A custom awake with a property requirement: built by the plan's fill path, and
/// filled by hand with `injectDependencies(into:)`.
private final class Whistle: Injectable {
    static let awakes = Atomic(0)
    var pebble: Pebble!
    private(set) var awakeCount = 0
    private(set) var wasFilledAtAwake = false
    static var requires: Requirements { Requirements(\Whistle.pebble) }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        wasFilledAtAwake = pebble != nil
        Self.awakes.add(1, ordering: .relaxed)
    }
}

/// A default awake with a property requirement.
private final class Lantern: Injectable {
    var sand: Sand!
    static var requires: Requirements { Requirements(\Lantern.sand) }
    init() {}
}

/// A default-awake leaf, only ever built by the tests that check learning of a leaf.
private final class Candle: Injectable {
    init() {}
}

/// A default-awake type a custom awake holds (a requirement) and awakes itself.
private final class Spring: Injectable {
    init() {}
}

/// A default-awake type a custom awake makes and awakes itself.
private final class Coil: Injectable {
    init() {}
}

/// A custom awake that runs the default awake of other objects, one it holds and
/// one it makes, before it counts: what the default records is not itself.
private final class Clockwork: Injectable {
    static let awakes = Atomic(0)
    var spring: Spring!
    private(set) var awakeCount = 0
    static var requires: Requirements { Requirements(\Clockwork.spring) }
    init() {}
    func awakeFromInjection() {
        spring.awakeFromInjection()
        Coil().awakeFromInjection()
        awakeCount += 1
        Self.awakes.add(1, ordering: .relaxed)
    }
}

/// A custom awake that only runs the default awake of an object it holds: it does
/// nothing else the injector could see.
private final class Relay: Injectable {
    var spring: Spring!
    private(set) var awakeCount = 0
    static var requires: Requirements { Requirements(\Relay.spring) }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        spring.awakeFromInjection()
    }
}

// MARK: - Fixtures: class hierarchies

/// A non-final base whose awake is a class method, which subclasses override.
private class Vehicle: Injectable {
    var pebble: Pebble!
    private(set) var awoken: [String] = []
    class var requires: Requirements { Requirements(\Vehicle.pebble) }
    required init() {}
    func awakeFromInjection() { awoken.append("Vehicle") }
    func note(_ line: String) { awoken.append(line) }
}

/// Overrides the awake and calls `super`.
private final class Truck: Vehicle {
    override func awakeFromInjection() {
        super.awakeFromInjection()
        note("Truck")
    }
}

/// Overrides nothing: inherits the base's custom awake.
private final class Van: Vehicle {}

/// A non-final base that conforms with the protocol's default awake.
private class Appliance: Injectable {
    var sand: Sand!
    class var requires: Requirements { Requirements(\Appliance.sand) }
    required init() {}
}

/// Declares an `awakeFromInjection()` of its own, which is not a witness: Swift
/// binds the requirement to the base's conformance, so the injector never calls it.
private final class Toaster: Appliance {
    private(set) var ownAwakeCount = 0
    func awakeFromInjection() { ownAwakeCount += 1 }
}

/// A superclass that does not conform, with an `awakeFromInjection()`.
private class Gadget {
    private(set) var gadgetAwakeCount = 0
    func awakeFromInjection() { gadgetAwakeCount += 1 }
}

/// Conforms in a subclass: the inherited method is the witness, not the default.
private final class Phone: Gadget, Injectable {
    override init() {}
}

// MARK: - Fixtures: generics and protocol extensions

/// A generic class with the default awake.
private final class Box<Content>: Injectable {
    var pebble: Pebble!
    private(set) var constrainedAwakeCount = 0
    static var requires: Requirements { Requirements(\Box.pebble) }
    init() {}
    func recordConstrainedAwake() { constrainedAwakeCount += 1 }
}

extension Box where Content == Int {
    /// Not the witness: the conformance was chosen for every `Content`.
    func awakeFromInjection() { recordConstrainedAwake() }
}

private let genericAwakes = Atomic(0)

/// A generic class with a custom awake.
private final class Tray<Content>: Injectable {
    var pebble: Pebble!
    private(set) var awakeCount = 0
    static var requires: Requirements { Requirements(\Tray.pebble) }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        genericAwakes.add(1, ordering: .relaxed)
    }
}

/// A protocol that refines `Injectable` with its own default awake.
private protocol Chiming: Injectable {
    var chimes: Int { get set }
}

extension Chiming {
    /// More specific than `Injectable`'s default, so it is the witness.
    func awakeFromInjection() { chimes += 1 }
}

/// Takes its awake from `Chiming`'s extension.
private final class Chime: Chiming {
    var chimes = 0
    init() {}
}

/// A marker that a constrained extension of `Injectable` gives its own awake.
private protocol Audible: AnyObject {
    var sounds: Int { get set }
}

extension Injectable where Self: Audible {
    /// More specific than the unconstrained default, so it is the witness.
    func awakeFromInjection() { sounds += 1 }
}

/// Takes its awake from the constrained extension.
private final class Buzzer: Injectable, Audible {
    var sounds = 0
    init() {}
}

// MARK: - Fixtures: an awake that skips its first call

/// Does nothing observable on its first awake, then counts.
private final class Sleeper: Injectable {
    static let calls = Atomic(0)
    static let countedCalls = Atomic(0)
    init() {}
    func awakeFromInjection() {
        if Self.calls.add(1, ordering: .relaxed).oldValue == 0 { return }
        Self.countedCalls.add(1, ordering: .relaxed)
    }
}

/// Runs another object's default awake on its first awake only, then counts.
private final class Dreamer: Injectable {
    static let calls = Atomic(0)
    static let countedCalls = Atomic(0)
    var spring: Spring!
    static var requires: Requirements { Requirements(\Dreamer.spring) }
    init() {}
    func awakeFromInjection() {
        if Self.calls.add(1, ordering: .relaxed).oldValue == 0 {
            spring.awakeFromInjection()
            return
        }
        Self.countedCalls.add(1, ordering: .relaxed)
    }
}

// MARK: - Fixtures: initializer injection

/// A default-awake initializer dependency.
private final class Lamp: Injectable {
    init() {}
}

/// Built by initializer injection, with a custom awake and a default-awake dependency.
private final class Desk: Injectable {
    static let awakes = Atomic(0)
    let lamp: Lamp
    private(set) var awakeCount = 0
    init(lamp: Lamp) { self.lamp = lamp }
    static let initializer = Initializer(dependencies: Lamp.self) { Desk(lamp: $0) }
    func awakeFromInjection() {
        awakeCount += 1
        Self.awakes.add(1, ordering: .relaxed)
    }
}

/// A base whose initializer returns a subclass instance.
private class Shape: Injectable {
    let lamp: Lamp
    private(set) var awoken: [String] = []
    init(lamp: Lamp) { self.lamp = lamp }
    required init() { lamp = Lamp() }
    class var initializer: Initializer { Initializer(dependencies: Lamp.self) { Circle(lamp: $0) } }
    func awakeFromInjection() { awoken.append("Shape") }
    func note(_ line: String) { awoken.append(line) }
}

/// What `Shape`'s initializer returns: overrides the awake, calling `super`.
private final class Circle: Shape {
    override func awakeFromInjection() {
        super.awakeFromInjection()
        note("Circle")
    }
}

// MARK: - Fixtures: awakes that call the injector

/// A default-awake singleton asked for from an awake.
private final class Registry: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

/// A default-awake type asked for from an awake.
private final class Ticket: Injectable {
    var sand: Sand!
    static var requires: Requirements { Requirements(\Ticket.sand) }
    init() {}
}

/// A custom awake that asks the injector for default-awake objects, whose awakes
/// clear and record the thread's record inside this one.
private final class Clerk: Injectable {
    static let awakes = Atomic(0)
    let factory: ObjectFactory
    private(set) var awakeCount = 0
    private(set) var ticket: Ticket?
    init(factory: ObjectFactory) { self.factory = factory }
    static let initializer = Initializer(dependencies: ObjectFactory.self) { Clerk(factory: $0) }
    func awakeFromInjection() {
        _ = try? factory.getObject(Registry.self)
        ticket = try? factory.getObject(Ticket.self)
        _ = try? factory.getObject(Pebble.self)
        awakeCount += 1
        Self.awakes.add(1, ordering: .relaxed)
    }
}

/// A default awake with a requirement, filled by hand from an awake.
private final class Satchel: Injectable {
    var sand: Sand!
    static var requires: Requirements { Requirements(\Satchel.sand) }
    init() {}
}

/// A custom awake that fills a default-awake object by hand through the injector.
private final class Porter: Injectable {
    static let awakes = Atomic(0)
    let factory: ObjectFactory
    private(set) var filled: Satchel?
    init(factory: ObjectFactory) { self.factory = factory }
    static let initializer = Initializer(dependencies: ObjectFactory.self) { Porter(factory: $0) }
    func awakeFromInjection() {
        let satchel = Satchel()
        if let injector = factory.injector { try? injector.injectDependencies(into: satchel) }
        filled = satchel
        Self.awakes.add(1, ordering: .relaxed)
    }
}

// MARK: - Fixtures: actors, protocol bindings, weak scope, re-entrant awakes

/// An actor with a custom, nonisolated awake.
private actor Meter: Injectable {
    static let awakes = Atomic(0)
    init() {}
    nonisolated func awakeFromInjection() { Self.awakes.add(1, ordering: .relaxed) }
}

/// An actor with the default awake.
private actor Idle: Injectable {
    init() {}
}

private protocol Service: AnyObject {
    var awakeCount: Int { get }
}

/// Reached through a protocol binding, with a custom awake.
private final class Mailer: Service, Injectable {
    private(set) var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

/// Requires the protocol, so the custom-awake implementation is built inside its plan.
private final class Office: Injectable {
    var service: (any Service)!
    static var requires: Requirements { Requirements(\Office.service) }
    init() {}
}

/// A weak-scope type with a custom awake: built anew whenever the last one is released.
private final class Beacon: Injectable {
    static let scope: Scope = .weak
    static let awakes = Atomic(0)
    init() {}
    func awakeFromInjection() { Self.awakes.add(1, ordering: .relaxed) }
}

/// A custom awake that fills itself again through the injector, once: the inner
/// awake returns at once, records nothing, and the outer one still counts.
private final class Echo: Injectable {
    let factory: ObjectFactory
    var pebble: Pebble!
    private(set) var awakeCount = 0
    private var isEchoing = false
    static var requires: Requirements { Requirements(\Echo.pebble) }
    init(factory: ObjectFactory) { self.factory = factory }
    static let initializer = Initializer(dependencies: ObjectFactory.self) { Echo(factory: $0) }
    func awakeFromInjection() {
        if isEchoing { return }
        isEchoing = true
        if let injector = factory.injector { try? injector.injectDependencies(into: self) }
        isEchoing = false
        awakeCount += 1
    }
}

// MARK: - Specification

@Suite("Default awake: a custom awake is never taken for the protocol's default", .serialized)
struct DefaultAwakeTests {
    @Test("a custom awake runs exactly once on every cold and warm build, leaf or filled")
    func customAwakeRunsOnEveryBuild() throws {
        let injector = Injector()
        let bellsBefore = Bell.awakes.load(ordering: .relaxed)
        let whistlesBefore = Whistle.awakes.load(ordering: .relaxed)
        for _ in 0..<builds {
            let bell = try injector.getObject(Bell.self)
            #expect(bell.awakeCount == 1)
            let whistle = try injector.getObject(Whistle.self)
            #expect(whistle.awakeCount == 1)
            #expect(whistle.wasFilledAtAwake)
        }
        #expect(try injector.buildsWarm(Bell.self))
        #expect(try injector.buildsWarm(Whistle.self))
        #expect(Bell.awakes.load(ordering: .relaxed) - bellsBefore == builds)
        #expect(Whistle.awakes.load(ordering: .relaxed) - whistlesBefore == builds)
        #expect(!learnedDefault(Bell.self))
        #expect(!learnedDefault(Whistle.self))
    }

    @Test("injectDependencies(into:) awakes a custom-awake object on every call, cold and warm")
    func customAwakeRunsOnEveryFill() throws {
        let injector = Injector()
        let before = Whistle.awakes.load(ordering: .relaxed)
        for _ in 0..<builds {
            let whistle = Whistle()
            try injector.injectDependencies(into: whistle)
            #expect(whistle.awakeCount == 1)
            #expect(whistle.wasFilledAtAwake)
        }
        #expect(try injector.buildsWarm(Whistle.self))
        #expect(Whistle.awakes.load(ordering: .relaxed) - before == builds)
        // A second fill of the same object awakes it again.
        let whistle = Whistle()
        try injector.injectDependencies(into: whistle)
        try injector.injectDependencies(into: whistle)
        #expect(whistle.awakeCount == 2)
    }

    @Test("a default awake is learned on the first build, and later builds are still complete")
    func defaultAwakeIsLearned() throws {
        let injector = Injector()
        #expect(!learnedDefault(Lantern.self))
        let cold = try injector.getObject(Lantern.self)
        #expect(cold.sand != nil)
        #expect(learnedDefault(Lantern.self) || !hasAccelerators)
        #expect(learnedDefault(Sand.self) || !hasAccelerators)
        for _ in 1..<builds {
            let warm = try injector.getObject(Lantern.self)
            #expect(warm.sand != nil && warm.sand !== cold.sand)
        }
        #expect(try injector.buildsWarm(Lantern.self))
        // A leaf too.
        #expect(!learnedDefault(Candle.self))
        _ = try injector.getObject(Candle.self)
        #expect(learnedDefault(Candle.self) || !hasAccelerators)
        for _ in 1..<builds { _ = try injector.getObject(Candle.self) }
        #expect(try injector.buildsWarm(Candle.self))
    }

    @Test("a custom awake that runs the default awake of objects it holds or makes is not learned as the default")
    func customAwakeCallingAnotherDefaultIsNotLearned() throws {
        let injector = Injector()
        let before = Clockwork.awakes.load(ordering: .relaxed)
        for _ in 0..<builds {
            let clockwork = try injector.getObject(Clockwork.self)
            #expect(clockwork.awakeCount == 1)
            let relay = try injector.getObject(Relay.self)
            #expect(relay.awakeCount == 1)
        }
        #expect(try injector.buildsWarm(Clockwork.self))
        #expect(try injector.buildsWarm(Relay.self))
        #expect(Clockwork.awakes.load(ordering: .relaxed) - before == builds)
        #expect(!learnedDefault(Clockwork.self))
        #expect(!learnedDefault(Relay.self))
        #expect(learnedDefault(Spring.self) || !hasAccelerators)
        // Filled by hand, too.
        for _ in 0..<builds {
            let relay = Relay()
            try injector.injectDependencies(into: relay)
            #expect(relay.awakeCount == 1)
        }
        #expect(!learnedDefault(Relay.self))
    }

    @Test("a subclass overriding a base's custom awake runs the override on every build; the base runs its own")
    func overriddenAwakeRunsOnEveryBuild() throws {
        let injector = Injector()
        for _ in 0..<builds {
            let truck = try injector.getObject(Truck.self)
            #expect(truck.awoken == ["Vehicle", "Truck"])
            #expect(truck.pebble != nil)
            let vehicle = try injector.getObject(Vehicle.self)
            #expect(vehicle.awoken == ["Vehicle"])
            let van = try injector.getObject(Van.self)
            #expect(van.awoken == ["Vehicle"])
        }
        #expect(try injector.buildsWarm(Truck.self))
        #expect(try injector.buildsWarm(Vehicle.self))
        #expect(try injector.buildsWarm(Van.self))
        #expect(!learnedDefault(Truck.self))
        #expect(!learnedDefault(Vehicle.self))
        #expect(!learnedDefault(Van.self))
        // A subclass instance filled as its base type runs the override.
        for _ in 0..<builds {
            let truck: Vehicle = Truck()
            try injector.injectDependencies(into: truck)
            #expect(truck.awoken == ["Vehicle", "Truck"])
        }
    }

    @Test(
        "a subclass's own awakeFromInjection() under a base that conforms with the default is never called, cold or warm"
    )
    func nonWitnessSubclassAwakeIsNeverCalled() throws {
        let injector = Injector()
        for _ in 0..<builds {
            let toaster = try injector.getObject(Toaster.self)
            #expect(toaster.ownAwakeCount == 0)
            #expect(toaster.sand != nil)
            let appliance = try injector.getObject(Appliance.self)
            #expect(appliance.sand != nil)
            let handBuilt = Toaster()
            try injector.injectDependencies(into: handBuilt)
            #expect(handBuilt.ownAwakeCount == 0)
            #expect(handBuilt.sand != nil)
        }
        #expect(try injector.buildsWarm(Toaster.self))
        #expect(learnedDefault(Toaster.self) || !hasAccelerators)
        #expect(learnedDefault(Appliance.self) || !hasAccelerators)
        // Called directly, the method is the subclass's own.
        let toaster = Toaster()
        toaster.awakeFromInjection()
        #expect(toaster.ownAwakeCount == 1)
    }

    @Test(
        "an awakeFromInjection() inherited from a superclass that does not conform is the witness, called every build")
    func inheritedNonConformingAwakeRunsOnEveryBuild() throws {
        let injector = Injector()
        for _ in 0..<builds {
            let phone = try injector.getObject(Phone.self)
            #expect(phone.gadgetAwakeCount == 1)
        }
        #expect(try injector.buildsWarm(Phone.self))
        #expect(!learnedDefault(Phone.self))
    }

    @Test("a generic class's constrained-extension awake is not the witness: never called; the default is learned")
    func constrainedExtensionAwakeIsNeverCalled() throws {
        let injector = Injector()
        for _ in 0..<builds {
            let ints = try injector.getObject(Box<Int>.self)
            #expect(ints.constrainedAwakeCount == 0)
            #expect(ints.pebble != nil)
            let strings = try injector.getObject(Box<String>.self)
            #expect(strings.pebble != nil)
        }
        #expect(try injector.buildsWarm(Box<Int>.self))
        #expect(try injector.buildsWarm(Box<String>.self))
        #expect(learnedDefault(Box<Int>.self) || !hasAccelerators)
        #expect(learnedDefault(Box<String>.self) || !hasAccelerators)
        // Called directly on a `Box<Int>`, the extension's method runs.
        let box = Box<Int>()
        box.awakeFromInjection()
        #expect(box.constrainedAwakeCount == 1)
    }

    @Test("a generic class's custom awake runs on every build of two specializations")
    func genericCustomAwakeRunsForEverySpecialization() throws {
        let injector = Injector()
        let before = genericAwakes.load(ordering: .relaxed)
        for _ in 0..<builds {
            let ints = try injector.getObject(Tray<Int>.self)
            #expect(ints.awakeCount == 1 && ints.pebble != nil)
            let strings = try injector.getObject(Tray<String>.self)
            #expect(strings.awakeCount == 1 && strings.pebble != nil)
        }
        #expect(try injector.buildsWarm(Tray<Int>.self))
        #expect(try injector.buildsWarm(Tray<String>.self))
        #expect(genericAwakes.load(ordering: .relaxed) - before == 2 * builds)
        #expect(!learnedDefault(Tray<Int>.self))
        #expect(!learnedDefault(Tray<String>.self))
    }

    @Test("an awake from a refining protocol's extension, or a constrained extension, is custom: called every build")
    func protocolExtensionAwakesAreCustom() throws {
        let injector = Injector()
        for _ in 0..<builds {
            let buzzer = try injector.getObject(Buzzer.self)
            #expect(buzzer.sounds == 1)
            let chime = try injector.getObject(Chime.self)
            #expect(chime.chimes == 1)
        }
        #expect(try injector.buildsWarm(Buzzer.self))
        #expect(try injector.buildsWarm(Chime.self))
        #expect(!learnedDefault(Buzzer.self))
        #expect(!learnedDefault(Chime.self))
    }

    @Test("a custom awake that does nothing on its first call is still called on every later build")
    func awakeSkippingItsFirstCallIsStillCalled() throws {
        let injector = Injector()
        // The first call ever is the one skipped (unless the test is repeated).
        let sleeperCalls = Sleeper.calls.load(ordering: .relaxed)
        let sleeperCounted = Sleeper.countedCalls.load(ordering: .relaxed)
        let dreamerCalls = Dreamer.calls.load(ordering: .relaxed)
        let dreamerCounted = Dreamer.countedCalls.load(ordering: .relaxed)
        for _ in 0..<builds {
            _ = try injector.getObject(Sleeper.self)
            _ = try injector.getObject(Dreamer.self)
        }
        #expect(try injector.buildsWarm(Sleeper.self))
        #expect(try injector.buildsWarm(Dreamer.self))
        #expect(Sleeper.calls.load(ordering: .relaxed) - sleeperCalls == builds)
        #expect(Sleeper.countedCalls.load(ordering: .relaxed) - sleeperCounted == builds - (sleeperCalls == 0 ? 1 : 0))
        #expect(Dreamer.calls.load(ordering: .relaxed) - dreamerCalls == builds)
        #expect(Dreamer.countedCalls.load(ordering: .relaxed) - dreamerCounted == builds - (dreamerCalls == 0 ? 1 : 0))
        #expect(!learnedDefault(Sleeper.self))
        #expect(!learnedDefault(Dreamer.self))
    }

    @Test("an initializer-injected type's custom awake runs every build; its default-awake dependency is learned")
    func initializerInjectedCustomAwakeRunsOnEveryBuild() throws {
        let injector = Injector()
        let before = Desk.awakes.load(ordering: .relaxed)
        for _ in 0..<builds {
            let desk = try injector.getObject(Desk.self)
            #expect(desk.awakeCount == 1)
        }
        #expect(try injector.buildsWarm(Desk.self))
        #expect(Desk.awakes.load(ordering: .relaxed) - before == builds)
        #expect(!learnedDefault(Desk.self))
        #expect(learnedDefault(Lamp.self) || !hasAccelerators)
    }

    @Test("an initializer that returns a subclass instance runs the subclass's overriding awake every build")
    func initializerReturningSubclassRunsOverride() throws {
        let injector = Injector()
        for _ in 0..<builds {
            let shape = try injector.getObject(Shape.self)
            #expect(shape is Circle)
            #expect(shape.awoken == ["Shape", "Circle"])
        }
        #expect(try injector.buildsWarm(Shape.self))
        #expect(!learnedDefault(Shape.self))
    }

    @Test("a custom awake that asks the injector for default-awake objects is still awoken on every build")
    func awakeCallingTheInjectorIsStillAwoken() throws {
        let injector = Injector()
        let clerksBefore = Clerk.awakes.load(ordering: .relaxed)
        let portersBefore = Porter.awakes.load(ordering: .relaxed)
        for _ in 0..<builds {
            let clerk = try injector.getObject(Clerk.self)
            #expect(clerk.awakeCount == 1)
            #expect(clerk.ticket?.sand != nil)
            let porter = try injector.getObject(Porter.self)
            #expect(porter.filled?.sand != nil)
        }
        #expect(try injector.buildsWarm(Clerk.self))
        #expect(try injector.buildsWarm(Porter.self))
        #expect(Clerk.awakes.load(ordering: .relaxed) - clerksBefore == builds)
        #expect(Porter.awakes.load(ordering: .relaxed) - portersBefore == builds)
        #expect(!learnedDefault(Clerk.self))
        #expect(!learnedDefault(Porter.self))
        #expect(learnedDefault(Ticket.self) || !hasAccelerators)
        #expect(learnedDefault(Registry.self) || !hasAccelerators)
        #expect(learnedDefault(Satchel.self) || !hasAccelerators)
    }

    @Test("an actor's custom nonisolated awake runs every build; an actor's default awake is learned")
    func actorAwakes() throws {
        let injector = Injector()
        let before = Meter.awakes.load(ordering: .relaxed)
        for _ in 0..<builds {
            _ = try injector.getObject(Meter.self)
            _ = try injector.getObject(Idle.self)
        }
        #expect(try injector.buildsWarm(Meter.self))
        #expect(try injector.buildsWarm(Idle.self))
        #expect(Meter.awakes.load(ordering: .relaxed) - before == builds)
        #expect(!learnedDefault(Meter.self))
        #expect(learnedDefault(Idle.self) || !hasAccelerators)
    }

    @Test("a custom-awake implementation of a bound protocol is awoken on every build, asked for or required")
    func protocolBoundCustomAwakeRunsOnEveryBuild() throws {
        let injector = try Injector(modules: [ModuleFixtures.Configure { $0.bind((any Service).self, to: Mailer.self) }]
        )
        for _ in 0..<builds {
            #expect(try injector.getObject((any Service).self).awakeCount == 1)
            #expect(try injector.getObject(Office.self).service.awakeCount == 1)
        }
        #expect(try injector.buildsWarm(Office.self))
        #expect(!learnedDefault(Mailer.self))
    }

    @Test("a weak-scope type's custom awake runs on each rebuild")
    func weakScopeCustomAwakeRunsOnEachRebuild() throws {
        let injector = Injector()
        let before = Beacon.awakes.load(ordering: .relaxed)
        for _ in 0..<builds { _ = try injector.getObject(Beacon.self) }
        // Each request's object was released before the next one, so each was built.
        #expect(Beacon.awakes.load(ordering: .relaxed) - before == builds)
        let held = try injector.getObject(Beacon.self)
        #expect(try injector.getObject(Beacon.self) === held)
        #expect(Beacon.awakes.load(ordering: .relaxed) - before == builds + 1)
        #expect(!learnedDefault(Beacon.self))
    }

    @Test("a custom awake that fills its own object again from inside itself is still awoken on every build")
    func reentrantSelfFillIsStillAwoken() throws {
        let injector = Injector()
        for _ in 0..<builds {
            let echo = try injector.getObject(Echo.self)
            #expect(echo.awakeCount == 1 && echo.pebble != nil)
        }
        #expect(try injector.buildsWarm(Echo.self))
        #expect(!learnedDefault(Echo.self))
    }
}

// MARK: - Main-actor types

@MainActor
private final class Banner: MainActorInjectable {
    static var awakes = 0
    var pebble: Pebble!
    private(set) var awakeCount = 0
    static var requires: Requirements { Requirements(\Banner.pebble) }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        Self.awakes += 1
    }
}

@MainActor
private final class Poster: MainActorInjectable {
    var pebble: Pebble!
    static var requires: Requirements { Requirements(\Poster.pebble) }
    init() {}
}

@MainActor
private final class Flag: MainActorInjectable {
    private(set) var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

@Suite("Default awake: main-actor types", .serialized)
struct DefaultAwakeMainActorTests {
    @Test("a main-actor type's custom awake runs every build; its default awake is learned")
    @MainActor
    func mainActorAwakes() throws {
        let injector = Injector()
        let before = Banner.awakes
        for _ in 0..<builds {
            let banner = try injector.getObject(Banner.self)
            #expect(banner.awakeCount == 1 && banner.pebble != nil)
            let flag = try injector.getObject(Flag.self)
            #expect(flag.awakeCount == 1)
            let poster = try injector.getObject(Poster.self)
            #expect(poster.pebble != nil)
        }
        #expect(Banner.awakes - before == builds)
        #expect(try injector.buildsWarm(Banner.self))
        #expect(try injector.buildsWarm(Flag.self))
        #expect(try injector.buildsWarm(Poster.self))
        #expect(!InjectableMetadata.of(mainActor: Banner.self).awakeIsDefault)
        #expect(!InjectableMetadata.of(mainActor: Flag.self).awakeIsDefault)
        #expect(InjectableMetadata.of(mainActor: Poster.self).awakeIsDefault || !hasAccelerators)
        // Filled by hand.
        for _ in 0..<builds {
            let banner = Banner()
            try injector.injectDependencies(into: banner)
            #expect(banner.awakeCount == 1)
        }
        #expect(Banner.awakes - before == 2 * builds)
    }
}

// MARK: - Many threads

private let concurrentAwakes = Atomic(0)

/// A custom-awake leaf, built concurrently.
private final class Spinner: Injectable {
    private(set) var awakeCount = 0
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        concurrentAwakes.add(1, ordering: .relaxed)
    }
}

/// A default-awake leaf, built concurrently.
private final class Marble: Injectable {
    init() {}
}

/// A default awake with a requirement, built concurrently.
private final class Jar: Injectable {
    var marble: Marble!
    static var requires: Requirements { Requirements(\Jar.marble) }
    init() {}
}

/// A custom awake with a default-awake requirement, whose awake runs that
/// requirement's default awake too.
private final class Top: Injectable {
    var marble: Marble!
    private(set) var awakeCount = 0
    static var requires: Requirements { Requirements(\Top.marble) }
    init() {}
    func awakeFromInjection() {
        marble.awakeFromInjection()
        awakeCount += 1
        concurrentAwakes.add(1, ordering: .relaxed)
    }
}

/// Initializer-injected, with a custom awake that asks the injector for a
/// default-awake object.
private final class Kite: Injectable {
    let jar: Jar
    let factory: ObjectFactory
    private(set) var awakeCount = 0
    private(set) var askedJarIsFilled = false
    init(jar: Jar, factory: ObjectFactory) {
        self.jar = jar
        self.factory = factory
    }
    static let initializer = Initializer(dependencies: Jar.self, ObjectFactory.self) { Kite(jar: $0, factory: $1) }
    func awakeFromInjection() {
        askedJarIsFilled = (try? factory.getObject(Jar.self))?.marble != nil
        awakeCount += 1
        concurrentAwakes.add(1, ordering: .relaxed)
    }
}

// MARK: - First builds racing

private let racerAwakes = Atomic(0)

/// A generic custom-awake type: each specialization has metadata of its own, so its
/// first builds, where the injector learns, can race.
private final class Racer<Tag>: Injectable {
    var marble: Marble!
    private(set) var awakeCount = 0
    static var requires: Requirements { Requirements(\Racer.marble) }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        racerAwakes.add(1, ordering: .relaxed)
    }
}

/// A generic default-awake type, likewise.
private final class Idler<Tag>: Injectable {
    var marble: Marble!
    static var requires: Requirements { Requirements(\Idler.marble) }
    init() {}
}

private enum FirstTag {}
private enum SecondTag {}
private enum ThirdTag {}

/// Has `threads` threads, started together, build `Racer<Tag>` and `Idler<Tag>`
/// `rounds` times each from one fresh injector; returns the failures seen.
private func race<Tag>(_: Tag.Type, threads: Int, rounds: Int) -> Int {
    let injector = Injector()
    let failures = Atomic(0)
    onThreads(threads) { index in
        for round in 0..<rounds {
            do {
                if (index + round) % 2 == 0 {
                    let racer = try injector.getObject(Racer<Tag>.self)
                    if racer.awakeCount != 1 || racer.marble == nil { failures.add(1, ordering: .relaxed) }
                } else {
                    let idler = try injector.getObject(Idler<Tag>.self)
                    if idler.marble == nil { failures.add(1, ordering: .relaxed) }
                }
            } catch {
                failures.add(1, ordering: .relaxed)
            }
        }
    }
    return failures.load(ordering: .relaxed)
}

@Suite("Default awake: many threads", .serialized, .timeLimit(.minutes(2)))
struct DefaultAwakeConcurrencyTests {
    @Test("threads building default- and custom-awake types at once awake every custom object exactly once")
    func concurrentBuildsAwakeEveryCustomObjectOnce() throws {
        let injector = Injector()
        let threads = 8
        let rounds = 150
        let before = concurrentAwakes.load(ordering: .relaxed)
        let failures = Atomic(0)
        let customBuilds = Atomic(0)
        onThreads(threads) { index in
            for round in 0..<rounds {
                do {
                    // Each thread starts with a different type, so the first builds race.
                    switch (index + round) % 5 {
                    case 0:
                        let spinner = try injector.getObject(Spinner.self)
                        if spinner.awakeCount != 1 { failures.add(1, ordering: .relaxed) }
                        customBuilds.add(1, ordering: .relaxed)
                    case 1:
                        let jar = try injector.getObject(Jar.self)
                        if jar.marble == nil { failures.add(1, ordering: .relaxed) }
                    case 2:
                        let top = try injector.getObject(Top.self)
                        if top.awakeCount != 1 || top.marble == nil { failures.add(1, ordering: .relaxed) }
                        customBuilds.add(1, ordering: .relaxed)
                    case 3:
                        let kite = try injector.getObject(Kite.self)
                        if kite.awakeCount != 1 || !kite.askedJarIsFilled || kite.jar.marble == nil {
                            failures.add(1, ordering: .relaxed)
                        }
                        customBuilds.add(1, ordering: .relaxed)
                    default:
                        let top = Top()
                        try injector.injectDependencies(into: top)
                        if top.awakeCount != 1 || top.marble == nil { failures.add(1, ordering: .relaxed) }
                        customBuilds.add(1, ordering: .relaxed)
                        _ = try injector.getObject(Marble.self)
                    }
                } catch {
                    failures.add(1, ordering: .relaxed)
                }
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        #expect(concurrentAwakes.load(ordering: .relaxed) - before == customBuilds.load(ordering: .relaxed))
        #expect(customBuilds.load(ordering: .relaxed) == threads * rounds * 4 / 5)
        #expect(try injector.buildsWarm(Spinner.self))
        #expect(try injector.buildsWarm(Jar.self))
        #expect(try injector.buildsWarm(Top.self))
        #expect(try injector.buildsWarm(Kite.self))
        #expect(try injector.buildsWarm(Marble.self))
        #expect(!learnedDefault(Spinner.self))
        #expect(!learnedDefault(Top.self))
        #expect(!learnedDefault(Kite.self))
        #expect(learnedDefault(Jar.self) || !hasAccelerators)
        #expect(learnedDefault(Marble.self) || !hasAccelerators)
    }

    @Test("threads racing on the first builds of fresh types learn only the default awake, and miss no custom awake")
    func firstBuildsRacing() throws {
        let threads = 8
        let rounds = 40
        let before = racerAwakes.load(ordering: .relaxed)
        #expect(race(FirstTag.self, threads: threads, rounds: rounds) == 0)
        #expect(race(SecondTag.self, threads: threads, rounds: rounds) == 0)
        #expect(race(ThirdTag.self, threads: threads, rounds: rounds) == 0)
        #expect(racerAwakes.load(ordering: .relaxed) - before == 3 * threads * rounds / 2)
        #expect(!learnedDefault(Racer<FirstTag>.self))
        #expect(!learnedDefault(Racer<SecondTag>.self))
        #expect(!learnedDefault(Racer<ThirdTag>.self))
        #expect(learnedDefault(Idler<FirstTag>.self) || !hasAccelerators)
        #expect(learnedDefault(Idler<SecondTag>.self) || !hasAccelerators)
        #expect(learnedDefault(Idler<ThirdTag>.self) || !hasAccelerators)
    }
}
