import Instill
import Testing

@Suite("Live bindings fail in a test injector unless the test replaces them")
struct LiveBindingTests {
    // MARK: The failure and its message

    @Test("a request reaching a live binding the test does not replace throws liveBinding, its chain and fix")
    func requestReachingLiveBindingFails() throws {
        let test = try Injector(modules: [AppModule()]).testInjector(modules: [])

        let error = try #require(throws: InjectionError.self) { try test.getObject(Alarm.self) }

        #expect(error.kind == .liveBinding)
        #expect(
            error.description == """
                liveBinding: any LiveBindingTests.Clock is marked live, and the modules of this test injector do not replace it.
                  Requested: LiveBindingTests.Alarm
                  Chain: LiveBindingTests.Alarm.init(any LiveBindingTests.Clock) (declared at \(#fileID):\(Alarm.initializerLine))
                  Bound at: \(#fileID):\(AppModule.clockLine) in LiveBindingTests.AppModule
                  To fix: bind a fake in the test's module: binder.bind(fake, as: (any LiveBindingTests.Clock).self).
                """)
    }

    @Test("the live binding asked for itself fails with no chain, and a named one's fix names it")
    func directAndNamedRequests() throws {
        let test = try Injector(modules: [AppModule()]).testInjector(modules: [])

        let direct = try #require(throws: InjectionError.self) { try test.getObject((any Clock).self) }
        #expect(
            direct.description == """
                liveBinding: any LiveBindingTests.Clock is marked live, and the modules of this test injector do not replace it.
                  Requested: any LiveBindingTests.Clock
                  Bound at: \(#fileID):\(AppModule.clockLine) in LiveBindingTests.AppModule
                  To fix: bind a fake in the test's module: binder.bind(fake, as: (any LiveBindingTests.Clock).self).
                """)

        let named = try #require(throws: InjectionError.self) { try test.getObject(String.self, named: "endpoint") }
        #expect(named.kind == .liveBinding)
        #expect(
            named.description == """
                liveBinding: String named "endpoint" is marked live, and the modules of this test injector do not replace it.
                  Requested: String
                  Bound at: \(#fileID):\(AppModule.endpointLine) in LiveBindingTests.AppModule
                  To fix: bind a fake in the test's module: binder.bind(fake, as: String.self, named: "endpoint").
                """)
    }

    @Test("one call marks several bindings live, each failing with its own name")
    func severalMarkedAtOnce() throws {
        struct Module: Instill.Module {
            func configure(_ binder: Binder) {
                binder.bind((any Clock).self, to: SystemClock.self)
                binder.bind((any Console).self) { _ in Terminal() }
                binder.markLive((any Clock).self, (any Console).self)
            }
        }
        let test = try Injector(modules: [Module()]).testInjector(modules: [])

        let clock = try #require(throws: InjectionError.self) { try test.getObject((any Clock).self) }
        let console = try #require(throws: InjectionError.self) { try test.getObject((any Console).self) }

        #expect(clock.kind == .liveBinding)
        #expect(clock.description.hasPrefix("liveBinding: any LiveBindingTests.Clock is marked live"))
        #expect(console.description.hasPrefix("liveBinding: any LiveBindingTests.Console is marked live"))
        #expect(try Injector(modules: [Module()]).getObject((any Console).self) is Terminal)
    }

    @Test("fakes given as values replace the live bindings of their static types, after the test's modules")
    func fakesAsValues() throws {
        let clock = FakeClock()
        let console = Terminal()
        let app = try Injector(modules: [AppModule()])

        let test = try app.testInjector(fakes: clock as any Clock, console as any Console, "stub" as String)

        #expect(try test.getObject((any Clock).self) === clock)
        #expect(try test.getObject((any Console).self) === console)
        let named = try #require(throws: InjectionError.self) { try test.getObject(String.self, named: "endpoint") }
        #expect(named.kind == .liveBinding)
        // A fake bound as its own type replaces nothing: `any Clock` stays live.
        let untyped = try app.testInjector(fakes: clock)
        let error = try #require(throws: InjectionError.self) { try untyped.getObject((any Clock).self) }
        #expect(error.kind == .liveBinding)
        #expect(try untyped.getObject(FakeClock.self) === clock)
        // Fakes come after the modules: they win.
        let both = try app.testInjector(modules: [FakeClockModule()], fakes: clock as any Clock)
        #expect(try both.getObject((any Clock).self) === clock)
    }

    @Test("it fails the same on every request and in injectDependencies(into:); what is not live builds")
    func failsEveryTime() throws {
        let test = try Injector(modules: [AppModule()]).testInjector(modules: [])

        let first = try #require(throws: InjectionError.self) { try test.getObject(Alarm.self) }
        for _ in 0..<5 {
            let again = try #require(throws: InjectionError.self) { try test.getObject(Alarm.self) }
            #expect(again.description == first.description)
            let property = try #require(throws: InjectionError.self) { try test.getObject(Watch.self) }
            #expect(property.kind == .liveBinding)
            #expect(property.chain == ["LiveBindingTests.Watch.clock"])
        }
        let injected = try #require(throws: InjectionError.self) { try test.injectDependencies(into: Watch()) }
        #expect(injected.kind == .liveBinding)
        #expect(try test.getObject(Ledger.self) === test.getObject(Ledger.self))
    }

    // MARK: Opt-in, and overrides

    @Test("opt-in: the app's injector and a plain child injector use the live binding")
    func optIn() throws {
        let app = try Injector(modules: [AppModule()])

        #expect(try app.getObject(Alarm.self).clock is SystemClock)
        #expect(try app.childInjector(modules: []).getObject(Alarm.self).clock is SystemClock)
    }

    @Test("a fake bound in the test's module replaces the live binding: nothing fails, and the fake is used")
    func overrideReplacesLiveBinding() throws {
        let app = try Injector(modules: [AppModule()])
        let test = try app.testInjector(modules: [FakeClockModule()])

        #expect(try test.getObject(Alarm.self).clock === FakeClockModule.fake)
        #expect(try app.getObject(Alarm.self).clock is SystemClock)
    }

    @Test("a later module's binding of a marked key is not live; a mark made before the binding applies to it")
    func markBelongsToTheBinding() throws {
        let replaced = try Injector(modules: [AppModule(), FakeClockModule()]).testInjector(modules: [])
        #expect(try replaced.getObject(Alarm.self).clock === FakeClockModule.fake)

        // AppModule marks the endpoint before binding it.
        let test = try Injector(modules: [AppModule()]).testInjector(modules: [FakeClockModule()])
        #expect(throws: InjectionError.self) { try test.getObject(String.self, named: "endpoint") }
    }

    @Test("a child of a test injector, its withModules and its withFreshSingletons still fail on live bindings")
    func derivedInjectorsKeepFailing() throws {
        let test = try Injector(modules: [AppModule()]).testInjector(modules: [])

        for derived in [try test.childInjector(modules: []), try test.withModules([]), try test.withFreshSingletons()] {
            let error = try #require(throws: InjectionError.self) { try derived.getObject(Alarm.self) }
            #expect(error.kind == .liveBinding)
        }
        #expect(try test.withModules([FakeClockModule()]).getObject(Alarm.self).clock === FakeClockModule.fake)
        let child = try test.childInjector(modules: [FakeClockModule()])
        #expect(try child.getObject(Alarm.self).clock === FakeClockModule.fake)
    }

    // MARK: Singletons

    @Test("a parent's singleton that holds a live binding, built before the test injector existed, is not handed out")
    func builtSingletonDoesNotLeak() throws {
        let app = try Injector(modules: [AppModule()])
        let live = try app.getObject(Scheduler.self)
        #expect(live.clock is SystemClock)

        let forgetful = try app.testInjector(modules: [])
        let error = try #require(throws: InjectionError.self) { try forgetful.getObject(Scheduler.self) }
        #expect(error.kind == .liveBinding)
        #expect(error.chain == ["LiveBindingTests.Scheduler.init(any LiveBindingTests.Clock)"])

        let test = try app.testInjector(modules: [FakeClockModule()])
        let tested = try test.getObject(Scheduler.self)
        #expect(tested !== live && tested.clock === FakeClockModule.fake)
        #expect(try test.getObject(Scheduler.self) === tested)
        #expect(try app.getObject(Scheduler.self) === live)
    }

    @Test("a live singleton the parent built is not handed out; a shared object reaching nothing live stays shared")
    func liveSingletonDoesNotLeak() throws {
        let app = try Injector(modules: [AppModule()])
        let terminal = try app.getObject((any Console).self)
        let ledger = try app.getObject(Ledger.self)

        let test = try app.testInjector(modules: [])
        let error = try #require(throws: InjectionError.self) { try test.getObject((any Console).self) }
        #expect(error.kind == .liveBinding)
        #expect(try test.getObject(Ledger.self) === ledger)

        let faked = try app.testInjector(modules: [FakeConsoleModule()])
        #expect(try faked.getObject((any Console).self) !== terminal)
    }

    @Test("an eager singleton of the parent that reaches a live binding makes the test injector's creation throw")
    func eagerSingletonReachingLiveBinding() throws {
        let app = try Injector(modules: [AppModule(), EagerModule()])

        let error = try #require(throws: InjectionError.self) { try app.testInjector(modules: []) }
        #expect(error.kind == .liveBinding)
        #expect(error.requestedType == "LiveBindingTests.Scheduler")

        let test = try app.testInjector(modules: [FakeClockModule()])
        #expect(try test.getObject(Scheduler.self).clock === FakeClockModule.fake)
    }

    @Test("a shared object whose closure declares nothing stays the app's: building it for the test throws")
    func opaqueClosureSingleton() throws {
        let app = try Injector(modules: [AppModule(), OpaqueCourierModule()])
        let test = try app.testInjector(modules: [])

        let error = try #require(throws: InjectionError.self) { try test.getObject(Courier.self) }

        #expect(error.kind == .unseenOverride)
        #expect(error.summary.hasPrefix("this injector binds any LiveBindingTests.Clock, but LiveBindingTests.Courier"))
    }

    // MARK: Provider and Lazy

    @Test("a Provider or Lazy of a live binding is injected, and throws liveBinding when it is called")
    func providerAndLazyFailWhenCalled() throws {
        let test = try Injector(modules: [AppModule()]).testInjector(modules: [])

        let reminder = try test.getObject(Reminder.self)

        let provided = try #require(throws: InjectionError.self) { try reminder.clock() }
        #expect(provided.kind == .liveBinding)
        #expect(provided.summary.hasPrefix("any LiveBindingTests.Clock is marked live"))
        let lazy = try #require(throws: InjectionError.self) { try reminder.later.value }
        #expect(lazy.kind == .liveBinding)

        let faked = try Injector(modules: [AppModule()]).testInjector(modules: [FakeClockModule()])
        #expect(try faked.getObject(Reminder.self).clock() === FakeClockModule.fake)
    }

    // MARK: Async builds and the main actor

    @Test("an awaited build that reaches a live async binding throws liveBinding; a fake replaces it")
    func asyncBuild() async throws {
        let app = try Injector(modules: [AppModule(), SocketModule()])
        #expect(try await app.getObject(Feed.self).socket.isLive)

        let test = try app.testInjector(modules: [])
        let error = await #expect(throws: InjectionError.self) { try await test.getObject(Feed.self) }
        #expect(error?.kind == .liveBinding)
        #expect(error?.chain == ["LiveBindingTests.Feed.init(LiveBindingTests.Socket)"])

        let faked = try app.testInjector(modules: [FakeSocketModule()])
        #expect(try await faked.getObject(Feed.self).socket.isLive == false)
    }

    @Test("a main-actor model that needs a live binding throws liveBinding on the main actor; a fake replaces it")
    @MainActor
    func mainActorModel() throws {
        let app = try Injector(modules: [AppModule()])
        let test = try app.testInjector(modules: [])

        let error = try #require(throws: InjectionError.self) { try test.getObject(ClockScreen.self) }
        #expect(error.kind == .liveBinding)
        #expect(error.chain == ["LiveBindingTests.ClockScreen.init(any LiveBindingTests.Clock)"])

        let faked = try app.testInjector(modules: [FakeClockModule()])
        #expect(try faked.getObject(ClockScreen.self).clock === FakeClockModule.fake)
    }

    // MARK: validate()

    @Test("validate() on a test injector lists every live binding it does not replace, each with its chain")
    func validateListsEveryLiveBinding() throws {
        let test = try Injector(modules: [AppModule()]).testInjector(modules: [])

        let report = test.validate(roots: [Logbook.self])

        #expect(report.problems.allSatisfy { $0.kind == .liveBinding })
        #expect(
            report.description == """
                Validation failed for 3 problems:

                1. liveBinding: any LiveBindingTests.Console is marked live, and the modules of this test injector do not replace it.
                   Requested: LiveBindingTests.Logbook
                   Chain: LiveBindingTests.Logbook.console (declared at \(#fileID):\(Logbook.requiresLine))
                   Bound at: \(#fileID):\(AppModule.consoleLine) in LiveBindingTests.AppModule
                   To fix: bind a fake in the test's module: binder.bind(fake, as: (any LiveBindingTests.Console).self).

                2. liveBinding: any LiveBindingTests.Clock is marked live, and the modules of this test injector do not replace it.
                   Requested: LiveBindingTests.Logbook
                   Chain: LiveBindingTests.Logbook.alarm → LiveBindingTests.Alarm.init(any LiveBindingTests.Clock) (declared at \(#fileID):\(Alarm.initializerLine))
                   Also needed by: LiveBindingTests.Reminder.clock (declared at \(#fileID):\(Reminder.requiresLine))
                   Also needed by: LiveBindingTests.Reminder.later (declared at \(#fileID):\(Reminder.requiresLine))
                   Bound at: \(#fileID):\(AppModule.clockLine) in LiveBindingTests.AppModule
                   To fix: bind a fake in the test's module: binder.bind(fake, as: (any LiveBindingTests.Clock).self).

                3. liveBinding: String named "endpoint" is marked live, and the modules of this test injector do not replace it.
                   Requested: String
                   Bound at: \(#fileID):\(AppModule.endpointLine) in LiveBindingTests.AppModule
                   To fix: bind a fake in the test's module: binder.bind(fake, as: String.self, named: "endpoint").
                """)
    }

    @Test("validate() passes once the test replaces every live binding; the app's injector never reports them")
    func validatePassesWithFakes() throws {
        let app = try Injector(modules: [AppModule()])
        let test = try app.testInjector(modules: [FakeClockModule(), FakeConsoleModule(), FakeEndpointModule()])

        #expect(test.validate(roots: [Logbook.self]).problems.map(\.description) == [])
        #expect(app.validate(roots: [Logbook.self]).problems.map(\.description) == [])
    }

    @Test("graph() on a test injector marks the live binding it would fail on")
    func graphMarksLiveBinding() throws {
        let test = try Injector(modules: [AppModule()]).testInjector(modules: [])

        #expect(
            test.graph(roots: [Alarm.self]).textTree.hasPrefix(
                """
                LiveBindingTests.Alarm (normal)
                └─ init: any LiveBindingTests.Clock ✗ live
                """))
    }

    // MARK: Parallel tests

    @Test("test injectors made at once from one app, some with the fake and some without, each get their own answer")
    func parallelTestInjectors() async throws {
        let app = try Injector(modules: [AppModule()])
        _ = try await app.getObject(Scheduler.self)

        let outcomes = await withTaskGroup(of: (Bool, Bool).self) { group in
            for index in 0..<64 {
                group.addTask {
                    let faked = index.isMultiple(of: 2)
                    do {
                        let test = try app.testInjector(modules: faked ? [FakeClockModule()] : [])
                        let scheduler = try test.getObject(Scheduler.self)
                        return (faked, scheduler.clock === FakeClockModule.fake)
                    } catch let error as InjectionError {
                        return (faked, error.kind != .liveBinding)
                    } catch {
                        return (faked, true)
                    }
                }
            }
            var outcomes: [(Bool, Bool)] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }

        #expect(outcomes.count == 64)
        #expect(outcomes.filter { $0.0 }.allSatisfy { $0.1 })
        #expect(outcomes.filter { !$0.0 }.allSatisfy { !$0.1 })
        #expect(try await app.getObject(Scheduler.self).clock is SystemClock)
    }
}

// MARK: - Fixtures

extension LiveBindingTests {
    protocol Clock: AnyObject, Sendable {}
    final class SystemClock: Clock, Injectable {
        init() {}
    }
    final class FakeClock: Clock {}

    protocol Console: AnyObject, Sendable {}
    final class Terminal: Console {}
    final class RecordingConsole: Console {}

    /// What the network answers through; bound to an async closure.
    final class Socket: Sendable {
        let isLive: Bool
        init(isLive: Bool) { self.isLive = isLive }
        static func connect() async -> Socket {
            await Task.yield()
            return Socket(isLive: true)
        }
    }

    struct AppModule: Module {
        static let clockLine = #line + 5
        static let consoleLine = #line + 6
        static let endpointLine = #line + 8
        func configure(_ binder: Binder) {
            binder.markLive((any Console).self)
            binder.bind((any Clock).self, to: SystemClock.self)
            binder.markLive((any Clock).self)
            binder.bind((any Console).self, scope: .singleton) { _ in Terminal() }
            // Marked before it is bound: the mark waits for this module's binding.
            binder.markLive(String.self, named: "endpoint")
            binder.bind("https://example.com", as: String.self, named: "endpoint")
        }
    }

    struct SocketModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(Socket.self, scope: .singleton) { _ in await Socket.connect() }
            binder.markLive(Socket.self)
        }
    }

    /// Shared, and asks for the clock from a closure that declares nothing.
    final class Courier: Sendable {
        let clock: any Clock
        init(clock: any Clock) { self.clock = clock }
    }

    struct OpaqueCourierModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(Courier.self, scope: .singleton) { injector in
                Courier(clock: try injector.getObject((any Clock).self))
            }
        }
    }

    struct EagerModule: Module {
        func configure(_ binder: Binder) {
            binder.eagerSingleton(Scheduler.self)
        }
    }

    struct FakeClockModule: Module {
        static let fake = FakeClock()
        func configure(_ binder: Binder) {
            binder.bind(Self.fake, as: (any Clock).self)
        }
    }

    struct FakeConsoleModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(RecordingConsole(), as: (any Console).self)
        }
    }

    struct FakeEndpointModule: Module {
        func configure(_ binder: Binder) {
            binder.bind("http://localhost", as: String.self, named: "endpoint")
        }
    }

    struct FakeSocketModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(Socket(isLive: false))
        }
    }

    final class Alarm: Injectable {
        let clock: any Clock
        init(clock: any Clock) { self.clock = clock }
        static let initializerLine = #line + 1
        static let initializer = Initializer(dependencies: (any Clock).self) { Alarm(clock: $0) }
    }

    /// Shared, and holds the clock.
    final class Scheduler: Injectable, Sendable {
        static let scope: Scope = .singleton
        let clock: any Clock
        init(clock: any Clock) { self.clock = clock }
        static let initializer = Initializer(dependencies: (any Clock).self) { Scheduler(clock: $0) }
    }

    /// Shared, and reaches nothing live.
    final class Ledger: Injectable {
        static let scope: Scope = .singleton
        init() {}
    }

    final class Watch: Injectable {
        var clock: (any Clock)!
        static var requires: Requirements { Requirements(\Watch.clock) }
        init() {}
    }

    final class Reminder: Injectable {
        var clock: Provider<any Clock>!
        var later: Lazy<any Clock>!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Reminder.clock, \.later) }
        init() {}
    }

    final class Logbook: Injectable {
        var console: (any Console)!
        var alarm: Alarm!
        var reminder: Reminder!
        static let requiresLine = #line + 1
        static var requires: Requirements { Requirements(\Logbook.console, \.alarm, \.reminder) }
        init() {}
    }

    final class Feed: Injectable {
        let socket: Socket
        init(socket: Socket) { self.socket = socket }
        static let initializer = Initializer(dependencies: Socket.self) { socket in
            await Task.yield()
            return Feed(socket: socket)
        }
    }

    @MainActor
    final class ClockScreen: MainActorInjectable {
        let clock: any Clock
        init(clock: any Clock) { self.clock = clock }
        static let initializer = Initializer(mainActorDependencies: (any Clock).self) { ClockScreen(clock: $0) }
    }
}
