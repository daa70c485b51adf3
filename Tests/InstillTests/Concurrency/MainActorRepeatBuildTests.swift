// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

@testable import Instill

// Once a main-actor type has been built, `getObject(T.self)` from main-actor code
// builds it again from what the first build learned. These tests hold every later
// build to what the first build does: the same awakes, once each and in the same
// order, inside the request, the same errors, and a thread left as it was found.

// MARK: - Helpers

/// Builds per test: the first is cold, the plan is compiled after it, the rest are warm.
private let builds = 6

/// What happened, in order, across the fixtures' initializers and awakes.
private let journal = Mutex<[String]>([])

private func note(_ entry: String) { journal.withLock { $0.append(entry) } }

private func takeJournal() -> [String] {
    journal.withLock { entries in
        defer { entries = [] }
        return entries
    }
}

/// A request made from code that is not isolated to the main actor (its
/// `#isolation` is `nil`): it may build a main-actor type only inside a request
/// that is proven to run on the main actor.
private func lookUpFromNonisolatedCode<T>(_ type: T.Type, in injector: Injector) -> Result<T, InjectionError> {
    do {
        return .success(try injector.getObject(type, isolation: nil))
    } catch let error as InjectionError {
        return .failure(error)
    } catch {
        Issue.record("unexpected error \(error)")
        return .failure(InjectionError.mainActorRequired("\(error)"))
    }
}

// MARK: - Fixtures

/// A nonisolated service with a custom awake.
private final class Clock: Injectable, Sendable {
    init() { note("Clock.init") }
    func awakeFromInjection() { note("Clock.awake") }
}

/// A main-actor leaf with a custom awake.
@MainActor
private final class Palette: MainActorInjectable {
    init() { note("Palette.init") }
    func awakeFromInjection() { note("Palette.awake") }
}

/// A main-actor view model: a main-actor initializer dependency, a nonisolated
/// property requirement, and an awake that reads both.
@MainActor
private final class Dashboard: MainActorInjectable {
    let palette: Palette
    var clock: Clock!
    var awakes = 0

    init(palette: Palette) {
        self.palette = palette
        note("Dashboard.init")
    }

    static let initializer = Initializer(mainActorDependencies: Palette.self) { Dashboard(palette: $0) }
    static var requires: Requirements { Requirements(\Dashboard.clock) }

    func awakeFromInjection() {
        awakes += 1
        note(clock == nil ? "Dashboard.awake without its clock" : "Dashboard.awake")
    }
}

/// A main-actor type only built from inside `Inspector`'s awake.
@MainActor
private final class Tooltip: MainActorInjectable {
    init() {}
}

/// A main-actor view model whose awake calls nonisolated code that asks the injector
/// for a main-actor type.
@MainActor
private final class Inspector: MainActorInjectable {
    static var injector: Injector?
    var clock: Clock!
    var nestedLookup: Result<Tooltip, InjectionError>?

    init() {}
    static var requires: Requirements { Requirements(\Inspector.clock) }

    func awakeFromInjection() {
        guard let injector = Self.injector else { return }
        nestedLookup = lookUpFromNonisolatedCode(Tooltip.self, in: injector)
    }
}

/// A nonisolated dependency whose initializer throws while `fails` is set.
private final class Fuse: Injectable, Sendable {
    struct Blown: Error {}
    static let fails = Atomic(false)

    init() throws {
        if Self.fails.load(ordering: .relaxed) { throw Blown() }
    }
}

/// A main-actor view model with a dependency that may fail.
@MainActor
private final class Switchboard: MainActorInjectable {
    let fuse: Fuse
    var clock: Clock!
    var awakes = 0

    init(fuse: Fuse) { self.fuse = fuse }
    static let initializer = Initializer(mainActorDependencies: Fuse.self) { Switchboard(fuse: $0) }
    static var requires: Requirements { Requirements(\Switchboard.clock) }

    func awakeFromInjection() { awakes += 1 }
}

/// A main-actor singleton with a custom awake.
@MainActor
private final class Preferences: MainActorInjectable {
    static let scope: Scope = .singleton
    var clock: Clock!
    var awakes = 0

    init() {}
    static var requires: Requirements { Requirements(\Preferences.clock) }

    func awakeFromInjection() { awakes += 1 }
}

/// A non-final main-actor class; ``Sidebar`` overrides its awake.
@MainActor
private class Panel: MainActorInjectable {
    var clock: Clock!
    var trail: [String] = []

    required init() {}
    class var requires: Requirements { Requirements(\Panel.clock) }

    func awakeFromInjection() { trail.append("Panel") }
}

@MainActor
private final class Sidebar: Panel {
    override class var requires: Requirements { Requirements(\Sidebar.clock) }
    override func awakeFromInjection() {
        super.awakeFromInjection()
        trail.append("Sidebar")
    }
}

/// A main-actor view model asked for through a generic function.
@MainActor
private final class Gauge: MainActorInjectable {
    var clock: Clock!
    var awakes = 0

    init() {}
    static var requires: Requirements { Requirements(\Gauge.clock) }

    func awakeFromInjection() { awakes += 1 }
}

/// `getObject` from generic code the compiler need not specialize.
@MainActor
@inline(never)
private func buildGenerically<V: MainActorInjectable>(_ type: V.Type, with injector: Injector) throws -> V {
    try injector.getObject(type)
}

// MARK: - Specifications

@Suite("A main-actor object built again", .serialized)
@MainActor
struct MainActorRepeatBuildTests {
    @Test("is awoken once per build, after every object under it, as on its first build")
    func awakeOrder() throws {
        let injector = Injector()
        _ = takeJournal()
        var models: [Dashboard] = []
        for build in 0..<builds {
            let model = try injector.getObject(Dashboard.self)
            models.append(model)
            #expect(
                takeJournal() == [
                    "Palette.init", "Palette.awake", "Dashboard.init", "Clock.init", "Clock.awake", "Dashboard.awake",
                ], "build \(build)")
        }
        #expect(try injector.buildsWarm(Dashboard.self))
        #expect(models.map(\.awakes) == Array(repeating: 1, count: builds))
        #expect(Set(models.map { ObjectIdentifier($0) }).count == builds)
    }

    @Test("is awoken inside its request: nonisolated code the awake calls may ask for a main-actor type")
    func awakeInsideRequest() throws {
        let injector = Injector()
        Inspector.injector = injector
        defer { Inspector.injector = nil }
        for build in 0..<builds {
            let inspector = try injector.getObject(Inspector.self)
            switch inspector.nestedLookup {
            case .success: break
            case .failure(let error): Issue.record("build \(build): \(error)")
            case nil: Issue.record("build \(build): the awake did not run")
            }
        }
        #expect(try injector.buildsWarm(Inspector.self))
        // Outside any request, the same lookup is refused: the requests restored the
        // thread's main-actor proof when they ended.
        guard case .failure(let error) = lookUpFromNonisolatedCode(Tooltip.self, in: injector) else {
            Issue.record("a main-actor type was built from nonisolated code outside a request")
            return
        }
        #expect(error.kind == .mainActorRequired)
    }

    @Test("fails as on its first build when a dependency throws, and the next build succeeds")
    func failureClosesTheRequest() throws {
        let injector = Injector()
        for _ in 0..<builds { _ = try injector.getObject(Switchboard.self) }
        #expect(try injector.buildsWarm(Switchboard.self))

        Fuse.fails.store(true, ordering: .relaxed)
        defer { Fuse.fails.store(false, ordering: .relaxed) }
        let warm = #expect(throws: InjectionError.self) { try injector.getObject(Switchboard.self) }
        let cold = #expect(throws: InjectionError.self) { try Injector().getObject(Switchboard.self) }
        #expect(warm?.description == cold?.description)
        #expect(warm?.kind == .initializerFailed)
        #expect(warm?.chain == ["Switchboard.init(Fuse)"])
        let lines = warm?.description.split(separator: "\n").map(String.init) ?? []
        #expect(lines.count == 4)
        #expect(lines.first == "initializerFailed: the initializer of Fuse threw: Blown()")
        #expect(lines.dropFirst().first == "  Requested: Switchboard")
        #expect(
            lines.dropFirst(2).first?.hasPrefix(
                "  Chain: Switchboard.init(Fuse) (declared at InstillTests/MainActorRepeatBuildTests.swift:") == true)
        #expect(lines.last == "  To fix: make the initializer of Fuse succeed; nothing it started was cached.")

        Fuse.fails.store(false, ordering: .relaxed)
        let model = try injector.getObject(Switchboard.self)
        #expect(model.awakes == 1)
        #expect(model.clock != nil)
        guard case .failure(let error) = lookUpFromNonisolatedCode(Tooltip.self, in: injector) else {
            Issue.record("the failed request left the thread's main-actor proof set")
            return
        }
        #expect(error.kind == .mainActorRequired)
    }

    @Test("a main-actor singleton comes back without another awake")
    func singleton() throws {
        let injector = Injector()
        let first = try injector.getObject(Preferences.self)
        for _ in 0..<builds { #expect(try injector.getObject(Preferences.self) === first) }
        #expect(first.awakes == 1)
        #expect(first.clock != nil)
    }

    @Test("a subclass's override of the awake runs, and calls its superclass's")
    func subclassAwake() throws {
        let injector = Injector()
        for build in 0..<builds {
            let sidebar = try injector.getObject(Sidebar.self)
            #expect(sidebar.trail == ["Panel", "Sidebar"], "build \(build)")
            #expect(sidebar.clock != nil)
        }
        #expect(try injector.buildsWarm(Sidebar.self))
    }

    @Test("from generic code, the object is built and awoken once, as from concrete code")
    func genericCaller() throws {
        let injector = Injector()
        for build in 0..<builds {
            let gauge = try buildGenerically(Gauge.self, with: injector)
            #expect(gauge.awakes == 1, "build \(build)")
            #expect(gauge.clock != nil)
        }
        #expect(try injector.buildsWarm(Gauge.self))
    }
}

/// A main-actor view model whose awake asks for another one of its type, once built
/// warm: each asks again, until the injector stops it.
@MainActor
private final class Mirror: MainActorInjectable {
    static var injector: Injector?
    static var reflecting = false
    static var failure: InjectionError?
    var clock: Clock!

    init() {}
    static var requires: Requirements { Requirements(\Mirror.clock) }

    func awakeFromInjection() {
        guard Self.reflecting, let injector = Self.injector, Self.failure == nil else { return }
        do {
            _ = try injector.getObject(Mirror.self)
        } catch let error as InjectionError {
            if Self.failure == nil { Self.failure = error }
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }
}

@Suite("A main-actor object's awake that asks for its own type", .serialized)
@MainActor
struct MainActorRepeatBuildRecursionTests {
    @Test("is stopped by the injector with a typed error, not a crash")
    func recursion() throws {
        let injector = Injector()
        for _ in 0..<builds { _ = try injector.getObject(Mirror.self) }
        #expect(try injector.buildsWarm(Mirror.self))
        Mirror.injector = injector
        Mirror.reflecting = true
        defer {
            Mirror.reflecting = false
            Mirror.injector = nil
            Mirror.failure = nil
        }
        _ = try injector.getObject(Mirror.self)
        #expect(Mirror.failure != nil)
        #expect(Mirror.failure?.kind == .depthLimit)
    }
}
