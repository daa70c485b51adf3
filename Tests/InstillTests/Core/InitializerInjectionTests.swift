import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// MARK: - Fixtures: support

/// A module made of a closure, so each test states its bindings where it uses them.
private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

/// What the fixtures did, in order; bound as an instance so that each test has its own.
private final class Recorder: Sendable {
    private let lines = Mutex<[String]>([])
    /// When set, a `Lock`'s initializer throws.
    let jammed = Atomic<Bool>(false)

    var all: [String] { lines.withLock { $0 } }
    func record(_ line: String) { lines.withLock { $0.append(line) } }
    func count(of line: String) -> Int { lines.withLock { $0.count { $0 == line } } }
}

// MARK: - Fixtures: a Sendable service

private protocol Database: AnyObject, Sendable {
    var url: String { get }
}

private final class MemoryDatabase: Database {
    let url = "memory:"
}

private final class Logger: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
}

/// Two `let` dependencies: a protocol bound in a module, and a class built automatically.
private final class Repository: Injectable, Sendable {
    let db: any Database
    let log: Logger
    init(db: any Database, log: Logger) {
        self.db = db
        self.log = log
    }
    static let initializer = Initializer(dependencies: (any Database).self, Logger.self) { db, log in
        Repository(db: db, log: log)
    }
}

// MARK: - Fixtures: every kind of dependency

private final class AuditLog: Sendable {
    let channel: String
    init(channel: String) { self.channel = channel }
}

private protocol Tracer: Sendable {}
private struct ConsoleTracer: Tracer {}

private final class Wheel: Injectable, Sendable {
    init() {}
}

private final class Dashboard: Injectable, Sendable {
    let audit: AuditLog
    let tracer: (any Tracer)?
    let wheels: Provider<Wheel>
    let factory: ObjectFactory
    init(audit: AuditLog, tracer: (any Tracer)?, wheels: Provider<Wheel>, factory: ObjectFactory) {
        self.audit = audit
        self.tracer = tracer
        self.wheels = wheels
        self.factory = factory
    }
    static let initializer = Initializer(
        dependencies: .named("audit", AuditLog.self), .of((any Tracer)?.self), .of(Provider<Wheel>.self),
        .of(ObjectFactory.self)
    ) { audit, tracer, wheels, factory in
        Dashboard(audit: audit, tracer: tracer, wheels: wheels, factory: factory)
    }
}

/// A named provider.
private final class Spares: Injectable, Sendable {
    let spare: Provider<AuditLog>
    init(spare: Provider<AuditLog>) { self.spare = spare }
    static let initializer = Initializer(dependencies: .named("audit", Provider<AuditLog>.self)) { Spares(spare: $0) }
}

// MARK: - Fixtures: arguments

private final class Oil: Injectable, Sendable {
    init() {}
}

private final class Engine: Injectable, Sendable {
    let model: String
    let oil: Oil
    init(model: String, oil: Oil) {
        self.model = model
        self.oil = oil
    }
    static let initializer = Initializer(dependencies: Oil.self, defaults: "V8") { arguments, oil in
        Engine(model: try arguments.argument(0, as: String.self), oil: oil)
    }
}

// MARK: - Fixtures: both forms

private final class Gauge: Injectable, Sendable {
    init(recorder: Recorder) { recorder.record("Gauge built") }
    static let initializer = Initializer(dependencies: Recorder.self) { Gauge(recorder: $0) }
}

private final class Toolbox: Injectable, Sendable {
    init(recorder: Recorder) { recorder.record("Toolbox built") }
    static let initializer = Initializer(dependencies: Recorder.self) { Toolbox(recorder: $0) }
}

/// Initializer dependencies, then a property requirement, then the awake.
private final class Mechanic: Injectable {
    let recorder: Recorder
    let gauge: Gauge
    var toolbox: Toolbox!
    init(recorder: Recorder, gauge: Gauge) {
        self.recorder = recorder
        self.gauge = gauge
        recorder.record("Mechanic init")
    }
    static let initializer = Initializer(dependencies: Recorder.self, Gauge.self) { Mechanic(recorder: $0, gauge: $1) }
    static var requires: Requirements { Requirements(\Mechanic.toolbox) }
    func awakeFromInjection() { recorder.record("Mechanic awake, toolbox \(toolbox == nil ? "missing" : "filled")") }
}

// MARK: - Fixtures: scopes

private final class Registry: Injectable, Sendable {
    static let scope: Scope = .singleton
    let log: Logger
    init(log: Logger) { self.log = log }
    static let initializer = Initializer(dependencies: Logger.self) { Registry(log: $0) }
}

private final class Session: Injectable, Sendable {
    static let scope: Scope = .graph
    let registry: Registry
    init(registry: Registry) { self.registry = registry }
    static let initializer = Initializer(dependencies: Registry.self) { Session(registry: $0) }
}

private final class Screen: Injectable, Sendable {
    let header: Session
    let body: Session
    let registry: Registry
    init(header: Session, body: Session, registry: Registry) {
        self.header = header
        self.body = body
        self.registry = registry
    }
    static let initializer = Initializer(dependencies: Session.self, Session.self, Registry.self) {
        Screen(header: $0, body: $1, registry: $2)
    }
}

// MARK: - Fixtures: an actor

private actor Ledger: Injectable {
    let db: any Database
    let log: Logger
    private var entries: [String] = []
    init(db: any Database, log: Logger) {
        self.db = db
        self.log = log
    }
    static let initializer = Initializer(dependencies: (any Database).self, Logger.self) { Ledger(db: $0, log: $1) }

    func record(_ entry: String) -> Int {
        entries.append(entry)
        return entries.count
    }
}

private final class Accountant: Injectable, Sendable {
    let ledger: Ledger
    init(ledger: Ledger) { self.ledger = ledger }
    static let initializer = Initializer(dependencies: Ledger.self) { Accountant(ledger: $0) }
}

// MARK: - Fixtures: hierarchies and generics

private class Vehicle: Injectable, @unchecked Sendable {  // immutable: `let` properties only
    let engine: Engine
    init(engine: Engine) { self.engine = engine }
    class var initializer: Initializer { Initializer(dependencies: Engine.self) { Vehicle(engine: $0) } }
}

private final class Trailer: Injectable, Sendable {
    init() {}
}

private final class Truck: Vehicle, @unchecked Sendable {  // immutable: `let` properties only
    let trailer: Trailer
    init(engine: Engine, trailer: Trailer) {
        self.trailer = trailer
        super.init(engine: engine)
    }
    override class var initializer: Initializer {
        Initializer(dependencies: Engine.self, Trailer.self) { Truck(engine: $0, trailer: $1) }
    }
}

private final class Cache<Value: Injectable & Sendable>: Injectable, Sendable {
    let value: Value
    init(value: Value) { self.value = value }
    static var initializer: Initializer { Initializer(dependencies: Value.self) { Cache(value: $0) } }
}

// MARK: - Fixtures: cycles

private final class Chicken: Injectable, Sendable {
    let egg: Egg
    init(egg: Egg) { self.egg = egg }
    static let initializer = Initializer(dependencies: Egg.self) { Chicken(egg: $0) }
}

private final class Egg: Injectable, Sendable {
    let chicken: Chicken
    init(chicken: Chicken) { self.chicken = chicken }
    static let initializerLine = #line + 1
    static let initializer = Initializer(dependencies: Chicken.self) { Egg(chicken: $0) }
}

/// A singleton whose property requires a type that takes it in its initializer.
private final class Owner: Injectable {
    static let scope: Scope = .singleton
    var pet: Pet!
    private(set) var petFilledAtAwake: Bool?
    static var requires: Requirements { Requirements(\Owner.pet) }
    init() {}
    func awakeFromInjection() { petFilledAtAwake = pet?.owner === self }
}

private final class Pet: Injectable {
    let owner: Owner
    init(owner: Owner) { self.owner = owner }
    static let initializer = Initializer(dependencies: Owner.self) { Pet(owner: $0) }
}

// MARK: - Fixtures: initializers that throw

private struct Jammed: Error, CustomStringConvertible {
    var description: String { "the lock is jammed" }
}

private final class Lock: Injectable, Sendable {
    init(recorder: Recorder) throws {
        recorder.record("Lock init")
        if recorder.jammed.load(ordering: .relaxed) { throw Jammed() }
    }
    static let initializer = Initializer(dependencies: Recorder.self) { try Lock(recorder: $0) }
}

/// A singleton whose second dependency throws the first time.
private final class Vault: Injectable, Sendable {
    static let scope: Scope = .singleton
    let registry: Registry
    let lock: Lock
    init(recorder: Recorder, registry: Registry, lock: Lock) {
        self.registry = registry
        self.lock = lock
        recorder.record("Vault init")
    }
    static let initializerLine = #line + 1
    static let initializer = Initializer(dependencies: Recorder.self, Registry.self, Lock.self) {
        Vault(recorder: $0, registry: $1, lock: $2)
    }
}

private final class Bank: Injectable, Sendable {
    let vault: Vault
    init(vault: Vault) { self.vault = vault }
    static let initializerLine = #line + 1
    static let initializer = Initializer(dependencies: Vault.self) { Bank(vault: $0) }
}

// MARK: - Fixtures: closure bindings that declare dependencies

private struct TimeZone: Sendable {
    let identifier: String
}

private protocol Clock: Sendable {
    var zone: TimeZone { get }
}

private struct SystemClock: Clock {
    let zone: TimeZone
}

private final class Report: Sendable {
    let audit: AuditLog
    let clock: any Clock
    let title: String
    init(audit: AuditLog, clock: any Clock, title: String = "daily") {
        self.audit = audit
        self.clock = clock
        self.title = title
    }
}

private struct ClockModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(TimeZone(identifier: "Europe/Paris"))
        binder.bind(AuditLog.self, named: "audit") { _ in AuditLog(channel: "audit") }
        binder.bind((any Clock).self, scope: .singleton, dependencies: TimeZone.self) { SystemClock(zone: $0) }
        binder.bind(Report.self, dependencies: .named("audit", AuditLog.self), .of((any Clock).self)) {
            Report(audit: $0, clock: $1)
        }
        binder.bind(Report.self, named: "titled", dependencies: (any Clock).self) { arguments, clock in
            Report(audit: AuditLog(channel: "none"), clock: clock, title: try arguments.argument(0, as: String.self))
        }
    }
}

// MARK: - Specification

@Suite("Initializer injection")
struct InitializerInjectionTests {
    @Test("a Sendable class gets its two let dependencies: one bound to a protocol, one built automatically")
    func sendableServiceWithLetDependencies() throws {
        let database = MemoryDatabase()
        let injector = try Injector(modules: [Bindings { $0.bind(database, as: (any Database).self) }])

        let repository = try injector.getObject(Repository.self)

        #expect(repository.db === database)
        #expect(repository.log === (try injector.getObject(Logger.self)))
        #expect(try injector.getObject(Repository.self) !== repository)
    }

    @Test("named, optional, Provider and ObjectFactory dependencies")
    func everyKindOfDependency() throws {
        let unbound = try Injector(modules: [
            Bindings { $0.bind(AuditLog.self, named: "audit") { _ in AuditLog(channel: "audit") } }
        ])
        let bound = try unbound.childInjector(modules: [
            Bindings { $0.bind(ConsoleTracer(), as: (any Tracer).self) }
        ])

        let plain = try unbound.getObject(Dashboard.self)
        let traced = try bound.getObject(Dashboard.self)

        #expect(plain.audit.channel == "audit")
        #expect(plain.tracer == nil)
        #expect(traced.tracer is ConsoleTracer)
        #expect(try plain.wheels() !== (try plain.wheels()))
        #expect(try plain.factory.getObject(Dashboard.self).audit.channel == "audit")
        let spares = try unbound.getObject(Spares.self)
        #expect(spares.spare.name == "audit")
        #expect(try spares.spare().channel == "audit")
    }

    @Test("an optional dependency is the bound value when one is bound")
    func optionalDependencyBound() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(AuditLog.self, named: "audit") { _ in AuditLog(channel: "audit") }
                binder.bind((any Tracer).self) { _ in ConsoleTracer() }
            }
        ])

        #expect(try injector.getObject(Dashboard.self).tracer is ConsoleTracer)
    }

    @Test("dependencies combine with call-time arguments, and with the declared defaults when none are passed")
    func dependenciesAndArguments() throws {
        let injector = Injector()

        let v8 = try injector.getObject(Engine.self)
        let v12 = try injector.getObject(Engine.self, arguments: "V12")

        #expect(v8.model == "V8")
        #expect(v12.model == "V12")
        #expect(v8.oil !== v12.oil)
        let mismatch = try #require(throws: InjectionError.self) { try injector.getObject(Engine.self, arguments: 12) }
        #expect(mismatch.kind == .argumentMismatch)
    }

    @Test("initializer dependencies come first, then the initializer, then requires properties, then the awake")
    func orderOfAssembly() throws {
        let recorder = Recorder()
        let injector = try Injector(modules: [Bindings { $0.bind(recorder) }])

        let mechanic = try injector.getObject(Mechanic.self)

        #expect(mechanic.toolbox != nil)
        #expect(
            recorder.all == [
                "Gauge built", "Mechanic init", "Toolbox built", "Mechanic awake, toolbox filled",
            ])
    }

    @Test("a singleton built by initializer injection is shared; a graph-scoped one is shared within a request")
    func scopes() throws {
        let injector = Injector()

        let first = try injector.getObject(Screen.self)
        let second = try injector.getObject(Screen.self)

        #expect(first.registry === second.registry)
        #expect(first.registry === (try injector.getObject(Registry.self)))
        #expect(first.header === first.body)
        #expect(first.header !== second.header)
        #expect(first.header.registry === first.registry)
    }

    @Test("an actor with let dependencies is built and injected into a class")
    func actorWithDependencies() async throws {
        let database = MemoryDatabase()
        let injector = try Injector(modules: [Bindings { $0.bind(database, as: (any Database).self) }])

        let accountant = try await injector.getObject(Accountant.self)

        #expect(accountant.ledger.db === database)
        #expect(accountant.ledger.log === (try await injector.getObject(Logger.self)))
        #expect(await accountant.ledger.record("opening balance") == 1)
        #expect(try await injector.getObject(Ledger.self) !== accountant.ledger)
    }

    @Test("a subclass declares its own initializer dependencies")
    func subclassInitializer() throws {
        let injector = Injector()

        let vehicle = try injector.getObject(Vehicle.self)
        let truck = try injector.getObject(Truck.self)

        #expect(type(of: vehicle) == Vehicle.self)
        #expect(vehicle.engine.model == "V8")
        #expect(truck.engine.model == "V8")
        #expect(truck.trailer !== (try injector.getObject(Truck.self)).trailer)
    }

    @Test("a generic class gets a dependency of its type parameter")
    func genericClass() throws {
        let injector = Injector()

        let oils = try injector.getObject(Cache<Oil>.self)
        let logs = try injector.getObject(Cache<Logger>.self)

        #expect(type(of: oils.value) == Oil.self)
        #expect(logs.value === (try injector.getObject(Logger.self)))
    }

    @Test("closure and provider bindings receive the dependencies they declare, typed")
    func bindingsDeclareDependencies() throws {
        let injector = try Injector(modules: [ClockModule()])

        let clock = try injector.getObject((any Clock).self)
        let report = try injector.getObject(Report.self)
        let titled = try injector.getObject(Report.self, named: "titled", arguments: "weekly")

        #expect(clock.zone.identifier == "Europe/Paris")
        #expect(report.audit.channel == "audit")
        #expect(report.clock.zone.identifier == "Europe/Paris")
        #expect(titled.title == "weekly")
        #expect(injector.validate().isValid)
    }

    @Test("an eager singleton built by initializer injection is built with the injector")
    func eagerSingleton() throws {
        let recorder = Recorder()
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(recorder)
                binder.eagerSingleton(Vault.self)
            }
        ])

        #expect(recorder.all == ["Lock init", "Vault init"])
        #expect(try injector.getObject(Bank.self).vault === (try injector.getObject(Vault.self)))
        #expect(recorder.count(of: "Vault init") == 1)
    }

    @Test("a cycle made only of initializer dependencies throws, with its path and the fix")
    func pureInitializerCycle() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Chicken.self) }

        #expect(error.kind == .cycle)
        #expect(error.chain == ["Chicken.init(Egg)", "Egg.init(Chicken)"])
        #expect(
            error.description == """
                cycle: Chicken is needed again by its own initializer's dependencies, before it exists: Chicken.init(Egg) → Egg.init(Chicken) → Chicken.
                  Requested: Chicken
                  Chain: Chicken.init(Egg) → Egg.init(Chicken) (declared at \(#fileID):\(Egg.initializerLine))
                  To fix: no scope breaks a cycle through a declared dependency (Chicken does not exist until the initializer of Chicken returns): declare Provider<Egg> instead of Egg in the initializer of Chicken and call it later, or make Egg a property listed in `requires` of a singleton (filled after it is built).
                """)
    }

    @Test("a closure binding whose declared dependency leads back to it throws a cycle naming the binding")
    func bindingCycle() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(AuditLog.self, named: "a", dependencies: .named("b", AuditLog.self)) { $0 }
                binder.bind(AuditLog.self, named: "b", dependencies: .named("a", AuditLog.self)) { $0 }
            }
        ])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(AuditLog.self, named: "a") }

        #expect(error.kind == .cycle)
        #expect(
            error.summary
                == #"AuditLog is needed again by the dependencies its binding declares, before the binding has run: AuditLog binding(AuditLog named "b") → AuditLog binding(AuditLog named "a") → AuditLog."#
        )
        #expect(injector.validate().problems.map(\.kind) == [.cycle])
    }

    @Test("a cycle with a property edge into a singleton resolves, from either end")
    func mixedCycleThroughSingleton() throws {
        let injector = Injector()

        let owner = try injector.getObject(Owner.self)
        let pet = try injector.getObject(Pet.self)

        #expect(owner.pet.owner === owner)
        #expect(owner.petFilledAtAwake == true)
        #expect(pet.owner === owner)
    }

    @Test("an initializer dependency that throws leaves nothing half-built, and the error has the chain")
    func throwingDependency() throws {
        let recorder = Recorder()
        let injector = try Injector(modules: [Bindings { $0.bind(recorder) }])
        recorder.jammed.store(true, ordering: .relaxed)

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Bank.self) }

        #expect(error.kind == .initializerFailed)
        #expect(error.underlyingError is Jammed)
        #expect(
            error.description == """
                initializerFailed: the initializer of Lock threw: the lock is jammed
                  Requested: Bank
                  Chain: Bank.init(Vault) → Vault.init(Lock) (declared at \(#fileID):\(Vault.initializerLine))
                  To fix: make the initializer of Lock succeed; nothing it started was cached.
                """)
        #expect(recorder.all == ["Lock init"])
        let registry = try injector.getObject(Registry.self)

        recorder.jammed.store(false, ordering: .relaxed)
        let bank = try injector.getObject(Bank.self)

        #expect(recorder.all == ["Lock init", "Lock init", "Vault init"])
        #expect(bank.vault === (try injector.getObject(Vault.self)))
        #expect(bank.vault.registry === registry)
        #expect(recorder.count(of: "Vault init") == 1)
    }

    @Test("an initializer that throws after its dependencies are resolved is not in its own chain")
    func throwingInitializerChain() throws {
        let recorder = Recorder()
        let injector = try Injector(modules: [Bindings { $0.bind(recorder) }])
        recorder.jammed.store(true, ordering: .relaxed)

        let direct = try #require(throws: InjectionError.self) { try injector.getObject(Lock.self) }

        #expect(direct.kind == .initializerFailed)
        #expect(direct.chain == [])
    }

    @Test("arguments given to an initializer that reads none are refused before its dependencies are resolved")
    func unreadArgumentsReleaseNothing() throws {
        let injector = Injector()
        let before = Counted.alive.load(ordering: .relaxed)

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Sealed.self, arguments: 1) }

        #expect(error.kind == .argumentMismatch)
        #expect(Counted.alive.load(ordering: .relaxed) == before)
    }
}

/// Counts its live instances.
private final class Counted: Injectable, Sendable {
    static let alive = Atomic<Int>(0)
    init() { Counted.alive.add(1, ordering: .relaxed) }
    deinit { Counted.alive.subtract(1, ordering: .relaxed) }
}

/// Takes two counted dependencies and no arguments.
private final class Sealed: Injectable, Sendable {
    init() {}
    static let initializer = Initializer(dependencies: Counted.self, Counted.self) { _, _ in Sealed() }
}
