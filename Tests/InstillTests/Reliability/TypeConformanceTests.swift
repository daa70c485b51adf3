import Testing

@testable import Instill

// `TypeConformance` asks the runtime for the metatype of "any type conforming to P"
// (`TypeConformance`, in `Unsafe/LayoutReading.swift`). These specifications give it every shape of bound
// type `bind(_:to:)` accepts, and check each answer against `is` on an instance.

private protocol Dial: AnyObject {}
private protocol Knob {}
private protocol FineKnob: Knob {}
private class Panel {}
private final class Meter: Panel, Dial {}
private final class Fader: FineKnob {}
private final class Lever {}
private class Switchboard: Knob {}
private final class Relay: Switchboard {}
private final class Crate<Content> {}
extension Crate: Knob where Content: Knob {}

@Suite("Type conformance without an instance")
struct TypeConformanceTests {
    @Test(
        "a class is an instance of a protocol, a composition or a superclass exactly when its instances are",
        arguments: [
            (Meter.self as AnyObject.Type, (any Dial).self as Any.Type, true), (Lever.self, (any Dial).self, false),
            (Fader.self, (any Knob).self, true), (Fader.self, (any FineKnob).self, true),
            (Meter.self, (any Knob).self, false), (Relay.self, (any Knob).self, true),
            (Meter.self, (any Dial & Knob).self, false), (Fader.self, (any Knob & AnyObject).self, true),
            (Meter.self, Panel.self, true), (Lever.self, Panel.self, false), (Relay.self, Switchboard.self, true),
            (Crate<Fader>.self, (any Knob).self, true), (Crate<Lever>.self, (any Knob).self, false),
            (Lever.self, Any.self, true), (Lever.self, AnyObject.self, true),
        ])
    func answers(implementation: AnyObject.Type, bound: Any.Type, expected: Bool) {
        #expect(TypeConformance.isInstance(of: implementation, a: bound) == expected, "\(implementation) \(bound)")
    }

    @Test("the answer is the one `is` gives for an instance, asked before or after it")
    func sameAsAnInstanceCheck() {
        func check<Bound>(_ object: AnyObject, _ bound: Bound.Type) {
            let before = TypeConformance.isInstance(of: type(of: object), a: bound)
            let instance = object is Bound
            #expect(before == instance)
            #expect(TypeConformance.isInstance(of: type(of: object), a: bound) == instance)
        }
        check(Crate<Relay>(), (any Knob).self)
        check(Crate<Panel>(), (any Knob).self)
        check(Relay(), (any FineKnob).self)
        check(Meter(), (any Dial).self)
    }

    @Test("a bound type that is neither a protocol nor a class cannot be told from the types")
    func unknown() {
        #expect(TypeConformance.isInstance(of: Lever.self, a: Int.self) == nil)
        #expect(TypeConformance.isInstance(of: Fader.self, a: (any Knob)?.self) == nil)
    }
}
