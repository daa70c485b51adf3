import Instill
import Testing

@Suite("withModules and withoutModules(ofType:)")
struct DerivedInjectorTests {
    // MARK: withModules

    @Test("withModules returns an injector with the added modules' bindings as well as its own")
    func withModulesAddsBindings() throws {
        let base = try Injector(modules: [NetworkModule()])

        let derived = try base.withModules([CacheModule()])

        #expect(try derived.getObject((any Network).self) is HTTPNetwork)
        #expect(try derived.getObject((any Cache).self) is MemoryCache)
        #expect(derived.hasBinding(for: (any Cache).self))
        #expect(base.hasBinding(for: (any Cache).self) == false)
    }

    @Test("withModules: an added module wins over the injector's own, which is left unchanged")
    func withModulesLaterWins() throws {
        let base = try Injector(modules: [NetworkModule()])

        let derived = try base.withModules([OfflineModule()])

        #expect(try derived.getObject((any Network).self) is OfflineNetwork)
        #expect(try derived.getObject(Client.self).network is OfflineNetwork)
        #expect(try base.getObject((any Network).self) is HTTPNetwork)
        #expect(try base.getObject(Client.self).network is HTTPNetwork)
    }

    @Test("withModules builds the added modules' eager singletons before it returns")
    func withModulesStartsEagerSingletons() throws {
        let builds = Counter()
        let base = try Injector(modules: [NetworkModule()])
        #expect(builds.value == 0)

        let derived = try base.withModules([WatchdogModule(builds: builds)])

        #expect(builds.value == 1)
        _ = try derived.getObject(Watchdog.self)
        #expect(builds.value == 1)
    }

    @Test("withModules builds the injector's own eager singletons afresh, as its singletons are fresh")
    func withModulesRestartsOwnEagerSingletons() throws {
        let builds = Counter()
        let base = try Injector(modules: [WatchdogModule(builds: builds)])
        #expect(builds.value == 1)

        let derived = try base.withModules([CacheModule()])

        #expect(builds.value == 2)
        #expect(try derived.getObject(Watchdog.self) !== base.getObject(Watchdog.self))
        #expect(builds.value == 2)
    }

    @Test("withModules throws when an added eager singleton is not in singleton scope")
    func withModulesRejectsNormalEagerSingleton() throws {
        let base = try Injector(modules: [NetworkModule()])

        let error = try #require(throws: InjectionError.self) {
            try base.withModules([Configure { $0.eagerSingleton(MemoryCache.self) }])
        }

        #expect(error.kind == .eagerSingletonNotSingleton)
    }

    @Test("withModules gives fresh singletons")
    func withModulesHasFreshSingletons() throws {
        let base = try Injector(modules: [NetworkModule()])
        let derived = try base.withModules([CacheModule()])

        let original = try base.getObject(Registry.self)

        #expect(try derived.getObject(Registry.self) !== original)
        #expect(try derived.getObject(Registry.self) === derived.getObject(Registry.self))
        #expect(try base.getObject(Registry.self) === original)
    }

    // MARK: withoutModules(ofType:)

    @Test("withoutModules(ofType:) unbinds a protocol that only that module bound")
    func withoutModulesUnbindsProtocol() throws {
        let base = try Injector(modules: [NetworkModule(), CacheModule()])

        let derived = try base.withoutModules(ofType: NetworkModule.self)
        let error = try #require(throws: InjectionError.self) { try derived.getObject((any Network).self) }

        #expect(derived.hasBinding(for: (any Network).self) == false)
        #expect(error.kind == .noBinding)
        #expect(
            error.description == """
                noBinding: nothing is bound to any DerivedInjectorTests.Network, and it cannot be built automatically.
                  Requested: any DerivedInjectorTests.Network
                  To fix: bind an implementation in a module: binder.bind((any DerivedInjectorTests.Network).self, to: SomeType.self), or an instance: binder.bind(value, as: (any DerivedInjectorTests.Network).self).
                """)
    }

    @Test("withoutModules(ofType:) lets a concrete type the module bound fall back to automatic building")
    func withoutModulesFallsBackToAutomaticBuilding() throws {
        let base = try Injector(modules: [NetworkModule(), CacheModule()])
        let bound = try base.getObject(Settings.self)

        let derived = try base.withoutModules(ofType: NetworkModule.self)
        let built = try derived.getObject(Settings.self)

        #expect(bound.region == "eu")
        #expect(built !== bound)
        #expect(built.region == "default")
        #expect(derived.hasBinding(for: Settings.self) == false)
        #expect(try derived.getObject(Profile.self).settings.region == "default")
    }

    @Test("withoutModules(ofType:) keeps the other modules' bindings and leaves the original unchanged")
    func withoutModulesKeepsTheRest() throws {
        let base = try Injector(modules: [NetworkModule(), CacheModule()])

        let derived = try base.withoutModules(ofType: NetworkModule.self)

        #expect(try derived.getObject((any Cache).self) is MemoryCache)
        #expect(try base.getObject((any Network).self) is HTTPNetwork)
        #expect(try base.getObject(Settings.self).region == "eu")
    }

    @Test("withoutModules(ofType:) removes every module of that type, and an earlier binding shows through")
    func withoutModulesRemovesEveryInstance() throws {
        let base = try Injector(modules: [
            NetworkModule(), OfflineModule(), CacheModule(), OfflineModule(),
        ])
        #expect(try base.getObject((any Network).self) is OfflineNetwork)

        let derived = try base.withoutModules(ofType: OfflineModule.self)

        #expect(try derived.getObject((any Network).self) is HTTPNetwork)
    }

    @Test("an injector derived from a child keeps the child's parent")
    func derivedChildKeepsParent() throws {
        let parent = try Injector(modules: [NetworkModule()])
        let child = try parent.childInjector(modules: [CacheModule()])

        let withMore = try child.withModules([OfflineModule()])
        let withLess = try child.withoutModules(ofType: CacheModule.self)

        #expect(try withMore.getObject(Settings.self).region == "eu")
        #expect(try withMore.getObject((any Network).self) is OfflineNetwork)
        #expect(try withLess.getObject((any Network).self) is HTTPNetwork)
        #expect(withLess.hasBinding(for: (any Cache).self) == false)
        #expect(try withLess.getObject(Registry.self) === parent.getObject(Registry.self))
    }
}

// MARK: - Fixtures

extension DerivedInjectorTests {
    private typealias Configure = ModuleFixtures.Configure
    private typealias Counter = ModuleFixtures.Counter

    private protocol Network: AnyObject {}
    private final class HTTPNetwork: Network, Injectable { init() {} }
    private final class OfflineNetwork: Network, Injectable { init() {} }

    private protocol Cache: AnyObject {}
    private final class MemoryCache: Cache, Injectable { init() {} }

    private final class Settings: Injectable, Sendable {
        let region: String
        init(region: String) { self.region = region }
        init() { region = "default" }
    }

    private final class Registry: Injectable {
        static let scope: Scope = .singleton
        init() {}
    }

    private final class Client: Injectable {
        var network: (any Network)!
        var settings: Settings!
        static var requires: Requirements { Requirements(\Client.network, \.settings) }
        init() {}
    }

    private final class Profile: Injectable {
        var settings: Settings!
        static var requires: Requirements { Requirements(\Profile.settings) }
        init() {}
    }

    private final class Watchdog: Injectable {
        static let scope: Scope = .singleton
        var builds: ModuleFixtures.Counter!
        static var requires: Requirements { Requirements(\Watchdog.builds) }
        init() {}
        func awakeFromInjection() { builds.increment() }
    }

    private struct NetworkModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any Network).self, to: HTTPNetwork.self)
            binder.bind(Settings(region: "eu"))
        }
    }

    private struct OfflineModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any Network).self, to: OfflineNetwork.self)
        }
    }

    private struct CacheModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any Cache).self, to: MemoryCache.self)
        }
    }

    private struct WatchdogModule: Module {
        let builds: ModuleFixtures.Counter
        func configure(_ binder: Binder) {
            binder.bind(builds)
            binder.eagerSingleton(Watchdog.self)
        }
    }
}
