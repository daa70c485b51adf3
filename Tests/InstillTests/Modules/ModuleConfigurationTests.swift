import Instill
import Testing

@Suite("Module configuration")
struct ModuleConfigurationTests {
    @Test("configure runs once when an injector is created, and never again while it answers requests")
    func configuredOncePerInjector() throws {
        let app = Counter()
        let injector = try Injector(modules: [AppModule(configurations: app)])
        #expect(app.value == 1)

        _ = try injector.getObject(Tachometer.self)
        _ = try injector.getObject((any Gauge).self)
        _ = injector.hasBinding(for: (any Gauge).self)
        _ = try injector.getObject(Tachometer.self)

        #expect(app.value == 1)
    }

    @Test("each new injector configures the same module once more")
    func configuredOncePerNewInjector() throws {
        let app = Counter()
        let module = AppModule(configurations: app)

        _ = try Injector(modules: [module])
        _ = try Injector(modules: [module])

        #expect(app.value == 2)
    }

    @Test("withModules configures the injector's modules and the added ones exactly once each")
    func withModulesConfiguresOnce() throws {
        let app = Counter()
        let extra = Counter()
        let base = try Injector(modules: [AppModule(configurations: app)])

        let derived = try base.withModules([ExtraModule(configurations: extra)])
        _ = try derived.getObject(Tachometer.self)

        #expect(app.value == 2)
        #expect(extra.value == 1)
    }

    @Test("withoutModules(ofType:) configures the remaining modules exactly once each, and not the removed one")
    func withoutModulesConfiguresOnce() throws {
        let app = Counter()
        let extra = Counter()
        let base = try Injector(modules: [AppModule(configurations: app), ExtraModule(configurations: extra)])

        _ = try base.withoutModules(ofType: ExtraModule.self)

        #expect(app.value == 2)
        #expect(extra.value == 1)
    }

    @Test("childInjector configures the child's modules exactly once, and not the parent's")
    func childInjectorConfiguresOnce() throws {
        let app = Counter()
        let extra = Counter()
        let parent = try Injector(modules: [AppModule(configurations: app)])

        let child = try parent.childInjector(modules: [ExtraModule(configurations: extra)])
        _ = try child.getObject(Tachometer.self)
        _ = try child.getObject((any Gauge).self)

        #expect(app.value == 1)
        #expect(extra.value == 1)
    }

    @Test("an injector whose eager singleton is rejected has configured each module exactly once")
    func failedCreationConfiguresOnce() throws {
        let app = Counter()

        #expect(throws: InjectionError.self) {
            try Injector(modules: [AppModule(configurations: app), Configure { $0.eagerSingleton(Tachometer.self) }])
        }
        #expect(app.value == 1)
    }
}

// MARK: - Fixtures

extension ModuleConfigurationTests {
    private typealias Configure = ModuleFixtures.Configure
    private typealias Counter = ModuleFixtures.Counter

    private protocol Gauge: AnyObject {}
    private final class Tachometer: Gauge, Injectable { init() {} }

    private struct AppModule: Module {
        let configurations: ModuleFixtures.Counter
        func configure(_ binder: Binder) {
            configurations.increment()
            binder.bind((any Gauge).self, to: Tachometer.self)
        }
    }

    private struct ExtraModule: Module {
        let configurations: ModuleFixtures.Counter
        func configure(_ binder: Binder) {
            configurations.increment()
            binder.setScope(.singleton, for: Tachometer.self)
        }
    }
}
