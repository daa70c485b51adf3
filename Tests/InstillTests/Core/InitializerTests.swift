import Instill
import Testing

// MARK: - Fixtures

private final class Oil: Injectable {
    init() {}
}

/// A declared initializer with two default arguments, and a requirement of its own.
private final class Engine: Injectable {
    let model: String
    let cylinders: Int
    var oil: Oil!
    private(set) var awakeCount = 0

    init(model: String, cylinders: Int) {
        self.model = model
        self.cylinders = cylinders
    }

    static let initializer = Initializer(defaults: "V8", 8) { arguments in
        Engine(model: try arguments.argument(0, as: String.self), cylinders: try arguments.argument(1, as: Int.self))
    }
    static var requires: Requirements { Requirements(\Engine.oil) }
    func awakeFromInjection() { awakeCount += 1 }
}

/// Requires an engine: requirements are always built with the declared defaults.
private final class Roadster: Injectable {
    var engine: Engine!
    static var requires: Requirements { Requirements(\Roadster.engine) }
    init() {}
}

/// A declared initializer with no defaults: every request must pass its argument.
private final class Piston: Injectable {
    let bore: Double
    var oil: Oil!
    init(bore: Double) { self.bore = bore }
    static let initializer = Initializer { arguments in
        Piston(bore: try arguments.argument(0, as: Double.self))
    }
    static var requires: Requirements { Requirements(\Piston.oil) }
}

/// A factory-style initializer: a static function that returns a configured instance.
private final class Wagon: Injectable {
    let color: String
    var oil: Oil!
    init(color: String) { self.color = color }
    static func showroomModel() -> Wagon { Wagon(color: "red") }
    static var initializer: Initializer { Initializer(factory: showroomModel) }
    static var requires: Requirements { Requirements(\Wagon.oil) }
}

/// A factory-style initializer taking one argument, with its default.
private final class Turbine: Injectable {
    let name: String
    init(name: String) { self.name = name }
    static func named(_ name: String) -> Turbine { Turbine(name: name) }
    static let initializer = Initializer(defaults: "T1") { try named($0.argument(0)) }
}

/// A singleton with a declared initializer: later arguments are ignored.
private final class Workshop: Injectable {
    static let scope: Scope = .singleton
    let town: String
    init(town: String) { self.town = town }
    static let initializer = Initializer(defaults: "Lyon") { arguments in
        Workshop(town: try arguments.argument(0, as: String.self))
    }
}

/// An initializer that builds an instance of another type.
private final class Impostor: Injectable {
    static let initializer = Initializer { _ in Oil() }
}

// MARK: - Specification

@Suite("Declared initializers and arguments")
struct InitializerTests {
    @Test("declared default arguments are used, and requirements still filled")
    func usesDeclaredDefaults() throws {
        let engine = try Injector().getObject(Engine.self)

        #expect(engine.model == "V8")
        #expect(engine.cylinders == 8)
        #expect(engine.oil != nil)
        #expect(engine.awakeCount == 1)
    }

    @Test("a requirement built with a declared initializer gets the defaults")
    func requirementsUseDefaults() throws {
        let roadster = try Injector().getObject(Roadster.self)

        #expect(roadster.engine.model == "V8")
        #expect(roadster.engine.cylinders == 8)
        #expect(roadster.engine.oil != nil)
    }

    @Test("call-time arguments replace the defaults")
    func argumentsReplaceDefaults() throws {
        let injector = Injector()

        let engine = try injector.getObject(Engine.self, arguments: "W16", 16)

        #expect(engine.model == "W16")
        #expect(engine.cylinders == 16)
        #expect(engine.oil != nil)
        #expect(engine.awakeCount == 1)
        // The defaults are untouched for the next request.
        #expect(try injector.getObject(Engine.self).model == "V8")
    }

    @Test("call-time arguments replace the defaults entirely, not position by position")
    func argumentsReplaceAllDefaults() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Engine.self, arguments: "V12")
        }

        #expect(error.kind == .argumentMismatch)
        #expect(
            error.description == """
                argumentMismatch: Engine reads argument 1 as Int, but 1 argument was given.
                  Requested: Engine
                  To fix: pass 2 or more arguments (getObject(Engine.self, arguments: ...)), or declare defaults in its Initializer.
                """)
    }

    @Test("an initializer without defaults works with explicit arguments")
    func initializerWithoutDefaults() throws {
        let piston = try Injector().getObject(Piston.self, arguments: 86.0)

        #expect(piston.bore == 86.0)
        #expect(piston.oil != nil)
    }

    @Test("an initializer without defaults, given no arguments, throws an error naming the missing argument")
    func initializerWithoutDefaultsNeedsArguments() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Piston.self)
        }

        #expect(error.kind == .argumentMismatch)
        #expect(
            error.description == """
                argumentMismatch: Piston reads argument 0 as Double, but 0 arguments were given.
                  Requested: Piston
                  To fix: pass 1 or more arguments (getObject(Piston.self, arguments: ...)), or declare defaults in its Initializer.
                """)
    }

    @Test("a wrongly typed argument throws an error naming the type, the index, the expected and the given type")
    func wronglyTypedArgument() throws {
        let injector = Injector()

        let first = try #require(throws: InjectionError.self) {
            try injector.getObject(Engine.self, arguments: 12, 12)
        }
        #expect(first.kind == .argumentMismatch)
        #expect(
            first.description == """
                argumentMismatch: Engine reads argument 0 as String, but an Int was given.
                  Requested: Engine
                  To fix: pass a String at position 0.
                """)

        let second = try #require(throws: InjectionError.self) {
            try injector.getObject(Engine.self, arguments: "V12", "twelve")
        }
        #expect(second.kind == .argumentMismatch)
        #expect(second.summary == "Engine reads argument 1 as Int, but a String was given.")
        #expect(second.fix == "pass an Int at position 1.")

        // The injector is still usable.
        #expect(try injector.getObject(Engine.self, arguments: "V12", 12).cylinders == 12)
    }

    @Test("a factory-style initializer builds the instance, with its requirements filled")
    func factoryInitializer() throws {
        let wagon = try Injector().getObject(Wagon.self)

        #expect(wagon.color == "red")
        #expect(wagon.oil != nil)
    }

    @Test("a factory-style initializer with one argument uses its default or the call's argument")
    func factoryInitializerWithArgument() throws {
        let injector = Injector()

        #expect(try injector.getObject(Turbine.self).name == "T1")
        #expect(try injector.getObject(Turbine.self, arguments: "T2").name == "T2")
    }

    @Test("a singleton uses the arguments of the request that builds it and ignores later ones")
    func singletonIgnoresLaterArguments() throws {
        let injector = Injector()

        let first = try injector.getObject(Workshop.self, arguments: "Nantes")
        let second = try injector.getObject(Workshop.self, arguments: "Brest")

        #expect(first === second)
        #expect(second.town == "Nantes")
    }

    @Test("an initializer that builds an instance of another type throws initializerFailed")
    func initializerBuildingTheWrongType() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Impostor.self)
        }

        #expect(error.kind == .initializerFailed)
        #expect(error.summary == "the initializer of Impostor built an Oil, which is not an Impostor.")
    }
}
