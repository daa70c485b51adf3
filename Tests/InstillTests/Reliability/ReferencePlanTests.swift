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

/// A generic holder, a property with observers, and a class whose name another class
/// shares: the reference writes' class comparisons must tell each apart.
private final class Crate<Tag>: Injectable {
    var socket: Socket? {
        didSet { writes += 1 }
    }
    var other: Elsewhere.Socket?
    var writes = 0
    static var requires: Requirements { Requirements(\Crate<Tag>.socket, \.other) }
    init() {}
}

private enum Elsewhere {
    final class Socket: Injectable {
        init() {}
    }
}

// Composition: main actor, async, a typed argument, a child's override and a singleton.
private protocol Feed: AnyObject, Sendable {
    var name: String { get }
}

private final class LiveFeed: Feed, Injectable {
    let name = "live"
    init() {}
}

private final class FakeFeed: Feed, Injectable {
    let name = "fake"
    init() {}
}

private final class Clock: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

private struct LiveFeedModule: Module {
    func configure(_ binder: Binder) { binder.bind((any Feed).self, to: LiveFeed.self) }
}

private struct FakeFeedModule: Module {
    func configure(_ binder: Binder) { binder.bind((any Feed).self, to: FakeFeed.self) }
}

@MainActor
private final class FeedViewModel: MainActorInjectable {
    var feed: (any Feed)!
    var clock: Clock!
    var awoken = 0
    static var requires: Requirements { Requirements(\FeedViewModel.feed, \.clock) }
    init() {}
    func awakeFromInjection() { awoken += 1 }
}

@MainActor
private final class CaptionViewModel: MainActorInjectable, TakesArgument {
    typealias Argument = Int
    let line: Int
    let feed: any Feed
    init(line: Int, feed: any Feed) {
        self.line = line
        self.feed = feed
    }
    static let initializer = Initializer(argument: Argument.self, mainActorDependencies: (any Feed).self) {
        line, feed in CaptionViewModel(line: line, feed: feed)
    }
}

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

    @Test("a generic class, an observed property and a same-named class of another scope, through reference plans")
    func unusualClasses() throws {
        let injector = try injector(.reference)
        for _ in 0..<3 {
            let crate = try injector.getObject(Crate<Int>.self)
            #expect(crate.socket != nil && crate.other != nil)
            #expect(crate.writes == 1, "the observer runs once per write")
            _ = try injector.getObject(Crate<String>.self)
        }
        #expect(try plan(of: Crate<Int>.self, in: injector) != nil)
        #expect(try plan(of: Crate<String>.self, in: injector) != nil)
        let requirement = try #require(Crate<Int>.requires.entries.first)
        let write = try #require(requirement.makeKeyPathWrite())
        // `Crate<String>` is not a `Crate<Int>`, and `Elsewhere.Socket` is not a `Socket`.
        #expect(write.write(Socket(), into: Crate<String>()) == Socket.self)
        #expect(write.write(Elsewhere.Socket(), into: Crate<Int>()) == Elsewhere.Socket.self)
    }

    @Test(
        "composed: a child's override, a singleton, a main-actor type awaited, and a typed argument, the same with every engine"
    )
    @MainActor
    func composed() async throws {
        for accelerators in [Accelerators.all, .reference, .resolverOnly] {
            let parent = try Injector(
                parent: nil, modules: [LiveFeedModule()], tracer: nil, accelerators: accelerators)
            let child = try parent.childInjector(modules: [FakeFeedModule()])
            let parentModel = try await parent.getObject(FeedViewModel.self)
            for _ in 0..<3 {
                let model = try await child.getObject(FeedViewModel.self)
                #expect(model.feed.name == "fake", "the child's override reaches the warm build")
                #expect(model.clock === parentModel.clock, "the singleton stays the parent's")
                #expect(model.awoken == 1)
                let caption = try await child.getObject(CaptionViewModel.self, argument: 7)
                #expect(caption.line == 7 && caption.feed.name == "fake")
            }
            #expect(parentModel.feed.name == "live")
        }
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
            case .writer(let writer): writer.object is KeyPathWrite ? "keyPath" : "writer"
            }
        }
    }
}
