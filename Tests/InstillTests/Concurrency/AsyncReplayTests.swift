import Instill
// Atomic: the stand-in in Support/TestSynchronization.swift
import Testing

// MARK: - Fixtures

/// A module made of a closure, so each test states its bindings where it uses them.
private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

/// How many times the initializers of the running test's objects ran.
private final class Builds: Sendable {
    let caches = Atomic<Int>(0)
    let sockets = Atomic<Int>(0)

    /// The counts of the test running in this task.
    @TaskLocal static var current: Builds?
}

/// An object whose scope each test sets, counting its builds.
private final class Cache: Injectable {
    init() { Builds.current?.caches.add(1, ordering: .relaxed) }
}

/// Built by an async initializer, counting its runs; it checks for cancellation, so a
/// request that never ends stops when its test gives up on it.
private final class Socket: Injectable, Sendable {
    static let initializer = Initializer(factory: {
        await Task.yield()
        try Task.checkCancellation()
        Builds.current?.sockets.add(1, ordering: .relaxed)
        return Socket()
    })
    init() {}
}

/// A several-class `fills`: it writes neither member until both are made, so while the
/// request awaits the socket nothing but the request holds the cache.
private final class Dashboard: Injectable {
    var cache: Cache!
    var socket: Socket!
    static var requires: Requirements {
        fills(Cache.self, Socket.self) {
            $0.cache = $1
            $0.socket = $2
        }
    }
    init() {}
}

// The configuration a differential sweep found (seed 82587926594208): a weak-scoped
// `Boiler` whose several-class `fills` holds a weak `Spout`, then the singleton `Tank`,
// which closes a cycle back to the `Boiler` and reaches an async step (a `Kettle`);
// the `Boiler`'s last requirement is bound to a class that is no `Part`.

private protocol Part: AnyObject {}

private final class Lid: Injectable {
    init() {}
}

private final class Handle: Injectable {
    var lid: Lid!
    var part: (any Part)?
    static var requires: Requirements { Requirements(\Handle.lid).named("b", \Handle.part) }
    init() {}
}

private final class Spout: Injectable {
    var lid: Lid!
    var spare: Lid?
    static var requires: Requirements { Requirements(\Spout.lid).named("alarm", \Spout.spare) }
    init() {}
}

private final class Valve: Injectable, Part {
    var handle: Handle!
    var spout: Spout?
    static var requires: Requirements { Requirements(\Valve.handle) + fills(Spout?.self) { $0.spout = $1 } }
    init() {}
}

private final class Washer: Injectable, Part {
    init() {}
}

private final class Kettle: Injectable, Part, Sendable {
    static let initializer = Initializer(factory: {
        await Task.yield()
        try Task.checkCancellation()
        return Kettle()
    })
    init() {}
}

private final class Boiler: Injectable {
    static let scope: Scope = .weak
    var washer: Washer!
    var spout: Spout!
    var tank: Tank!
    var valve: Valve!
    var handle: Handle!
    var lid: Lid!
    var part: (any Part)!
    static var requires: Requirements {
        fills(Washer.self, Spout.self, Tank.self) {
            $0.washer = $1
            $0.spout = $2
            $0.tank = $3
        }
            + Requirements(\Boiler.valve)
            + fills(Handle.self, Lid.self) {
                $0.handle = $1
                $0.lid = $2
            } + Requirements(\Boiler.part)
    }
    init() {}
}

private final class Tank: Injectable {
    static let scope: Scope = .singleton
    let lid: Lid
    var boiler: Boiler!
    var handle: Handle!
    static let initializer = Initializer(dependencies: Lid.self) { Tank(lid: $0) }
    static var requires: Requirements {
        fills(Boiler.self, Handle.self) {
            $0.boiler = $1
            $0.handle = $2
        }
    }
    init(lid: Lid) { self.lid = lid }
}

/// What `body` (an `await getObject`) returns within a minute (a loaded, parallel run
/// may starve it for seconds); `nil` when it did not end by then (it is cancelled), so
/// a request that never ends fails the test instead of hanging the suite.
private func withinAMinute<Value: Sendable>(
    _ body: @escaping @Sendable () async throws -> Value
) async throws -> Value? {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(60))
            return nil
        }
        defer { group.cancelAll() }
        return try await group.next() ?? nil
    }
}

// MARK: - Specification

/// `await getObject` runs the synchronous resolver again after each async step, and
/// each attempt reuses what the ones before it built: an object found kept in its scope
/// (built by an earlier attempt) keeps what was made after it.
@Suite("Async replay: each attempt of await getObject reuses what the attempts before it built")
struct AsyncReplayTests {
    @Test(
        "an object an earlier attempt built and kept, before an async step: the request ends, each initializer runs once",
        arguments: [Scope.weak, .graph, .singleton, .normal])
    func keptBeforeAnAsyncStep(scope: Scope) async throws {
        let injector = try Injector(modules: [Bindings { $0.setScope(scope, for: Cache.self) }])
        let builds = Builds()

        let isAssembled = try await Builds.$current.withValue(builds) {
            try await withinAMinute {
                let dashboard = try await injector.getObject(Dashboard.self)
                return dashboard.cache != nil && dashboard.socket != nil
            }
        }

        #expect(isAssembled == true, "await getObject(Dashboard.self) never ended")
        #expect(builds.caches.load(ordering: .relaxed) == 1)
        #expect(builds.sockets.load(ordering: .relaxed) == 1)
    }

    @Test("a weak root whose cycle through a singleton reaches an async step after a weak object: the build's error")
    func weakCycleThroughASingleton() async throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.setScope(.normal, for: Handle.self)
                binder.setScope(.weak, for: Spout.self)
                binder.bind((any Part).self, to: Lid.self)
                binder.bind((any Part).self, to: Kettle.self, named: "b")
                binder.bind(Lid.self, scope: .weak) { _ in Lid() }
                binder.bind(Lid(), as: Lid.self, named: "alarm")
            }
        ])

        let ending = try await withinAMinute { () -> InjectionError? in
            do {
                _ = try await injector.getObject(Boiler.self)
                return nil
            } catch let error as InjectionError {
                return error
            }
        }

        let outcome = try #require(ending, "await getObject(Boiler.self) never ended")
        let error = try #require(outcome, "await getObject(Boiler.self) built a Boiler")
        #expect(error.kind == .typeDoesNotConform)
        #expect(error.summary == "Lid is bound to any Part but does not conform to Part.")
        #expect(error.requestedType == "Boiler")
        #expect(error.chain == ["Boiler.part"])
    }
}
