import Instill
import Testing

// A `Provider`, `Lazy` or `ObjectFactory` property is filled the same way on every
// build of its holder: the first (which links the graph) and every later one (which
// the injector may build another way). Each test builds its holder several times and
// checks each.

// MARK: - Fixtures

private final class Wheel: Injectable {
    init() {}
}

private final class Spare: Injectable {
    let size: Int
    init(size: Int) { self.size = size }
}

/// A holder of one of each: a provider, a named provider, a lazy, a factory.
private final class Workshop: Injectable {
    var wheels: Provider<Wheel>!
    var spares: Provider<Spare>!
    var manual: Lazy<Manual>!
    var factory: ObjectFactory!
    static var requires: Requirements {
        Requirements(\Workshop.wheels, \.manual, \.factory).named("small", \Workshop.spares)
    }
    init() {}
}

private final class Manual: Injectable {
    nonisolated(unsafe) static var made = 0
    init() { Self.made += 1 }
}

private struct Bindings: Module {
    func configure(_ binder: Binder) {
        binder.bind(Spare.self, named: "small") { _ in Spare(size: 14) }
    }
}

/// Shared within one request: what the lazies of one holder both reach.
private final class Trip: Injectable {
    static let scope: Scope = .graph
    init() {}
}

private final class Driver: Injectable {
    var trip: Trip!
    static var requires: Requirements { Requirements(\Driver.trip) }
    init() {}
}

private final class Navigator: Injectable {
    var trip: Trip!
    static var requires: Requirements { Requirements(\Navigator.trip) }
    init() {}
}

/// Two lazies whose values share the `.graph` trip of the request that built it.
private final class Crew: Injectable {
    var driver: Lazy<Driver>!
    var navigator: Lazy<Navigator>!
    static var requires: Requirements { Requirements(\Crew.driver, \.navigator) }
    init() {}
}

@MainActor
private final class Gauge: MainActorInjectable {
    init() {}
}

@MainActor
private final class Dashboard: MainActorInjectable {
    var gauges: Provider<Gauge>!
    var first: Gauge?
    static var requires: Requirements { Requirements(\Dashboard.gauges) }
    init() {}
    func awakeFromInjection() { first = try? gauges() }
}

/// The design contract's car: an engine built from its initializer's default, a named
/// headlight from a closure binding, a provider of wheels.
private final class Motor: Injectable {
    let name: String
    init(name: String) { self.name = name }
    static let initializer = Initializer(defaults: "V8") { args in Motor(name: try args.argument(0, as: String.self)) }
}

private final class Lamp {
    let side: String
    init(side: String) { self.side = side }
}

/// A factory that answers with another class on its second call.
private final class Flaky: Injectable {
    nonisolated(unsafe) static var calls = 0
    init() {}
    static let initializer = Initializer(factory: {
        calls += 1
        return calls == 2 ? Lamp(side: "wrong") : Flaky()
    })
}

private final class Coupe: Injectable {
    var motor: Motor!
    var left: Lamp!
    var wheels: Provider<Wheel>!
    var flaky: Flaky?
    var awoken = 0
    static var requires: Requirements { Requirements(\Coupe.motor, \.wheels).named("left", \Coupe.left) }
    init() {}
    func awakeFromInjection() { awoken += 1 }
}

private final class FlakyHolder: Injectable {
    var flaky: Flaky!
    static var requires: Requirements { Requirements(\FlakyHolder.flaky) }
    init() {}
}

private struct CoupeModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Lamp.self, named: "left") { _ in Lamp(side: "left") }
    }
}

/// A screen of every kind of step: a singleton, a `.graph` session its header shares
/// (in one `fills` of several classes), a closure-bound protocol, a named closure
/// binding, a provider called in the awake, a lazy.
private protocol Loader: AnyObject, Sendable {}
private final class DiskLoader: Loader {}

private final class Tracker: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
}

private final class Visit: Injectable {
    static let scope: Scope = .graph
    init() {}
}

private final class Banner: Injectable {
    var visit: Visit!
    static var requires: Requirements { fills(Visit.self) { $0.visit = $1 } }
    init() {}
}

private final class Page: Injectable {
    var tracker: Tracker!
    var visit: Visit!
    var banner: Banner!
    var loader: (any Loader)!
    var title: Lamp!
    var rows: Provider<Wheel>!
    var manual: Lazy<Manual>!
    var made: [Wheel] = []
    static var requires: Requirements {
        fills(Tracker.self, Visit.self, Banner.self) {
            $0.tracker = $1
            $0.visit = $2
            $0.banner = $3
        } + fills((any Loader).self) { $0.loader = $1 } + fills(Lamp.self, named: "title") { $0.title = $1 }
            + fills(Provider<Wheel>.self) { $0.rows = $1 } + fills(Lazy<Manual>.self) { $0.manual = $1 }
    }
    init() {}
    func awakeFromInjection() { made = (0..<3).compactMap { _ in try? rows() } }
}

private struct PageModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any Loader).self) { _ in DiskLoader() }
        binder.bind(Lamp.self, named: "title") { _ in Lamp(side: "title") }
    }
}

// MARK: - Specification

/// A handle of each kind in a property of each optional form a class can declare, by
/// key path and by closure.
private final class Toolbox: Injectable {
    var optional: Provider<Wheel>?
    var unwrapped: Provider<Wheel>!
    var nested: Provider<Wheel>??
    var lazy: Lazy<Wheel>?
    var nestedLazy: Lazy<Wheel>??
    var factory: ObjectFactory?
    var nestedFactory: ObjectFactory??
    var filled: Provider<Wheel>?
    var filledLazy: Lazy<Wheel>!
    var filledFactory: ObjectFactory?
    static var requires: Requirements {
        Requirements(\Toolbox.optional, \.unwrapped, \.nested, \.lazy, \.nestedLazy, \.factory, \.nestedFactory)
            + fills(Provider<Wheel>.self) { $0.filled = $1 }
            + fills(Lazy<Wheel>.self) { $0.filledLazy = $1 }
            + fills(ObjectFactory.self) { $0.filledFactory = $1 }
    }
    init() {}
}

// Handles and closure-bound protocols with the main actor, async requests, typed
// arguments, a child's override and every scope.

private protocol Signal: AnyObject {
    var source: String { get }
}

private final class Beacon: Signal {
    let source: String
    init(source: String) { self.source = source }
}

private class Dial: Injectable {
    var label: String { "parent" }
    required init() {}
}

private final class ChildDial: Dial {
    override var label: String { "child" }
}

/// A request's own: its holders share it.
private final class Flight: Injectable {
    static let scope: Scope = .graph
    init() {}
}

@MainActor
private final class Cockpit: MainActorInjectable {
    var dials: Provider<Dial>!
    var spare: Lazy<Dial>?
    var signal: (any Signal)!
    var flight: Flight!
    static var requires: Requirements { Requirements(\Cockpit.dials, \.spare, \.signal, \.flight) }
    init() {}
}

/// Built with a typed argument, through the resolver on every request.
private final class Ticket: Injectable, TakesArgument {
    typealias Argument = Int
    let seat: Int
    var dials: Provider<Dial>!
    var signal: (any Signal)!
    static var requires: Requirements {
        fills(Provider<Dial>.self) { $0.dials = $1 } + fills((any Signal).self) { $0.signal = $1 }
    }
    init(seat: Int) { self.seat = seat }
    static let initializer = Initializer(argument: Int.self) { seat in Ticket(seat: seat) }
}

/// A singleton's handles, made once with it.
private final class Tower: Injectable {
    static let scope: Scope = .singleton
    var dials: Provider<Dial>!
    var later: Lazy<Flight>!
    var signal: (any Signal)!
    static var requires: Requirements { Requirements(\Tower.dials, \.later, \.signal) }
    init() {}
}

/// A `.normal` holder whose flight is the request's, and whose signal is bound per request.
private final class Crewman: Injectable {
    var flight: Flight!
    var signal: (any Signal)!
    var spare: Lazy<Flight>!
    static var requires: Requirements {
        fills(Flight.self) { $0.flight = $1 } + fills((any Signal).self) { $0.signal = $1 }
            + fills(Lazy<Flight>.self) { $0.spare = $1 }
    }
    init() {}
}

/// What a cockpit's provider, lazy and closure-bound signal answer, on the main actor.
@MainActor
private func readings(of cockpit: Cockpit) -> [String?] {
    [(try? cockpit.dials())?.label, (try? cockpit.spare?())?.label, cockpit.signal.source]
}

private struct SignalModule: Module {
    let source: String
    func configure(_ binder: Binder) {
        binder.bind((any Signal).self) { _ in Beacon(source: source) }
    }
}

/// The signal made by an async step: only `await getObject` builds what needs it.
private struct AsyncSignalModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any Signal).self) { _ async in Beacon(source: "parent") }
    }
}

private struct ChildDialModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Dial.self) { _ in ChildDial() }
        binder.bind((any Signal).self) { _ in Beacon(source: "child") }
    }
}

@Suite("Provider, Lazy and ObjectFactory properties: the same on every build of their holder")
struct HandleRequirementTests {
    @Test("a handle in a property of any optional form, declared by key path or by closure, works on every build")
    func everyOptionalForm() throws {
        let injector = Injector()
        for build in 0..<4 {
            let box = try injector.getObject(Toolbox.self)
            let providers = [box.optional, box.unwrapped, box.nested ?? nil, box.filled]
            #expect(providers.allSatisfy { $0 != nil }, "build \(build)")
            for provider in providers {
                #expect(try provider.map { try $0() !== $0() } == true, "build \(build)")
            }
            let lazies = [box.lazy, box.nestedLazy ?? nil, box.filledLazy]
            for lazy in lazies {
                #expect(try lazy.map { try $0() === $0() } == true, "build \(build)")
            }
            let factories = [box.factory, box.nestedFactory ?? nil, box.filledFactory]
            for factory in factories {
                #expect(try factory?.getObject(Wheel.self) != nil, "build \(build)")
            }
        }
        #expect(try injector.buildsWarm(Toolbox.self))
    }

    @Test(
        "handles and an async closure-bound protocol of a main-actor holder, awaited on the main actor, in a parent and a child that overrides them"
    )
    @MainActor
    func handlesComposeWithMainActorAndAsync() async throws {
        let parent = try Injector(modules: [AsyncSignalModule()])
        let child = try parent.childInjector(modules: [ChildDialModule()])
        for build in 0..<3 {
            let cockpit = try await parent.getObject(Cockpit.self)
            #expect(readings(of: cockpit) == ["parent", "parent", "parent"], "build \(build)")
            let childCockpit = try await child.getObject(Cockpit.self)
            #expect(readings(of: childCockpit) == ["child", "child", "child"], "build \(build)")
        }
    }

    @Test("handles and closure-bound protocols with typed arguments, a child's override and every scope")
    func handlesComposeWithArgumentsOverridesAndScopes() throws {
        let parent = try Injector(modules: [SignalModule(source: "parent")])
        let child = try parent.childInjector(modules: [ChildDialModule()])
        for build in 0..<3 {
            // A typed argument: the resolver fills the holder's handle and closure binding.
            let ticket = try parent.getObject(Ticket.self, argument: 12 + build)
            #expect(try ticket.seat == 12 + build && ticket.dials().label == "parent")
            #expect(ticket.signal.source == "parent")
            let childTicket = try child.getObject(Ticket.self, argument: 1)
            #expect(try childTicket.dials().label == "child" && childTicket.signal.source == "child")
            // A singleton's handles, made once with it; a lazy of a `.graph` object.
            let tower = try parent.getObject(Tower.self)
            #expect(try tower === parent.getObject(Tower.self))
            #expect(try tower.dials().label == "parent" && tower.later() === tower.later())
            // `.normal` holders: each build its own flight, shared with its lazy.
            let crewman = try parent.getObject(Crewman.self)
            #expect(try crewman.spare() === crewman.flight && crewman.signal.source == "parent")
            #expect(try parent.getObject(Crewman.self).flight !== crewman.flight)
            let childCrewman = try child.getObject(Crewman.self)
            #expect(childCrewman.signal.source == "child")
        }
        #expect(try parent.buildsWarm(Crewman.self))
    }

    @Test("each build's provider makes a new object per call, and a named provider uses its binding")
    func providers() throws {
        let injector = try Injector(modules: [Bindings()])
        for _ in 0..<4 {
            let workshop = try injector.getObject(Workshop.self)
            #expect(try workshop.wheels() !== workshop.wheels())
            #expect(try workshop.spares().size == 14)
            #expect(try workshop.factory.getObject(Wheel.self) !== workshop.wheels())
        }
    }

    @Test("each build has a lazy of its own: reading one holder's resolves nothing for another")
    func lazyPerHolder() throws {
        let injector = try Injector(modules: [Bindings()])
        let workshops = try (0..<4).map { _ in try injector.getObject(Workshop.self) }
        let before = Manual.made
        let manual = try workshops[3].manual.value
        #expect(Manual.made == before + 1)
        #expect(try workshops[3].manual.value === manual)
        #expect(try workshops[2].manual.value !== manual)
        #expect(Manual.made == before + 2)
    }

    @Test("the lazies of one build share its request's .graph objects, and no other request's")
    func lazyGraphPerRequest() throws {
        let injector = Injector()
        var trips: [Trip] = []
        for _ in 0..<4 {
            let crew = try injector.getObject(Crew.self)
            let trip = try crew.driver.value.trip!
            #expect(try crew.navigator.value.trip === trip)
            trips.append(trip)
        }
        #expect(Set(trips.map(ObjectIdentifier.init)).count == 4)
    }

    @Test("a provider a build wrote holds its injector weakly: called after the injector is released, it throws")
    func providerOutlivesInjector() throws {
        var injector: Injector? = try Injector(modules: [Bindings()])
        weak let released = injector
        let workshops = try (0..<3).map { _ in try injector!.getObject(Workshop.self) }
        injector = nil
        #expect(released == nil)
        for workshop in workshops {
            let error = #expect(throws: InjectionError.self) { try workshop.wheels() }
            #expect(error?.kind == .injectorReleased)
        }
    }

    @Test("a main-actor holder's provider of a main-actor type, called in its awake, on every build")
    @MainActor
    func mainActorProvider() throws {
        let injector = Injector()
        for _ in 0..<4 {
            let dashboard = try injector.getObject(Dashboard.self)
            #expect(dashboard.first != nil)
            #expect(try dashboard.gauges() !== dashboard.first)
        }
    }

    @Test("the design contract's car: its default-argument engine, closure-bound headlight and provider on every build")
    func contractCar() throws {
        let injector = try Injector(modules: [CoupeModule()])
        var lamps: [Lamp] = []
        for _ in 0..<4 {
            let coupe = try injector.getObject(Coupe.self)
            #expect(coupe.motor.name == "V8")
            #expect(coupe.left.side == "left")
            #expect(try coupe.wheels() !== coupe.wheels())
            #expect(coupe.awoken == 1)
            lamps.append(coupe.left)
        }
        #expect(Set(lamps.map(ObjectIdentifier.init)).count == 4)
    }

    @Test("a factory initializer's object is checked on every build: another class throws, first or warm")
    func factoryCheckedOnEveryBuild() throws {
        let injector = Injector()
        Flaky.calls = 0
        _ = try injector.getObject(FlakyHolder.self)
        let error = #expect(throws: InjectionError.self) { try injector.getObject(FlakyHolder.self) }
        #expect(error?.kind == .initializerFailed)
        #expect(error?.summary == "the initializer of Flaky built a Lamp, which is not a Flaky.")
        #expect(error?.chain == ["FlakyHolder.flaky"])
        #expect(try injector.getObject(FlakyHolder.self).flaky != nil)
    }

    @Test("a screen of every kind of step, built on eight threads at once: each build has its own session")
    func screenOnThreads() throws {
        let injector = try Injector(modules: [PageModule()])
        let first = try injector.getObject(Page.self)
        let pages = Mutex<[Page]>([first])
        onThreads(8) { _ in
            for _ in 0..<50 {
                guard let page = try? injector.getObject(Page.self) else { continue }
                pages.withLock { $0.append(page) }
            }
        }
        let built = pages.withLock { $0 }
        #expect(built.count == 401)
        #expect(Set(built.map { ObjectIdentifier($0.visit) }).count == 401)
        for page in built {
            #expect(page.tracker === first.tracker)
            #expect(page.banner.visit === page.visit)
            #expect(page.loader is DiskLoader && page.title.side == "title")
            #expect(page.made.count == 3 && page.manual != nil)
        }
    }
}
