import Instill
import Testing

@Suite("Instance bindings")
struct InstanceBindingTests {
    @Test("an instance bound to its type is returned identically on every request")
    func instanceReturnedIdentically() throws {
        let engine = Engine(model: "V12")
        let injector = try Injector(modules: [Configure { $0.bind(engine) }])

        #expect(try injector.getObject(Engine.self) === engine)
        #expect(try injector.getObject(Engine.self) === engine)
        #expect(try injector[Engine.self] === engine)
    }

    @Test("an instance bound to its type fills other objects' requirements of that type")
    func instanceFillsRequirements() throws {
        let engine = Engine(model: "V12")
        let injector = try Injector(modules: [Configure { $0.bind(engine) }])

        let first = try injector.getObject(Car.self)
        let second = try injector.getObject(Car.self)

        #expect(first !== second)
        #expect(first.engine === engine)
        #expect(second.engine === engine)
    }

    @Test("an unbound Injectable type is built anew, so the binding is what makes the instance shared")
    func withoutBindingEachRequestBuilds() throws {
        let injector = Injector()

        let car = try injector.getObject(Car.self)

        #expect(car.engine.model == "V8")
        #expect(try injector.getObject(Engine.self) !== car.engine)
    }

    @Test("a bound instance is neither injected nor awoken")
    func boundInstanceIsNotInjected() throws {
        let wakeUps = Counter()
        let radio = Radio(wakeUps: wakeUps)
        let injector = try Injector(modules: [Configure { $0.bind(radio) }])

        let bound = try injector.getObject(Radio.self)

        #expect(bound === radio)
        #expect(bound.engine == nil)
        #expect(wakeUps.value == 0)
    }

    @Test("an instance bound to a protocol is returned for that protocol and fills its requirements")
    func instanceBoundToProtocol() throws {
        let gearBox = FiveSpeed()
        let injector = try Injector(modules: [Configure { $0.bind(gearBox, as: (any GearBox).self) }])

        let requested = try injector.getObject((any GearBox).self)
        let shifter = try injector.getObject(Shifter.self)

        #expect(requested === gearBox)
        #expect(requested.gears == 5)
        #expect(shifter.gearBox === gearBox)
    }

    @Test("an instance bound to a superclass is returned for the superclass")
    func instanceBoundToSuperclass() throws {
        let turbo = TurboEngine(model: "V6 turbo")
        let injector = try Injector(modules: [Configure { $0.bind(turbo, as: Engine.self) }])

        let requested = try injector.getObject(Engine.self)

        #expect(requested === turbo)
        #expect(try injector.getObject(Car.self).engine === turbo)
        #expect(injector.hasBinding(for: TurboEngine.self) == false)
    }

    @Test("a metatype bound to a protocol metatype is returned, and its static methods work")
    func metatypeBoundToProtocol() throws {
        let injector = try Injector(modules: [Configure { $0.bind(FixedClock.self, as: (any ClockAPI.Type).self) }])

        let clock = try injector.getObject((any ClockAPI.Type).self)
        let stamper = try injector.getObject(Stamper.self)

        #expect(ObjectIdentifier(clock) == ObjectIdentifier(FixedClock.self))
        #expect(clock.now() == 1_700_000_000)
        #expect(clock.zone == "UTC")
        #expect(try ObjectIdentifier(#require(stamper.clock)) == ObjectIdentifier(FixedClock.self))
        #expect(stamper.stamp() == "1700000000 UTC")
    }

    @Test("a struct or a closure bound as an instance fills requirements of its type")
    func valueInstancesFillRequirements() throws {
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind(Settings(endpoint: "https://example.org"))
                binder.bind({ 1_700_000_000 } as Now)
            }
        ])

        let poller = try injector.getObject(Poller.self)

        #expect(poller.settings.endpoint == "https://example.org")
        #expect(poller.now() == 1_700_000_000)
        #expect(try injector.getObject(Now.self)() == 1_700_000_000)
        #expect(try injector.getObject(Settings.self).endpoint == "https://example.org")
    }

    @Test("a later binding for the same type in one module replaces the earlier one")
    func laterBindingInOneModuleWins() throws {
        let first = Engine(model: "first")
        let second = Engine(model: "second")
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind(first)
                binder.bind(second)
            }
        ])

        #expect(try injector.getObject(Engine.self) === second)
        #expect(try injector.getObject(Car.self).engine === second)
    }

    @Test("a later binding for the same type and name in one module replaces the earlier one, whatever its kind")
    func laterNamedBindingInOneModuleWins() throws {
        let instance = FiveSpeed()
        let replacement = FiveSpeed()
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind(instance, as: (any GearBox).self, named: "manual")
                binder.bind((any GearBox).self, named: "manual") { _ in replacement }
                binder.bind((any GearBox).self, named: "spare") { _ in instance }
            }
        ])

        #expect(try injector.getObject((any GearBox).self, named: "manual") === replacement)
        #expect(try injector.getObject((any GearBox).self, named: "spare") === instance)
    }
}

// MARK: - Fixtures

extension InstanceBindingTests {
    private typealias Configure = ModuleFixtures.Configure
    private typealias Counter = ModuleFixtures.Counter

    private class Engine: Injectable, @unchecked Sendable {  // immutable: `model` is a constant
        let model: String
        init(model: String) { self.model = model }
        required init() { model = "V8" }
    }

    private final class TurboEngine: Engine, @unchecked Sendable {}  // immutable, as Engine

    private protocol GearBox: AnyObject, Sendable {
        var gears: Int { get }
    }

    private final class FiveSpeed: GearBox {
        let gears = 5
    }

    private final class Car: Injectable {
        var engine: Engine!
        static var requires: Requirements { Requirements(\Car.engine) }
        init() {}
    }

    private final class Shifter: Injectable {
        var gearBox: (any GearBox)!
        static var requires: Requirements { Requirements(\Shifter.gearBox) }
        init() {}
    }

    /// Requires an engine and counts its awakes: neither should happen to a bound instance.
    /// Unchecked Sendable: it crosses into a module, and nothing ever writes `engine`.
    private final class Radio: Injectable, @unchecked Sendable {
        let wakeUps: Counter
        var engine: Engine?
        static var requires: Requirements { Requirements(\Radio.engine) }
        init(wakeUps: Counter) { self.wakeUps = wakeUps }
        init() { wakeUps = Counter() }
        func awakeFromInjection() { wakeUps.increment() }
    }

    private struct Settings: Sendable {
        let endpoint: String
    }

    private typealias Now = @Sendable () -> Int

    private final class Poller: Injectable {
        var settings: Settings!
        var now: Now!
        static var requires: Requirements { Requirements(\Poller.settings, \.now) }
        init() {}
    }

    private protocol ClockAPI {
        static var zone: String { get }
        static func now() -> Int
    }

    private enum FixedClock: ClockAPI {
        static let zone = "UTC"
        static func now() -> Int { 1_700_000_000 }
    }

    private final class Stamper: Injectable {
        var clock: (any ClockAPI.Type)?
        static var requires: Requirements { Requirements(\Stamper.clock) }
        init() {}
        func stamp() -> String {
            guard let clock else { return "no clock" }
            return "\(clock.now()) \(clock.zone)"
        }
    }
}
