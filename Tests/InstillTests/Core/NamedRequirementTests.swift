import Instill
import Testing

// MARK: - Fixtures

private final class Headlight {
    let side: String
    init(side: String) { self.side = side }
}

private final class Engine: Injectable {
    init() {}
}

/// Mixes unnamed requirements with named ones of one type.
private final class Car: Injectable {
    var engine: Engine!
    var leftLight: Headlight!
    var rightLight: Headlight!
    var spotLight: Headlight!
    static var requires: Requirements {
        Requirements(\Car.engine, \.spotLight)
            .named("left", \Car.leftLight)
            .named("right", \Car.rightLight)
    }
    init() {}
}

private struct LightsModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Headlight.self, named: "left") { _ in Headlight(side: "left") }
        binder.bind(Headlight.self, named: "right") { _ in Headlight(side: "right") }
        binder.bind(Headlight.self) { _ in Headlight(side: "spot") }
    }
}

/// A named requirement of an `Injectable` type: names are only ever filled from bindings.
private final class Tuner: Injectable {
    init() {}
}

private final class Radio: Injectable {
    var tuner: Tuner!
    static let requiresLine = #line + 1
    static var requires: Requirements { Requirements().named("digital", \Radio.tuner) }
    init() {}
}

// MARK: - Specification

@Suite("Named requirements")
struct NamedRequirementTests {
    @Test("named requirements get the binding of their name, unnamed ones the unnamed binding")
    func namedAndUnnamedMix() throws {
        let car = try Injector(modules: [LightsModule()]).getObject(Car.self)

        #expect(car.engine != nil)
        #expect(car.leftLight?.side == "left")
        #expect(car.rightLight?.side == "right")
        #expect(car.spotLight?.side == "spot")
        #expect(car.leftLight !== car.rightLight)
    }

    @Test("getObject(named:) and the named subscript return the binding of that name")
    func namedRequests() throws {
        let injector = try Injector(modules: [LightsModule()])

        #expect(try injector.getObject(Headlight.self, named: "left").side == "left")
        #expect(try injector[Headlight.self, named: "right"].side == "right")
        #expect(try injector.getObject(Headlight.self).side == "spot")
    }

    @Test("a named requirement of an Injectable type is not built automatically")
    func namedRequirementNeedsABinding() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Radio.self)
        }

        #expect(error.kind == .noBinding)
        #expect(
            error.description == """
                noBinding: nothing is bound to Tuner named "digital", and it cannot be built automatically.
                  Requested: Radio
                  Chain: Radio.tuner (declared at \(#fileID):\(Radio.requiresLine))
                  To fix: bind it in a module: binder.bind(Tuner.self, named: "digital") { _ in ... }, or use a name that is bound.
                """)
    }
}
