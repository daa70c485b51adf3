import Testing

@testable import Instill

// A warm build copies an initializer dependency whose value is fixed when the plan is
// compiled (a published singleton, a bound instance) into each build. When the value
// holds one object laid out as an `ObjectTemplate` shows, the copy retains the object
// and writes the template's words instead of the declared type's generic copy (see
// `FixedDependency`). These tests check, for every shape of declared type, that each
// warm build receives exactly the bound object (by identity, and through its
// existential's witness tables), that each build retains it once and releasing the
// build releases it once, and that everything dies with the injector and no sooner.

// MARK: - Helpers

private let builds = 6

private struct Weak {
    weak var object: AnyObject?
    init(_ object: AnyObject?) { self.object = object }
}

private func retainCount(_ object: AnyObject) -> Int { Int(_getRetainCount(object)) }

/// A consumer that reports the object its initializer dependency holds, and whether
/// calls through the dependency give the bound value's answers.
private protocol Receiver: Injectable {
    var receivedObject: AnyObject? { get }
    var works: Bool { get }
}

private typealias Configure = ModuleFixtures.Configure

/// What outlives an exercise: weak references only.
private struct Leftovers {
    var injector: Weak
    var bound: Weak
    var consumers: [Weak]
}

/// Builds `C` once cold and `builds` times warm from an injector made of
/// `module`, checking every build against `expected(injector)`, and that each
/// build holds the expected object once; hands back weak references only.
private func exercise<C: Receiver>(
    _ type: C.Type, _ module: any Module, expected: (Injector) throws -> AnyObject?
) throws -> Leftovers {
    let injector = try Injector(modules: [module])
    var consumers = [try injector.getObject(C.self)]
    var expectedObject = try expected(injector)
    for _ in 0..<builds { consumers.append(try injector.getObject(C.self)) }
    #expect(try injector.buildsWarm(C.self), "no plan was compiled for \(C.self)")
    for consumer in consumers {
        #expect(consumer.receivedObject === expectedObject)
        #expect(consumer.works)
    }
    let weakConsumers = consumers.map { Weak($0) }
    if let object = expectedObject {
        // Each build holds the object once: releasing the builds releases that many.
        let held = retainCount(object)
        consumers = []
        #expect(weakConsumers.allSatisfy { $0.object == nil })
        let released = retainCount(object)
        #expect(held - released == builds + 1, "builds of \(C.self) retained the object \(held - released) times")
        // More warm builds, kept and then dropped, leave the count where it was.
        var more: [C] = []
        for _ in 0..<builds { more.append(try injector.getObject(C.self)) }
        #expect(more.allSatisfy { $0.receivedObject === object && $0.works })
        #expect(retainCount(object) - released == builds)
        more = []
        #expect(retainCount(object) == released)
    } else {
        consumers = []
    }
    // Only the injector holds the object now (checked by the caller).
    let bound = Weak(expectedObject)
    expectedObject = nil
    return Leftovers(injector: Weak(injector), bound: bound, consumers: weakConsumers)
}

/// Runs `exercise`, checks the bound object lived as long as the injector, and that
/// everything is released with it.
private func checkExercise<C: Receiver>(
    _ type: C.Type, expectsObject: Bool = true, _ module: any Module, expected: (Injector) throws -> AnyObject?
) throws {
    let leftovers = try exerciseKeepingInjector(type, module, expected: expected, expectsObject: expectsObject)
    #expect(leftovers.injector.object == nil, "the injector outlived its last reference")
    #expect(leftovers.bound.object == nil, "the bound object of \(C.self) outlived its injector")
    #expect(leftovers.consumers.allSatisfy { $0.object == nil })
}

/// `exercise`, then a check, while the injector is still alive, that it alone keeps
/// the bound object alive.
private func exerciseKeepingInjector<C: Receiver>(
    _ type: C.Type, _ module: any Module, expected: (Injector) throws -> AnyObject?, expectsObject: Bool
) throws -> Leftovers {
    var kept: Injector?
    let leftovers = try exercise(type, module) { made in
        kept = made
        return try expected(made)
    }
    withExtendedLifetime(kept) {
        #expect(leftovers.injector.object != nil)
        #expect(
            (leftovers.bound.object != nil) == expectsObject,
            "the bound object of \(C.self) died before its injector, or was expected to be nil")
    }
    return leftovers
}

// MARK: - Fixtures: what is bound

private protocol Engine: AnyObject {
    func start() -> String
}

private protocol Named: AnyObject {
    var name: String { get }
}

/// Not class-constrained: its existential has an inline buffer.
private protocol Label {
    var text: String { get }
}

/// A class-constrained protocol with a static requirement, for metatype bindings.
private protocol Brand: AnyObject {
    static var brand: String { get }
}

private final class V8: Engine, Named, Brand, Injectable, Sendable {
    static let scope: Scope = .singleton
    static let brand = "V8 brand"
    let name = "V8"
    init() {}
    func start() -> String { "vroom" }
}

private final class V12: Engine, Named, Injectable, Sendable {
    static let scope: Scope = .singleton
    let name = "V12"
    init() {}
    func start() -> String { "roar" }
}

private final class Diesel: Engine, Named, Sendable {
    let name = "Diesel"
    init() {}
    func start() -> String { "clatter" }
}

private final class Gauge: Sendable {
    let reading: Int
    init(reading: Int) { self.reading = reading }
}

/// A class-typed singleton dependency.
private final class Odometer: Injectable, Sendable {
    static let scope: Scope = .singleton
    let miles = 1234
    init() {}
}

private struct Tag: Label {
    let text: String
    let padding = (1, 2, 3)
}

private final class Sticker: Label, Sendable {
    let text = "sticker"
    init() {}
}

private final class Crate<Content: Sendable>: Engine, Sendable {
    let content: Content
    init(_ content: Content) { self.content = content }
    func start() -> String { "crate of \(content)" }
}

private class Animal {
    func speak() -> String { "..." }
}

private final class Dog: Animal {
    override func speak() -> String { "woof" }
}

// MARK: - Fixtures: consumers, one per declared type

private final class EngineCar: Receiver {
    let engine: any Engine
    init(engine: any Engine) { self.engine = engine }
    static let initializer = Initializer(dependencies: (any Engine).self) { EngineCar(engine: $0) }
    var receivedObject: AnyObject? { engine }
    var works: Bool { ["vroom", "roar", "clatter", "crate of 5"].contains(engine.start()) }
}

private final class PairCar: Receiver {
    let engine: any Engine & Named
    init(engine: any Engine & Named) { self.engine = engine }
    static let initializer = Initializer(dependencies: (any Engine & Named).self) { PairCar(engine: $0) }
    var receivedObject: AnyObject? { engine }
    var works: Bool {
        switch engine.name {
        case "V12": engine.start() == "roar"
        case "Diesel": engine.start() == "clatter"
        default: false
        }
    }
}

private final class GaugeReader: Receiver {
    let gauge: Gauge
    init(gauge: Gauge) { self.gauge = gauge }
    static let initializer = Initializer(dependencies: Gauge.self) { GaugeReader(gauge: $0) }
    var receivedObject: AnyObject? { gauge }
    var works: Bool { gauge.reading == 42 }
}

private final class OdometerReader: Receiver {
    let odometer: Odometer
    init(odometer: Odometer) { self.odometer = odometer }
    static let initializer = Initializer(dependencies: Odometer.self) { OdometerReader(odometer: $0) }
    var receivedObject: AnyObject? { odometer }
    var works: Bool { odometer.miles == 1234 }
}

private final class ObjectHolder: Receiver {
    let object: AnyObject
    init(object: AnyObject) { self.object = object }
    static let initializer = Initializer(dependencies: AnyObject.self) { ObjectHolder(object: $0) }
    var receivedObject: AnyObject? { object }
    var works: Bool { (object as? Gauge)?.reading == 7 }
}

private final class AnyHolder: Receiver {
    let value: Any
    init(value: Any) { self.value = value }
    static let initializer = Initializer(dependencies: Any.self) { AnyHolder(value: $0) }
    var receivedObject: AnyObject? { (value as? Gauge) ?? (value as? Crate<Int>) }
    var works: Bool { (value as? Gauge)?.reading == 9 || (value as? Crate<Int>)?.content == 5 }
}

private final class MaybeEngineCar: Receiver {
    let engine: (any Engine)?
    init(engine: (any Engine)?) { self.engine = engine }
    static let initializer = Initializer(dependencies: (any Engine)?.self) { MaybeEngineCar(engine: $0) }
    var receivedObject: AnyObject? { engine }
    var works: Bool { engine.map { $0.start() == "vroom" } ?? true }
}

private final class LabelReader: Receiver {
    let label: any Label
    init(label: any Label) { self.label = label }
    static let initializer = Initializer(dependencies: (any Label).self) { LabelReader(label: $0) }
    var receivedObject: AnyObject? { label as? Sticker }
    var works: Bool {
        if let tag = label as? Tag { return tag.text == "fragile" && tag.padding == (1, 2, 3) }
        return label.text == "sticker" && label is Sticker
    }
}

private final class CrateHolder: Receiver {
    let crate: Crate<Int>
    init(crate: Crate<Int>) { self.crate = crate }
    static let initializer = Initializer(dependencies: Crate<Int>.self) { CrateHolder(crate: $0) }
    var receivedObject: AnyObject? { crate }
    var works: Bool { crate.content == 5 && crate.start() == "crate of 5" }
}

private final class AnimalHolder: Receiver {
    let animal: Animal
    init(animal: Animal) { self.animal = animal }
    static let initializer = Initializer(dependencies: Animal.self) { AnimalHolder(animal: $0) }
    var receivedObject: AnyObject? { animal }
    var works: Bool { animal.speak() == "woof" && type(of: animal) == Dog.self }
}

/// Receives a class metatype through a protocol metatype and through `Any`.
private final class BrandReader: Injectable {
    let brand: any Brand.Type
    let anyType: Any
    init(brand: any Brand.Type, anyType: Any) {
        self.brand = brand
        self.anyType = anyType
    }
    static let initializer = Initializer(dependencies: (any Brand.Type).self, Any.self) {
        BrandReader(brand: $0, anyType: $1)
    }
}

/// Every shape at once, so that the values sit at different offsets of one buffer.
private final class Dashboard: Injectable {
    let engine: any Engine
    let pair: any Engine & Named
    let gauge: Gauge
    let object: AnyObject
    let value: Any
    let maybe: (any Engine)?
    let label: any Label
    let crate: Crate<Int>
    let animal: Animal
    init(
        engine: any Engine, pair: any Engine & Named, gauge: Gauge, object: AnyObject, value: Any,
        maybe: (any Engine)?, label: any Label, crate: Crate<Int>, animal: Animal
    ) {
        self.engine = engine
        self.pair = pair
        self.gauge = gauge
        self.object = object
        self.value = value
        self.maybe = maybe
        self.label = label
        self.crate = crate
        self.animal = animal
    }
    static let initializer = Initializer(
        dependencies: (any Engine).self, (any Engine & Named).self, Gauge.self, AnyObject.self, Any.self,
        (any Engine)?.self, (any Label).self, Crate<Int>.self, Animal.self
    ) {
        Dashboard(
            engine: $0, pair: $1, gauge: $2, object: $3, value: $4, maybe: $5, label: $6, crate: $7, animal: $8)
    }
}

// MARK: - Specification

@Suite("Fixed dependencies: warm builds copy exactly the bound object, and retains balance", .serialized)
struct FixedDependencyTests {
    @Test("a singleton bound to a class-constrained protocol (one witness table)")
    func singletonAsProtocol() throws {
        try checkExercise(EngineCar.self, Configure { $0.bind((any Engine).self, to: V8.self) }) { injector in
            let engine = try injector.getObject((any Engine).self)
            #expect(engine === (try injector.getObject(V8.self)))
            return engine
        }
    }

    @Test("a singleton bound to a protocol composition (two witness tables)")
    func singletonAsComposition() throws {
        try checkExercise(PairCar.self, Configure { $0.bind((any Engine & Named).self, to: V12.self) }) { injector in
            try injector.getObject((any Engine & Named).self)
        }
    }

    @Test("an instance bound to a protocol composition")
    func instanceAsComposition() throws {
        try checkExercise(PairCar.self, Configure { $0.bind(Diesel(), as: (any Engine & Named).self) }) { injector in
            try injector.getObject((any Engine & Named).self)
        }
    }

    @Test("a class-typed bound instance, and a class-typed singleton")
    func classTypedDependencies() throws {
        try checkExercise(GaugeReader.self, Configure { $0.bind(Gauge(reading: 42)) }) { injector in
            try injector.getObject(Gauge.self)
        }
        try checkExercise(OdometerReader.self, Configure { _ in }) { injector in try injector.getObject(Odometer.self) }
    }

    @Test("an AnyObject dependency")
    func anyObjectDependency() throws {
        try checkExercise(ObjectHolder.self, Configure { $0.bind(Gauge(reading: 7) as AnyObject, as: AnyObject.self) })
        {
            injector in try injector.getObject(AnyObject.self)
        }
    }

    @Test("an Any dependency holding a class instance")
    func anyDependencyHoldingAnObject() throws {
        try checkExercise(AnyHolder.self, Configure { $0.bind(Gauge(reading: 9) as Any, as: Any.self) }) { injector in
            let value = try injector.getObject(Any.self)
            return try #require(value as? Gauge)
        }
    }

    @Test("an optional protocol dependency, bound (non-nil, the singleton) and unbound (nil)")
    func optionalProtocolDependency() throws {
        try checkExercise(MaybeEngineCar.self, Configure { $0.bind((any Engine).self, to: V8.self) }) { injector in
            try injector.getObject((any Engine).self)
        }
        try checkExercise(MaybeEngineCar.self, expectsObject: false, Configure { _ in }) { _ in nil }
    }

    @Test("a struct bound to a protocol that is not class-constrained keeps its value")
    func structUnderNonClassProtocol() throws {
        let injector = try Injector(
            modules: [Configure { $0.bind(Tag(text: "fragile"), as: (any Label).self) }])
        for _ in 0...builds {
            let reader = try injector.getObject(LabelReader.self)
            #expect(reader.works)
            #expect(reader.receivedObject == nil)
            #expect((reader.label as? Tag)?.text == "fragile")
        }
        #expect(try injector.buildsWarm(LabelReader.self))
    }

    @Test("a class instance bound to a protocol that is not class-constrained (inline existential buffer)")
    func classUnderNonClassProtocol() throws {
        try checkExercise(LabelReader.self, Configure { $0.bind(Sticker(), as: (any Label).self) }) { injector in
            try #require(try injector.getObject((any Label).self) as? Sticker)
        }
    }

    @Test("a generic class instance, bound as itself and as a protocol")
    func genericClassInstance() throws {
        try checkExercise(CrateHolder.self, Configure { $0.bind(Crate(5)) }) { injector in
            try injector.getObject(Crate<Int>.self)
        }
        try checkExercise(EngineCar.self, Configure { $0.bind(Crate(5), as: (any Engine).self) }) { injector in
            try injector.getObject((any Engine).self)
        }
    }

    @Test("a subclass instance bound as its superclass")
    func subclassBoundAsSuperclass() throws {
        try checkExercise(AnimalHolder.self, Configure { $0.bind(Dog(), as: Animal.self) }) { injector in
            try injector.getObject(Animal.self)
        }
    }

    @Test("an Any dependency holding a generic class instance")
    func anyDependencyHoldingAGenericObject() throws {
        try checkExercise(AnyHolder.self, Configure { $0.bind(Crate(5) as Any, as: Any.self) }) { injector in
            let value = try injector.getObject(Any.self)
            return try #require(value as? Crate<Int>)
        }
    }

    @Test("one declared type bound to different classes in two injectors: each warm build gets its own")
    func sameDeclaredTypeDifferentClasses() throws {
        let singletonInjector = try Injector(modules: [Configure { $0.bind((any Engine).self, to: V8.self) }])
        let instanceInjector = try Injector(modules: [Configure { $0.bind(Diesel(), as: (any Engine).self) }])
        let crateInjector = try Injector(modules: [Configure { $0.bind(Crate(5), as: (any Engine).self) }])
        let gaugeAny = try Injector(modules: [Configure { $0.bind(Gauge(reading: 9) as Any, as: Any.self) }])
        let crateAny = try Injector(modules: [Configure { $0.bind(Crate(5) as Any, as: Any.self) }])
        let v8 = try singletonInjector.getObject((any Engine).self)
        let diesel = try instanceInjector.getObject((any Engine).self)
        let crate = try crateInjector.getObject((any Engine).self)
        let gauge = try #require(try gaugeAny.getObject(Any.self) as? Gauge)
        let crateValue = try #require(try crateAny.getObject(Any.self) as? Crate<Int>)
        for _ in 0...builds {
            let first = try singletonInjector.getObject(EngineCar.self)
            #expect(first.engine === v8 && first.engine.start() == "vroom")
            let second = try instanceInjector.getObject(EngineCar.self)
            #expect(second.engine === diesel && second.engine.start() == "clatter")
            let third = try crateInjector.getObject(EngineCar.self)
            #expect(third.engine === crate && third.engine.start() == "crate of 5")
            let fourth = try gaugeAny.getObject(AnyHolder.self)
            #expect(fourth.receivedObject === gauge && (fourth.value as? Gauge)?.reading == 9)
            let fifth = try crateAny.getObject(AnyHolder.self)
            #expect(fifth.receivedObject === crateValue && (fifth.value as? Crate<Int>)?.content == 5)
        }
        for injector in [singletonInjector, instanceInjector, crateInjector] {
            #expect(try injector.buildsWarm(EngineCar.self))
        }
        #expect(try gaugeAny.buildsWarm(AnyHolder.self))
        #expect(try crateAny.buildsWarm(AnyHolder.self))
    }

    @Test("every shape in one initializer: each value lands at its own offset, every warm build")
    func everyShapeInOneInitializer() throws {
        var weakRefs: [Weak] = []
        var weakInjector = Weak(nil)
        try {
            let injector = try Injector(
                modules: [
                    Configure { binder in
                        binder.bind((any Engine).self, to: V8.self)
                        binder.bind((any Engine & Named).self, to: V12.self)
                        binder.bind(Gauge(reading: 42))
                        binder.bind(Gauge(reading: 7) as AnyObject, as: AnyObject.self)
                        binder.bind(Crate(5) as Any, as: Any.self)
                        binder.bind(Sticker(), as: (any Label).self)
                        binder.bind(Crate(5))
                        binder.bind(Dog(), as: Animal.self)
                    }
                ])
            weakInjector = Weak(injector)
            let expected: [AnyObject] = [
                try injector.getObject((any Engine).self), try injector.getObject((any Engine & Named).self),
                try injector.getObject(Gauge.self), try injector.getObject(AnyObject.self),
                try #require(try injector.getObject(Any.self) as? Crate<Int>),
                try #require(try injector.getObject((any Label).self) as? Sticker),
                try injector.getObject(Crate<Int>.self), try injector.getObject(Animal.self),
            ]
            // The cold build compiles the plan, whose fixed values hold the objects too.
            _ = try injector.getObject(Dashboard.self)
            #expect(try injector.buildsWarm(Dashboard.self))
            let before = expected.map(retainCount)
            var dashboards: [Dashboard] = []
            for _ in 0...builds {
                let dashboard = try injector.getObject(Dashboard.self)
                #expect(dashboard.engine === expected[0] && dashboard.engine.start() == "vroom")
                #expect(dashboard.pair === expected[1] && dashboard.pair.name == "V12")
                #expect(dashboard.gauge === expected[2] && dashboard.gauge.reading == 42)
                #expect(dashboard.object === expected[3] && (dashboard.object as? Gauge)?.reading == 7)
                #expect((dashboard.value as? Crate<Int>) === expected[4])
                #expect(dashboard.maybe === expected[0] && dashboard.maybe?.start() == "vroom")
                #expect((dashboard.label as? Sticker) === expected[5] && dashboard.label.text == "sticker")
                #expect(dashboard.crate === expected[6] && dashboard.crate.content == 5)
                #expect(dashboard.animal === expected[7] && dashboard.animal.speak() == "woof")
                dashboards.append(dashboard)
            }
            // The engine is held twice by each dashboard (`engine` and `maybe`).
            let held = zip(expected.map(retainCount), before).map { $0 - $1 }
            let count = builds + 1
            #expect(held == [2 * count, count, count, count, count, count, count, count])
            dashboards = []
            #expect(expected.map(retainCount) == before)
            weakRefs = expected.map { Weak($0) }
        }()
        #expect(weakInjector.object == nil)
        #expect(weakRefs.allSatisfy { $0.object == nil }, "a fixed value outlived its injector")
    }

    @Test("a class metatype bound as a protocol metatype, and as Any, is copied as that metatype")
    func metatypes() throws {
        let injector = try Injector(
            modules: [
                Configure { binder in
                    binder.bind(V8.self, as: (any Brand.Type).self)
                    binder.bind(V12.self as Any, as: Any.self)
                }
            ])
        for _ in 0...builds {
            let reader = try injector.getObject(BrandReader.self)
            #expect(reader.brand == V8.self && reader.brand.brand == "V8 brand")
            #expect(reader.anyType as? V12.Type == V12.self)
        }
        #expect(try injector.buildsWarm(BrandReader.self))
    }

    @Test("after withFreshSingletons(), warm builds of the fresh injector get its new singleton")
    func freshSingletonsAreCopiedAnew() throws {
        let injector = try Injector(modules: [Configure { $0.bind((any Engine).self, to: V8.self) }])
        let old = try injector.getObject((any Engine).self)
        for _ in 0...builds { #expect(try injector.getObject(EngineCar.self).engine === old) }
        let fresh = try injector.withFreshSingletons()
        let new = try fresh.getObject((any Engine).self)
        #expect(new !== old)
        for _ in 0...builds {
            #expect(try fresh.getObject(EngineCar.self).engine === new)
            #expect(try injector.getObject(EngineCar.self).engine === old)
        }
        #expect(try fresh.buildsWarm(EngineCar.self))
    }
}

// MARK: - The fixed value itself

/// Copies `value`, fixed as a `T` (as a plan fixes it), `times` times, taking each
/// copy out of the buffer as a build's initializer does.
private func fixedCopies<T>(of value: Any?, as _: T.Type, times: Int) throws -> [T] {
    let fixed = try #require(FixedDependency(value, layout: DependencyLayout.of(T.self)))
    let buffer = UnsafeMutableRawPointer.allocate(
        byteCount: max(MemoryLayout<T>.size, 1), alignment: MemoryLayout<T>.alignment)
    defer { buffer.deallocate() }
    var copies: [T] = []
    for _ in 0..<times {
        fixed.copy(to: buffer)
        copies.append(buffer.assumingMemoryBound(to: T.self).move())
    }
    return copies
}

/// Checks that copies of `object` fixed as a `T` are the object, retain it once each,
/// and release it when dropped; and, when `hasTemplate`, that they are laid out from
/// a template.
private func checkFixedCopies<T>(
    of object: AnyObject, as type: T.Type, hasTemplate: Bool?, identity: (T) -> AnyObject?
) throws {
    if let hasTemplate, hasAccelerators {
        #expect(
            (DependencyLayout.of(T.self).makeTemplate(for: object) != nil)
                == (hasTemplate && compilesExistentialWriters), "\(T.self)")
    }
    let before = retainCount(object)
    var copies = try fixedCopies(of: object, as: type, times: builds)
    #expect(copies.allSatisfy { identity($0) === object }, "\(T.self)")
    #expect(retainCount(object) - before == builds, "\(T.self)")
    copies = []
    #expect(retainCount(object) == before, "\(T.self)")
}

@Suite("Fixed dependencies: a fixed value's copies")
struct FixedDependencyValueTests {
    @Test("a class-shaped value is laid out from a template; each copy is the object and retains it once")
    func templateCopies() throws {
        let v8 = V8()
        try checkFixedCopies(of: v8, as: (any Engine).self, hasTemplate: true) { $0 }
        try checkFixedCopies(of: v8, as: (any Engine & Named).self, hasTemplate: true) { $0 }
        try checkFixedCopies(of: v8, as: (any Engine)?.self, hasTemplate: true) { $0 }
        try checkFixedCopies(of: v8, as: AnyObject.self, hasTemplate: true) { $0 }
        try checkFixedCopies(of: v8, as: V8.self, hasTemplate: true) { $0 }
        let crate = Crate(5)
        try checkFixedCopies(of: crate, as: Crate<Int>.self, hasTemplate: true) { $0 }
        try checkFixedCopies(of: crate, as: (any Engine).self, hasTemplate: true) { $0 }
        let dog = Dog()
        try checkFixedCopies(of: dog, as: Animal.self, hasTemplate: true) { $0 }
        #expect(try fixedCopies(of: dog, as: Animal.self, times: 1).first?.speak() == "woof")
        #expect(try fixedCopies(of: v8, as: (any Engine & Named).self, times: 1).first?.name == "V8")
        #expect(try fixedCopies(of: crate, as: (any Engine).self, times: 1).first?.start() == "crate of 5")
    }

    @Test("an object in an opaque existential (Any, a protocol that is not class-constrained) copies correctly")
    func opaqueExistentialCopies() throws {
        let gauge = Gauge(reading: 9)
        // Whether a template is made depends on the existential's unused buffer words.
        try checkFixedCopies(of: gauge, as: Any.self, hasTemplate: nil) { $0 as? Gauge }
        let sticker = Sticker()
        try checkFixedCopies(of: sticker, as: (any Label).self, hasTemplate: nil) { $0 as? Sticker }
        #expect(try fixedCopies(of: sticker, as: (any Label).self, times: 1).first?.text == "sticker")
        #expect(try fixedCopies(of: gauge, as: Any.self, times: 1).first.map { ($0 as? Gauge)?.reading } == 9)
    }

    @Test("a struct, nil, and a value of the wrong type are copied generically or refused")
    func nonObjectValues() throws {
        let tags = try fixedCopies(of: Tag(text: "fragile"), as: (any Label).self, times: builds)
        #expect(tags.allSatisfy { ($0 as? Tag)?.text == "fragile" })
        let nones = try fixedCopies(of: nil, as: (any Engine)?.self, times: builds)
        #expect(nones.allSatisfy { $0 == nil })
        #expect(FixedDependency(Gauge(reading: 1), layout: DependencyLayout.of((any Engine).self)) == nil)
        #expect(FixedDependency(nil, layout: DependencyLayout.of((any Engine).self)) == nil)
    }

    @Test("a struct boxed as AnyObject is bound and copied as its box")
    func boxedStructAsAnyObject() throws {
        let injector = try Injector(
            modules: [Configure { $0.bind(Tag(text: "boxed") as AnyObject, as: AnyObject.self) }])
        let box = try injector.getObject(AnyObject.self)
        for _ in 0...builds {
            let holder = try injector.getObject(ObjectHolder.self)
            // Compared outside `#expect`: its expansion for two `AnyObject`s crashes Swift 6.3.1.
            let isTheBox = holder.object === box
            #expect(isTheBox)
            #expect((holder.object as? Tag)?.text == "boxed")
        }
        #expect(try injector.buildsWarm(ObjectHolder.self))
    }
}
