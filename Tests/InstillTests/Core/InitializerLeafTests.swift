import Foundation
import Testing

@testable import Instill

// A plan whose initializer declares only `Injectable` classes, each built by a plan that
// would only call `init()` on exactly that class (a leaf, default awake), builds with the
// initializer's own closure, which calls those `init()`s where the types are known
// (`Initializer.buildFromDefaults`). These specifications pin down that a warm build that
// way is indistinguishable from the resolver's: the same objects, order and failures,
// and the dependencies' own plans wherever one of them is not such a leaf.

/// What the fixtures did, and which of them must fail.
private final class LeafJournal: @unchecked Sendable {  // every stored property is guarded by `lock`
    private let lock = NSLock()
    private var lines: [String] = []
    private var failing: Set<String> = []

    func take() -> [String] {
        lock.withLock {
            defer { lines = [] }
            return lines
        }
    }
    func record(_ line: String) { lock.withLock { lines.append(line) } }
    func fail(_ type: String, _ fails: Bool = true) {
        lock.withLock {
            if fails { failing.insert(type) } else { failing.remove(type) }
        }
    }
    func check(_ type: String) throws {
        let fails = lock.withLock { failing.contains(type) }
        if fails { throw Stripped(part: type) }
    }
}

private let journal = LeafJournal()

private struct Stripped: Error, CustomStringConvertible {
    let part: String
    var description: String { "\(part) stripped" }
}

private final class Bolt: Injectable {
    init() { journal.record("Bolt init") }
}

/// A leaf whose awake is its own: its plan awakes it.
private final class Rivet: Injectable {
    init() { journal.record("Rivet init") }
    func awakeFromInjection() { journal.record("Rivet awake") }
}

private final class Hinge: Injectable {
    let bolt: Bolt
    let rivet: Rivet
    init(bolt: Bolt, rivet: Rivet) {
        self.bolt = bolt
        self.rivet = rivet
    }
    static let initializer = Initializer(dependencies: Bolt.self, Rivet.self) { Hinge(bolt: $0, rivet: $1) }
}

private final class Nut: Injectable {
    init() throws {
        journal.record("Nut init")
        try journal.check("Nut")
    }
}

private final class Joint: Injectable {
    let bolt: Bolt
    let nut: Nut
    init(bolt: Bolt, nut: Nut) {
        self.bolt = bolt
        self.nut = nut
        journal.record("Joint init")
    }
    static let initializer = Initializer(dependencies: Bolt.self, Nut.self) { Joint(bolt: $0, nut: $1) }
    func awakeFromInjection() { journal.record("Joint awake") }
}

private class Washer: Injectable {
    required init() { journal.record("\(Self.self) init") }
}

private final class SpringWasher: Washer {}

private final class Seal: Injectable {
    let washer: Washer
    let bolt: Bolt
    init(washer: Washer, bolt: Bolt) {
        self.washer = washer
        self.bolt = bolt
    }
    static let initializer = Initializer(dependencies: Washer.self, Bolt.self) { Seal(washer: $0, bolt: $1) }
}

private struct SpringModule: Module {
    func configure(_ binder: Binder) { binder.bind(Washer.self, to: SpringWasher.self) }
}

@Suite("Plans that build dependencies with the initializer's own closure", .serialized)
struct InitializerLeafTests {
    @Test("warm builds make each dependency anew, in order, as the first build does")
    func warmBuildsMatchTheFirst() throws {
        let injector = Injector()
        _ = journal.take()
        var joints: [Joint] = []
        for _ in 0..<4 { joints.append(try injector.getObject(Joint.self)) }

        #expect(try injector.buildsWarm(Joint.self))
        let build = ["Bolt init", "Nut init", "Joint init", "Joint awake"]
        #expect(journal.take() == Array([build, build, build, build].joined()))
        #expect(Set(joints.map { ObjectIdentifier($0.bolt) }).count == 4)
        #expect(Set(joints.map { ObjectIdentifier($0.nut) }).count == 4)
    }

    @Test("a dependency whose init() throws fails a warm build as it fails the first, and leaves nothing behind")
    func dependencyFailureMatchesTheResolver() throws {
        journal.fail("Nut")
        defer { journal.fail("Nut", false) }
        let cold = Injector()
        let coldError = #expect(throws: InjectionError.self) { try cold.getObject(Joint.self) }

        journal.fail("Nut", false)
        let warm = Injector()
        _ = try warm.getObject(Joint.self)
        _ = try warm.getObject(Joint.self)
        #expect(try warm.buildsWarm(Joint.self))
        journal.fail("Nut")
        _ = journal.take()
        let warmError = #expect(throws: InjectionError.self) { try warm.getObject(Joint.self) }

        #expect(warmError?.description == coldError?.description)
        #expect(warmError?.chain == coldError?.chain)
        #expect(warmError?.kind == .initializerFailed)
        #expect(journal.take() == ["Bolt init", "Nut init"])
        journal.fail("Nut", false)
        _ = try warm.getObject(Joint.self)
        #expect(journal.take() == ["Bolt init", "Nut init", "Joint init", "Joint awake"])
    }

    @Test("a dependency with an awake of its own keeps its plan, which awakes it on every build")
    func ownAwakeKeepsItsPlan() throws {
        let injector = Injector()
        _ = journal.take()
        for _ in 0..<3 { _ = try injector.getObject(Hinge.self) }

        #expect(try injector.buildsWarm(Hinge.self))
        let build = ["Bolt init", "Rivet init", "Rivet awake"]
        #expect(journal.take() == Array([build, build, build].joined()))
    }

    @Test("a dependency bound to a subclass keeps its plan, and warm builds get the subclass")
    func subclassKeepsItsPlan() throws {
        let injector = try Injector(modules: [SpringModule()])
        _ = journal.take()
        var seals: [Seal] = []
        for _ in 0..<3 { seals.append(try injector.getObject(Seal.self)) }

        #expect(try injector.buildsWarm(Seal.self))
        #expect(seals.allSatisfy { $0.washer is SpringWasher })
        #expect(journal.take() == Array(repeating: ["SpringWasher init", "Bolt init"], count: 3).flatMap { $0 })
    }

    @Test("without a binding, a non-final declared class is made by the initializer's closure, as exactly itself")
    func nonFinalClassByInitializer() throws {
        let injector = Injector()
        for _ in 0..<3 { #expect(type(of: try injector.getObject(Seal.self).washer) == Washer.self) }
        #expect(try injector.buildsWarm(Seal.self))
    }
}
