import Instill
import Testing

@Suite("Scopes set by modules")
struct ScopeOverrideTests {
    @Test("a normal type is a new instance per request when no module sets its scope")
    func normalTypeWithoutOverride() throws {
        let injector = Injector()

        #expect(try injector.getObject(Meter.self) !== injector.getObject(Meter.self))
    }

    @Test("setScope(.singleton) makes a normal type one instance per injector, for requests and requirements")
    func setScopePromotesToSingleton() throws {
        let injector = try Injector(modules: [Configure { $0.setScope(.singleton, for: Meter.self) }])

        let first = try injector.getObject(Meter.self)
        let second = try injector.getObject(Meter.self)
        let panel = try injector.getObject(Panel.self)

        #expect(first === second)
        #expect(panel.meter === first)
        #expect(panel.meter.wakeUps == 1)
    }

    @Test("setScope(.singleton) takes a main-actor type too: one view model per injector, built on the main actor")
    @MainActor
    func setScopeOnAMainActorType() throws {
        let injector = try Injector(modules: [Configure { $0.setScope(.singleton, for: SessionViewModel.self) }])

        let first = try injector.getObject(SessionViewModel.self)

        #expect(try injector.getObject(SessionViewModel.self) === first)
        #expect(try injector.getObject(SessionScreen.self).model === first)
        #expect(try Injector().getObject(SessionViewModel.self) !== Injector().getObject(SessionViewModel.self))
    }

    @Test("a promoted singleton is one instance per injector, not per process")
    func promotedSingletonIsPerInjector() throws {
        let module = Configure { $0.setScope(.singleton, for: Meter.self) }
        let one = try Injector(modules: [module])
        let other = try Injector(modules: [module])

        #expect(try one.getObject(Meter.self) === one.getObject(Meter.self))
        #expect(try one.getObject(Meter.self) !== other.getObject(Meter.self))
    }

    @Test("a declared singleton is one instance per injector when no module sets its scope")
    func declaredSingletonWithoutOverride() throws {
        let injector = Injector()

        #expect(try injector.getObject(Registry.self) === injector.getObject(Registry.self))
    }

    @Test("setScope(.normal) demotes a declared singleton to a new instance per request")
    func setScopeDemotesToNormal() throws {
        let injector = try Injector(modules: [Configure { $0.setScope(.normal, for: Registry.self) }])

        let first = try injector.getObject(Registry.self)
        let second = try injector.getObject(Registry.self)
        let desk = try injector.getObject(Desk.self)

        #expect(first !== second)
        #expect(desk.registry !== first && desk.registry !== second)
    }

    @Test("setScope applies to the implementation of a type bound to a protocol")
    func setScopeReachesTypeBindings() throws {
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind((any Gauge).self, to: Meter.self)
                binder.setScope(.singleton, for: Meter.self)
            }
        ])

        let gauge = try injector.getObject((any Gauge).self)

        #expect(try injector.getObject((any Gauge).self) === gauge)
        #expect(try injector.getObject(Cockpit.self).gauge === gauge)
    }

    @Test("a type promoted with setScope(.singleton) is one instance per injector, asked for by protocol or by class")
    func promotedSingletonIsOneInstanceAcrossKeys() throws {
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind((any Gauge).self, to: Meter.self)
                binder.setScope(.singleton, for: Meter.self)
            }
        ])

        let gauge = try injector.getObject((any Gauge).self)

        #expect(try injector.getObject(Meter.self) === gauge)
        #expect(try injector.getObject(Panel.self).meter === gauge)
    }

    @Test("setScope in one injector leaves another injector's scope alone")
    func setScopeIsPerInjector() throws {
        let promoted = try Injector(modules: [Configure { $0.setScope(.singleton, for: Meter.self) }])
        let plain = try Injector(modules: [Configure { _ in }])

        #expect(try promoted.getObject(Meter.self) === promoted.getObject(Meter.self))
        #expect(try plain.getObject(Meter.self) !== plain.getObject(Meter.self))
    }

    // MARK: Named singletons

    @Test(
        "a named singleton binding gives one instance per name, and different instances across names",
        arguments: NamedKind.allCases)
    func namedSingletons(kind: NamedKind) throws {
        let injector = try Injector(modules: [
            Configure { binder in
                for name in ["left", "right"] {
                    switch kind {
                    case .type:
                        binder.bind((any Gauge).self, to: Meter.self, named: name, scope: .singleton)
                    case .closure:
                        binder.bind((any Gauge).self, named: name, scope: .singleton) { _ in Meter() }
                    case .provider:
                        binder.bind((any Gauge).self, named: name, scope: .singleton, provider: MeterProvider())
                    }
                }
                binder.bind((any Gauge).self, to: Meter.self, scope: .singleton)
            }
        ])

        let left = try injector.getObject((any Gauge).self, named: "left")
        let right = try injector.getObject((any Gauge).self, named: "right")
        let unnamed = try injector.getObject((any Gauge).self)
        let dashboard = try injector.getObject(Dashboard.self)

        #expect(try injector.getObject((any Gauge).self, named: "left") === left)
        #expect(try injector[(any Gauge).self, named: "right"] === right)
        #expect(left !== right)
        #expect(unnamed !== left && unnamed !== right)
        #expect(dashboard.left === left)
        #expect(dashboard.right === right)
        #expect(dashboard.main === unnamed)
    }
}

// MARK: - Fixtures

extension ScopeOverrideTests {
    private typealias Configure = ModuleFixtures.Configure

    private protocol Gauge: AnyObject {}

    private final class Meter: Gauge, Injectable {
        private(set) var wakeUps = 0
        init() {}
        func awakeFromInjection() { wakeUps += 1 }
    }

    private struct MeterProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> (any Gauge)? { Meter() }
    }

    private final class Panel: Injectable {
        var meter: Meter!
        static var requires: Requirements { Requirements(\Panel.meter) }
        init() {}
    }

    private final class Cockpit: Injectable {
        var gauge: (any Gauge)!
        static var requires: Requirements { Requirements(\Cockpit.gauge) }
        init() {}
    }

    private final class SessionViewModel: MainActorInjectable {
        var userName: String?
        init() {}
    }

    private final class SessionScreen: MainActorInjectable {
        let model: SessionViewModel
        init(model: SessionViewModel) { self.model = model }
        static let initializer = Initializer(mainActorDependencies: SessionViewModel.self) { SessionScreen(model: $0) }
    }

    private final class Registry: Injectable {
        static let scope: Scope = .singleton
        init() {}
    }

    private final class Desk: Injectable {
        var registry: Registry!
        static var requires: Requirements { Requirements(\Desk.registry) }
        init() {}
    }

    private final class Dashboard: Injectable {
        var main: (any Gauge)!
        var left: (any Gauge)!
        var right: (any Gauge)!
        static var requires: Requirements {
            Requirements(\Dashboard.main)
                .named("left", \Dashboard.left)
                .named("right", \Dashboard.right)
        }
        init() {}
    }

    enum NamedKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case type, closure, provider
        var testDescription: String { rawValue }
    }
}
