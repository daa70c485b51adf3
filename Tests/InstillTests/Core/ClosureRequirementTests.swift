import Testing

@testable import Instill

// MARK: - Fixtures

private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

private protocol GearBox: AnyObject {
    var gears: Int { get }
}

private final class FiveSpeed: GearBox, Injectable {
    let gears = 5
    init() {}
}

private final class SixSpeed: GearBox, Injectable {
    let gears = 6
    init() {}
}

private final class Engine: Injectable {
    init() {}
}

private final class Wheel: Injectable {
    init() {}
}

private final class Headlight: Injectable {
    var side = "plain"
    init() {}
}

private final class Clock: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

/// Every kind of value a requirement may hold, declared with closures.
private final class Roadster: Injectable {
    var engine: Engine!
    var gearBox: (any GearBox)!
    var leftLight: Headlight!
    var wheels: Provider<Wheel>!
    var spare: Lazy<Wheel>!
    var factory: ObjectFactory!
    var clock: Clock?
    var awakeCount = 0
    var filledAtAwake = false
    static var requires: Requirements {
        fills(Engine.self) { $0.engine = $1 }
            + fills((any GearBox).self) { $0.gearBox = $1 }
            + fills(Headlight.self, named: "left") { $0.leftLight = $1 }
            + fills(Provider<Wheel>.self) { $0.wheels = $1 }
            + fills(Lazy<Wheel>.self) { $0.spare = $1 }
            + fills(ObjectFactory.self) { $0.factory = $1 }
            + fills(Clock?.self) { $0.clock = $1 }
    }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        filledAtAwake = engine != nil && gearBox != nil && leftLight != nil && clock != nil
    }
}

private let roadsterModule = Bindings { binder in
    binder.bind((any GearBox).self, to: FiveSpeed.self)
    binder.bind(Headlight.self, named: "left") { _ in
        let light = Headlight()
        light.side = "left"
        return light
    }
}

/// A class and a protocol, the declaration `validate()` and errors are checked against.
private final class Coupe: Injectable {
    var engine: Engine!
    var gearBox: (any GearBox)!
    static let gearBoxLine = #line + 3
    static var requires: Requirements {
        fills(Engine.self) { $0.engine = $1 }
            + fills((any GearBox).self) { $0.gearBox = $1 }
    }
    init() {}
}

private final class Showroom: Injectable {
    var coupe: Coupe!
    static var requires: Requirements { fills(Coupe.self) { $0.coupe = $1 } }
    init() {}
}

/// An optional of a class whose binding may give `nil`.
private final class Dashboard: Injectable {
    var clock: Clock? = nil
    var assigned = 0
    static var requires: Requirements {
        fills(Clock?.self) {
            $0.clock = $1
            $0.assigned += 1
        }
    }
    init() {}
}

/// A class that is not optional, from a binding that may give `nil`.
private final class Alarm: Injectable {
    var clock: Clock!
    static let requiresLine = #line + 1
    static var requires: Requirements { fills(Clock.self) { $0.clock = $1 } }
    init() {}
}

/// An unlisted `nil` property, in an object reached only through a closure requirement.
private final class Cabin: Injectable {
    var radio: Wheel?
    init() {}
}

private final class Camper: Injectable {
    var cabin: Cabin!
    static var requires: Requirements { fills(Cabin.self) { $0.cabin = $1 } }
    init() {}
}

/// Singletons that require each other.
private final class Pilot: Injectable {
    static let scope: Scope = .singleton
    var navigator: Navigator!
    var cycleFilledAtAwake: Bool?
    static var requires: Requirements { fills(Navigator.self) { $0.navigator = $1 } }
    init() {}
    func awakeFromInjection() { cycleFilledAtAwake = navigator != nil && navigator.pilot === self }
}

private final class Navigator: Injectable {
    static let scope: Scope = .singleton
    var pilot: Pilot!
    static var requires: Requirements { fills(Pilot.self) { $0.pilot = $1 } }
    init() {}
}

/// `.normal` types that require each other: a cycle.
private final class Ping: Injectable {
    var pong: Pong!
    static var requires: Requirements { fills(Pong.self) { $0.pong = $1 } }
    init() {}
}

private final class Pong: Injectable {
    var ping: Ping!
    static let requiresLine = #line + 1
    static var requires: Requirements { fills(Ping.self) { $0.ping = $1 } }
    init() {}
}

/// Built by its parent's initializer; points back through a closure requirement.
private final class Child: Injectable {
    weak var parent: Parent?
    var parentSeenAtAwake = false
    static var requires: Requirements { fills(Parent?.self) { $0.parent = $1 } }
    init() {}
    func awakeFromInjection() { parentSeenAtAwake = parent != nil }
}

private final class Parent: Injectable {
    static let scope: Scope = .graph
    let child: Child
    init(child: Child) { self.child = child }
    static let initializer = Initializer(dependencies: Child.self) { Parent(child: $0) }
}

/// One `.graph` ledger per request, shared by the office and its clerk.
private final class Ledger: Injectable {
    static let scope: Scope = .graph
    init() {}
}

private final class Clerk: Injectable {
    var ledger: Ledger!
    static var requires: Requirements { fills(Ledger.self) { $0.ledger = $1 } }
    init() {}
}

private final class Office: Injectable {
    var ledger: Ledger!
    var clerk: Clerk!
    static var requires: Requirements {
        fills(Ledger.self) { $0.ledger = $1 } + fills(Clerk.self) { $0.clerk = $1 }
    }
    init() {}
}

/// Closure requirements after a key-path one, in a hierarchy.
private class Sedan: Injectable {
    var engine: Engine!
    var lamp: Headlight!
    var lampsAssigned: [String] = []
    class var requires: Requirements {
        Requirements(\Sedan.engine)
            + fills(Headlight.self) {
                $0.lamp = $1
                $0.lampsAssigned.append($1.side)
            }
    }
    required init() {}
}

private final class Rally: Sedan {
    var wheel: Wheel!
    override class var requires: Requirements {
        super.requires
            + fills(Headlight.self, named: "fog") {
                $0.lamp = $1
                $0.lampsAssigned.append($1.side)
            } + fills(Wheel.self) { $0.wheel = $1 }
    }
}

/// Only the classes of the closures below name these.
private final class Rim: Injectable {
    init() {}
}

private final class Hub: Injectable {
    init() {}
}

private final class Spoke: Injectable {
    var rim: Rim!
    var hub: Hub?
    static var requires: Requirements { fills(Rim.self) { $0.rim = $1 } + fills(Hub?.self) { $0.hub = $1 } }
    init() {}
}

/// Only the closures of the main-actor classes below name these.
private final class Gauge: Injectable {
    init() {}
}

@MainActor
private final class Dial: MainActorInjectable {
    init() {}
}

@MainActor
private final class Needle: MainActorInjectable {
    init() {}
}

@MainActor
private final class Cockpit: MainActorInjectable {
    var gauge: Gauge?
    var dial: Dial?
    var needle: Needle!
    static var requires: Requirements {
        fills(Gauge?.self) { $0.gauge = $1 } + fills(Dial?.self) { $0.dial = $1 }
            + fills(Needle.self) { $0.needle = $1 }
    }
    init() {}
}

/// Only the closures of the nonisolated class below name these.
@MainActor
private final class Knob: MainActorInjectable {
    init() {}
}

@MainActor
private final class Lever: MainActorInjectable {
    init() {}
}

/// A nonisolated class whose closures name main-actor classes.
private final class Console: Injectable {
    var knob: Knob!
    var lever: Lever?
    static var requires: Requirements { fills(Knob.self) { $0.knob = $1 } + fills(Lever?.self) { $0.lever = $1 } }
    init() {}
}

/// A closure declared for another class.
private final class Stray: Injectable {
    static var requires: Requirements { Engine.fills(Wheel.self) { _, _ in } }
    init() {}
}

/// Plan-eligible: a class and a bound protocol, both `.normal`.
private final class Trike: Injectable {
    var wheel: Wheel!
    var gearBox: (any GearBox)!
    var awakeCount = 0
    static var requires: Requirements {
        fills(Wheel.self) { $0.wheel = $1 } + fills((any GearBox).self) { $0.gearBox = $1 }
    }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

// Composed: an async feed, overridden in a child, and a singleton clock.
private protocol Feed: AnyObject, Sendable {
    var name: String { get }
}

private final class LiveFeed: Feed {
    let name = "live"
}

private final class FakeFeed: Feed {
    let name = "fake"
}

private final class Ticker: Injectable {
    var feed: (any Feed)!
    var clock: Clock!
    var awakeCount = 0
    static var requires: Requirements {
        fills((any Feed).self) { $0.feed = $1 } + fills(Clock.self) { $0.clock = $1 }
    }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private let liveFeedModule = Bindings { binder in
    binder.bind((any Feed).self) { _ in
        await Task.yield()
        return LiveFeed()
    }
}

private let fakeFeedModule = Bindings { binder in
    binder.bind(FakeFeed(), as: (any Feed).self)
}

// Main actor.
private final class Units: Injectable, Sendable {
    init() {}
}

@MainActor
private final class WeatherModel: MainActorInjectable {
    var units: Units!
    var feed: (any Feed)!
    var text = ""
    static var requires: Requirements {
        fills(Units.self) { $0.units = $1 } + fills((any Feed).self) { $0.feed = $1 }
    }
    init() {}
    func awakeFromInjection() { text = "\(feed.name) in \(units != nil ? "units" : "nothing")" }
}

/// A nonisolated type that requires a main-actor one.
private final class Widget: Injectable {
    var model: WeatherModel?
    static var requires: Requirements { fills(WeatherModel?.self) { $0.model = $1 } }
    init() {}
}

/// A synchronous request, from code that is not on the main actor.
private func requestSynchronously<T: Injectable>(_ type: T.Type, from injector: Injector) throws -> T {
    try injector.getObject(type)
}

private let noBindingFix =
    "bind an implementation in a module: binder.bind((any GearBox).self, to: SomeType.self), or an instance: binder.bind(value, as: (any GearBox).self)."

// MARK: - Specification

@Suite("Requirements declared with closures (fills)")
struct ClosureRequirementTests {
    @Test(
        "a closure requirement fills a class, a bound protocol, a named binding, a Provider, a Lazy, an ObjectFactory and an optional"
    )
    func fillsEveryKind() throws {
        let injector = try Injector(modules: [roadsterModule])

        let roadster = try injector.getObject(Roadster.self)

        #expect(roadster.engine != nil)
        #expect(roadster.gearBox is FiveSpeed)
        #expect(roadster.leftLight.side == "left")
        #expect(try roadster.wheels() !== roadster.wheels())
        #expect(try roadster.spare.value === roadster.spare.value)
        #expect(try roadster.factory.getObject(Engine.self) !== roadster.engine)
        #expect(try roadster.clock === injector.getObject(Clock.self))
        #expect(roadster.awakeCount == 1)
        #expect(roadster.filledAtAwake, "every closure ran before the awake")
    }

    @Test("requests after the first are filled the same way, each object its own")
    func warmBuilds() throws {
        let injector = try Injector(modules: [roadsterModule])

        let roadsters = try (0..<4).map { _ in try injector.getObject(Roadster.self) }

        #expect(Set(roadsters.map { ObjectIdentifier($0.engine) }).count == 4)
        #expect(roadsters.allSatisfy { $0.gearBox is FiveSpeed && $0.leftLight.side == "left" && $0.awakeCount == 1 })
        #expect(Set(roadsters.map { ObjectIdentifier($0.clock!) }).count == 1, "one singleton clock")
    }

    @Test("an optional closure requirement is left alone when its binding gives nil, and filled when it gives a value")
    func optionalValue() throws {
        let empty = try Injector(modules: [Bindings { $0.bind(Clock.self) { _ in nil } }])
        let dashboard = try empty.getObject(Dashboard.self)
        #expect(dashboard.clock == nil)
        #expect(dashboard.assigned == 0)

        let filled = try Injector().getObject(Dashboard.self)
        #expect(filled.clock != nil)
        #expect(filled.assigned == 1)
    }

    @Test("a binding that gives nil to a closure requirement that is not optional throws nilValue, naming fills(T?)")
    func nilForRequiredValue() throws {
        let bindingLine = #line + 1
        let injector = try Injector(modules: [Bindings { $0.bind(Clock.self) { _ in nil } }])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Alarm.self) }

        #expect(
            error.description == """
                nilValue: the binding of Clock returned nil where a Clock is required.
                  Requested: Alarm
                  Chain: Alarm.fills(Clock) (declared at \(#fileID):\(Alarm.requiresLine))
                  Bound at: \(#fileID):\(bindingLine) in Bindings
                  To fix: return a value from the binding, or declare the requirement optional (fills(Clock?.self)).
                """)
    }

    @Test("a protocol a module binds to another class gets that class")
    func existentialBoundInModule() throws {
        let injector = try Injector(modules: [Bindings { $0.bind((any GearBox).self, to: SixSpeed.self) }])

        #expect(try injector.getObject(Coupe.self).gearBox.gears == 6)
    }

    @Test("a protocol nothing is bound to throws noBinding, naming the closure requirement and where it is declared")
    func missingBindingError() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Showroom.self)
        }

        #expect(error.kind == .noBinding)
        #expect(error.chain == ["Showroom.fills(Coupe)", "Coupe.fills(any GearBox)"])
        #expect(
            error.description == """
                noBinding: nothing is bound to any GearBox, and it cannot be built automatically.
                  Requested: Showroom
                  Chain: Showroom.fills(Coupe) → Coupe.fills(any GearBox) (declared at \(#fileID):\(Coupe.gearBoxLine))
                  To fix: \(noBindingFix)
                """)
    }

    @Test("validate() finds the missing binding behind a closure requirement, without building anything")
    func validateFindsMissingBinding() {
        let report = Injector().validate(roots: [Showroom.self])

        #expect(
            report.description == """
                Validation failed for 1 problem:

                1. noBinding: nothing is bound to any GearBox, and it cannot be built automatically.
                   Requested: Showroom
                   Chain: Showroom.fills(Coupe) → Coupe.fills(any GearBox) (declared at \(#fileID):\(Coupe.gearBoxLine))
                   To fix: \(noBindingFix)
                """)
    }

    @Test("graph() draws closure requirements as fills edges")
    func graphShowsFills() throws {
        let injector = try Injector(modules: [Bindings { $0.bind((any GearBox).self, to: FiveSpeed.self) }])

        #expect(
            injector.graph(roots: [Showroom.self]).textTree == """
                Showroom (normal)
                └─ fills: Coupe (normal)
                   ├─ fills: Engine (normal)
                   └─ fills: any GearBox → FiveSpeed (normal)

                """)
    }

    @Test("two singletons that require each other through closures resolve, both filled before either awakes")
    func singletonCycle() throws {
        let injector = Injector()

        let pilot = try injector.getObject(Pilot.self)

        #expect(pilot.navigator.pilot === pilot)
        #expect(try injector.getObject(Navigator.self) === pilot.navigator)
        #expect(pilot.cycleFilledAtAwake == true)
    }

    @Test("a cycle of .normal types through closures throws a cycle error showing the path")
    func normalCycle() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Ping.self)
        }

        #expect(error.kind == .cycle)
        #expect(
            error.description == """
                cycle: the requirements form a cycle with no singleton, graph or weak-scoped object: Ping.fills(Pong) → Pong.fills(Ping) → Ping.
                  Requested: Ping
                  Chain: Ping.fills(Pong) → Pong.fills(Ping) (declared at \(#fileID):\(Pong.requiresLine))
                  To fix: give one type in the cycle .singleton, .graph or .weak scope, or make one requirement a Provider so it is built later.
                """)
    }

    @Test("a child built by its .graph parent's initializer gets its parent through a closure, before it awakes")
    func backReference() throws {
        let injector = Injector()

        let parent = try injector.getObject(Parent.self)
        let child = try injector.getObject(Child.self)

        #expect(parent.child.parent === parent)
        #expect(parent.child.parentSeenAtAwake)
        #expect(child.parent?.child.parent === child.parent)
        #expect(Injector().validate(roots: [Parent.self, Child.self]).isValid)
    }

    @Test("a .graph object is shared within one request and new in the next")
    func graphScope() throws {
        let injector = Injector()

        let office = try injector.getObject(Office.self)
        let next = try injector.getObject(Office.self)

        #expect(office.ledger === office.clerk.ledger)
        #expect(next.ledger !== office.ledger)
    }

    @Test("injectDependencies(into:) calls the closures on a hand-built object, then awakes it")
    func injectIntoHandBuilt() throws {
        let injector = try Injector(modules: [roadsterModule])
        let roadster = Roadster()

        try injector.injectDependencies(into: roadster)

        #expect(roadster.gearBox is FiveSpeed && roadster.leftLight.side == "left")
        #expect(roadster.awakeCount == 1 && roadster.filledAtAwake)
    }

    @Test("audit: a nil property of a closure requirement's type may be required, and audit(graphOf:) follows closures")
    func audit() throws {
        let empty = try Injector(modules: [Bindings { $0.bind(Clock.self) { _ in nil } }])
        let dashboard = try empty.getObject(Dashboard.self)
        #expect(empty.audit(dashboard).findings.map(\.kind) == [.possiblyRequired])

        let report = try Injector().audit(graphOf: Camper.self)
        #expect(report.findings.map { "\($0.typeName).\($0.property) \($0.kind)" } == ["Cabin.radio unlisted"])
    }

    @Test("closure and key-path requirements compose with +; a subclass's closure requirements are all kept, in order")
    func subclassKeepsEveryClosure() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(Headlight.self) { _ in Headlight() }
                binder.bind(Headlight.self, named: "fog") { _ in
                    let light = Headlight()
                    light.side = "fog"
                    return light
                }
            }
        ])

        let rally = try injector.getObject(Rally.self)

        #expect(Rally.requires.count == 4)
        #expect(rally.engine != nil && rally.wheel != nil)
        #expect(rally.lampsAssigned == ["plain", "fog"], "both closures ran, the subclass's last")
        #expect(rally.lamp.side == "fog")
        #expect(try injector.getObject(Sedan.self).lampsAssigned == ["plain"])
    }

    @Test("a closure requirement of an Injectable class records its conformance where it is declared")
    func recordsConformances() throws {
        _ = Spoke.requires

        #expect(InjectableMetadata.isKnown(Rim.self))
        #expect(InjectableMetadata.isKnown(Hub.self), "the optional form records it too")
        let spoke = try Injector().getObject(Spoke.self)
        #expect(spoke.rim != nil && spoke.hub != nil)
    }

    @Test("a main-actor class's closure requirements record their classes' conformances, optional ones too")
    @MainActor
    func recordsMainActorConformances() throws {
        _ = Cockpit.requires

        #expect(InjectableMetadata.isKnown(Gauge.self), "fills(Gauge?) in a main-actor class")
        #expect(InjectableMetadata.isKnown(Dial.self), "fills(Dial?) of a main-actor class")
        #expect(InjectableMetadata.isKnown(Needle.self))
        let cockpit = try Injector().getObject(Cockpit.self)
        #expect(cockpit.gauge != nil && cockpit.dial != nil && cockpit.needle != nil)
        _ = Console.requires
        #expect(InjectableMetadata.isKnown(Knob.self), "fills(Knob) in a nonisolated class")
        #expect(InjectableMetadata.isKnown(Lever.self), "fills(Lever?) in a nonisolated class")
        let console = try Injector().getObject(Console.self)
        #expect(console.knob != nil && console.lever != nil)
        #expect(Console.requires.entries.map(\.dependency.isOptional) == [false, true])
        #expect(Cockpit.requires.entries.map(\.dependency.isOptional) == [true, true, false])
    }

    @Test("a closure declared for another class is an invalid requirement")
    func closureOfAnotherClass() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Stray.self)
        }

        #expect(error.kind == .invalidRequirement)
        #expect(
            error.description == """
                invalidRequirement: Stray.requires lists Engine.fills(Wheel), which fills an Engine, but Stray is not an Engine.
                  Requested: Stray
                  To fix: write fills(...) without a type in front in Stray.requires, so that it fills a Stray.
                """)
    }

    @Test("a main-actor type's closures run on the main actor, for a nonisolated holder too")
    @MainActor
    func mainActor() throws {
        let injector = try Injector(modules: [fakeFeedModule])

        #expect(try injector.getObject(WeatherModel.self).text == "fake in units")
        #expect(try injector.getObject(Widget.self).model?.text == "fake in units")
    }

    @Test("reaching a main-actor type's closure requirements from nonisolated code is mainActorRequired")
    func mainActorElsewhere() async throws {
        let injector = try Injector(modules: [fakeFeedModule])

        let error = #expect(throws: InjectionError.self) { try requestSynchronously(Widget.self, from: injector) }
        #expect(error?.kind == .mainActorRequired)
        #expect(error?.chain == ["Widget.fills(WeatherModel?)"])
    }

    @Test(
        "composed: an async binding overridden in a child injector, a singleton, and closure requirements, with every engine"
    )
    func composed() async throws {
        for accelerators in [Accelerators.all, .reference, .resolverOnly] {
            let parent = try Injector(parent: nil, modules: [liveFeedModule], tracer: nil, accelerators: accelerators)
            let child = try parent.childInjector(modules: [fakeFeedModule])

            let live = try await parent.getObject(Ticker.self)
            for _ in 0..<3 {
                let ticker = try await child.getObject(Ticker.self)
                #expect(ticker.feed.name == "fake", "the child's override reaches the closure")
                #expect(ticker.clock === live.clock, "the singleton stays the parent's")
                #expect(ticker.awakeCount == 1)
            }
            #expect(live.feed.name == "live")
            let error = try #require(throws: InjectionError.self) { try parent.getObject(Ticker.self) }
            #expect(error.kind == .asyncRequired)
            #expect(error.chain == ["Ticker.fills(any Feed)"])
        }
    }

    @Test("the three engines build the same objects and throw the same errors, and both plan engines compile plans")
    func enginesAgree() throws {
        func transcript(_ accelerators: Accelerators) throws -> (lines: [String], planned: Bool) {
            let modules = [Bindings { $0.bind((any GearBox).self, to: FiveSpeed.self) }, roadsterModule]
            let injector = try Injector(parent: nil, modules: modules, tracer: nil, accelerators: accelerators)
            var lines: [String] = []
            for _ in 0..<4 {
                let trike = try injector.getObject(Trike.self)
                lines.append("\(type(of: trike.wheel!)) \(type(of: trike.gearBox!)) \(trike.awakeCount)")
                let roadster = try injector.getObject(Roadster.self)
                lines.append("\(type(of: roadster.gearBox!)) \(roadster.leftLight.side) \(roadster.awakeCount)")
            }
            let bare = try Injector(parent: nil, modules: [], tracer: nil, accelerators: accelerators)
            for _ in 0..<2 {
                do {
                    _ = try bare.getObject(Showroom.self)
                } catch {
                    lines.append("\(error)")
                }
            }
            let plan = try injector.recipe(for: BindingKey(Trike.self), type: TypeReference(Trike.self)).plan
            return (lines, plan != nil)
        }

        let accelerated = try transcript(.all)
        let reference = try transcript(.reference)
        let resolver = try transcript(.resolverOnly)

        #expect(accelerated.lines == reference.lines)
        #expect(reference.lines == resolver.lines)
        #expect(accelerated.lines.last?.hasPrefix("noBinding") == true)
        #expect(accelerated.planned && reference.planned && !resolver.planned)
    }

    @Test("a plan's closure steps write what the resolver writes: a new leaf from the closure, a protocol after a cast")
    func planSteps() throws {
        let injector = try Injector(
            parent: nil, modules: [Bindings { $0.bind((any GearBox).self, to: SixSpeed.self) }], tracer: nil,
            accelerators: .standard)
        for _ in 0..<3 { _ = try injector.getObject(Trike.self) }
        let plan = try #require(
            try injector.recipe(for: BindingKey(Trike.self), type: TypeReference(Trike.self)).plan)

        let kinds = plan.steps.map { step -> String in
            let assigningNew = step.assignsNew ? "assigning new " : ""
            guard case .writer(let writer) = step.write else { return "other" }
            return assigningNew + String(describing: type(of: writer.object))
        }
        // The wheel's plan would only call `Wheel()`: the entry's closure calls it.
        let classWriter = hasAccelerators ? "assigning new ClosureObjectWriter" : "ClosureKeyPathWrite"
        #expect(kinds == [classWriter, "ClosureKeyPathWrite"])
        let trike = try injector.getObject(Trike.self)
        #expect(trike.wheel != nil && trike.gearBox.gears == 6 && trike.awakeCount == 1)
    }
}
