import Instill
import Testing

// Values answered by closure bindings are taken out of their `Any` box without a
// cast when their dynamic type is exactly the requested type (`Resolver.unbox`).
// These specifications try that path with values of every layout, and with values
// whose dynamic type is not the requested one, which must take the cast instead.

private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

/// Larger than an existential's inline buffer: boxed on the heap inside `Any`.
private struct Wide: Sendable, Equatable {
    var a = 1, b = 2, c = 3, d = 4, e = 5
    var label = "wide"
}

private struct Pair<Left: Sendable, Right: Sendable>: Sendable {
    let left: Left
    let right: Right
}

private enum Gear: Sendable {
    case park
    case drive(Int)
}

private class Vehicle: @unchecked Sendable {
    var wheels: Int { 4 }
}

private final class Bike: Vehicle, @unchecked Sendable {
    override var wheels: Int { 2 }
}

private protocol Named: Sendable { var name: String { get } }
private struct Tag: Named { let name: String }

/// A class behind a class-bound existential: `type(of:)` says `Badge`, the `Any`
/// holds an `any Labelled` (two words).
private protocol Labelled: AnyObject, Sendable { var label: String { get } }
private final class Badge: Labelled { let label = "badge" }

/// Needs a `Badge` (a class) and an `any Labelled` (an existential) through its
/// initializer, and a `Labelled` object through a property.
private final class Lanyard: Injectable, @unchecked Sendable {
    let badge: Badge
    let labelled: any Labelled
    var spare: (any Labelled)!
    init(badge: Badge, labelled: any Labelled) {
        self.badge = badge
        self.labelled = labelled
    }
    static let initializer = Initializer(dependencies: Badge.self, (any Labelled).self) {
        Lanyard(badge: $0, labelled: $1)
    }
    static var requires: Requirements { Requirements(\Lanyard.spare) }
}

@Suite("Values from closure bindings come out as the requested type, whatever their layout")
struct ValueUnboxingTests {
    @Test("a value larger than an existential buffer, an enum with a payload, a generic struct and a tuple")
    func layouts() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(Wide.self, named: "wide") { _ in Wide(label: "heap") }
                binder.bind(Gear.self, named: "gear") { _ in .drive(3) }
                binder.bind(Pair<Int, String>.self, named: "pair") { _ in Pair(left: 7, right: "seven") }
                binder.bind((Int, Double).self, named: "tuple") { _ in (1, 2.5) }
                binder.bind(String.self, named: "long") { _ in String(repeating: "x", count: 100) }
            }
        ])
        for _ in 0..<3 {
            #expect(try injector.getObject(Wide.self, named: "wide") == Wide(label: "heap"))
            guard case .drive(let gear) = try injector.getObject(Gear.self, named: "gear") else {
                Issue.record("not .drive")
                return
            }
            #expect(gear == 3)
            let pair = try injector.getObject(Pair<Int, String>.self, named: "pair")
            #expect(pair.left == 7 && pair.right == "seven")
            let tuple = try injector.getObject((Int, Double).self, named: "tuple")
            #expect(tuple.0 == 1 && tuple.1 == 2.5)
            #expect(try injector.getObject(String.self, named: "long").count == 100)
        }
    }

    @Test("a class behind a class-bound existential: asked for as the existential, as the class, and as a dependency")
    func existentialHoldingAClass() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind((any Labelled).self) { _ in Badge() }
                binder.bind(Badge.self) { _ in Badge() }
            }
        ])
        for _ in 0..<4 {
            #expect(try injector.getObject((any Labelled).self).label == "badge")
            #expect(try injector.getObject(Badge.self).label == "badge")
            let lanyard = try injector.getObject(Lanyard.self)
            #expect(lanyard.badge.label == "badge")
            #expect(lanyard.labelled is Badge)
            #expect(lanyard.spare.label == "badge")
        }
    }

    @Test("a subclass bound as its superclass, and a struct bound to a protocol, are cast, not bit-copied")
    func otherDynamicTypes() throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(Vehicle.self, named: "bike") { _ in Bike() }
                binder.bind((any Named).self) { _ in Tag(name: "tag") }
            }
        ])
        let vehicle = try injector.getObject(Vehicle.self, named: "bike")
        #expect(vehicle.wheels == 2)
        #expect(vehicle is Bike)
        #expect(try injector.getObject((any Named).self).name == "tag")
    }
}
