import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// MARK: - Fixtures: a missing protocol binding

private protocol GearBox: AnyObject {
    var gears: Int { get }
}

private final class Engine: Injectable {
    init() {}
}

/// Non-final: its key paths describe themselves opaquely on Linux, so the injector
/// must recover `gearBox` from the class's field metadata.
private class Car: Injectable {
    var engine: Engine!
    var gearBox: (any GearBox)!
    static let requiresLine = #line + 1
    class var requires: Requirements { Requirements(\Car.engine, \.gearBox) }
    required init() {}
}

private final class Garage: Injectable {
    var car: Car!
    static var requires: Requirements { Requirements(\Garage.car) }
    init() {}
}

private let noGearBoxSummary = "nothing is bound to any GearBox, and it cannot be built automatically."
private let noGearBoxFix =
    "bind an implementation in a module: binder.bind((any GearBox).self, to: SomeType.self), or an instance: binder.bind(value, as: (any GearBox).self)."

// MARK: - Fixtures: two properties of one type

private final class Headlight {
    let side: String
    init(side: String) { self.side = side }
}

/// Non-final, with two required properties of the same type.
private class Coupe: Injectable {
    var leftLight: Headlight!
    var rightLight: Headlight!
    static let requiresLine = #line + 2
    class var requires: Requirements {
        Requirements().named("left", \Coupe.leftLight).named("right", \Coupe.rightLight)
    }
    required init() {}
}

/// Non-final, with a third property of the same type that is not a requirement.
private class Saloon: Injectable {
    var leftLight: Headlight!
    var fogLight: Headlight?
    var rightLight: Headlight!
    class var requires: Requirements {
        Requirements().named("left", \Saloon.leftLight).named("right", \Saloon.rightLight)
    }
    required init() {}
}

/// Requires a property it inherits, through a key path rooted at itself.
private final class Estate: Car {
    var roofBox: Engine!
    override class var requires: Requirements { Requirements(\Estate.roofBox, \.gearBox) }
}

private struct LeftLightOnly: Module {
    static let bindingLine = #line + 2
    func configure(_ binder: Binder) {
        binder.bind(Headlight.self, named: "left") { _ in Headlight(side: "left") }
    }
}

private struct RightLightOnly: Module {
    static let bindingLine = #line + 2
    func configure(_ binder: Binder) {
        binder.bind(Headlight.self, named: "right") { _ in Headlight(side: "right") }
    }
}

// MARK: - Fixtures: initializers that throw

private struct CalibrationError: Error, CustomStringConvertible {
    var description: String { "sensor not calibrated" }
}

/// Whether the call just counted is odd-numbered: the fixtures below fail on those,
/// so every run of a test (including repetitions) sees one failure, then a success.
private func isOddCall(_ calls: borrowing Atomic<Int>) -> Bool {
    !calls.add(1, ordering: .relaxed).newValue.isMultiple(of: 2)
}

/// A singleton whose first build throws.
private final class Meter: Injectable {
    static let scope: Scope = .singleton
    static let initializerCalls = Atomic<Int>(0)
    init() throws {
        if isOddCall(Meter.initializerCalls) { throw CalibrationError() }
    }
}

private final class Dashboard: Injectable {
    var meter: Meter!
    static let requiresLine = #line + 1
    static var requires: Requirements { Requirements(\Dashboard.meter) }
    init() {}
}

/// A `.normal` dependency whose first build throws, through a declared initializer.
private final class Probe: Injectable {
    static let initializerCalls = Atomic<Int>(0)
    static let initializer = Initializer { _ in
        if isOddCall(Probe.initializerCalls) { throw CalibrationError() }
        return Probe()
    }
}

/// A singleton that requires the failing probe: it must not stay cached half-built.
private final class Station: Injectable {
    static let scope: Scope = .singleton
    static let initializerCalls = Atomic<Int>(0)
    var probe: Probe!
    private(set) var awakeCount = 0
    static var requires: Requirements { Requirements(\Station.probe) }
    init() { Station.initializerCalls.add(1, ordering: .relaxed) }
    func awakeFromInjection() { awakeCount += 1 }
}

/// Two singletons in a cycle, one of which requires something that fails once.
private final class Hub: Injectable {
    static let scope: Scope = .singleton
    static let initializerCalls = Atomic<Int>(0)
    var spoke: Spoke!
    static var requires: Requirements { Requirements(\Hub.spoke) }
    init() { Hub.initializerCalls.add(1, ordering: .relaxed) }
}

private final class Spoke: Injectable {
    static let scope: Scope = .singleton
    var hub: Hub!
    var sensor: Sensor!
    static var requires: Requirements { Requirements(\Spoke.hub, \.sensor) }
    init() {}
}

private final class Sensor: Injectable {
    static let initializerCalls = Atomic<Int>(0)
    init() throws {
        if isOddCall(Sensor.initializerCalls) { throw CalibrationError() }
    }
}

// MARK: - Specification

@Suite("Error messages")
struct ErrorMessageTests {
    @Suite("A missing binding")
    struct MissingBinding {
        @Test("a protocol-typed requirement with nothing bound names the protocol, the property and the chain")
        func unboundProtocolRequirement() throws {
            let error = try #require(throws: InjectionError.self) {
                try Injector().getObject(Garage.self)
            }

            #expect(error.kind == .noBinding)
            #expect(error.requestedType == "Garage")
            #expect(error.chain == ["Garage.car", "Car.gearBox"])
            #expect(error.requirementLocation == "\(#fileID):\(Car.requiresLine)")
            #expect(
                error.description == """
                    noBinding: \(noGearBoxSummary)
                      Requested: Garage
                      Chain: Garage.car → Car.gearBox (declared at \(#fileID):\(Car.requiresLine))
                      To fix: \(noGearBoxFix)
                    """)
        }

        @Test("asking for an unbound protocol directly names it, with no chain")
        func unboundProtocolRequest() throws {
            let error = try #require(throws: InjectionError.self) {
                try Injector().getObject((any GearBox).self)
            }

            #expect(error.kind == .noBinding)
            #expect(error.chain == [])
            #expect(
                error.description == """
                    noBinding: \(noGearBoxSummary)
                      Requested: any GearBox
                      To fix: \(noGearBoxFix)
                    """)
        }

        @Test("injectDependencies(into:) reports the chain from the hand-built object")
        func unboundProtocolOnInjection() throws {
            let error = try #require(throws: InjectionError.self) {
                try Injector().injectDependencies(into: Car())
            }

            #expect(error.kind == .noBinding)
            #expect(
                error.description == """
                    noBinding: \(noGearBoxSummary)
                      Requested: Car
                      Chain: Car.gearBox (declared at \(#fileID):\(Car.requiresLine))
                      To fix: \(noGearBoxFix)
                    """)
        }
    }

    @Suite("Property names of non-final classes")
    struct PropertyNames {
        @Test("the right light of two is named when only the left is bound")
        func namesRightLight() throws {
            let error = try #require(throws: InjectionError.self) {
                try Injector(modules: [LeftLightOnly()]).getObject(Coupe.self)
            }

            #expect(error.kind == .noBinding)
            #expect(error.chain == ["Coupe.rightLight"])
            #expect(
                error.description == """
                    noBinding: nothing is bound to Headlight named "right", and it cannot be built automatically.
                      Requested: Coupe
                      Chain: Coupe.rightLight (declared at \(#fileID):\(Coupe.requiresLine))
                      Bound nearby: closure → Headlight named "left" in LeftLightOnly (\(#fileID):\(LeftLightOnly.bindingLine))
                      To fix: bind it in a module: binder.bind(Headlight.self, named: "right") { _ in ... }, or use a name that is bound.
                    """)
        }

        @Test("the left light of two is named when only the right is bound")
        func namesLeftLight() throws {
            let error = try #require(throws: InjectionError.self) {
                try Injector(modules: [RightLightOnly()]).getObject(Coupe.self)
            }

            #expect(error.kind == .noBinding)
            #expect(error.chain == ["Coupe.leftLight"])
            #expect(
                error.description == """
                    noBinding: nothing is bound to Headlight named "left", and it cannot be built automatically.
                      Requested: Coupe
                      Chain: Coupe.leftLight (declared at \(#fileID):\(Coupe.requiresLine))
                      Bound nearby: closure → Headlight named "right" in RightLightOnly (\(#fileID):\(RightLightOnly.bindingLine))
                      To fix: bind it in a module: binder.bind(Headlight.self, named: "left") { _ in ... }, or use a name that is bound.
                    """)
        }

        @Test("a requirement is named correctly when the class has another, unrequired property of the same type")
        func namesLightBesideAnUnrequiredOne() throws {
            let missingRight = try #require(throws: InjectionError.self) {
                try Injector(modules: [LeftLightOnly()]).getObject(Saloon.self)
            }
            let missingLeft = try #require(throws: InjectionError.self) {
                try Injector(modules: [RightLightOnly()]).getObject(Saloon.self)
            }

            #expect(missingRight.chain == ["Saloon.rightLight"])
            #expect(missingLeft.chain == ["Saloon.leftLight"])
        }

        @Test("an inherited property required through a key path rooted at the subclass is named")
        func namesInheritedProperty() throws {
            let error = try #require(throws: InjectionError.self) {
                try Injector().getObject(Estate.self)
            }

            #expect(error.kind == .noBinding)
            #expect(error.chain == ["Estate.gearBox"])
        }
    }

    @Suite("An initializer that throws")
    struct ThrowingInitializer {
        @Test(
            "the error propagates with the chain, and a singleton whose build threw is built again on the next request")
        func singletonBuildThrows() throws {
            let injector = Injector()
            let before = Meter.initializerCalls.load(ordering: .relaxed)

            let error = try #require(throws: InjectionError.self) {
                try injector.getObject(Dashboard.self)
            }

            #expect(error.kind == .initializerFailed)
            #expect(error.chain == ["Dashboard.meter"])
            #expect(error.underlyingError is CalibrationError)
            #expect(
                error.description == """
                    initializerFailed: the initializer of Meter threw: sensor not calibrated
                      Requested: Dashboard
                      Chain: Dashboard.meter (declared at \(#fileID):\(Dashboard.requiresLine))
                      To fix: make the initializer of Meter succeed; nothing it started was cached.
                    """)
            #expect(Meter.initializerCalls.load(ordering: .relaxed) == before + 1)

            let dashboard = try injector.getObject(Dashboard.self)
            #expect(Meter.initializerCalls.load(ordering: .relaxed) == before + 2)
            #expect(try injector.getObject(Meter.self) === dashboard.meter)
            #expect(Meter.initializerCalls.load(ordering: .relaxed) == before + 2)
        }

        @Test("a singleton whose requirement threw is not cached half-built")
        func singletonWithFailingRequirement() throws {
            let injector = Injector()
            let before = Station.initializerCalls.load(ordering: .relaxed)

            let error = try #require(throws: InjectionError.self) {
                try injector.getObject(Station.self)
            }
            #expect(error.kind == .initializerFailed)
            #expect(error.chain == ["Station.probe"])
            #expect(error.summary == "the initializer of Probe threw: sensor not calibrated")

            let station = try injector.getObject(Station.self)
            #expect(Station.initializerCalls.load(ordering: .relaxed) == before + 2)
            #expect(station.probe != nil)
            #expect(station.awakeCount == 1)
            #expect(try injector.getObject(Station.self) === station)
        }

        @Test("singletons in a cycle whose build threw are all built again on the next request")
        func singletonCycleWithFailingMember() throws {
            let injector = Injector()
            let before = Hub.initializerCalls.load(ordering: .relaxed)

            let error = try #require(throws: InjectionError.self) {
                try injector.getObject(Hub.self)
            }
            #expect(error.kind == .initializerFailed)
            #expect(error.chain == ["Hub.spoke", "Spoke.sensor"])

            let hub = try injector.getObject(Hub.self)
            let spoke = try injector.getObject(Spoke.self)
            #expect(Hub.initializerCalls.load(ordering: .relaxed) == before + 2)
            #expect(hub.spoke === spoke)
            #expect(spoke.hub === hub)
            #expect(spoke.sensor != nil)
        }
    }
}
