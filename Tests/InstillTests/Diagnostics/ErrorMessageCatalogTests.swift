import Instill
import Testing

/// The full message of every kind of `InjectionError`, one test per kind.
@Suite("Error message catalog")
struct ErrorMessageCatalogTests {
    @Test("noBinding: a protocol requirement with nothing bound, two levels down")
    func noBinding() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Garage.self) }

        #expect(error.kind == .noBinding)
        #expect(
            error.description == """
                noBinding: nothing is bound to any ErrorMessageCatalogTests.GearBox, and it cannot be built automatically.
                  Requested: ErrorMessageCatalogTests.Garage
                  Chain: ErrorMessageCatalogTests.Garage.car → ErrorMessageCatalogTests.Car.gearBox (declared at \(#fileID):\(Car.requiresLine))
                  To fix: bind an implementation in a module: binder.bind((any ErrorMessageCatalogTests.GearBox).self, to: SomeType.self), or an instance: binder.bind(value, as: (any ErrorMessageCatalogTests.GearBox).self).
                """)
    }

    @Test("noBinding: a missing name lists the bindings of other names as near matches")
    func noBindingNamed() throws {
        let injector = try Injector(modules: [LightModule()])

        let error = try #require(throws: InjectionError.self) {
            try injector.getObject(Headlight.self, named: "fog")
        }

        #expect(error.kind == .noBinding)
        #expect(
            error.description == """
                noBinding: nothing is bound to ErrorMessageCatalogTests.Headlight named "fog", and it cannot be built automatically.
                  Requested: ErrorMessageCatalogTests.Headlight
                  Bound nearby: closure → ErrorMessageCatalogTests.Headlight named "left" in ErrorMessageCatalogTests.LightModule (\(#fileID):\(LightModule.bindingLine))
                  To fix: bind it in a module: binder.bind(ErrorMessageCatalogTests.Headlight.self, named: "fog") { _ in ... }, or use a name that is bound.
                """)
    }

    @Test("cycle: a cycle of normal-scope objects names its whole path")
    func cycle() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Ping.self) }

        #expect(error.kind == .cycle)
        #expect(
            error.description == """
                cycle: the requirements form a cycle with no singleton, graph or weak-scoped object: ErrorMessageCatalogTests.Ping.pong → ErrorMessageCatalogTests.Pong.ping → ErrorMessageCatalogTests.Ping.
                  Requested: ErrorMessageCatalogTests.Ping
                  Chain: ErrorMessageCatalogTests.Ping.pong → ErrorMessageCatalogTests.Pong.ping (declared at \(#fileID):\(Pong.requiresLine))
                  To fix: give one type in the cycle .singleton, .graph or .weak scope, or make one requirement a Provider so it is built later.
                """)
    }

    @Test("argumentMismatch: an argument of the wrong type names the type, the index, the expected and the given type")
    func argumentMismatch() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Engine.self, arguments: 12)
        }

        #expect(error.kind == .argumentMismatch)
        #expect(
            error.description == """
                argumentMismatch: ErrorMessageCatalogTests.Engine reads argument 0 as String, but an Int was given.
                  Requested: ErrorMessageCatalogTests.Engine
                  To fix: pass a String at position 0.
                """)
    }

    @Test("argumentMismatch: a missing argument says how many were given")
    func missingArgument() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Engine.self, arguments: "V8")
        }

        #expect(error.kind == .argumentMismatch)
        #expect(
            error.description == """
                argumentMismatch: ErrorMessageCatalogTests.Engine reads argument 1 as Int, but 1 argument was given.
                  Requested: ErrorMessageCatalogTests.Engine
                  To fix: pass 2 or more arguments (getObject(ErrorMessageCatalogTests.Engine.self, arguments: ...)), or declare defaults in its Initializer.
                """)
    }

    @Test("eagerSingletonNotSingleton: a normal-scope type says where it was registered and how to make it a singleton")
    func eagerSingletonNotSingleton() throws {
        let error = try #require(throws: InjectionError.self) { try Injector(modules: [EagerModule()]) }

        #expect(error.kind == .eagerSingletonNotSingleton)
        #expect(
            error.description == """
                eagerSingletonNotSingleton: ErrorMessageCatalogTests.Ping is registered as an eager singleton but its scope is .normal.
                  Requested: ErrorMessageCatalogTests.Ping
                  Bound at: \(#fileID):\(EagerModule.registrationLine) in ErrorMessageCatalogTests.EagerModule
                  To fix: declare `static let scope: Scope = .singleton` on ErrorMessageCatalogTests.Ping, or call binder.setScope(.singleton, for: ErrorMessageCatalogTests.Ping.self).
                """)
    }

    @Test("eagerSingletonNotSingleton: a closure bound in another scope says to bind it as a singleton")
    func eagerClosureNotSingleton() throws {
        let error = try #require(throws: InjectionError.self) { try Injector(modules: [EagerClosureModule()]) }

        #expect(error.kind == .eagerSingletonNotSingleton)
        #expect(
            error.description == """
                eagerSingletonNotSingleton: any ErrorMessageCatalogTests.Display is registered as an eager singleton but its scope is .weak.
                  Requested: any ErrorMessageCatalogTests.Display
                  Bound at: \(#fileID):\(EagerClosureModule.registrationLine) in ErrorMessageCatalogTests.EagerClosureModule
                  To fix: bind any ErrorMessageCatalogTests.Display with `scope: .singleton`, or remove binder.eagerSingleton((any ErrorMessageCatalogTests.Display).self).
                """)
    }

    @Test("instanceDoesNotConform: a provider that returns a value of another type")
    func instanceDoesNotConform() throws {
        let injector = try Injector(modules: [WrongProviderModule()])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Car.self) }

        #expect(error.kind == .instanceDoesNotConform)
        #expect(
            error.description == """
                instanceDoesNotConform: the value bound to any ErrorMessageCatalogTests.GearBox is a String, which does not conform to ErrorMessageCatalogTests.GearBox.
                  Requested: ErrorMessageCatalogTests.Car
                  Chain: ErrorMessageCatalogTests.Car.gearBox (declared at \(#fileID):\(Car.requiresLine))
                  Bound at: \(#fileID):\(WrongProviderModule.bindingLine) in ErrorMessageCatalogTests.WrongProviderModule
                  To fix: bind a value that is an ErrorMessageCatalogTests.GearBox, or change the type of the requirement.
                """)
    }

    @Test("typeDoesNotConform: a type bound to a protocol it does not conform to says where it was bound")
    func typeDoesNotConform() throws {
        let injector = try Injector(modules: [MisboundModule()])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Car.self) }

        #expect(error.kind == .typeDoesNotConform)
        #expect(
            error.description == """
                typeDoesNotConform: ErrorMessageCatalogTests.Radio is bound to any ErrorMessageCatalogTests.GearBox but does not conform to ErrorMessageCatalogTests.GearBox.
                  Requested: ErrorMessageCatalogTests.Car
                  Chain: ErrorMessageCatalogTests.Car.gearBox (declared at \(#fileID):\(Car.requiresLine))
                  Bound at: \(#fileID):\(MisboundModule.bindingLine) in ErrorMessageCatalogTests.MisboundModule
                  To fix: make ErrorMessageCatalogTests.Radio conform to ErrorMessageCatalogTests.GearBox, or bind another type to any ErrorMessageCatalogTests.GearBox.
                """)
    }

    @Test("typeDoesNotConform: the same for a type bound in a scope")
    func scopedTypeDoesNotConform() throws {
        let injector = try Injector(modules: [ScopedMisboundModule()])

        let error = try #require(throws: InjectionError.self) { try injector.getObject((any GearBox).self) }

        #expect(error.kind == .typeDoesNotConform)
        #expect(
            error.description == """
                typeDoesNotConform: ErrorMessageCatalogTests.Radio is bound to any ErrorMessageCatalogTests.GearBox but does not conform to ErrorMessageCatalogTests.GearBox.
                  Requested: any ErrorMessageCatalogTests.GearBox
                  Bound at: \(#fileID):\(ScopedMisboundModule.bindingLine) in ErrorMessageCatalogTests.ScopedMisboundModule
                  To fix: make ErrorMessageCatalogTests.Radio conform to ErrorMessageCatalogTests.GearBox, or bind another type to any ErrorMessageCatalogTests.GearBox.
                """)
    }

    @Test("initializerFailed: an initializer that throws wraps the error it threw")
    func initializerFailed() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Dashboard.self) }

        #expect(error.kind == .initializerFailed)
        #expect(error.underlyingError is CalibrationError)
        #expect(
            error.description == """
                initializerFailed: the initializer of ErrorMessageCatalogTests.Meter threw: sensor not calibrated
                  Requested: ErrorMessageCatalogTests.Dashboard
                  Chain: ErrorMessageCatalogTests.Dashboard.meter (declared at \(#fileID):\(Dashboard.requiresLine))
                  To fix: make the initializer of ErrorMessageCatalogTests.Meter succeed; nothing it started was cached.
                """)
    }

    @Test("initializerFailed: an initializer that builds an instance of another type")
    func initializerBuiltWrongType() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Impostor.self) }

        #expect(error.kind == .initializerFailed)
        #expect(
            error.description == """
                initializerFailed: the initializer of ErrorMessageCatalogTests.Impostor built an ErrorMessageCatalogTests.Radio, which is not an ErrorMessageCatalogTests.Impostor.
                  Requested: ErrorMessageCatalogTests.Impostor
                  To fix: return an ErrorMessageCatalogTests.Impostor from its Initializer (a subclass inherits its superclass's initializer unless it overrides `class var initializer`).
                """)
    }

    @Test("providerFailed: a closure binding that throws wraps the error and says where it was bound")
    func providerFailed() throws {
        let injector = try Injector(modules: [ThrowingClosureModule()])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Car.self) }

        #expect(error.kind == .providerFailed)
        #expect(error.underlyingError is CalibrationError)
        #expect(
            error.description == """
                providerFailed: the closure or provider bound to any ErrorMessageCatalogTests.GearBox threw: sensor not calibrated
                  Requested: ErrorMessageCatalogTests.Car
                  Chain: ErrorMessageCatalogTests.Car.gearBox (declared at \(#fileID):\(Car.requiresLine))
                  Bound at: \(#fileID):\(ThrowingClosureModule.bindingLine) in ErrorMessageCatalogTests.ThrowingClosureModule
                  To fix: make the binding of any ErrorMessageCatalogTests.GearBox succeed; nothing it started was cached.
                """)
    }

    @Test("noInitializer: an injectable type with neither init() nor an Initializer")
    func noInitializer() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Sealed.self) }

        #expect(error.kind == .noInitializer)
        #expect(
            error.description == """
                noInitializer: ErrorMessageCatalogTests.Sealed declares neither init() nor an Initializer.
                  Requested: ErrorMessageCatalogTests.Sealed
                  To fix: add `init()` to ErrorMessageCatalogTests.Sealed, or declare `static let initializer = Initializer { arguments in ... }`.
                """)
    }

    @Test("nilValue: a closure binding that returns nil for a non-optional property says where it was bound")
    func nilValue() throws {
        let injector = try Injector(modules: [NilClosureModule()])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Truck.self) }

        #expect(error.kind == .nilValue)
        #expect(
            error.description == """
                nilValue: the binding of any ErrorMessageCatalogTests.GearBox returned nil where an any ErrorMessageCatalogTests.GearBox is required.
                  Requested: ErrorMessageCatalogTests.Truck
                  Chain: ErrorMessageCatalogTests.Truck.gearBox (declared at \(#fileID):\(Truck.requiresLine))
                  Bound at: \(#fileID):\(NilClosureModule.bindingLine) in ErrorMessageCatalogTests.NilClosureModule
                  To fix: return a value from the binding, or declare the requirement's property optional ((any ErrorMessageCatalogTests.GearBox)?).
                """)
    }

    @Test("nilValue: asked for directly, the message says where it was bound and suggests no requirement")
    func nilValueForRequest() throws {
        let injector = try Injector(modules: [NilClosureModule()])

        let error = try #require(throws: InjectionError.self) { try injector.getObject((any GearBox).self) }

        #expect(error.kind == .nilValue)
        #expect(
            error.summary
                == "the binding of any ErrorMessageCatalogTests.GearBox returned nil where an any ErrorMessageCatalogTests.GearBox is required."
        )
        #expect(
            error.bindingLocation
                == "\(#fileID):\(NilClosureModule.bindingLine) in ErrorMessageCatalogTests.NilClosureModule")
        #expect(!error.fix.contains("requirement"), "nothing required it: \(error.fix)")
    }

    @Test("injectorReleased: a Provider used after its injector is gone")
    func injectorReleased() throws {
        var injector: Injector? = Injector()
        let station = try #require(try injector?.getObject(Station.self))
        weak let released = injector
        injector = nil
        #expect(released == nil)

        let error = try #require(throws: InjectionError.self) { try station.probes() }

        #expect(error.kind == .injectorReleased)
        #expect(
            error.description == """
                injectorReleased: a Provider, Lazy or ObjectFactory asked for ErrorMessageCatalogTests.Probe after its injector was released.
                  Requested: ErrorMessageCatalogTests.Probe
                  To fix: keep the Injector alive as long as the objects that build from it.
                """)
        let factoryError = try #require(throws: InjectionError.self) { try station.factory.getObject(Probe.self) }
        #expect(factoryError.description == error.description)
    }

    @Test("invalidRequirement: requires lists a key path into another class")
    func invalidRequirement() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Misdeclared.self) }

        #expect(error.kind == .invalidRequirement)
        #expect(
            error.description == """
                invalidRequirement: ErrorMessageCatalogTests.Misdeclared.requires lists a key path into ErrorMessageCatalogTests.Car, but ErrorMessageCatalogTests.Misdeclared is not an ErrorMessageCatalogTests.Car.
                  Requested: ErrorMessageCatalogTests.Misdeclared
                  To fix: list key paths rooted at ErrorMessageCatalogTests.Misdeclared or one of its superclasses.
                """)
    }

    @Test("lifetimeMismatch: found by validate(), a singleton requiring a graph-scoped object")
    func lifetimeMismatch() throws {
        let problem = try #require(Injector().validate(roots: [Registry.self]).problems.first)

        #expect(problem.kind == .lifetimeMismatch)
        #expect(
            problem.description == """
                lifetimeMismatch: ErrorMessageCatalogTests.Registry is .singleton but requires ErrorMessageCatalogTests.Session, which is .graph, through ErrorMessageCatalogTests.Registry.session: it would keep the first ErrorMessageCatalogTests.Session it gets for as long as it lives.
                  Requested: ErrorMessageCatalogTests.Registry
                  Chain: ErrorMessageCatalogTests.Registry.session (declared at \(#fileID):\(Registry.requiresLine))
                  To fix: make ErrorMessageCatalogTests.Session live at least as long (.singleton), or require a Provider<ErrorMessageCatalogTests.Session> and ask it for one each time.
                """)
    }

    @Test("liveBinding: a test injector's request reaching a live binding names it, the chain and the fake to bind")
    func liveBinding() throws {
        let test = try Injector(modules: [LiveGearBoxModule()]).testInjector(modules: [])

        let error = try #require(throws: InjectionError.self) { try test.getObject(Garage.self) }

        #expect(error.kind == .liveBinding)
        #expect(
            error.description == """
                liveBinding: any ErrorMessageCatalogTests.GearBox is marked live, and the modules of this test injector do not replace it.
                  Requested: ErrorMessageCatalogTests.Garage
                  Chain: ErrorMessageCatalogTests.Garage.car → ErrorMessageCatalogTests.Car.gearBox (declared at \(#fileID):\(Car.requiresLine))
                  Bound at: \(#fileID):\(LiveGearBoxModule.bindingLine) in ErrorMessageCatalogTests.LiveGearBoxModule
                  To fix: bind a fake in the test's module: binder.bind(fake, as: (any ErrorMessageCatalogTests.GearBox).self).
                """)
    }

    @Test("every kind prints as its name in code")
    func kindNames() {
        let kinds: [InjectionError.Kind] = [
            .noBinding, .cycle, .argumentMismatch, .eagerSingletonNotSingleton, .instanceDoesNotConform,
            .typeDoesNotConform, .initializerFailed, .providerFailed, .noInitializer, .nilValue, .injectorReleased,
            .lifetimeMismatch, .invalidRequirement, .depthLimit, .invalidBinding, .crossThreadCycle,
            .unseenOverride, .liveBinding,
        ]

        #expect(
            kinds.map(\.description) == [
                "noBinding", "cycle", "argumentMismatch", "eagerSingletonNotSingleton", "instanceDoesNotConform",
                "typeDoesNotConform", "initializerFailed", "providerFailed", "noInitializer", "nilValue",
                "injectorReleased", "lifetimeMismatch", "invalidRequirement", "depthLimit", "invalidBinding",
                "crossThreadCycle", "unseenOverride", "liveBinding",
            ])
        #expect(Set(kinds).count == kinds.count)
    }
}

// MARK: - Fixtures

extension ErrorMessageCatalogTests {
    private protocol GearBox: AnyObject {}

    private final class Car: Injectable {
        var gearBox: (any GearBox)!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Car.gearBox) }
        init() {}
    }

    private final class Garage: Injectable {
        var car: Car!
        static var requires: Requirements { Requirements(\Garage.car) }
        init() {}
    }

    private final class Headlight {}

    private struct LightModule: Module {
        static let bindingLine = #line + 2
        func configure(_ binder: Binder) {
            binder.bind(Headlight.self, named: "left") { _ in Headlight() }
        }
    }

    private final class Ping: Injectable {
        var pong: Pong!
        static var requires: Requirements { Requirements(\Ping.pong) }
        init() {}
    }

    private final class Pong: Injectable {
        var ping: Ping!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Pong.ping) }
        init() {}
    }

    /// Reads a String and an Int, with no defaults.
    private final class Engine: Injectable {
        static let initializer = Initializer { arguments in
            _ = try arguments.argument(0, as: String.self)
            _ = try arguments.argument(1, as: Int.self)
            return Engine()
        }
    }

    private struct EagerModule: Module {
        static let registrationLine = #line + 2
        func configure(_ binder: Binder) {
            binder.eagerSingleton(Ping.self)
        }
    }

    private protocol Display: AnyObject {}

    private final class Screen: Display {}

    private struct EagerClosureModule: Module {
        static let registrationLine = #line + 3
        func configure(_ binder: Binder) {
            binder.bind((any Display).self, scope: .weak) { _ in Screen() }
            binder.eagerSingleton((any Display).self)
        }
    }

    /// Provides a String where a gear box is bound.
    private struct StringProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> String? { "six-speed" }
    }

    private struct WrongProviderModule: Module {
        static let bindingLine = #line + 2
        func configure(_ binder: Binder) {
            binder.bind((any GearBox).self, provider: StringProvider())
        }
    }

    /// Injectable, but not a gear box.
    private final class Radio: Injectable {
        init() {}
    }

    private struct MisboundModule: Module {
        static let bindingLine = #line + 2
        func configure(_ binder: Binder) {
            binder.bind((any GearBox).self, to: Radio.self)
        }
    }

    private struct ScopedMisboundModule: Module {
        static let bindingLine = #line + 2
        func configure(_ binder: Binder) {
            binder.bind((any GearBox).self, to: Radio.self, scope: .singleton)
        }
    }

    private struct CalibrationError: Error, CustomStringConvertible {
        var description: String { "sensor not calibrated" }
    }

    private final class Meter: Injectable {
        init() throws { throw CalibrationError() }
    }

    private final class Dashboard: Injectable {
        var meter: Meter!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Dashboard.meter) }
        init() {}
    }

    /// Its initializer builds a radio.
    private final class Impostor: Injectable {
        static let initializer = Initializer { _ in Radio() }
    }

    private struct ThrowingClosureModule: Module {
        static let bindingLine = #line + 2
        func configure(_ binder: Binder) {
            binder.bind((any GearBox).self) { _ in throw CalibrationError() }
        }
    }

    /// Declares no `init()`, so the default one throws.
    private final class Sealed: Injectable {
        init(code: Int) {}
    }

    private final class Neutral: GearBox {}

    private struct LiveGearBoxModule: Module {
        static let bindingLine = #line + 2
        func configure(_ binder: Binder) {
            binder.bind(Neutral(), as: (any GearBox).self)
            binder.markLive((any GearBox).self)
        }
    }

    /// A non-optional requirement: `T!` and `T?` properties may be left nil, this one may not.
    private final class Truck: Injectable {
        var gearBox: any GearBox = Neutral()
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Truck.gearBox) }
        init() {}
    }

    private struct NilClosureModule: Module {
        static let bindingLine = #line + 2
        func configure(_ binder: Binder) {
            binder.bind((any GearBox).self) { _ in nil }
        }
    }

    private final class Probe: Injectable {
        init() {}
    }

    private final class Station: Injectable {
        var probes: Provider<Probe>!
        var factory: ObjectFactory!
        static var requires: Requirements { Requirements(\Station.probes, \.factory) }
        init() {}
    }

    private final class Misdeclared: Injectable {
        static var requires: Requirements { Requirements(\Car.gearBox) }
        init() {}
    }

    private final class Session: Injectable {
        static let scope: Scope = .graph
        init() {}
    }

    private final class Registry: Injectable {
        static let scope: Scope = .singleton
        var session: Session!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Registry.session) }
        init() {}
    }
}
