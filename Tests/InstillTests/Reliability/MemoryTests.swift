import Foundation
import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// Who keeps whom alive. Each test builds inside a helper function and hands back
// only weak references, so everything the test itself held is gone when it checks.

@Suite("Memory", .serialized, .timeLimit(.minutes(2)))
struct MemoryTests {
    @Test("releasing an injector frees its singletons, whatever made them, and what they hold")
    func releasingAnInjectorFreesItsSingletons() throws {
        let refs = try Self.useAndRelease { injector, refs in
            refs.add(try injector.getObject(Engine.self))
            refs.add(try injector.getObject(Engine.self).gauge)
            refs.add(try injector.getObject(Garage.self))
            refs.add(try injector.getObject((any Horn).self))
            refs.add(try injector.getObject(Clock.self))
            refs.add(try injector.getObject(Radio.self))
        }

        #expect(refs.alive == [], "still alive after the injector was released: \(refs.alive)")
    }

    @Test("a singleton holding an ObjectFactory and a Provider of its own injector does not keep the injector alive")
    func factoryAndProviderDoNotRetainTheInjector() throws {
        var engine: Engine? = nil
        let injector = try Self.released { injector in engine = try injector.getObject(Engine.self) }

        // The injector is gone although its singleton, which holds both handles, lives on.
        #expect(injector.object == nil, "the injector is kept alive by what its singleton holds")
        let survivor = try #require(engine)
        let factoryError = try #require(throws: InjectionError.self) { try survivor.factory.getObject(Wheel.self) }
        #expect(factoryError.kind == .injectorReleased)
        let providerError = try #require(throws: InjectionError.self) { try survivor.wheels() }
        #expect(providerError.kind == .injectorReleased)

        engine = nil
        let refs = try Self.useAndRelease { injector, refs in refs.add(try injector.getObject(Engine.self)) }
        #expect(refs.alive == [], "an injector and its singleton holding its factory form a cycle")
    }

    @Test("a child keeps its parent alive, and releasing the child frees both with all their singletons")
    func childKeepsParentAndBothAreFreed() throws {
        let refs = References()
        var parent: Weak<Injector>?
        var child: Injector? = try {
            let made = try Injector(modules: [CarModule()])
            parent = Weak(made)
            refs.add(made)
            refs.add(try made.getObject(Engine.self))
            return try made.childInjector(modules: [ValetModule()])
        }()
        try {
            let child = try #require(child)
            refs.add(child)
            let valet = try child.getObject(Valet.self)
            refs.add(valet)
            refs.add(try valet.tickets())
            // Only the child is held: the parent stays, and the child still reaches it.
            #expect(parent?.object != nil)
            #expect(valet.engine === (try child.getObject(Engine.self)))
            #expect(try valet.tickets().engine === valet.engine)
        }()
        #expect(parent?.object != nil, "a child must keep its parent")

        child = nil
        #expect(parent?.object == nil)
        #expect(refs.alive == [], "still alive after the child, the last holder, was released: \(refs.alive)")
    }

    @Test("a parent does not keep its children: a dropped child is freed with its singletons, the parent's stay")
    func parentDoesNotKeepItsChildren() throws {
        let parent = try Injector(modules: [CarModule()])
        let engine = try parent.getObject(Engine.self)
        let refs = try Self.useAndRelease(parent: parent) { child, refs in
            refs.add(try child.getObject(Valet.self))
            refs.add(try child.getObject(Ticket.self))
            #expect(try child.getObject(Engine.self) === engine)
        }

        #expect(refs.alive == [], "still alive after the child was dropped: \(refs.alive)")
        #expect(try parent.getObject(Engine.self) === engine)
    }

    @Test("a derived injector (withModules, withoutModules) does not keep the one it came from")
    func derivedInjectorDoesNotKeepItsSource() throws {
        let derived: Injector
        let source: Weak<Injector>
        do {
            let original = try Injector(modules: [CarModule()])
            source = Weak(original)
            _ = try original.getObject(Engine.self)
            derived = try original.withModules([ValetModule()]).withoutModules(ofType: ValetModule.self)
        }

        #expect(source.object == nil)
        #expect(try derived.getObject(Engine.self).gauge != nil)
    }

    @Test("a .weak object is freed when its last holder lets go, while the injector lives, and is rebuilt after")
    func weakScopedObjectIsFreed() throws {
        let injector = try Injector(modules: [CarModule()])
        let first = try {
            let dial = try injector.getObject(Dial.self)
            #expect(try injector.getObject(Dial.self) === dial)
            return Weak(dial)
        }()

        #expect(first.object == nil, "the injector keeps a .weak object alive")
        let again = try injector.getObject(Dial.self)
        #expect(again.isAwake)
    }

    @Test(
        ".normal and .graph objects of a request, including those built from awake and providers, are freed with the result"
    )
    func requestObjectsAreFreed() throws {
        let injector = try Injector(modules: [CarModule()])
        let refs = References()
        try {
            let trip = try injector.getObject(Trip.self)
            refs.add(trip)
            refs.add(trip.leg)
            refs.add(trip.leg.gauge)
            refs.add(trip.wheelFromAwake)
            refs.add(try trip.wheels())
        }()

        #expect(refs.alive == [], "the injector or the thread keeps objects of a finished request: \(refs.alive)")
    }

    @Test("a build that throws frees everything it had made: no half-built object is kept anywhere")
    func failedBuildFreesItsObjects() throws {
        let injector = try Injector(modules: [CarModule()])
        Breaker.isArmed.store(true, ordering: .relaxed)
        defer { Breaker.isArmed.store(false, ordering: .relaxed) }
        Safe.made.removeAll()

        #expect(throws: InjectionError.self) { try injector.getObject(Safe.self) }
        #expect(Safe.made.count == 2, "a Safe and its Hinge were made before the Breaker threw")
        #expect(Safe.made.alive == [], "a half-built object of the failed build is still alive")

        Breaker.isArmed.store(false, ordering: .relaxed)
        let safe = try injector.getObject(Safe.self)
        #expect(safe.isAwake && safe.hinge != nil && safe.breaker != nil)
        #expect(Safe.made.alive.sorted() == ["Hinge", "Safe"])
    }

    @Test("8 threads making and dropping 1,600 injector families leave no injector and no object alive")
    func concurrentInjectorsAreAllFreed() throws {
        let baseline = Tracked.alive.load(ordering: .relaxed)
        let injectors = References()

        let outcome = StressTests.Crew.run(threads: 8, stallLimit: .seconds(20), overallLimit: .seconds(90)) {
            _, progress in
            for iteration in 0..<200 {
                if progress.shouldStop { return }
                do {
                    let parent = try Injector(modules: [CarModule()])
                    let child = try parent.childInjector(modules: [ValetModule()])
                    let valet = try child.getObject(Valet.self)
                    _ = try valet.tickets()
                    _ = try parent.getObject(Trip.self)
                    _ = try child.getObject(Dial.self)
                    if iteration.isMultiple(of: 20) {
                        injectors.add(parent)
                        injectors.add(child)
                    }
                } catch {
                    injectors.failure(error)
                }
                progress.completed(iteration + 1)
            }
        }

        #expect(outcome.isComplete, "\(outcome.report)")
        #expect(injectors.failures == [])
        #expect(injectors.alive == [], "injectors still alive: \(injectors.alive.count)")
        #expect(Tracked.alive.load(ordering: .relaxed) == baseline, "fixture objects still alive")
        print("Memory: \(outcome.completedOperations) injector families made and dropped on 8 threads; none left alive")
    }
}

// MARK: - Helpers

extension MemoryTests {
    /// A weak reference to one object.
    private struct Weak<Object: AnyObject> {
        weak var object: Object?
        init(_ object: Object) { self.object = object }
    }

    /// Weak references to objects, by type name.
    private final class References: @unchecked Sendable {  // `entries` and `errors` are only touched under `lock`
        private let lock = NSLock()
        private var entries: [(name: String, reference: Weak<AnyObject>)] = []
        private var errors: [String] = []

        func add(_ object: AnyObject?) {
            guard let object else { return }
            let name = "\(type(of: object))"
            lock.withLock { entries.append((name, Weak(object))) }
        }

        func failure(_ error: any Error) { lock.withLock { errors.append("\(error)") } }

        func removeAll() { lock.withLock { entries.removeAll() } }

        var count: Int { lock.withLock { entries.count } }

        /// The type names of the objects still alive.
        var alive: [String] { lock.withLock { entries.filter { $0.reference.object != nil }.map(\.name) } }
        var failures: [String] { lock.withLock { errors } }
    }

    /// Makes an injector, lets `body` use it and note objects, and releases it.
    private static func useAndRelease(
        _ body: (Injector, References) throws -> Void
    ) throws -> References {
        let refs = References()
        let injector = try Injector(modules: [CarModule()])
        refs.add(injector)
        try body(injector, refs)
        return refs
    }

    /// Makes a child of `parent`, lets `body` use it and note objects, and drops it.
    private static func useAndRelease(
        parent: Injector, _ body: (Injector, References) throws -> Void
    ) throws -> References {
        let refs = References()
        let child = try parent.childInjector(modules: [ValetModule()])
        refs.add(child)
        try body(child, refs)
        return refs
    }

    /// An injector that `body` used and that is released now.
    private static func released(_ body: (Injector) throws -> Void) throws -> Weak<Injector> {
        let injector = try Injector(modules: [CarModule()])
        try body(injector)
        return Weak(injector)
    }
}

// MARK: - Fixtures

extension MemoryTests {
    /// Counts its live instances, across all fixture types.
    private class Tracked {
        static let alive = Atomic<Int>(0)
        init() { Tracked.alive.add(1, ordering: .relaxed) }
        deinit { Tracked.alive.subtract(1, ordering: .relaxed) }
    }

    private final class Wheel: Tracked, Injectable {}

    private final class Gauge: Tracked, Injectable {}

    /// A singleton that holds a factory and a provider of its own injector.
    private final class Engine: Tracked, Injectable {
        static let scope: Scope = .singleton
        var factory: ObjectFactory!
        var wheels: Provider<Wheel>!
        var gauge: Gauge!
        static var requires: Requirements { Requirements(\Engine.factory, \.wheels, \.gauge) }
    }

    /// Made by a singleton closure.
    private final class Garage: Tracked {
        let engine: Engine
        init(engine: Engine) { self.engine = engine }
    }

    private protocol Horn: AnyObject {}

    /// Bound to `any Horn` with a singleton scope of the binding's own.
    private final class Klaxon: Tracked, Horn, Injectable {
        var factory: ObjectFactory!
        static var requires: Requirements { Requirements(\Klaxon.factory) }
    }

    /// An eager singleton.
    private final class Clock: Tracked, Injectable {
        static let scope: Scope = .singleton
    }

    /// An instance binding.
    private final class Radio: Tracked {}

    private final class Dial: Tracked, Injectable {
        static let scope: Scope = .weak
        private(set) var isAwake = false
        func awakeFromInjection() { isAwake = true }
    }

    private final class Leg: Tracked, Injectable {
        static let scope: Scope = .graph
        var gauge: Gauge!
        static var requires: Requirements { Requirements(\Leg.gauge) }
    }

    /// A request with a graph-scoped part, a provider, and a build from its awake.
    private final class Trip: Tracked, Injectable {
        var leg: Leg!
        var wheels: Provider<Wheel>!
        var factory: ObjectFactory!
        private(set) var wheelFromAwake: Wheel?
        static var requires: Requirements { Requirements(\Trip.leg, \.wheels, \.factory) }
        func awakeFromInjection() {
            wheelFromAwake = try? factory.getObject(Wheel.self)
            _ = try? factory.getObject(Leg.self)
        }
    }

    /// A child's singleton (by setScope) that holds the parent's Engine and a
    /// provider of the child.
    private final class Valet: Tracked, Injectable {
        var engine: Engine!
        var tickets: Provider<Ticket>!
        static var requires: Requirements { Requirements(\Valet.engine, \.tickets) }
    }

    /// Made by a child's closure, which asks the child for the parent's Engine.
    private final class Ticket: Tracked {
        let engine: Engine
        init(engine: Engine) { self.engine = engine }
    }

    /// Throws from its initializer while armed.
    private final class Breaker: Tracked, Injectable {
        static let isArmed = Atomic<Bool>(false)
        struct Tripped: Error {}
        static let initializer = Initializer { _ in
            if Breaker.isArmed.load(ordering: .relaxed) { throw Tripped() }
            return Breaker()
        }
    }

    private final class Hinge: Tracked, Injectable {
        override init() {
            super.init()
            Safe.made.add(self)
        }
    }

    /// A singleton that records every instance made of it and of its Hinge; its
    /// Breaker is filled last.
    private final class Safe: Tracked, Injectable {
        static let scope: Scope = .singleton
        static let made = References()
        var hinge: Hinge!
        var breaker: Breaker!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Safe.hinge, \.breaker) }
        override init() {
            super.init()
            Safe.made.add(self)
        }
        func awakeFromInjection() { isAwake = true }
    }

    private struct CarModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(Garage.self, scope: .singleton) { injector in
                Garage(engine: try injector.getObject(Engine.self))
            }
            binder.bind((any Horn).self, to: Klaxon.self, scope: .singleton)
            binder.eagerSingleton(Clock.self)
            binder.bind(Radio())
        }
    }

    private struct ValetModule: Module {
        func configure(_ binder: Binder) {
            binder.setScope(.singleton, for: Valet.self)
            binder.bind(Ticket.self) { injector in Ticket(engine: try injector.getObject(Engine.self)) }
        }
    }
}
