import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// MARK: - Fixtures

/// Counts how many wheels were ever built; only one test builds them.
private final class Wheel: Injectable {
    static let built = Atomic<Int>(0)
    private(set) var awakeCount = 0
    init() { Wheel.built.add(1, ordering: .relaxed) }
    func awakeFromInjection() { awakeCount += 1 }
}

private final class Car: Injectable {
    var spareWheel: Provider<Wheel>!
    static var requires: Requirements { Requirements(\Car.spareWheel) }
    init() {}
}

private final class Extinguisher: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

private final class Lorry: Injectable {
    var extinguisher: Provider<Extinguisher>!
    var engine: Provider<Engine>!
    static var requires: Requirements { Requirements(\Lorry.extinguisher, \.engine) }
    init() {}
}

private final class Headlight {
    let side: String
    init(side: String) { self.side = side }
}

private struct LightsModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Headlight.self, named: "left") { _ in Headlight(side: "left") }
    }
}

private final class LampShop: Injectable {
    var leftLights: Provider<Headlight>!
    static var requires: Requirements { Requirements().named("left", \LampShop.leftLights) }
    init() {}
}

private final class Depot: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

private final class Engine: Injectable {
    let model: String
    var depot: Depot!
    init(model: String) { self.model = model }
    static let initializer = Initializer(defaults: "V8") { arguments in
        Engine(model: try arguments.argument(0, as: String.self))
    }
    static var requires: Requirements { Requirements(\Engine.depot) }
}

/// Keeps a handle to the injector that built it.
private final class Dealership: Injectable {
    var factory: ObjectFactory!
    static var requires: Requirements { Requirements(\Dealership.factory) }
    init() {}
}

// MARK: - Specification

@Suite("Provider and ObjectFactory")
struct ProviderTests {
    @Suite("Provider<T>")
    struct Providers {
        @Test("Provider<Wheel> builds nothing until called, then a new Wheel per call")
        func buildsLazilyAndFreshPerCall() throws {
            let injector = Injector()
            defer { withExtendedLifetime(injector) {} }  // a Provider holds its injector weakly
            let before = Wheel.built.load(ordering: .relaxed)
            let car = try injector.getObject(Car.self)
            let spares = try #require(car.spareWheel)
            #expect(Wheel.built.load(ordering: .relaxed) == before)

            let first = try spares()
            #expect(Wheel.built.load(ordering: .relaxed) == before + 1)
            #expect(first.awakeCount == 1)

            let second = try spares()
            #expect(Wheel.built.load(ordering: .relaxed) == before + 2)
            #expect(first !== second)
        }

        @Test("a Provider of a singleton returns the injector's single instance on every call")
        func providerOfSingleton() throws {
            let injector = Injector()
            let lorry = try injector.getObject(Lorry.self)

            let first = try lorry.extinguisher()
            let second = try lorry.extinguisher()

            #expect(first === second)
            #expect(first === (try injector.getObject(Extinguisher.self)))
        }

        @Test("a Provider passes its call's arguments to the initializer")
        func providerPassesArguments() throws {
            let injector = Injector()
            defer { withExtendedLifetime(injector) {} }
            let lorry = try injector.getObject(Lorry.self)

            #expect(try lorry.engine().model == "V8")
            #expect(try lorry.engine(arguments: "V6").model == "V6")
        }

        @Test("a named Provider builds from the binding of its name")
        func namedProvider() throws {
            let injector = try Injector(modules: [LightsModule()])
            defer { withExtendedLifetime(injector) {} }
            let shop = try injector.getObject(LampShop.self)
            let lights = try #require(shop.leftLights)

            #expect(lights.name == "left")
            let first = try lights()
            let second = try lights()
            #expect(first.side == "left")
            #expect(first !== second)
        }

        @Test("a Provider called after its injector is released throws injectorReleased")
        func providerOutlivingItsInjector() throws {
            var injector: Injector? = Injector()
            weak let released = injector
            let lorry = try #require(try injector?.getObject(Lorry.self))
            injector = nil
            #expect(released == nil)

            let error = try #require(throws: InjectionError.self) { try lorry.extinguisher() }

            #expect(error.kind == .injectorReleased)
            #expect(
                error.description == """
                    injectorReleased: a Provider, Lazy or ObjectFactory asked for Extinguisher after its injector was released.
                      Requested: Extinguisher
                      To fix: keep the Injector alive as long as the objects that build from it.
                    """)
        }
    }

    @Suite("ObjectFactory")
    struct Factories {
        @Test("builds from the injector that built its owner")
        func buildsFromItsOwnInjector() throws {
            let first = Injector()
            let second = Injector()

            let firstDealer = try first.getObject(Dealership.self)
            let secondDealer = try second.getObject(Dealership.self)
            let fromFirst = try firstDealer.factory.getObject(Depot.self)
            let fromSecond = try secondDealer.factory.getObject(Depot.self)

            #expect(fromFirst !== fromSecond)
            #expect(fromFirst === (try first.getObject(Depot.self)))
            #expect(fromSecond === (try second.getObject(Depot.self)))
            #expect(try firstDealer.factory.getObject(Depot.self) === fromFirst)
        }

        @Test("passes arguments to initializers and fills requirements")
        func passesArguments() throws {
            let injector = Injector()
            let dealer = try injector.getObject(Dealership.self)

            let engine = try dealer.factory.getObject(Engine.self, arguments: "V12")
            let standard = try dealer.factory.getObject(Engine.self)

            #expect(engine.model == "V12")
            #expect(standard.model == "V8")
            #expect(engine.depot === (try injector.getObject(Depot.self)))
        }
    }
}
