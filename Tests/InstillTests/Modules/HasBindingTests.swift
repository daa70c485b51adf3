import Instill
import Testing

@Suite("hasBinding(for:named:)")
struct HasBindingTests {
    private static let injector: Injector = {
        do {
            return try Injector(modules: [
                Configure { binder in
                    binder.bind(Compass(), as: (any Instrument).self)
                    binder.bind((any Instrument).self, named: "backup") { _ in Compass() }
                    binder.bind(Sextant.self, named: "brass", provider: SextantProvider())
                    binder.bind((any Chart).self, to: SeaChart.self, scope: .singleton)
                    binder.setScope(.singleton, for: Logbook.self)
                }
            ])
        } catch {
            fatalError("the fixture module cannot fail: \(error)")
        }
    }()

    @Test(
        "answers whether a protocol is bound, per name",
        arguments: [
            (nil, true),
            ("backup", true),
            ("spare", false),
        ] as [(String?, Bool)])
    func protocolBindings(name: String?, expected: Bool) {
        #expect(Self.injector.hasBinding(for: (any Instrument).self, named: name) == expected)
    }

    @Test("answers true for a type bound only under a name, and false for it without the name")
    func namedOnly() {
        #expect(Self.injector.hasBinding(for: Sextant.self, named: "brass"))
        #expect(Self.injector.hasBinding(for: Sextant.self) == false)
        #expect(Self.injector.hasBinding(for: Sextant.self, named: "BRASS") == false)
    }

    @Test("answers true for a type binding, whatever its scope")
    func typeBinding() {
        #expect(Self.injector.hasBinding(for: (any Chart).self))
        #expect(Self.injector.hasBinding(for: (any Chart).self, named: "sea") == false)
    }

    @Test("answers false for types that are only built automatically, or whose scope alone is set")
    func automaticTypesHaveNoBinding() throws {
        #expect(Self.injector.hasBinding(for: SeaChart.self) == false)
        #expect(Self.injector.hasBinding(for: Logbook.self) == false)
        #expect(Self.injector.hasBinding(for: Compass.self) == false)
        _ = try Self.injector.getObject(Logbook.self)
        #expect(Self.injector.hasBinding(for: Logbook.self) == false)
    }

    @Test("answers false for everything in an injector without modules")
    func emptyInjector() {
        let injector = Injector()

        #expect(injector.hasBinding(for: (any Instrument).self) == false)
        #expect(injector.hasBinding(for: (any Instrument).self, named: "backup") == false)
        #expect(injector.hasBinding(for: Logbook.self) == false)
    }

    @Test("a child answers for its parent's bindings and its own; the parent only for its own")
    func childAndParent() throws {
        let child = try Self.injector.childInjector(modules: [
            Configure { $0.bind(Sextant(), named: "steel") }
        ])

        #expect(child.hasBinding(for: (any Instrument).self))
        #expect(child.hasBinding(for: Sextant.self, named: "brass"))
        #expect(child.hasBinding(for: Sextant.self, named: "steel"))
        #expect(Self.injector.hasBinding(for: Sextant.self, named: "steel") == false)
    }
}

// MARK: - Fixtures

extension HasBindingTests {
    private typealias Configure = ModuleFixtures.Configure

    private protocol Instrument: AnyObject, Sendable {}
    private final class Compass: Instrument {}

    private final class Sextant: Sendable {}
    private struct SextantProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> Sextant? { Sextant() }
    }

    private protocol Chart: AnyObject {}
    private final class SeaChart: Chart, Injectable { init() {} }

    private final class Logbook: Injectable { init() {} }
}
