import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

/// Counts builds per test: each test makes its own counter.
private final class Builds: Sendable {
    let count = Atomic(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

private final class Meter: Sendable {
    let serial: Int
    init(serial: Int) { self.serial = serial }
}

private final class Dashboard: Injectable {
    var meter: Lazy<Meter>!
    static var requires: Requirements { Requirements(\Dashboard.meter) }
    init() {}
}

/// Graph-scoped: one per top-level request.
private final class Trip: Injectable {
    static let scope: Scope = .graph
    init() {}
}

private final class Navigator: Injectable {
    var trip: Trip!
    static var requires: Requirements { Requirements(\Navigator.trip) }
    init() {}
}

private final class Logger: Injectable {
    var trip: Trip!
    static var requires: Requirements { Requirements(\Logger.trip) }
    init() {}
}

/// Reaches `Trip` directly and through a lazy `Navigator`.
private final class Car: Injectable {
    var trip: Trip!
    var navigator: Lazy<Navigator>!
    static var requires: Requirements { Requirements(\Car.trip, \.navigator) }
    init() {}
}

/// Reaches `Trip` only through two lazies.
private final class Van: Injectable {
    var navigator: Lazy<Navigator>!
    var logger: Lazy<Logger>!
    static var requires: Requirements { Requirements(\Van.navigator, \.logger) }
    init() {}
}

/// Reaches `Navigator` through a lazy of its own.
private final class Cabin: Injectable {
    var navigator: Lazy<Navigator>!
    static var requires: Requirements { Requirements(\Cabin.navigator) }
    init() {}
}

/// Reaches `Trip` directly and, through two lazies, again.
private final class Bus: Injectable {
    var trip: Trip!
    var cabin: Lazy<Cabin>!
    static var requires: Requirements { Requirements(\Bus.trip, \.cabin) }
    init() {}
}

/// Holds its lazy in a `let`, received by its initializer: the class stays `Sendable`.
private final class Gauge: Injectable, Sendable {
    let meter: Lazy<Meter>
    init(meter: Lazy<Meter>) { self.meter = meter }
    static let initializer = Initializer(dependencies: Lazy<Meter>.self) { Gauge(meter: $0) }
}

private final class Spares: Injectable {
    var spare: Lazy<Meter>!
    static var requires: Requirements { Requirements().named("spare", \Spares.spare) }
    init() {}
}

/// Reaches `Trip` only at run time: a closure bound to it asks the injector.
private protocol Route: AnyObject {
    var trip: Trip { get }
}

private final class FixedRoute: Route {
    let trip: Trip
    init(trip: Trip) { self.trip = trip }
}

/// Reaches `Trip` through a provider its awake calls.
private final class Planner: Injectable {
    var trips: Provider<Trip>!
    var trip: Trip?
    static var requires: Requirements { Requirements(\Planner.trips) }
    init() {}
    func awakeFromInjection() { trip = try? trips() }
}

/// Reaches no `.graph` object at all.
private final class Odometer: Injectable {
    init() {}
}

/// Lazies of every way to reach a `.graph` object, and one that reaches none.
private final class Coach: Injectable {
    var trip: Trip!
    var navigator: Lazy<Navigator>!
    var route: Lazy<any Route>!
    var planner: Lazy<Planner>!
    var odometer: Lazy<Odometer>!
    static var requires: Requirements {
        Requirements(\Coach.trip) + Requirements(\Coach.navigator, \.route, \.planner, \.odometer)
    }
    init() {}
}

/// A module configured by a closure (the shared fixture).
private typealias Bindings = ModuleFixtures.Configure

private struct Broken: Error {}

@Suite("Lazy: a value resolved on first use, then kept")
struct LazyTests {
    private func meters(_ builds: Builds, name: String? = nil) throws -> Injector {
        try Injector(modules: [
            Bindings { binder in
                binder.bind(Meter.self, named: name) { _ in
                    builds.add()
                    return Meter(serial: builds.value)
                }
            }
        ])
    }

    @Test("nothing is built until the value is read; later reads give the same value")
    func resolvesOnceOnFirstRead() throws {
        let builds = Builds()
        let injector = try meters(builds)

        let dashboard = try injector.getObject(Dashboard.self)
        #expect(builds.value == 0)

        let first = try dashboard.meter.value
        let second = try dashboard.meter()

        #expect(builds.value == 1)
        #expect(first === second)
    }

    @Test("copies of a lazy share its value; each holder has a lazy of its own")
    func copiesShare() throws {
        let builds = Builds()
        let injector = try meters(builds)
        let dashboard = try injector.getObject(Dashboard.self)
        let other = try injector.getObject(Dashboard.self)

        let copy = dashboard.meter!

        #expect(try copy.value === (try dashboard.meter.value))
        #expect(try other.meter.value !== (try dashboard.meter.value))
        #expect(builds.value == 2)
    }

    @Test("an initializer may receive a lazy, and each built object gets its own, however often it is built")
    func initializerDependency() throws {
        let builds = Builds()
        let injector = try meters(builds)

        let gauges = try (0..<40).map { _ in try injector.getObject(Gauge.self) }
        #expect(builds.value == 0)

        let serials = try gauges.map { try $0.meter.value.serial }

        #expect(Set(serials).count == 40)
    }

    @Test("a .graph object the lazy reaches is the one its holder's request made")
    func holdersGraph() throws {
        let injector = Injector()

        let car = try injector.getObject(Car.self)
        let other = try injector.getObject(Car.self)

        #expect(try car.navigator.value.trip === car.trip)
        #expect(try other.navigator.value.trip === other.trip)
        #expect(car.trip !== other.trip)
    }

    @Test("two lazies of one holder share the .graph objects the first one made")
    func lazysShareGraph() throws {
        let injector = Injector()
        let van = try injector.getObject(Van.self)
        let otherVan = try injector.getObject(Van.self)

        let trip = try van.navigator.value.trip
        let otherTrip = try otherVan.logger.value.trip

        #expect(try van.logger.value.trip === trip)
        #expect(try otherVan.navigator.value.trip === otherTrip)
        #expect(trip !== otherTrip)
    }

    @Test("a lazy made while a lazy resolves shares its holder's graph")
    func nestedLazies() throws {
        let injector = Injector()
        let bus = try injector.getObject(Bus.self)
        _ = try injector.getObject(Bus.self)

        let trip = try bus.cabin.value.navigator.value.trip

        #expect(trip === bus.trip)
    }

    @Test("a named lazy asks for the named binding")
    func named() throws {
        let builds = Builds()
        let injector = try meters(builds, name: "spare")

        let spares = try injector.getObject(Spares.self)

        #expect(spares.spare.name == "spare")
        #expect(try spares.spare.value.serial == 1)
    }

    @Test("a failed resolution throws, and a later read tries again")
    func failureRetries() throws {
        let attempts = Builds()
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(Meter.self) { _ in
                    attempts.add()
                    if attempts.value == 1 { throw Broken() }
                    return Meter(serial: attempts.value)
                }
            }
        ])
        let dashboard = try injector.getObject(Dashboard.self)

        let error = try #require(throws: InjectionError.self) { try dashboard.meter.value }

        #expect(error.kind == .providerFailed)
        #expect(try dashboard.meter.value.serial == 2)
    }

    @Test("reading the first value after the injector is released throws")
    func injectorReleased() throws {
        var injector: Injector? = try meters(Builds())
        let dashboard = try #require(try injector?.getObject(Dashboard.self))
        injector = nil

        let error = try #require(throws: InjectionError.self) { try dashboard.meter.value }

        #expect(
            error.description == """
                injectorReleased: a Provider, Lazy or ObjectFactory asked for Meter after its injector was released.
                  Requested: Meter
                  To fix: keep the Injector alive as long as the objects that build from it.
                """)
    }

    @Test("a lazy may be requested directly")
    func requestedDirectly() throws {
        let builds = Builds()
        let injector = try meters(builds)

        let meter = try injector.getObject(Lazy<Meter>.self)

        #expect(builds.value == 0)
        #expect(try meter.value === (try meter.value))
        #expect(builds.value == 1)
    }

    @Test("validate() follows a lazy to what it builds")
    func validation() throws {
        let report = Injector().validate(roots: [Dashboard.self])

        #expect(report.problems.map(\.summary) == ["nothing is bound to Meter, and it cannot be built automatically."])
    }

    @Test("threads reading one lazy's first value at once all get the one value kept")
    func concurrentFirstRead() async throws {
        let builds = Builds()
        let injector = try meters(builds)
        let gauge = try await injector.getObject(Gauge.self)

        let serials = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<16 { group.addTask { try gauge.meter.value.serial } }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }

        #expect(serials.count == 1)
        #expect(try serials.first == gauge.meter.value.serial)
    }

    @Test("on every build, warm ones included, a lazy reaches its holder's .graph object however it gets there")
    func warmHoldersGraph() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind((any Route).self) { injector in FixedRoute(trip: try injector.getObject(Trip.self)) }
            }
        ])
        let coaches = try (0..<8).map { _ in try injector.getObject(Coach.self) }
        for coach in coaches {
            #expect(try coach.navigator.value.trip === coach.trip)
            #expect(try coach.route.value.trip === coach.trip)
            #expect(try coach.planner.value.trip === coach.trip)
            #expect(try coach.odometer.value === coach.odometer.value)
        }
        #expect(Set(try coaches.map { ObjectIdentifier(try $0.odometer.value) }).count == coaches.count)
        #expect(Set(coaches.map { ObjectIdentifier($0.trip) }).count == coaches.count)
    }

}
