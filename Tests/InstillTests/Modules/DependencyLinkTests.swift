import Instill
import Testing

// A shared recipe's creation group looks up the recipes of what it depends on, and the
// build looks them up again; the recipe keeps the first lookup (its links) for the
// second. Both are made by the recipe's own injector, so a child that overrides a
// dependency keeps links of its own, and a parent's links never answer for a child.

private protocol Clock: AnyObject, Sendable { var label: String { get } }
private final class LiveClock: Clock { let label = "live" }
private final class FakeClock: Clock { let label = "fake" }

private protocol Store: AnyObject, Sendable { var clock: any Clock { get } }
private final class DiskStore: Store {
    let clock: any Clock
    init(clock: any Clock) { self.clock = clock }
}

private protocol Feed: AnyObject, Sendable {
    var store: any Store { get }
    var clock: any Clock { get }
}
private final class HomeFeed: Feed {
    let store: any Store
    let clock: any Clock
    init(store: any Store, clock: any Clock) {
        self.store = store
        self.clock = clock
    }
}

/// Built automatically, as a singleton, from an initializer that declares the clock.
private final class Ticker: Injectable, Sendable {
    static let scope: Scope = .singleton
    let clock: any Clock
    init(clock: any Clock) { self.clock = clock }
    static let initializer = Initializer(dependencies: (any Clock).self) { Ticker(clock: $0) }
}

/// Built automatically, as a singleton, with the ticker as a requirement.
private final class Dashboard: Injectable, @unchecked Sendable {
    static let scope: Scope = .singleton
    var ticker: Ticker!
    static var requires: Requirements { Requirements(\Dashboard.ticker) }
    init() {}
}

private struct LiveModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any Clock).self, scope: .singleton) { _ in LiveClock() }
        binder.bind((any Store).self, scope: .singleton, dependencies: (any Clock).self) { DiskStore(clock: $0) }
        binder.bind((any Feed).self, scope: .singleton, dependencies: (any Store).self, (any Clock).self) {
            HomeFeed(store: $0, clock: $1)
        }
        binder.bind(String.self, named: "now", dependencies: (any Clock).self) { arguments, clock in
            "\(clock.label) \(arguments.count > 0 ? try arguments.argument(0, as: Int.self) : 0)"
        }
    }
}

private struct FakeClockModule: Module {
    static let fake = FakeClock()
    func configure(_ binder: Binder) { binder.bind(Self.fake, as: (any Clock).self) }
}

private struct UnrelatedModule: Module {
    func configure(_ binder: Binder) { binder.bind("unrelated", named: "other") }
}

@Suite("A shared object's dependencies are looked up once, by the injector that builds it")
struct DependencyLinkTests {
    @Test(
        "a child that overrides a closure's dependency builds its own singleton with it, whichever asks first",
        arguments: [true, false])
    func childOverrideOfClosureDependency(childFirst: Bool) throws {
        let app = try Injector(modules: [LiveModule()])
        let test = try app.childInjector(modules: [FakeClockModule()])

        let (tested, live): (any Feed, any Feed)
        if childFirst {
            tested = try test.getObject((any Feed).self)
            live = try app.getObject((any Feed).self)
        } else {
            live = try app.getObject((any Feed).self)
            tested = try test.getObject((any Feed).self)
        }

        #expect(tested !== live)
        #expect(tested.clock === FakeClockModule.fake)
        #expect(tested.store.clock === FakeClockModule.fake)
        #expect(live.clock is LiveClock)
        #expect(live.store.clock is LiveClock)
        #expect(live.store.clock === live.clock)
        // Asked again, each injector answers with what it built.
        #expect(try test.getObject((any Feed).self) === tested)
        #expect(try app.getObject((any Feed).self) === live)
        #expect(try test.getObject((any Store).self) === tested.store)
        #expect(try app.getObject((any Store).self) === live.store)
    }

    @Test("a child that overrides nothing a closure depends on shares the parent's singleton and its dependencies")
    func childWithoutOverrideShares() throws {
        let app = try Injector(modules: [LiveModule()])
        let other = try app.childInjector(modules: [UnrelatedModule()])

        let shared = try other.getObject((any Feed).self)

        #expect(try app.getObject((any Feed).self) === shared)
        #expect(try app.getObject((any Clock).self) === shared.clock)
        #expect(shared.store.clock === shared.clock)
    }

    @Test("two children with different overrides each keep their own links")
    func siblingsKeepTheirOwnLinks() throws {
        let app = try Injector(modules: [LiveModule()])
        let faked = try app.childInjector(modules: [FakeClockModule()])
        let other = try app.childInjector(modules: [UnrelatedModule()])

        let fakeFeed = try faked.getObject((any Feed).self)
        let otherFeed = try other.getObject((any Feed).self)

        #expect(fakeFeed.store.clock === FakeClockModule.fake)
        #expect(otherFeed.store.clock is LiveClock)
        #expect(otherFeed === (try app.getObject((any Feed).self)))
    }

    @Test("a provider that declares dependencies resolves them through the child that overrides them")
    func providerDependencyThroughChild() throws {
        let app = try Injector(modules: [LiveModule()])
        let test = try app.childInjector(modules: [FakeClockModule()])

        #expect(try app.getObject(String.self, named: "now") == "live 0")
        #expect(try test.getObject(String.self, named: "now") == "fake 0")
        #expect(try app.getObject(String.self, named: "now", arguments: 1) == "live 1")
        #expect(try test.getObject(String.self, named: "now", arguments: 2) == "fake 2")
    }

    @Test(
        "an automatic singleton's requirement and initializer dependency follow the child's override",
        arguments: [true, false])
    func automaticSingletonLinks(childFirst: Bool) throws {
        let app = try Injector(modules: [LiveModule()])
        let test = try app.childInjector(modules: [FakeClockModule()])

        let (tested, live): (Dashboard, Dashboard)
        if childFirst {
            tested = try test.getObject(Dashboard.self)
            live = try app.getObject(Dashboard.self)
        } else {
            live = try app.getObject(Dashboard.self)
            tested = try test.getObject(Dashboard.self)
        }

        #expect(tested !== live)
        #expect(tested.ticker.clock === FakeClockModule.fake)
        #expect(live.ticker.clock is LiveClock)
        #expect(try test.getObject(Ticker.self) === tested.ticker)
        #expect(try app.getObject(Ticker.self) === live.ticker)
    }
}
