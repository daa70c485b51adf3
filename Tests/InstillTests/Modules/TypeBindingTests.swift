import Instill
import Testing

@Suite("Type bindings")
struct TypeBindingTests {
    @Test("a type bound to a protocol is built with its requirements filled, then awoken")
    func typeBoundToProtocolIsAssembled() throws {
        let injector = try Injector(modules: [Configure { $0.bind((any Printer).self, to: LaserPrinter.self) }])

        let printer = try injector.getObject((any Printer).self)
        let laser = try #require(printer as? LaserPrinter)

        #expect(laser.toner != nil)
        #expect(laser.toner?.cartridge != nil)
        #expect(laser.wasAwokenWithToner)
        #expect(printer.print("memo") == "memo in black")
    }

    @Test("a type bound to a protocol fills requirements of that protocol, a new instance each time")
    func typeBoundToProtocolFillsRequirements() throws {
        let injector = try Injector(modules: [Configure { $0.bind((any Printer).self, to: LaserPrinter.self) }])

        let first = try injector.getObject(Office.self)
        let second = try injector.getObject(Office.self)

        #expect(first.printer is LaserPrinter)
        #expect(first.printer !== second.printer)
    }

    @Test("a type bound to a protocol it does not conform to fails with an error naming both")
    func nonConformingTypeFails() throws {
        let bindingLine = #line + 1
        let injector = try Injector(modules: [Configure { $0.bind((any Printer).self, to: Scanner.self) }])

        let error = try #require(throws: InjectionError.self) { try injector.getObject((any Printer).self) }

        #expect(error.kind == .typeDoesNotConform)
        #expect(
            error.description == """
                typeDoesNotConform: TypeBindingTests.Scanner is bound to any TypeBindingTests.Printer but does not conform to TypeBindingTests.Printer.
                  Requested: any TypeBindingTests.Printer
                  Bound at: InstillTests/TypeBindingTests.swift:\(bindingLine) in ModuleFixtures.Configure
                  To fix: make TypeBindingTests.Scanner conform to TypeBindingTests.Printer, or bind another type to any TypeBindingTests.Printer.
                """)
    }

    @Test("a non-conforming type bound to a protocol fails again on the next request, and through requirements")
    func nonConformingTypeIsNeverCached() throws {
        let injector = try Injector(modules: [
            Configure { $0.bind((any Printer).self, to: Scanner.self, scope: .singleton) }
        ])

        let direct = try #require(throws: InjectionError.self) { try injector.getObject((any Printer).self) }
        let again = try #require(throws: InjectionError.self) { try injector.getObject((any Printer).self) }
        let nested = try #require(throws: InjectionError.self) { try injector.getObject(Office.self) }

        #expect(direct.kind == .typeDoesNotConform)
        #expect(again.kind == .typeDoesNotConform)
        #expect(nested.kind == .typeDoesNotConform)
        #expect(nested.requestedType == "TypeBindingTests.Office")
        #expect(nested.chain == ["TypeBindingTests.Office.printer"])
    }

    @Test("a type bound to a protocol in singleton scope is one instance, for requests and requirements")
    func typeBindingInSingletonScope() throws {
        let injector = try Injector(modules: [
            Configure { $0.bind((any Printer).self, to: LaserPrinter.self, scope: .singleton) }
        ])

        let printer = try injector.getObject((any Printer).self)

        #expect(try injector.getObject((any Printer).self) === printer)
        #expect(try injector.getObject(Office.self).printer === printer)
    }

    @Test("a type that declares singleton scope is one instance per injector, asked for by protocol or by class")
    func declaredSingletonIsOneInstanceAcrossKeys() throws {
        let injector = try Injector(modules: [Configure { $0.bind((any Printer).self, to: SharedPrinter.self) }])

        let byProtocol = try injector.getObject((any Printer).self)
        let byClass = try injector.getObject(SharedPrinter.self)

        #expect(try injector.getObject((any Printer).self) === byProtocol)
        #expect(byClass === byProtocol)
    }

    @Test("a subclass bound to its superclass is built for the superclass with the subclass's defaults")
    func subclassBoundToSuperclass() throws {
        let injector = try Injector(modules: [Configure { $0.bind(Vehicle.self, to: Truck.self) }])

        let vehicle = try injector.getObject(Vehicle.self)
        let truck = try #require(vehicle as? Truck)

        #expect(truck.label == "truck")
        #expect(truck.trailer != nil)
        #expect(try injector.getObject(Fleet.self).vehicle is Truck)
    }

    @Test(
        "a subclass bound to its superclass receives the call's arguments",
        arguments: ["hauler", "tipper"])
    func subclassReceivesArguments(label: String) throws {
        let injector = try Injector(modules: [Configure { $0.bind(Vehicle.self, to: Truck.self) }])

        let vehicle = try injector.getObject(Vehicle.self, arguments: label)

        #expect(vehicle is Truck)
        #expect(vehicle.label == label)
    }

    @Test("without the binding the superclass is built as itself")
    func superclassWithoutBinding() throws {
        let vehicle = try Injector().getObject(Vehicle.self, arguments: "bicycle")

        #expect(type(of: vehicle) == Vehicle.self)
        #expect(vehicle.label == "bicycle")
    }
}

// MARK: - Fixtures

extension TypeBindingTests {
    private typealias Configure = ModuleFixtures.Configure

    private protocol Printer: AnyObject {
        func print(_ text: String) -> String
    }

    private final class Cartridge: Injectable {
        let colour = "black"
        init() {}
    }

    private final class Toner: Injectable {
        var cartridge: Cartridge!
        static var requires: Requirements { Requirements(\Toner.cartridge) }
        init() {}
    }

    private final class LaserPrinter: Printer, Injectable {
        var toner: Toner?
        private(set) var wasAwokenWithToner = false
        static var requires: Requirements { Requirements(\LaserPrinter.toner) }
        init() {}
        func awakeFromInjection() { wasAwokenWithToner = toner?.cartridge != nil }
        func print(_ text: String) -> String { "\(text) in \(toner?.cartridge.colour ?? "nothing")" }
    }

    private final class SharedPrinter: Printer, Injectable {
        static let scope: Scope = .singleton
        init() {}
        func print(_ text: String) -> String { text }
    }

    /// Injectable, but not a printer.
    private final class Scanner: Injectable {
        init() {}
    }

    private final class Office: Injectable {
        var printer: (any Printer)!
        static var requires: Requirements { Requirements(\Office.printer) }
        init() {}
    }

    private final class Trailer: Injectable {
        init() {}
    }

    private class Vehicle: Injectable {
        let label: String
        init(label: String) { self.label = label }
        required init() { label = "unlabelled" }
        class var requires: Requirements { Requirements() }
        class var initializer: Initializer {
            Initializer(defaults: "vehicle") { Vehicle(label: try $0.argument(0, as: String.self)) }
        }
    }

    private final class Truck: Vehicle {
        var trailer: Trailer?
        override class var initializer: Initializer {
            Initializer(defaults: "truck") { Truck(label: try $0.argument(0, as: String.self)) }
        }
        override class var requires: Requirements { super.requires + Requirements(\Truck.trailer) }
    }

    private final class Fleet: Injectable {
        var vehicle: Vehicle!
        static var requires: Requirements { Requirements(\Fleet.vehicle) }
        init() {}
    }
}
