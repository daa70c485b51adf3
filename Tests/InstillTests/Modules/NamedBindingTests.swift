import Instill
import Testing

@Suite("Named bindings")
struct NamedBindingTests {
    @Test("named instance, type, provider and closure bindings fill the requirements of those names")
    func namedBindingsFillNamedRequirements() throws {
        let porchLight = Bulb(source: "instance")
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind(Bulb(source: "unnamed"), as: (any Light).self)
                binder.bind(porchLight, as: (any Light).self, named: "porch")
                binder.bind((any Light).self, to: Led.self, named: "ceiling")
                binder.bind((any Light).self, named: "desk", provider: LightProvider())
                binder.bind((any Light).self, named: "hall") { _ in Bulb(source: "closure") }
            }
        ])

        let room = try injector.getObject(Room.self)

        #expect(room.porch === porchLight)
        #expect(room.ceiling is Led)
        #expect(room.ceiling.source == "type")
        #expect(room.desk.source == "provider")
        #expect(room.hall.source == "closure")
        #expect(room.plain.source == "unnamed")
    }

    @Test("a named Provider requirement asks for the binding of its name on every call")
    func namedProviderRequirement() throws {
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind(Bulb(source: "unnamed"), as: (any Light).self)
                binder.bind((any Light).self, named: "desk", provider: LightProvider())
                binder.bind((any Light).self, to: Lamp.self, named: "reading")
            }
        ])

        let study = try injector.getObject(Study.self)

        #expect(study.desk.name == "desk")
        #expect(try study.desk().source == "provider")
        #expect(try study.desk() !== study.desk())
        #expect(try study.reading(arguments: 25).source == "lamp 25W")
    }

    @Test("a named binding is returned for its name and the unnamed one for no name")
    func namedRequests() throws {
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind(Bulb(source: "unnamed"), as: (any Light).self)
                binder.bind((any Light).self, named: "hall") { _ in Bulb(source: "closure") }
            }
        ])

        #expect(try injector.getObject((any Light).self).source == "unnamed")
        #expect(try injector.getObject((any Light).self, named: "hall").source == "closure")
        #expect(try injector[(any Light).self, named: "hall"].source == "closure")
    }

    @Test("a named type binding passes the call's arguments to the implementation")
    func namedTypeBindingReceivesArguments() throws {
        let injector = try Injector(modules: [
            Configure { $0.bind((any Light).self, to: Lamp.self, named: "reading") }
        ])

        #expect(try injector.getObject((any Light).self, named: "reading").source == "lamp 40W")
        #expect(try injector.getObject((any Light).self, named: "reading", arguments: 60).source == "lamp 60W")
    }

    @Test("a missing named binding is an error that lists the unnamed binding as a near match")
    func missingNameListsUnnamedBinding() throws {
        let injector = try Injector(modules: [LightsModule()])

        let error = try #require(throws: InjectionError.self) {
            try injector.getObject((any Light).self, named: "attic")
        }

        #expect(error.kind == .noBinding)
        #expect(error.nearMatches == [LightsModule.unnamedBindingSummary, LightsModule.porchBindingSummary])
        #expect(
            error.description.split(separator: "\n").dropLast() == [
                #"noBinding: nothing is bound to any NamedBindingTests.Light named "attic", and it cannot be built automatically."#,
                "  Requested: any NamedBindingTests.Light",
                "  Bound nearby: \(LightsModule.unnamedBindingSummary); \(LightsModule.porchBindingSummary)",
            ])
    }

    @Test("a missing named binding behind a requirement names the requirement chain and the near match")
    func missingNameBehindRequirement() throws {
        let injector = try Injector(modules: [LightsModule()])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Attic.self) }

        #expect(error.kind == .noBinding)
        #expect(error.chain == ["NamedBindingTests.Attic.light"])
        #expect(
            error.description.split(separator: "\n").dropLast() == [
                #"noBinding: nothing is bound to any NamedBindingTests.Light named "attic", and it cannot be built automatically."#,
                "  Requested: NamedBindingTests.Attic",
                "  Chain: NamedBindingTests.Attic.light (declared at \(Attic.requirementLocation))",
                "  Bound nearby: \(LightsModule.unnamedBindingSummary); \(LightsModule.porchBindingSummary)",
            ])
    }

    @Test("the fix for a missing named binding is code that compiles, for a class and for a protocol")
    func missingNameFixIsValidSwift() throws {
        let injector = try Injector(modules: [LightsModule()])

        let forClass = try #require(throws: InjectionError.self) {
            try injector.getObject(Bulb.self, named: "attic")
        }
        let forProtocol = try #require(throws: InjectionError.self) {
            try injector.getObject((any Light).self, named: "attic")
        }

        #expect(
            forClass.fix
                == #"bind it in a module: binder.bind(NamedBindingTests.Bulb.self, named: "attic") { _ in ... }, or use a name that is bound."#
        )
        #expect(
            forProtocol.fix
                == #"bind it in a module: binder.bind((any NamedBindingTests.Light).self, named: "attic") { _ in ... }, or use a name that is bound."#
        )
        #expect(forProtocol.description.hasSuffix("\n  To fix: \(forProtocol.fix)"))
    }

    @Test("an Injectable type asked for under a name with no binding is not built automatically")
    func namedRequestForInjectableType() throws {
        let injector = try Injector(modules: [Configure { $0.bind(Led.self, named: "spare") { _ in Led() } }])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Led.self, named: "spotlight") }

        #expect(error.kind == .noBinding)
        #expect(error.nearMatches.count == 1)
        #expect(try injector.getObject(Led.self, named: "spare").source == "type")
    }
}

// MARK: - Fixtures

extension NamedBindingTests {
    private typealias Configure = ModuleFixtures.Configure

    private protocol Light: AnyObject, Sendable {
        var source: String { get }
    }

    private final class Bulb: Light {
        let source: String
        init(source: String) { self.source = source }
    }

    private final class Led: Light, Injectable {
        let source = "type"
        init() {}
    }

    private final class Lamp: Light, Injectable {
        let source: String
        init(watts: Int) { source = "lamp \(watts)W" }
        static let initializer = Initializer(defaults: 40) { Lamp(watts: try $0.argument(0, as: Int.self)) }
    }

    private struct LightProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> (any Light)? {
            Bulb(source: "provider")
        }
    }

    private final class Room: Injectable {
        var plain: (any Light)!
        var porch: (any Light)!
        var ceiling: (any Light)!
        var desk: (any Light)!
        var hall: (any Light)!
        static var requires: Requirements {
            Requirements(\Room.plain)
                .named("porch", \Room.porch)
                .named("ceiling", \Room.ceiling)
                .named("desk", \Room.desk)
                .named("hall", \Room.hall)
        }
        init() {}
    }

    private final class Study: Injectable {
        var desk: Provider<any Light>!
        var reading: Provider<any Light>!
        static var requires: Requirements {
            Requirements().named("desk", \Study.desk).named("reading", \Study.reading)
        }
        init() {}
    }

    private final class Attic: Injectable {
        var light: (any Light)!
        static let requirementLine: UInt = #line + 1
        static var requires: Requirements { Requirements().named("attic", \Attic.light) }
        static var requirementLocation: String { "\(#fileID):\(requirementLine)" }
        init() {}
    }

    /// Binds an unnamed light and a named one, on lines the tests name.
    private struct LightsModule: Module {
        static let unnamedLine: UInt = #line + 4
        static let porchLine: UInt = #line + 4

        func configure(_ binder: Binder) {
            binder.bind((any Light).self) { _ in Bulb(source: "unnamed") }
            binder.bind((any Light).self, named: "porch", provider: LightProvider())
        }

        static var unnamedBindingSummary: String {
            "closure → any NamedBindingTests.Light in NamedBindingTests.LightsModule (\(#fileID):\(unnamedLine))"
        }
        static var porchBindingSummary: String {
            "provider → any NamedBindingTests.Light named \"porch\" in NamedBindingTests.LightsModule (\(#fileID):\(porchLine))"
        }
    }
}
