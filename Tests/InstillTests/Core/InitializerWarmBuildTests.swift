import Foundation
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

@testable import Instill

// Types built by initializer injection compile into plans too: a warm build resolves
// each dependency from a plan, a published singleton or a fixed value, then runs the
// initializer, the writes and the awakes. These tests pin down that it is
// indistinguishable from a cold build. The fixtures keep no global state: each
// injector is bound its own journal (the suite runs under ThreadSanitizer).

// MARK: - Fixtures

/// What the fixtures did, and which of them must fail; one per injector.
private final class Journal: @unchecked Sendable {  // every stored property is guarded by `lock`
    private let lock = NSLock()
    private var lines: [String] = []
    private var failing: Set<String> = []
    private var recording = true

    init(recording: Bool = true) { self.recording = recording }

    var all: [String] { lock.withLock { lines } }
    func reset() { lock.withLock { lines = [] } }
    func record(_ line: String) { lock.withLock { if recording { lines.append(line) } } }
    func fail(_ type: String, _ fails: Bool = true) {
        lock.withLock {
            if fails { failing.insert(type) } else { failing.remove(type) }
        }
    }
    func check(_ type: String) throws {
        let fails = lock.withLock { failing.contains(type) }
        if fails { throw Seized(part: type) }
    }
}

private struct Seized: Error, CustomStringConvertible {
    let part: String
    var description: String { "\(part) seized" }
}

private protocol Gearbox: AnyObject {}
private protocol Radio {}

private final class AuditLog: Sendable {}

private final class Oil: Injectable {
    init() {}
}

private final class Piston: Injectable {
    let journal: Journal
    init(journal: Journal) throws {
        self.journal = journal
        journal.record("Piston init")
        try journal.check("Piston")
    }
    static let initializer = Initializer(dependencies: Journal.self) { try Piston(journal: $0) }
    func awakeFromInjection() { journal.record("Piston awake") }
}

/// Initializer dependencies and a property requirement.
private final class Engine: Injectable {
    let journal: Journal
    let piston: Piston
    var oil: Oil!
    init(journal: Journal, piston: Piston) {
        self.journal = journal
        self.piston = piston
        journal.record("Engine init")
    }
    static let initializerLine = #line + 1
    static let initializer = Initializer(dependencies: Journal.self, Piston.self) { Engine(journal: $0, piston: $1) }
    static var requires: Requirements { Requirements(\Engine.oil) }
    func awakeFromInjection() { journal.record("Engine awake, oil \(oil == nil ? "missing" : "filled")") }
}

private final class SixSpeed: Gearbox, Injectable {
    init(journal: Journal) { journal.record("SixSpeed init") }
    static let initializer = Initializer(dependencies: Journal.self) { SixSpeed(journal: $0) }
}

private final class Odometer: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
}

private final class Wheel: Injectable {
    init() {}
}

/// One dependency of every kind a plan handles.
private final class Car: Injectable {
    let journal: Journal
    let engine: Engine
    let gearbox: any Gearbox
    let odometer: Odometer
    let audit: AuditLog
    let radio: (any Radio)?
    let wheels: Provider<Wheel>
    let factory: ObjectFactory
    private(set) var wasAssembledAtAwake = false
    init(
        journal: Journal, engine: Engine, gearbox: any Gearbox, odometer: Odometer, audit: AuditLog,
        radio: (any Radio)?, wheels: Provider<Wheel>, factory: ObjectFactory
    ) {
        self.journal = journal
        self.engine = engine
        self.gearbox = gearbox
        self.odometer = odometer
        self.audit = audit
        self.radio = radio
        self.wheels = wheels
        self.factory = factory
        journal.record("Car init")
    }
    static let initializer = Initializer(
        dependencies: .of(Journal.self), .of(Engine.self), .of((any Gearbox).self), .of(Odometer.self),
        .named("audit", AuditLog.self), .of((any Radio)?.self), .of(Provider<Wheel>.self), .of(ObjectFactory.self)
    ) { Car(journal: $0, engine: $1, gearbox: $2, odometer: $3, audit: $4, radio: $5, wheels: $6, factory: $7) }
    func awakeFromInjection() {
        wasAssembledAtAwake = engine.oil != nil && gearbox is SixSpeed
        journal.record("Car awake")
    }
}

private struct CarModule: Module {
    let journal: Journal
    let audit: AuditLog
    func configure(_ binder: Binder) {
        binder.bind(journal)
        binder.bind(audit, named: "audit")
        binder.bind((any Gearbox).self, to: SixSpeed.self)
    }
}

private func makeInjector(_ journal: Journal = Journal(), audit: AuditLog = AuditLog()) throws -> Injector {
    try Injector(modules: [CarModule(journal: journal, audit: audit)])
}

private func error(_ body: () throws -> Void) -> InjectionError? {
    do {
        try body()
        return nil
    } catch {
        return error as? InjectionError
    }
}

// MARK: - Fixtures: values of every size and alignment

/// Five words, to be laid out out of line in an existential.
private struct Coordinates: Equatable {
    let a: Int
    let b: Int
    let c: Int
    let d: Int
    let e: Int
}

private protocol Label {
    var text: String { get }
}

private struct Tag: Label {
    let text: String
    let padding = (1, 2, 3)
}

private final class Spark: Injectable {
    init() {}
}

/// One dependency of each layout: a byte, a double, a string, a large struct, an
/// opaque existential holding a large value, a closure, an optional class-bound
/// existential, a class built each time, a `Provider`, and an `ObjectFactory`.
private final class Workbench: Injectable {
    let flag: UInt8
    let ratio: Double
    let name: String
    let coordinates: Coordinates
    let label: any Label
    let counter: @Sendable () -> Int
    let gearbox: (any Gearbox)?
    let spark: Spark
    let sparks: Provider<Spark>
    let factory: ObjectFactory
    init(
        flag: UInt8, ratio: Double, name: String, coordinates: Coordinates, label: any Label,
        counter: @escaping @Sendable () -> Int, gearbox: (any Gearbox)?, spark: Spark, sparks: Provider<Spark>,
        factory: ObjectFactory
    ) {
        self.flag = flag
        self.ratio = ratio
        self.name = name
        self.coordinates = coordinates
        self.label = label
        self.counter = counter
        self.gearbox = gearbox
        self.spark = spark
        self.sparks = sparks
        self.factory = factory
    }
    static let initializer = Initializer(
        dependencies: UInt8.self, Double.self, String.self, Coordinates.self, (any Label).self,
        (@Sendable () -> Int).self, (any Gearbox)?.self, Spark.self, Provider<Spark>.self, ObjectFactory.self
    ) {
        Workbench(
            flag: $0, ratio: $1, name: $2, coordinates: $3, label: $4, counter: $5, gearbox: $6, spark: $7,
            sparks: $8, factory: $9)
    }
}

/// A dependency after a class built fresh that has nothing bound: the built object
/// must be released when the build fails.
private final class Halfway: Injectable {
    init(spark: Spark, label: any Label) {}
    static let initializer = Initializer(dependencies: Spark.self, (any Label).self) { Halfway(spark: $0, label: $1) }
}

private final class SparkWatcher: @unchecked Sendable {  // every stored property is guarded by `lock`
    private let lock = NSLock()
    private var sparks: [Weak] = []
    struct Weak { weak var spark: Spark? }
    func watch(_ spark: Spark) { lock.withLock { sparks.append(Weak(spark: spark)) } }
    var alive: Int { lock.withLock { sparks.count { $0.spark != nil } } }
}

private struct WorkbenchModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(UInt8(7))
        binder.bind(2.5)
        binder.bind("bench")
        binder.bind(Coordinates(a: 1, b: 2, c: 3, d: 4, e: 5))
        binder.bind(Tag(text: "fragile"), as: (any Label).self)
        binder.bind({ 42 } as @Sendable () -> Int)
        binder.bind((any Gearbox).self, to: SixSpeed.self)
        binder.bind(Journal(recording: false))
    }
}

// MARK: - Fixtures: a build failing after a dependency was built

/// Records its creation and its release in its journal.
private final class Glow: Injectable {
    let journal: Journal
    init(journal: Journal) {
        self.journal = journal
        journal.record("Glow init")
    }
    deinit { journal.record("Glow freed") }
    static let initializer = Initializer(dependencies: Journal.self) { Glow(journal: $0) }
}

/// A glow built first, then a piston that may fail.
private final class Lamp: Injectable {
    init(glow: Glow, piston: Piston) {}
    static let initializer = Initializer(dependencies: Glow.self, Piston.self) { Lamp(glow: $0, piston: $1) }
}

// MARK: - Fixtures: one declared type, two classes

private final class FiveSpeed: Gearbox, Injectable {
    init() {}
}

private final class FourSpeed: Gearbox, Injectable {
    init() {}
}

private final class Shifter: Injectable {
    let gearbox: any Gearbox
    init(gearbox: any Gearbox) { self.gearbox = gearbox }
    static let initializer = Initializer(dependencies: (any Gearbox).self) { Shifter(gearbox: $0) }
}

private struct GearboxModule<Implementation: Gearbox & Injectable>: Module {
    func configure(_ binder: Binder) {
        binder.bind((any Gearbox).self, to: Implementation.self)
    }
}

// MARK: - Specification

@Suite("Warm builds by initializer injection")
struct InitializerWarmBuildTests {
    @Test("after the first build a type with initializer dependencies is built from a plan, with the same objects")
    func warmBuildsAssembleTheSameGraph() throws {
        let audit = AuditLog()
        let injector = try makeInjector(audit: audit)
        let cold = try injector.getObject(Car.self)
        #expect(try injector.buildsWarm(Car.self))
        #expect(try injector.buildsWarm(Engine.self))

        for warm in [try injector.getObject(Car.self), try injector.getObject(Car.self)] {
            #expect(warm !== cold)
            #expect(warm.engine !== cold.engine && warm.engine.piston !== cold.engine.piston)
            #expect(warm.engine.oil != nil && warm.engine.oil !== cold.engine.oil)
            #expect(warm.gearbox is SixSpeed && warm.gearbox !== cold.gearbox)
            #expect(warm.odometer === cold.odometer)
            #expect(warm.audit === audit)
            #expect(warm.radio == nil)
            #expect(try warm.wheels() !== (try warm.wheels()))
            #expect(try warm.factory.getObject(Odometer.self) === cold.odometer)
            #expect(warm.wasAssembledAtAwake)
        }
    }

    @Test("a warm build runs initializers, writes and awakes in the order of a cold one")
    func warmBuildsKeepTheOrder() throws {
        let journal = Journal()
        let injector = try makeInjector(journal)
        _ = try injector.getObject(Car.self)
        let cold = journal.all
        journal.reset()

        _ = try injector.getObject(Car.self)

        #expect(try injector.buildsWarm(Car.self))
        #expect(journal.all == cold)
        #expect(
            cold == [
                "Piston init", "Piston awake", "Engine init", "Engine awake, oil filled", "SixSpeed init", "Car init",
                "Car awake",
            ])
    }

    @Test("a dependency failing deep in a warm build throws what a cold build throws")
    func warmFailuresMatchColdOnes() throws {
        let warmJournal = Journal()
        let warmInjector = try makeInjector(warmJournal)
        _ = try warmInjector.getObject(Car.self)
        #expect(try warmInjector.buildsWarm(Car.self))
        let coldJournal = Journal()
        warmJournal.fail("Piston")
        coldJournal.fail("Piston")

        let warm = try #require(error { _ = try warmInjector.getObject(Car.self) })
        let cold = try #require(error { _ = try makeInjector(coldJournal).getObject(Car.self) })

        #expect(warm.description == cold.description)
        #expect(warm.kind == .initializerFailed)
        #expect(warm.chain == ["Car.init(Engine)", "Engine.init(Piston)"])
        #expect(warm.requirementLocation == "\(#fileID):\(Engine.initializerLine)")
        warmJournal.fail("Piston", false)
        #expect(try warmInjector.getObject(Car.self).wasAssembledAtAwake)
    }

    @Test("objects from warm builds are freed with their holder")
    func warmBuildsLeakNothing() throws {
        let injector = try makeInjector(Journal(recording: false))
        _ = try injector.getObject(Car.self)
        weak var car: Car?
        weak var engine: Engine?
        weak var gearbox: (any Gearbox)?
        do {
            let warm = try injector.getObject(Car.self)
            car = warm
            engine = warm.engine
            gearbox = warm.gearbox
        }
        #expect(car == nil)
        #expect(engine == nil)
        #expect(gearbox == nil)
    }

    @Test("dependencies of every size and alignment reach the initializer intact, cold and warm")
    func everyLayout() throws {
        let injector = try Injector(modules: [WorkbenchModule()])

        for _ in 0..<3 {
            let bench = try injector.getObject(Workbench.self)
            #expect(bench.flag == 7)
            #expect(bench.ratio == 2.5)
            #expect(bench.name == "bench")
            #expect(bench.coordinates == Coordinates(a: 1, b: 2, c: 3, d: 4, e: 5))
            #expect(bench.label.text == "fragile")
            #expect(bench.counter() == 42)
            #expect(bench.gearbox is SixSpeed)
            #expect(try bench.sparks() !== bench.spark)
            #expect(try bench.factory.getObject(UInt8.self) == 7)
        }
        #expect(try injector.buildsWarm(Workbench.self))
    }

    @Test("injectors binding a declared protocol to different classes both build warm")
    func twoClassesForOneDeclaredType() throws {
        let five = try Injector(modules: [GearboxModule<FiveSpeed>()])
        let four = try Injector(modules: [GearboxModule<FourSpeed>()])

        for _ in 0..<3 {
            #expect(try five.getObject(Shifter.self).gearbox is FiveSpeed)
            #expect(try four.getObject(Shifter.self).gearbox is FourSpeed)
        }

        #expect(try five.buildsWarm(Shifter.self))
        #expect(try four.buildsWarm(Shifter.self))
    }

    @Test("a build that fails after some dependencies were resolved releases them")
    func failedBuildReleasesDependencies() throws {
        let watcher = SparkWatcher()
        let injector = try Injector(modules: [BareSpark(watcher: watcher)])

        for _ in 0..<3 {
            let failure = try #require(error { _ = try injector.getObject(Halfway.self) })
            #expect(failure.chain == ["Halfway.init(any Label)"])
        }

        #expect(watcher.alive == 0)
    }

    @Test("a warm build failing after a dependency was built releases that dependency")
    func failedWarmBuildReleasesDependencies() throws {
        let journal = Journal()
        let injector = try makeInjector(journal)
        _ = try injector.getObject(Lamp.self)
        _ = try injector.getObject(Lamp.self)
        #expect(try injector.buildsWarm(Lamp.self))
        journal.fail("Piston")

        for _ in 0..<3 {
            let failure = try #require(error { _ = try injector.getObject(Lamp.self) })
            #expect(failure.kind == .initializerFailed)
            #expect(failure.chain == ["Lamp.init(Piston)"])
        }

        let lines = journal.all
        #expect(lines.count { $0 == "Glow init" } == 5)
        #expect(lines.count { $0 == "Glow freed" } == 5)
    }

    @Test("4 threads building while the plan is compiled all get assembled objects, sharing the singleton")
    func concurrentWarmBuilds() throws {
        let injector = try makeInjector(Journal(recording: false))
        let odometer = try injector.getObject(Odometer.self)
        let incomplete = Atomic<Int>(0)
        let builds = Atomic<Int>(0)

        onThreads(4) { _ in
            for _ in 0..<2_000 {
                guard let car = try? injector.getObject(Car.self) else {
                    incomplete.add(1, ordering: .relaxed)
                    continue
                }
                if !car.wasAssembledAtAwake || car.odometer !== odometer { incomplete.add(1, ordering: .relaxed) }
                builds.add(1, ordering: .relaxed)
            }
        }

        #expect(builds.load(ordering: .relaxed) == 8_000)
        #expect(incomplete.load(ordering: .relaxed) == 0)
        #expect(try injector.buildsWarm(Car.self))
    }
}

/// Binds sparks only: a `Halfway` gets its spark, then fails on its label.
private struct BareSpark: Module {
    let watcher: SparkWatcher
    func configure(_ binder: Binder) {
        binder.bind(Spark.self) { [watcher] _ in
            let spark = Spark()
            watcher.watch(spark)
            return spark
        }
    }
}
