import Testing

@testable import Instill

// The reference engine compiles plans too (see `Accelerators`): every step a write
// through the typed key path after `as?`, every awake called. These fixtures are only
// built here.

private protocol Lamp: AnyObject {}

private final class Bulb: Lamp, Injectable {
    init() {}
}

private class Socket: Injectable {
    required init() {}
}

private final class Fixture: Injectable {
    var socket: Socket!
    var lamp: (any Lamp)!
    var spare: Socket?
    static var requires: Requirements { Requirements(\Fixture.socket, \.lamp, \.spare) }
    init() {}
}

private struct LampModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any Lamp).self, to: Bulb.self)
    }
}

/// A type whose awake is the protocol's default: an accelerated injector learns that
/// and skips it; the reference engine never does.
private final class Quiet: Injectable {
    var socket: Socket!
    static var requires: Requirements { Requirements(\Quiet.socket) }
    init() {}
}

/// A subclass written where its superclass is declared, into an object of a subclass
/// of the requirement's root: neither exact-class shortcut of a reference write holds.
private class Base: Injectable {
    var socket: Socket?
    class var requires: Requirements { Requirements(\Base.socket) }
    required init() {}
}

private final class Derived: Base {}

private final class SpecialSocket: Socket {}

@Suite("Reference plans: the reference engine's warm builds")
struct ReferencePlanTests {
    private func injector(_ accelerators: Accelerators) throws -> Injector {
        try Injector(parent: nil, modules: [LampModule()], tracer: nil, accelerators: accelerators)
    }

    private func plan(of type: Any.Type, in injector: Injector) throws -> BuildPlan? {
        try injector.recipe(for: BindingKey(type), type: TypeReference(type)).plan
    }

    @Test("the reference engine compiles a plan whose every write goes through the key path")
    func referencePlanWritesThroughKeyPaths() throws {
        let injector = try injector(.reference)
        for _ in 0..<3 { _ = try injector.getObject(Fixture.self) }
        let plan = try #require(try plan(of: Fixture.self, in: injector))
        #expect(plan.writeKinds == ["keyPath", "keyPath", "keyPath"])
        let built = try injector.getObject(Fixture.self)
        #expect(built.socket != nil && built.lamp is Bulb && built.spare != nil)
        #expect(built.socket !== built.spare, "two .normal sockets, not one")
    }

    @Test("the resolver alone compiles no plan, and builds the same objects")
    func resolverOnlyCompilesNothing() throws {
        let injector = try injector(.resolverOnly)
        for _ in 0..<3 { _ = try injector.getObject(Fixture.self) }
        #expect(try plan(of: Fixture.self, in: injector) == nil)
        let built = try injector.getObject(Fixture.self)
        #expect(built.socket != nil && built.lamp is Bulb && built.spare != nil)
    }

    @Test("a default awake learned by an accelerated injector is still called by the reference engine's plan")
    func referencePlanAwakesAlways() throws {
        let accelerated = try injector(.all)
        for _ in 0..<3 { _ = try accelerated.getObject(Quiet.self) }
        let reference = try injector(.reference)
        for _ in 0..<3 { _ = try reference.getObject(Quiet.self) }
        let referencePlan = try #require(try plan(of: Quiet.self, in: reference))
        #expect(referencePlan.awakes, "the reference engine calls every awake")
        if hasAccelerators {
            let acceleratedPlan = try #require(try plan(of: Quiet.self, in: accelerated))
            #expect(!acceleratedPlan.awakes, "the accelerated injector learned the default awake")
        }
    }

    @Test(
        "a reference write takes a subclass instance into a subclass's object, and refuses what the property cannot hold"
    )
    func referenceWriteChecksEveryCast() throws {
        let requirement = try #require(Base.requires.entries.first)
        let write = try #require(requirement.makeKeyPathWrite())
        let derived = Derived()
        // Neither the object (a `Derived`, the key path's root is `Base`) nor the value
        // (a `SpecialSocket`, the property holds `Socket?`) is of exactly the declared
        // class: the write goes through `as?`.
        let special = SpecialSocket()
        #expect(write.write(special, into: derived) == nil)
        #expect(derived.socket === special)
        // A value the property cannot hold is refused, and the property is unchanged.
        #expect(write.write(Bulb(), into: derived) == Bulb.self)
        #expect(derived.socket === special)
        // An object that is not a `Base` is refused too.
        #expect(write.write(Socket(), into: Bulb()) == Socket.self)
    }

    @Test("with accelerators, a plan writes the class property at its offset and the protocol property from a template")
    func acceleratedPlanWritesDirectly() throws {
        guard hasAccelerators, LayoutReading.isEnabled else { return }
        let injector = try injector(.all)
        for _ in 0..<4 { _ = try injector.getObject(Fixture.self) }
        let plan = try #require(try plan(of: Fixture.self, in: injector))
        #expect(plan.writeKinds == ["offset", "template", "offset"])
    }
}

extension BuildPlan {
    /// How each step writes: `offset`, `template`, `keyPath` or `writer`.
    fileprivate var writeKinds: [String] {
        steps.map { step in
            switch step.write {
            case .offset: "offset"
            case .template: "template"
            case .writer(let writer): writer.takeUnretainedValue() is KeyPathWrite ? "keyPath" : "writer"
            }
        }
    }
}
