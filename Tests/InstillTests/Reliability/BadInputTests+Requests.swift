import Instill
import Testing

// The catalogue's rows for the request and binding forms Swinject users look for
// (optional, provider and factory requests, forwarding), numbered as in the article.

private protocol Kennel: AnyObject {}
private protocol Registry: AnyObject {}
private final class Muzzle: Injectable { init() {} }

/// Asks for a factory under a name, which a factory cannot honour.
private final class Smithy: Injectable {
    var factory: ObjectFactory!
    static var requires: Requirements { Requirements().named("tongs", \Smithy.factory) }
    init() {}
}

/// A module configured by a closure (the shared fixture).
private typealias Configure = ModuleFixtures.Configure

extension BadInputTests {
    // MARK: Requests and forwarding

    @Test("#52 getObject(ObjectFactory.self, named:): argumentMismatch, the name is not ignored")
    func namedFactoryRequest() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(ObjectFactory.self, named: "tongs")
        }

        Self.expect(
            error, .argumentMismatch,
            lines: [
                #"argumentMismatch: ObjectFactory was requested named "tongs", but a factory is the injector itself: nothing is looked up under that name, so it would be ignored."#,
                #"To fix: ask for ObjectFactory without a name, and give the name when building with it: factory.getObject(T.self, named: "tongs")."#,
            ])
    }

    @Test("#53 a requirement naming an ObjectFactory: invalidRequirement, where it is declared")
    func namedFactoryRequirement() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Smithy.self) }

        Self.expect(
            error, .invalidRequirement,
            lines: [
                #"invalidRequirement: Smithy asks for ObjectFactory named "tongs", but a factory is the injector itself: nothing is looked up under that name, so it would be ignored."#
            ])
        #expect(error.requirementLocation?.hasPrefix("InstillTests/BadInputTests+Requests.swift:") == true)
    }

    @Test("#54 arguments given with a Provider request: argumentMismatch")
    func argumentsForProviderRequest() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Provider<Muzzle>.self, arguments: "short")
        }

        Self.expect(
            error, .argumentMismatch,
            lines: [
                "argumentMismatch: Provider<Muzzle> is made by the injector and reads no arguments, but 1 argument was given."
            ])
    }

    @Test("#55 forwarding a protocol to a type that does not conform: typeDoesNotConform")
    func forwardToNonConformingType() throws {
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind(Muzzle.self) { _ in Muzzle() }
                binder.forward((any Kennel).self, to: Muzzle.self)
            }
        ])
        let error = try #require(throws: InjectionError.self) { try injector.getObject((any Kennel).self) }

        #expect(error.kind == .typeDoesNotConform)
        #expect(error.summary == "Muzzle is bound to any Kennel but does not conform to Kennel.")
    }

    @Test("#56 forwards that lead back to each other: cycle, not a hang")
    func forwardLoop() throws {
        let injector = try Injector(modules: [
            Configure { binder in
                binder.forward((any Kennel).self, to: (any Registry).self)
                binder.forward((any Registry).self, to: (any Kennel).self)
            }
        ])
        let error = try #require(throws: InjectionError.self) { try injector.getObject((any Kennel).self) }

        #expect(error.kind == .cycle)
        #expect(error.summary == "the bindings form a loop: any Registry → any Kennel → any Registry.")
    }
}
