import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// MARK: - Fixtures

/// A module made of a closure, so each test states its bindings where it uses them.
private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

/// A connection whose initializer awaits its handshake.
private final class Connection: Injectable, Sendable {
    static let opened = Atomic<Int>(0)
    let host: String
    init(host: String) { self.host = host }
    static let initializer = Initializer(defaults: "db.local") { arguments in
        let host = try arguments.argument(0, as: String.self)
        try await Task.sleep(for: .milliseconds(5))
        Connection.opened.add(1, ordering: .relaxed)
        return Connection(host: host)
    }
}

private final class Clock: Injectable, Sendable {
    init() {}
}

/// Takes the connection by initializer injection, and a synchronous dependency.
private final class Repository: Injectable, Sendable {
    let connection: Connection
    let clock: Clock
    init(connection: Connection, clock: Clock) {
        self.connection = connection
        self.clock = clock
    }
    static let initializer = Initializer(dependencies: Connection.self, Clock.self) {
        Repository(connection: $0, clock: $1)
    }
}

/// Requires the repository through a property, and awakes.
private final class Screen: Injectable {
    var repository: Repository!
    var clock: Clock!
    private(set) var isAwake = false
    static var requires: Requirements { Requirements(\Screen.repository, \.clock) }
    init() {}
    func awakeFromInjection() { isAwake = repository != nil }
}

/// An async singleton that counts its builds and sleeps in them.
private final class Pool: Injectable, Sendable {
    static let scope: Scope = .singleton
    static let builds = Atomic<Int>(0)
    init() {}
    static let initializer = Initializer(factory: {
        Pool.builds.add(1, ordering: .relaxed)
        try await Task.sleep(for: .milliseconds(50))
        return Pool()
    })
}

/// What ``Vault``'s initializer does when it runs: the first build can be made to
/// wait until its task is cancelled.
private final class VaultControl: Sendable {
    let builds = Atomic<Int>(0)
    let started = Atomic<Int>(0)
}

private final class Vault: Injectable, Sendable {
    static let scope: Scope = .singleton
    let build: Int
    init(build: Int) { self.build = build }
}

/// A singleton requiring the vault, so a build through it has a chain.
private final class Bank: Injectable {
    static let scope: Scope = .singleton
    var vault: Vault!
    static var requires: Requirements { Requirements(\Bank.vault) }
    init() {}
}

private struct VaultModule: Module {
    let control: VaultControl
    func configure(_ binder: Binder) {
        binder.bind(Vault.self, scope: .singleton) { _ in
            let build = control.builds.add(1, ordering: .relaxed).newValue
            control.started.store(build, ordering: .releasing)
            // The first build waits for its task's cancellation, 30 s at most; later ones
            // do not. It reads the task's cancelled flag every 10 ms rather than trusting
            // a long sleep to wake when cancelled: under CI's heaviest load (the
            // AddressSanitizer step) one such sleep once ran its 30 s out.
            if build == 1 {
                var waited = 0
                while !Task.isCancelled, waited < 3_000 {
                    try? await Task.sleep(for: .milliseconds(10))
                    waited += 1
                }
                try Task.checkCancellation()
            }
            return Vault(build: build)
        }
    }
}

/// An actor with `let` dependencies: one of them built by an async initializer.
private actor Journal: Injectable {
    let connection: Connection
    let clock: Clock
    private var entries: [String] = []
    init(connection: Connection, clock: Clock) {
        self.connection = connection
        self.clock = clock
    }
    static let initializer = Initializer(dependencies: Connection.self, Clock.self) {
        Journal(connection: $0, clock: $1)
    }
    func record(_ entry: String) -> Int {
        entries.append(entry)
        return entries.count
    }
}

/// A class holding the actor, built by initializer injection too.
private final class Editor: Injectable, Sendable {
    let journal: Journal
    init(journal: Journal) { self.journal = journal }
    static let initializer = Initializer(dependencies: Journal.self) { Editor(journal: $0) }
}

/// A graph-scoped async object required twice in one graph; a `.normal` one too.
private final class Session: Injectable, Sendable {
    static let scope: Scope = .graph
    init() {}
    static let initializer = Initializer(factory: {
        await Task.yield()
        return Session()
    })
}

private final class Token: Injectable, Sendable {
    init() {}
    static let initializer = Initializer(factory: {
        await Task.yield()
        return Token()
    })
}

private final class Dashboard: Injectable {
    var left: Session!
    var right: Session!
    var first: Token!
    var second: Token!
    static var requires: Requirements { Requirements(\Dashboard.left, \.right, \.first, \.second) }
    init() {}
}

private protocol Weather: Sendable {
    var city: String { get }
}

private struct Forecast: Weather {
    let city: String
}

private struct ForecastProvider: AsyncObjectProvider {
    func provide(_ injector: Injector, arguments: InjectionArguments) async throws -> (any Weather)? {
        await Task.yield()
        return Forecast(city: arguments.count > 0 ? try arguments.argument(0, as: String.self) : "Oslo")
    }
}

/// Takes the weather lazily: the provider's call awaits the async binding.
private final class Window: Injectable {
    var weather: Provider<any Weather>!
    static var requires: Requirements { Requirements(\Window.weather) }
    init() {}
}

private struct Broken: Error, CustomStringConvertible {
    var description: String { "the socket is closed" }
}

/// An async singleton whose initializer throws.
private final class Socket: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
    static let initializer = Initializer(factory: {
        await Task.yield()
        throw Broken()
    })
}

private final class Relay: Injectable {
    var socket: Socket!
    static var requires: Requirements { Requirements(\Relay.socket) }
    init() {}
}

/// An async initializer that asks for its own type: a cycle, not a hang.
private final class Mirror: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
    static let initializer = Initializer(dependencies: ObjectFactory.self) { factory in
        _ = try await factory.getObject(Mirror.self)
        return Mirror()
    }
}

/// A report built by an async closure binding from dependencies it declares, and a
/// stamp from an async initializer that reads arguments and a dependency.
private struct Report: Sendable {
    let host: String
    let stamp: String
}

private final class Stamp: Injectable, Sendable {
    let text: String
    init(text: String) { self.text = text }
    static let initializer = Initializer(dependencies: Clock.self, defaults: "draft") { arguments, _ in
        await Task.yield()
        return Stamp(text: try arguments.argument(0, as: String.self))
    }
}

/// A synchronous initializer that asks the injector, synchronously, for an async type.
private final class Console: Injectable, Sendable {
    let connection: Connection
    init(connection: Connection) { self.connection = connection }
    static let initializer = Initializer(dependencies: ObjectFactory.self) { factory in
        Console(connection: try synchronously { try factory.getObject(Connection.self) })
    }
}

/// An eager singleton with an async initializer.
private final class Warmup: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
    static let initializer = Initializer(factory: {
        await Task.yield()
        return Warmup()
    })
}

/// Two async singletons whose initializers each await the other, after a pause long
/// enough for two tasks to start one each.
private final class Ping: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
    static let initializer = Initializer(dependencies: ObjectFactory.self) { factory in
        try await Task.sleep(for: .milliseconds(100))
        _ = try await factory.getObject(Pong.self)
        return Ping()
    }
}

private final class Pong: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
    static let initializer = Initializer(dependencies: ObjectFactory.self) { factory in
        try await Task.sleep(for: .milliseconds(100))
        _ = try await factory.getObject(Ping.self)
        return Pong()
    }
}

/// Counts its live instances: the dependencies an async step is handed must be
/// released however the step ends.
private final class Tracked: Injectable, Sendable {
    static let alive = Atomic<Int>(0)
    init() { Tracked.alive.add(1, ordering: .relaxed) }
    deinit { Tracked.alive.subtract(1, ordering: .relaxed) }
}

/// Receives two tracked dependencies, then throws.
private final class Doomed: Injectable, Sendable {
    init() {}
    static let initializer = Initializer(dependencies: Tracked.self, Tracked.self) { _, _ in
        await Task.yield()
        throw Broken()
    }
}

/// Its second dependency has no binding: the first is resolved, then dropped.
private final class Stranded: Injectable, Sendable {
    init() {}
    static let initializer = Initializer(dependencies: Tracked.self, (any Weather).self) { _, _ in
        await Task.yield()
        return Stranded()
    }
}

/// The kind of the ``InjectionError`` `body` throws, if it throws one.
private func failureKind(_ body: () async throws -> Void) async -> InjectionError.Kind? {
    do {
        try await body()
        return nil
    } catch {
        return (error as? InjectionError)?.kind
    }
}

/// Runs `body` as synchronous code: in async code, `getObject` means the async form.
private func synchronously<T>(_ body: () throws -> T) rethrows -> T { try body() }

// MARK: - Specification

@Suite("Async resolution: async initializers, bindings and providers with await getObject")
struct AsyncResolutionTests {
    @Test("an async initializer (a connection that awaits) is resolved with await getObject, sync steps around it")
    func asyncInitializer() async throws {
        let injector = Injector()

        let screen = try await injector.getObject(Screen.self)

        #expect(screen.isAwake)
        #expect(screen.repository.connection.host == "db.local")
        #expect(screen.clock !== screen.repository.clock)
        let v12 = try await injector.getObject(Connection.self, arguments: "db.remote")
        #expect(v12.host == "db.remote")
    }

    @Test("await getObject of a graph with no async step is the synchronous build")
    func synchronousGraph() async throws {
        let injector = Injector()

        let clock = try await injector.getObject(Clock.self)
        let again = try await injector.getObject(Clock.self)

        #expect(clock !== again)
    }

    @Test("100 concurrent tasks awaiting an async singleton get one instance, built once")
    func oneBuildForManyTasks() async throws {
        let injector = Injector()
        let before = Pool.builds.load(ordering: .relaxed)

        let pools = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<100 {
                group.addTask { ObjectIdentifier(try await injector.getObject(Pool.self)) }
            }
            return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
        }

        #expect(pools.count == 1)
        #expect(Pool.builds.load(ordering: .relaxed) - before == 1)
        #expect(ObjectIdentifier(try await injector.getObject(Pool.self)) == pools.first)
    }

    @Test("cancelling a request during an async singleton's build throws cancelled, caches nothing; the next builds it")
    func cancellation() async throws {
        let control = VaultControl()
        let injector = try Injector(modules: [VaultModule(control: control)])

        let request = Task { _ = try await injector.getObject(Bank.self) }
        while control.started.load(ordering: .acquiring) == 0 { await Task.yield() }
        request.cancel()
        let error = try #require(await #expect(throws: InjectionError.self) { try await request.value })

        #expect(error.kind == .cancelled)
        #expect(error.underlyingError is CancellationError)
        #expect(
            error.description == """
                cancelled: the request was cancelled while Vault was being built; nothing was cached.
                  Requested: Bank
                  Chain: Bank.vault (declared at InstillTests/AsyncResolutionTests.swift:83)
                  To fix: nothing to fix if the cancellation was meant: the next request builds Vault again.
                """)
        let bank = try await injector.getObject(Bank.self)
        #expect(bank.vault.build == 2)
        #expect(try await injector.getObject(Vault.self) === bank.vault)
    }

    @Test("a task waiting for an async singleton whose builder is cancelled takes the build over")
    func waiterTakesOver() async throws {
        let control = VaultControl()
        let injector = try Injector(modules: [VaultModule(control: control)])

        let builder = Task { try await injector.getObject(Vault.self) }
        while control.started.load(ordering: .acquiring) == 0 { await Task.yield() }
        let waiter = Task { try await injector.getObject(Vault.self) }
        try await Task.sleep(for: .milliseconds(20))
        builder.cancel()

        await #expect(throws: InjectionError.self) { try await builder.value }
        let vault = try await waiter.value
        #expect(vault.build == 2)
        #expect(control.builds.load(ordering: .relaxed) == 2)
    }

    @Test("the synchronous getObject on a graph with an async step throws asyncRequired, naming the type and chain")
    func synchronousRequestOfAsyncGraph() throws {
        let injector = Injector()

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Screen.self) }

        #expect(error.kind == .asyncRequired)
        #expect(
            error.description == """
                asyncRequired: Connection is built by an async initializer, which a synchronous getObject cannot await.
                  Requested: Screen
                  Chain: Screen.repository → Repository.init(Connection) (declared at InstillTests/AsyncResolutionTests.swift:39)
                  To fix: request it with `try await injector.getObject(...)` from async code, or take it as a Provider and call `try await provider()`.
                """)
    }

    @Test("the asyncRequired error that code inside an await getObject catches reads as the synchronous request's")
    func asyncRequiredCaughtInsideAwaitedBuild() async throws {
        let injector = Injector()
        let synchronous = try #require(throws: InjectionError.self) { try injector.getObject(Connection.self) }

        let probe = try await injector.getObject(ConnectionProbe.self)

        let caught = try #require(probe.caught)
        #expect(caught.kind == .asyncRequired)
        #expect(caught.description == synchronous.description)
        #expect(
            caught.description == """
                asyncRequired: Connection is built by an async initializer, which a synchronous getObject cannot await.
                  Requested: Connection
                  To fix: request it with `try await injector.getObject(...)` from async code, or take it as a Provider and call `try await provider()`.
                """)
    }

    @Test("an actor with let dependencies is built by initializer injection and used from several tasks")
    func actorDependencies() async throws {
        let injector = Injector()

        let editor = try await injector.getObject(Editor.self)
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<50 {
                group.addTask { await editor.journal.record("entry \(index)") }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }

        #expect(counts.sorted() == Array(1...50))
        #expect(editor.journal.connection.host == "db.local")
    }

    @Test("a graph-scoped async object is shared within one request; a .normal one is built per requirement")
    func scopesAcrossRestarts() async throws {
        let injector = Injector()

        let first = try await injector.getObject(Dashboard.self)
        let second = try await injector.getObject(Dashboard.self)

        #expect(first.left === first.right)
        #expect(first.left !== second.left)
        #expect(first.first !== first.second)
    }

    @Test("an async closure binding, an async provider and a provider called with await")
    func asyncBindings() async throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind((any Weather).self, provider: ForecastProvider())
                binder.bind(Clock.self, scope: .singleton) { _ in
                    await Task.yield()
                    return Clock()
                }
            }
        ])

        let window = try await injector.getObject(Window.self)
        let weather = try await window.weather()
        let bergen = try await window.weather(arguments: "Bergen")
        let clock = try await injector.getObject(Clock.self)

        #expect(weather.city == "Oslo")
        #expect(bergen.city == "Bergen")
        #expect(try await injector.getObject(Clock.self) === clock)
        // Published, the singleton is there for synchronous requests too.
        #expect(try synchronously { try injector.getObject(Clock.self) } === clock)
    }

    @Test("an async initializer that throws: initializerFailed with the chain, nothing cached")
    func failingInitializer() async throws {
        let injector = Injector()

        let error = try #require(
            await #expect(throws: InjectionError.self) { try await injector.getObject(Relay.self) })

        #expect(error.kind == .initializerFailed)
        #expect(error.chain == ["Relay.socket"])
        #expect(error.underlyingError is Broken)
        await #expect(throws: InjectionError.self) { try await injector.getObject(Socket.self) }
    }

    @Test("an async initializer that awaits its own type is a cycle, not a hang")
    func asyncSelfCycle() async throws {
        let injector = Injector()

        let error = try #require(
            await #expect(throws: InjectionError.self) { try await injector.getObject(Mirror.self) })

        #expect(error.kind == .cycle)
        #expect(
            error.description == """
                cycle: Mirror is asked for again while its initializer is still running: Mirror.init → Mirror.
                  Requested: Mirror
                  To fix: the initializer of Mirror asks the injector for something that needs Mirror itself: list it in `requires` instead (filled after init), or ask for it in awakeFromInjection().
                """)
    }

    @Test("validate() lists the types only await getObject builds")
    func validateListsAsyncTypes() throws {
        let injector = try Injector(modules: [
            Bindings { $0.bind((any Weather).self, provider: ForecastProvider()) }
        ])

        let report = injector.validate(roots: [Screen.self, Window.self, Clock.self])

        #expect(report.isValid)
        #expect(report.typesNeedingAwait == ["any Weather", "Screen", "Repository", "Connection"])
        #expect(
            report.description == """
                Validation passed: no problems found.

                Built only by `try await injector.getObject(...)` (async steps): any Weather, Screen, Repository, Connection.
                """)
    }

    @Test("an async closure binding receives its declared dependencies; an async initializer its arguments")
    func dependenciesAndArguments() async throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(Report.self, dependencies: Connection.self, Stamp.self) { connection, stamp in
                    await Task.yield()
                    return Report(host: connection.host, stamp: stamp.text)
                }
            }
        ])

        let report = try await injector.getObject(Report.self)
        let final = try await injector.getObject(Stamp.self, arguments: "final")

        #expect(report.host == "db.local")
        #expect(report.stamp == "draft")
        #expect(final.text == "final")
    }

    @Test("an async initializer that reads no arguments refuses them")
    func unreadArguments() async throws {
        let injector = Injector()

        let error = try #require(
            await #expect(throws: InjectionError.self) { try await injector.getObject(Repository.self, arguments: 1) })

        #expect(error.kind == .argumentMismatch)
    }

    @Test("a synchronous request made inside an await getObject finds the async values of that request")
    func reentrantSynchronousRequest() async throws {
        let injector = Injector()

        let console = try await injector.getObject(Console.self)

        #expect(console.connection.host == "db.local")
    }

    @Test("an eager singleton with an async initializer cannot be built when the injector is created")
    func eagerAsyncSingleton() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector(modules: [Bindings { $0.eagerSingleton(Warmup.self) }])
        }

        #expect(error.kind == .asyncRequired)
    }

    @Test("two tasks building async singletons that await each other get errors, not a hang")
    func crossTaskCycle() async throws {
        let injector = Injector()

        async let ping = failureKind { _ = try await injector.getObject(Ping.self) }
        async let pong = failureKind { _ = try await injector.getObject(Pong.self) }
        let kinds = await [ping, pong].compactMap { $0 }

        #expect(kinds.count == 2)
        #expect(kinds.contains(.crossThreadCycle))
    }

    @Test("an asyncRequired error that outlives its injector reflects without reaching into the injector")
    func errorReflection() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector(modules: [Bindings { $0.eagerSingleton(Warmup.self) }])
        }

        var text = ""
        dump(error, to: &text)

        #expect(text.contains("asyncRequired"))
        #expect(!text.contains("Recipe"))
    }

    @Test("an asyncRequired error keeps the injector its step belongs to for as long as the error lives")
    func errorKeepsItsInjector() throws {
        weak var released: Injector?
        var error: InjectionError? = nil
        do {
            let injector = Injector()
            released = injector
            error = try #require(throws: InjectionError.self) { try injector.getObject(Screen.self) }
        }
        #expect(error?.kind == .asyncRequired)
        #expect(released != nil)
        error = nil
        #expect(released == nil)
    }

    @Test("the dependencies handed to an async initializer are released when it throws, or when resolving them fails")
    func dependenciesReleased() async throws {
        let injector = Injector()
        let before = Tracked.alive.load(ordering: .relaxed)

        await #expect(throws: InjectionError.self) { try await injector.getObject(Doomed.self) }
        await #expect(throws: InjectionError.self) { try await injector.getObject(Stranded.self) }
        await #expect(throws: InjectionError.self) { try await injector.getObject(Doomed.self, arguments: 1) }

        #expect(Tracked.alive.load(ordering: .relaxed) == before)
    }
}

// MARK: - Fixtures, continued

/// Calls a provider of the async-built connection in its awake, synchronously, and
/// keeps what it throws: inside an `await getObject` too, the awake cannot await.
private final class ConnectionProbe: Injectable {
    var connections: Provider<Connection>!
    private(set) var caught: InjectionError?
    static var requires: Requirements { Requirements(\ConnectionProbe.connections) }
    init() {}
    func awakeFromInjection() {
        do {
            _ = try connections()
        } catch {
            caught = error as? InjectionError
        }
    }
}
