import Instill
import Testing

private protocol Shelter: AnyObject {
    var size: Int { get }
}

private protocol Registry: AnyObject {}

private final class Kennel: Shelter, Registry, Sendable {
    let size: Int
    init(size: Int) { self.size = size }
}

private final class Barn: Shelter, Injectable {
    static let scope: Scope = .singleton
    var size: Int { 10 }
    init() {}
}

private final class Collar {}

private struct KennelProvider: ObjectProvider {
    func provide(_ injector: Injector, arguments: InjectionArguments) throws -> Kennel? {
        Kennel(size: try arguments.argument(0, as: Int.self))
    }
}

/// A module configured by a closure (the shared fixture).
private typealias Bindings = ModuleFixtures.Configure

@Suite("Binder.forward: a type answered by another type's binding")
struct ForwardingTests {
    @Test("a protocol forwarded to a closure-bound singleton is that one instance")
    func closureSingleton() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(Kennel.self, scope: .singleton) { _ in Kennel(size: 3) }
                binder.forward((any Shelter).self, to: Kennel.self)
                binder.forward((any Registry).self, to: Kennel.self)
            }
        ])

        let kennel = try injector.getObject(Kennel.self)

        #expect(try injector.getObject((any Shelter).self) === kennel)
        #expect(try injector.getObject((any Registry).self) === kennel)
    }

    @Test("a forwarded instance binding gives the instance")
    func instance() throws {
        let kennel = Kennel(size: 5)
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(kennel)
                binder.forward((any Shelter).self, named: "main", to: Kennel.self)
            }
        ])

        #expect(try injector.getObject((any Shelter).self, named: "main") === kennel)
    }

    @Test("forwarding to a named binding, and a .normal target, builds anew each time")
    func namedTargetNormalScope() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(Kennel.self, named: "small") { _ in Kennel(size: 1) }
                binder.forward((any Shelter).self, to: Kennel.self, targetName: "small")
            }
        ])

        let first = try injector.getObject((any Shelter).self)
        let second = try injector.getObject((any Shelter).self)

        #expect(first.size == 1)
        #expect(first !== second)
    }

    @Test("arguments pass through to the target's provider")
    func arguments() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(Kennel.self, provider: KennelProvider())
                binder.forward((any Shelter).self, to: Kennel.self)
            }
        ])

        #expect(try injector.getObject((any Shelter).self, arguments: 7).size == 7)
    }

    @Test("an Injectable target with no binding is built in its own scope")
    func automaticTarget() throws {
        let injector = try Injector(modules: [Bindings { $0.forward((any Shelter).self, to: Barn.self) }])

        #expect(try injector.getObject((any Shelter).self) === (try injector.getObject(Barn.self)))
    }

    @Test("requirements of the forwarded type are filled from the target")
    func requirement() throws {
        final class Farm: Injectable {
            var shelter: (any Shelter)!
            static var requires: Requirements { Requirements(\Farm.shelter) }
            init() {}
        }
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(Kennel.self, scope: .singleton) { _ in Kennel(size: 3) }
                binder.forward((any Shelter).self, to: Kennel.self)
            }
        ])

        #expect(try injector.getObject(Farm.self).shelter === (try injector.getObject(Kennel.self)))
    }

    @Test("a target that does not conform is an error naming both types")
    func doesNotConform() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(Collar.self) { _ in Collar() }
                binder.forward((any Shelter).self, to: Collar.self)
            }
        ])

        let error = try #require(throws: InjectionError.self) { try injector.getObject((any Shelter).self) }

        #expect(error.kind == .typeDoesNotConform)
        #expect(error.summary == "Collar is bound to any Shelter but does not conform to Shelter.")
    }

    @Test("a target with nothing bound is a missing binding for the target")
    func missingTarget() throws {
        let injector = try Injector(modules: [Bindings { $0.forward((any Shelter).self, to: Kennel.self) }])

        let error = try #require(throws: InjectionError.self) { try injector.getObject((any Shelter).self) }

        #expect(error.kind == .noBinding)
        #expect(error.summary == "nothing is bound to Kennel, and it cannot be built automatically.")
    }

    @Test("forwards that loop are a cycle, not a hang")
    func loop() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.forward((any Shelter).self, to: (any Registry).self)
                binder.forward((any Registry).self, to: (any Shelter).self)
            }
        ])

        let error = try #require(throws: InjectionError.self) { try injector.getObject((any Shelter).self) }

        #expect(error.kind == .cycle)
        #expect(error.summary == "the bindings form a loop: any Registry → any Shelter → any Registry.")
    }

    @Test("validate() reports a forward whose target has nothing bound")
    func validation() throws {
        let injector = try Injector(modules: [Bindings { $0.forward((any Shelter).self, to: Kennel.self) }])

        let report = injector.validate()

        #expect(report.problems.map(\.kind) == [.noBinding])
        #expect(report.problems.first?.summary == "nothing is bound to Kennel, and it cannot be built automatically.")
    }
}
