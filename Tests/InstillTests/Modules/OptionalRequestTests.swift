import Instill
import Testing

private protocol Animal: AnyObject {
    var sound: String { get }
}

private final class Dog: Animal, Injectable {
    var sound: String { "woof" }
    init() {}
}

private final class Cat: Animal {
    let name: String
    var sound: String { "meow" }
    init(name: String) { self.name = name }
}

private struct Leash {
    let length: Int
}

private struct LeashProvider: ObjectProvider {
    func provide(_ injector: Injector, arguments: InjectionArguments) throws -> Leash? {
        Leash(length: try arguments.argument(0, as: Int.self))
    }
}

private struct Failure: Error {}

/// Asks for a factory under a name, which a factory cannot honour.
private final class Workshop: Injectable {
    var factory: ObjectFactory!
    static var requires: Requirements { Requirements().named("tools", \Workshop.factory) }
    init() {}
}

/// The same, through its initializer.
private final class Forge: Injectable {
    let factory: ObjectFactory
    init(factory: ObjectFactory) { self.factory = factory }
    static let initializer = Initializer(dependencies: .named("tools", ObjectFactory.self)) { Forge(factory: $0) }
}

/// A module configured by a closure (the shared fixture).
private typealias Bindings = ModuleFixtures.Configure

@Suite("getObject(T?.self): an optional request")
struct OptionalRequestTests {
    @Test("resolves the wrapped type's binding")
    func boundProtocol() throws {
        let injector = try Injector(modules: [Bindings { $0.bind((any Animal).self) { _ in Cat(name: "Mimi") } }])

        let animal = try injector.getObject((any Animal)?.self)

        #expect((animal as? Cat)?.name == "Mimi")
    }

    @Test("builds an Injectable wrapped type automatically")
    func automaticType() throws {
        let dog = try Injector().getObject(Dog?.self)

        #expect(dog?.sound == "woof")
    }

    @Test("is nil when nothing is bound to the wrapped protocol, or not under that name")
    func nothingBound() throws {
        let injector = try Injector(modules: [Bindings { $0.bind((any Animal).self) { _ in Cat(name: "Mimi") } }])

        #expect(try Injector().getObject((any Animal)?.self) == nil)
        #expect(try injector.getObject((any Animal)?.self, named: "stray") == nil)
        #expect(try injector.getObject(Leash?.self, arguments: 3) == nil)
    }

    @Test("resolves named bindings and passes arguments")
    func namedAndArguments() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind((any Animal).self, named: "cat") { _ in Cat(name: "Tom") }
                binder.bind(Leash.self, provider: LeashProvider())
            }
        ])

        #expect((try injector.getObject((any Animal)?.self, named: "cat") as? Cat)?.name == "Tom")
        #expect(try injector.getObject(Leash?.self, arguments: 3)?.length == 3)
    }

    @Test("is nil when the binding's closure returns nil")
    func closureReturnsNil() throws {
        let injector = try Injector(modules: [Bindings { $0.bind((any Animal).self) { _ in nil } }])

        #expect(try injector.getObject((any Animal)?.self) == nil)
    }

    @Test("still throws errors other than nothing being bound, naming the optional type")
    func otherErrorsThrow() throws {
        let injector = try Injector(modules: [
            Bindings { $0.bind((any Animal).self) { _ in throw Failure() } }
        ])

        let error = try #require(throws: InjectionError.self) { try injector.getObject((any Animal)?.self) }

        #expect(error.kind == .providerFailed)
        #expect(error.requestedType == "Optional<any Animal>")
    }

    @Test("a wrapped type that is bound is the same singleton as a plain request")
    func sameSingleton() throws {
        let injector = try Injector(modules: [
            Bindings { $0.bind((any Animal).self, scope: .singleton) { _ in Cat(name: "Mimi") } }
        ])

        let optional = try #require(try injector.getObject((any Animal)?.self))

        #expect(optional === (try injector.getObject((any Animal).self)))
    }

    @Test("await getObject resolves an optional whose binding is async")
    func asyncBinding() async throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind((any Animal).self) { _ async in
                    await Task.yield()
                    return Cat(name: "Async")
                }
            }
        ])

        let animal = try await injector.getObject((any Animal)?.self)

        #expect((animal as? Cat)?.name == "Async")
        #expect(try await injector.getObject((any Animal)?.self, named: "none") == nil)
    }

    @Test("optional types print with the existential spelled out")
    func optionalTypeNames() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector(modules: [Bindings { $0.bind(Dog() as (any Animal)?, as: (any Animal)?.self) }])
        }

        #expect(
            error.summary
                == "Optional<any Animal> is bound as an optional type, but requirements of Optional<any Animal> look up any Animal, so this binding would never be used."
        )
    }
}

@Suite("getObject(Provider<T>.self) and getObject(ObjectFactory.self)")
struct HandleRequestTests {
    @Test("a requested provider builds the type on each call, under its name")
    func provider() throws {
        let injector = try Injector(modules: [
            Bindings { $0.bind((any Animal).self, named: "cat") { _ in Cat(name: "Tom") } }
        ])

        let dogs = try injector.getObject(Provider<Dog>.self)
        let cats = try injector.getObject(Provider<any Animal>.self, named: "cat")

        #expect(try dogs() !== (try dogs()))
        #expect(cats.name == "cat")
        #expect((try cats() as? Cat)?.name == "Tom")
    }

    @Test("a requested object factory builds from the injector")
    func objectFactory() throws {
        let injector = Injector()
        let factory = try injector.getObject(ObjectFactory.self)

        #expect(try factory.getObject(Dog.self).sound == "woof")
    }

    @Test("a name given for an object factory is an error, not ignored")
    func namedObjectFactoryRefused() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(ObjectFactory.self, named: "tools")
        }

        #expect(error.kind == .argumentMismatch)
        #expect(
            error.description == """
                argumentMismatch: ObjectFactory was requested named "tools", but a factory is the injector itself: nothing is looked up under that name, so it would be ignored.
                  Requested: ObjectFactory
                  To fix: ask for ObjectFactory without a name, and give the name when building with it: factory.getObject(T.self, named: "tools").
                """)
    }

    @Test("a requirement or initializer dependency naming an object factory is refused, and validate() reports it")
    func namedObjectFactoryDeclarationsRefused() throws {
        let injector = Injector()
        for type in [Workshop.self, Forge.self] as [any Injectable.Type] {
            let error = try #require(throws: InjectionError.self) { _ = try injector.getObject(type) }
            #expect(error.kind == .invalidRequirement)
            #expect(
                error.summary == """
                    \(type == Workshop.self ? "Workshop" : "Forge") asks for ObjectFactory named "tools", but a factory is the injector itself: nothing is looked up under that name, so it would be ignored.
                    """)
        }
        let report = injector.validate(roots: [Workshop.self, Forge.self])
        #expect(report.problems.map(\.kind) == [.invalidRequirement, .invalidRequirement])
    }

    @Test("an optional provider is a provider")
    func optionalProvider() throws {
        let injector = Injector()
        let provider = try injector.getObject(Provider<Dog>?.self)

        #expect(try provider?().sound == "woof")
    }

    @Test("arguments given for a provider or factory are an error")
    func argumentsRefused() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Provider<Dog>.self, arguments: 1)
        }

        #expect(error.kind == .argumentMismatch)
        #expect(
            error.description == """
                argumentMismatch: Provider<Dog> is made by the injector and reads no arguments, but 1 argument was given.
                  Requested: Provider<Dog>
                  To fix: pass the arguments when calling it (provider(arguments: ...), factory.getObject(T.self, arguments: ...)), or pass none.
                """)
    }

    @Test("provider types name their value with the existential spelled out")
    func providerTypeName() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Provider<any Animal>.self, arguments: 1, 2)
        }

        #expect(
            error.summary
                == "Provider<any Animal> is made by the injector and reads no arguments, but 2 arguments were given.")
    }

    @Test("a struct that looks like a provider is not one")
    func lookalike() throws {
        struct Provider<Value> {}
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Provider<Dog>.self) }

        #expect(error.kind == .noBinding)
    }
}
