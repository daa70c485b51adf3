import Instill
import Testing

@Suite("Eager singletons")
struct EagerSingletonTests {
    @Test("an eager singleton is built when the injector is created, before any request")
    func builtAtCreation() throws {
        let builds = Counter()
        let injector = try Injector(modules: [BeaconModule(builds: builds)])

        #expect(builds.value == 1)

        let beacon = try injector.getObject(Beacon.self)
        let again = try injector.getObject(Beacon.self)

        #expect(beacon === again)
        #expect(beacon.isLit)
        #expect(builds.value == 1)
    }

    @Test("an eager singleton is built once per injector")
    func builtOncePerInjector() throws {
        let builds = Counter()
        let module = BeaconModule(builds: builds)

        let one = try Injector(modules: [module])
        let other = try Injector(modules: [module])

        #expect(builds.value == 2)
        #expect(try one.getObject(Beacon.self) !== other.getObject(Beacon.self))
        #expect(builds.value == 2)
    }

    @Test("a type promoted with setScope(.singleton) can be an eager singleton")
    func promotedTypeIsEager() throws {
        let builds = Counter()
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind(builds)
                binder.setScope(.singleton, for: Lantern.self)
                binder.eagerSingleton(Lantern.self)
            }
        ])

        #expect(builds.value == 1)
        #expect(try injector.getObject(Lantern.self) === injector.getObject(Lantern.self))
        #expect(builds.value == 1)
    }

    @Test("an eager singleton bound to a closure runs the closure when the injector is created")
    func closureBindingIsEager() throws {
        let calls = Counter()
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind((any Signal).self, scope: .singleton) { _ in
                    calls.increment()
                    return Flare()
                }
                binder.eagerSingleton((any Signal).self)
            }
        ])

        #expect(calls.value == 1)
        #expect(try injector.getObject((any Signal).self) === injector.getObject((any Signal).self))
        #expect(calls.value == 1)
    }

    @Test("a named eager singleton bound to a protocol is built for that name only")
    func namedTypeBindingIsEager() throws {
        let builds = Counter()
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind(builds)
                binder.bind((any Signal).self, to: Lantern.self, named: "harbour", scope: .singleton)
                binder.bind((any Signal).self, to: Lantern.self, named: "pier", scope: .singleton)
                binder.eagerSingleton((any Signal).self, named: "harbour")
            }
        ])

        #expect(builds.value == 1)
        _ = try injector.getObject((any Signal).self, named: "harbour")
        #expect(builds.value == 1)
        _ = try injector.getObject((any Signal).self, named: "pier")
        #expect(builds.value == 2)
    }

    @Test("an eager singleton whose type is in normal scope makes the injector's creation throw")
    func normalTypeIsRejected() throws {
        let builds = Counter()

        // Inside the `#require` expansion, default `#line` arguments read the macro's line.
        let eagerLine = #line + 1
        let error = try #require(throws: InjectionError.self) {
            try Injector(modules: [
                Configure { binder in
                    binder.bind(builds)
                    binder.eagerSingleton(Lantern.self)
                }
            ])
        }

        #expect(error.kind == .eagerSingletonNotSingleton)
        #expect(builds.value == 0)
        #expect(
            error.description == """
                eagerSingletonNotSingleton: EagerSingletonTests.Lantern is registered as an eager singleton but its scope is .normal.
                  Requested: EagerSingletonTests.Lantern
                  Bound at: InstillTests/EagerSingletonTests.swift:\(eagerLine) in ModuleFixtures.Configure
                  To fix: declare `static let scope: Scope = .singleton` on EagerSingletonTests.Lantern, or call binder.setScope(.singleton, for: EagerSingletonTests.Lantern.self).
                """)
    }

    @Test("a declared singleton demoted with setScope(.normal) cannot be an eager singleton")
    func demotedSingletonIsRejected() throws {
        let builds = Counter()

        let error = try #require(throws: InjectionError.self) {
            try Injector(modules: [
                Configure { binder in
                    binder.bind(builds)
                    binder.setScope(.normal, for: Beacon.self)
                    binder.eagerSingleton(Beacon.self)
                }
            ])
        }

        #expect(error.kind == .eagerSingletonNotSingleton)
        #expect(
            error.summary == "EagerSingletonTests.Beacon is registered as an eager singleton but its scope is .normal.")
        #expect(builds.value == 0)
    }

    @Test(
        "an eager singleton bound in a scope other than singleton makes the injector's creation throw",
        arguments: [Scope.normal, .graph, .weak])
    func boundInAnotherScopeIsRejected(scope: Scope) throws {
        let calls = Counter()

        let error = try #require(throws: InjectionError.self) {
            try Injector(modules: [
                Configure { binder in
                    binder.bind((any Signal).self, scope: scope) { _ in
                        calls.increment()
                        return Flare()
                    }
                    binder.eagerSingleton((any Signal).self)
                }
            ])
        }

        #expect(error.kind == .eagerSingletonNotSingleton)
        #expect(
            error.summary
                == "any EagerSingletonTests.Signal is registered as an eager singleton but its scope is .\(scope).")
        #expect(calls.value == 0)
    }
}

// MARK: - Fixtures

extension EagerSingletonTests {
    private typealias Configure = ModuleFixtures.Configure
    private typealias Counter = ModuleFixtures.Counter

    /// A declared singleton that counts its builds through the counter bound in the module.
    private final class Beacon: Injectable {
        static let scope: Scope = .singleton
        var builds: ModuleFixtures.Counter!
        private(set) var isLit = false
        static var requires: Requirements { Requirements(\Beacon.builds) }
        init() {}
        func awakeFromInjection() {
            isLit = true
            builds.increment()
        }
    }

    private struct BeaconModule: Module {
        let builds: ModuleFixtures.Counter
        func configure(_ binder: Binder) {
            binder.bind(builds)
            binder.eagerSingleton(Beacon.self)
        }
    }

    private protocol Signal: AnyObject {}

    /// A normal-scope type that counts its builds.
    private final class Lantern: Signal, Injectable {
        var builds: ModuleFixtures.Counter!
        static var requires: Requirements { Requirements(\Lantern.builds) }
        init() {}
        func awakeFromInjection() { builds.increment() }
    }

    private final class Flare: Signal {}
}
