import ChassisKit
@_spi(Reflection) import Swift
import Testing

@testable import Instill

// `FieldNames` reads a class's stored field names from the runtime's field records
// (`Unsafe/PropertyWrites.swift`), so that a class with no `_`-named field skips the
// full field scan. These specifications compare its answer with `_forEachField`'s own
// reading of the same classes, whose `@Injected` properties it must never hide.

private final class Gear {}

/// No field's name starts with `_`.
private final class Plain {
    var count = 0
    var name = ""
    var gear: Gear?
    lazy var derived: Int = count + 1
}

/// No stored field at all, and a subclass of it with none either.
private class Hollow {}
private final class StillHollow: Hollow {}

/// A plain field named like a wrapper's storage, as `@Observable` names its own.
private class Observed {
    var _name = ""
    var count = 0
}

/// `@Injected` only in the superclass.
private class Geared {
    @Injected var gear: Gear
}
private final class Inheriting: Geared {
    var count = 0
    var label = ""
}

/// Plain fields three levels up a non-final chain.
private class Grandparent { var a = 0 }
private class Parent: Grandparent { var b = "" }
private final class Child: Parent { var c: Gear? }

private final class GenericPlain<Value> {
    var value: Value?
    var count = 0
}
private final class GenericInjected<Value> {
    var value: Value?
    @Injected var gear: Gear
}
private class NonFinalInjected {
    var count = 0
    @Injected var gear: Gear
}

/// Many fields, the only `_`-named one last, so every record is read.
private final class Wide {
    var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0
    var g0 = "", g1 = "", g2 = "", g3 = "", g4 = "", g5 = "", g6 = "", g7 = "", g8 = "", g9 = ""
    var h0: Gear?, h1: Gear?, h2: Gear?, h3: Gear?, h4: Gear?, h5: Gear?, h6: Gear?, h7: Gear?
    @Injected var last: Gear
}
private final class WidePlain {
    var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0
    var g0 = "", g1 = "", g2 = "", g3 = "", g4 = "", g5 = "", g6 = "", g7 = "", g8 = "", g9 = ""
    var h0: Gear?, h1: Gear?, h2: Gear?, h3: Gear?, h4: Gear?, h5: Gear?, h6: Gear?, h7: Gear?
}

/// Observers, and weak and unowned references: fields whose storage differs from a
/// plain strong reference, none named with `_`.
private final class Observing {
    var count = 0 { didSet { changes += 1 } }
    var changes = 0
    weak var owner: Gear?
    unowned let anchor: Gear
    init(anchor: Gear) { self.anchor = anchor }
}

/// The same kinds of field, named with `_`.
private final class ObservingUnderscored {
    var _count = 0 { didSet { _changes += 1 } }
    var _changes = 0
    weak var _owner: Gear?
}

/// A subclass of a class of another module (ChassisKit's `Chassis`, whose fields are
/// `motor` and `drive`), with an `@Injected` property of its own.
private final class Rally: Chassis {
    @Injected var gear: Gear
}

/// Named as a class of another module (ChassisKit's `Motor`), with a `_` field.
private final class Motor {
    var _rpm = 0
}

/// What the full scan (`_forEachField`, every level) reads of `type`: whether a field
/// name starts with `_`, and whether a field is an `@Injected` property's storage.
private func fullScan(_ type: AnyClass) -> (underscored: Bool, injected: Bool) {
    var underscored = false
    var injected = false
    _forEachField(of: type, options: _EachFieldOptions(rawValue: 1 << 0 | 1 << 1)) { name, _, fieldType, _ in
        if name.pointee == CChar(UInt8(ascii: "_")) { underscored = true }
        if fieldType is any InjectedStorage.Type { injected = true }
        return true
    }
    return (underscored, injected)
}

@Suite("Field names read without resolving types")
struct FieldNameTests {
    @Test(
        "the names say whether a `_`-named field exists, as the full scan reads them",
        arguments: [
            (Plain.self as AnyClass, false), (Hollow.self, false), (StillHollow.self, false), (Observed.self, true),
            (Geared.self, true), (Inheriting.self, true), (Child.self, false), (GenericPlain<Int>.self, false),
            (GenericPlain<Gear>.self, false), (GenericInjected<String>.self, true), (NonFinalInjected.self, true),
            (Wide.self, true), (WidePlain.self, false), (Observing.self, false), (ObservingUnderscored.self, true),
            (Rally.self, true), (Chassis.self, false), (Motor.self, true), (ChassisKit.Motor.self, false),
        ])
    func underscoredNames(type: AnyClass, underscored: Bool) {
        let scan = fullScan(type)
        #expect(scan.underscored == underscored, "\(type)")
        let answer = FieldNames.anyStartsWithUnderscore(in: type)
        if FieldNames.areRead {
            #expect(answer == underscored, "\(type)")
        } else {
            #expect(answer == nil, "\(type)")
        }
    }

    @Test(
        "a class whose names say no `_` field has no `@Injected` property the full scan finds",
        arguments: [
            Plain.self as AnyClass, Hollow.self, StillHollow.self, Observed.self, Geared.self, Inheriting.self,
            Child.self, GenericPlain<Int>.self, GenericInjected<String>.self, GenericInjected<Gear>.self,
            NonFinalInjected.self, Wide.self, WidePlain.self, Observing.self, ObservingUnderscored.self, Rally.self,
            Chassis.self, Motor.self, ChassisKit.Motor.self,
        ])
    func neverHidesInjected(type: AnyClass) {
        let scan = fullScan(type)
        if scan.injected {
            #expect(FieldNames.anyStartsWithUnderscore(in: type) != false, "\(type)")
        }
        #expect(InjectedFields.of(type).isEmpty == !scan.injected, "\(type)")
    }

    @Test("an @Injected property of a superclass is found from the subclass, with its declaring class")
    func inheritedInjected() {
        let fields = InjectedFields.of(Inheriting.self)
        #expect(fields.map(\.name) == ["gear"])
        #expect(fields.map(\.declaringClass) == [TypeReference(Geared.self)])
        #expect(InjectedFields.of(Wide.self).map(\.name) == ["last"])
        #expect(InjectedFields.of(Rally.self).map(\.name) == ["gear"])
        #expect(InjectedFields.of(Rally.self).map(\.declaringClass) == [TypeReference(Rally.self)])
    }
}
