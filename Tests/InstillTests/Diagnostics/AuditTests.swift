import Instill
import ShowroomKit
import Testing

@Suite("Audit")
struct AuditTests {
    @Test("an optional property left nil and not listed in requires is reported as unlisted")
    func unlistedNilProperty() throws {
        let injector = Injector()
        let car = try injector.getObject(Car.self)

        let report = injector.audit(car)

        #expect(!report.isClean)
        #expect(!report.isUnknownType)
        #expect(Self.fields(report) == ["unlisted AuditTests.Car.radio"])
        #expect(
            report.description == """
                AuditTests.Car: 1 nil property:
                  - AuditTests.Car.radio is nil and not listed in requires: add it to `requires` if the injector should fill it.
                """)
    }

    @Test("a fully assembled object is clean: filled requirements, non-optional and lazy properties are not reported")
    func fullyAssembledObjectIsClean() throws {
        let injector = Injector()
        let coupe = try injector.getObject(Coupe.self)

        let report = injector.audit(coupe)

        #expect(report.isClean)
        #expect(report.findings.isEmpty)
        #expect(report.description == "AuditTests.Coupe: no nil properties.")
    }

    @Test("the example's cars and garage are clean once assembled")
    func showroomIsClean() throws {
        let injector = try Injector(modules: [ShowroomModule()])
        let garage = try injector.getObject(ShowroomKit.Garage.self)
        let sportsCar = try garage.park(SportsCar.self)

        #expect(injector.audit(sportsCar).isClean, "\(injector.audit(sportsCar))")
        #expect(injector.audit(garage).isClean, "\(injector.audit(garage))")
        #expect(injector.audit(sportsCar).description == "SportsCar: no nil properties.")
    }

    @Test("a required optional property whose binding returned nil is reported as required but nil")
    func requiredButNil() throws {
        let injector = try Injector(modules: [NoLightModule()])
        let porch = try injector.getObject(Porch.self)
        #expect(porch.light == nil)

        let report = injector.audit(porch)

        #expect(Self.fields(report) == ["requiredButNil AuditTests.Porch.light"])
        #expect(
            report.description == """
                AuditTests.Porch: 1 nil property:
                  - AuditTests.Porch.light is listed in requires but is nil: inject the object, or bind something that is not nil.
                """)
    }

    @Test("an object never injected has every requirement reported as required but nil, in declaration order")
    func neverInjected() {
        let report = Injector().audit(Car())

        #expect(report.findings.map(\.kind) == [.requiredButNil, .unlisted])
        #expect(
            report.description == """
                AuditTests.Car: 2 nil properties:
                  - AuditTests.Car.engine is listed in requires but is nil: inject the object, or bind something that is not nil.
                  - AuditTests.Car.radio is nil and not listed in requires: add it to `requires` if the injector should fill it.
                """)
    }

    @Test("superclass properties come first, each named with the class that declares it")
    func subclassFindings() throws {
        let injector = Injector()
        let estate = try injector.getObject(Estate.self)

        let report = injector.audit(estate)

        #expect(report.typeName == "AuditTests.Estate")
        #expect(Self.fields(report) == ["unlisted AuditTests.Car.radio", "unlisted AuditTests.Estate.roofBox"])
    }

    @Test("an object that is neither injectable nor bound is an unknown type, its nil properties unlisted")
    func unknownType() throws {
        let report = Injector().audit(Notebook())

        #expect(report.isUnknownType)
        #expect(Self.fields(report) == ["unlisted AuditTests.Notebook.cover"])

        let bound = try Injector(modules: [NotebookModule()])
        #expect(!bound.audit(Notebook()).isUnknownType)
    }
}

// MARK: - Fixtures

extension AuditTests {
    /// Each finding as "kind Type.property".
    private static func fields(_ report: AuditReport) -> [String] {
        report.findings.map { "\($0.kind) \($0.typeName).\($0.property)" }
    }

    private final class Engine: Injectable {
        init() {}
    }

    private final class Radio {}

    private class Car: Injectable {
        var engine: Engine!
        var radio: Radio?
        class var requires: Requirements { Requirements(\Car.engine) }
        required init() {}
    }

    private final class Estate: Car {
        var roofBox: Radio?
    }

    private final class Coupe: Injectable {
        var engine: Engine!
        var spare: Engine?
        var parts: Provider<Engine>!
        let seats = 2
        var mileage = 0
        lazy var registration: String? = nil
        static var requires: Requirements { Requirements(\Coupe.engine, \.spare, \.parts) }
        init() {}
    }

    private final class Headlight {}

    private final class Porch: Injectable {
        var light: Headlight?
        static var requires: Requirements { Requirements(\Porch.light) }
        init() {}
    }

    /// Binds the porch light to a closure that returns nil.
    private struct NoLightModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(Headlight.self) { _ in nil }
        }
    }

    private final class Notebook {
        var cover: Radio?
    }

    private struct NotebookModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(Notebook())
        }
    }
}
