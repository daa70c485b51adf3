import Foundation
import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// MARK: - Fixtures: a cache over a disk that opens asynchronously

/// Holds an async initializer until the test lets it go on.
private final class Latch: Sendable {
    private struct State {
        var hasEntered = false
        var isOpen = false
        var enteredWaiters: [CheckedContinuation<Void, Never>] = []
        var openWaiters: [CheckedContinuation<Void, Never>] = []
    }
    private let state = Mutex(State())

    /// Suspends until ``open()``; lets ``waitUntilEntered()`` go on.
    func pass() async {
        let entered = state.withLock { state in
            state.hasEntered = true
            defer { state.enteredWaiters = [] }
            return state.enteredWaiters
        }
        for waiter in entered { waiter.resume() }
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.openWaiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Suspends until a task is in ``pass()``.
    func waitUntilEntered() async {
        await withCheckedContinuation { continuation in
            let hasEntered = state.withLock { state in
                if !state.hasEntered { state.enteredWaiters.append(continuation) }
                return state.hasEntered
            }
            if hasEntered { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.openWaiters = [] }
            return state.openWaiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// Counts the constructions of each class, per test.
private final class Counter: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    func count(_ name: String) { counts.withLock { $0[name, default: 0] += 1 } }
    func of(_ name: String) -> Int { counts.withLock { $0[name, default: 0] } }
}

/// An async singleton: its initializer waits at the test's latch.
private final class Disk: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
    static let initializer = Initializer(dependencies: Latch.self) { latch in
        await latch.pass()
        return Disk()
    }
}

/// A synchronous singleton that fills the async one: constructed before the step.
private final class Cache: Injectable, @unchecked Sendable {  // written once, before it is published
    static let scope: Scope = .singleton
    var disk: Disk!
    static var requires: Requirements { fills(Disk.self) { $0.disk = $1 } }
    init(counter: Counter) { counter.count("Cache") }
    static let initializer = Initializer(dependencies: Counter.self) { Cache(counter: $0) }
}

/// The same, isolated to the main actor.
@MainActor
private final class Shelf: MainActorInjectable {
    static let scope: Scope = .singleton
    var disk: Disk!
    static var requires: Requirements { fills(Disk.self) { $0.disk = $1 } }
    init(counter: Counter) { counter.count("Shelf") }
    static let initializer = Initializer(mainActorDependencies: Counter.self) { Shelf(counter: $0) }
}

private struct Bindings: Module {
    let latch: Latch
    let counter: Counter
    func configure(_ binder: Binder) {
        binder.bind(latch)
        binder.bind(counter)
    }
}

/// What a synchronous request during another task's claim throws.
private func claimMessage(_ name: String) -> String {
    """
    asyncRequired: \(name) is being built by another task's `await getObject`, which awaits an async step before it is complete.
      Requested: \(name)
      To fix: request it with `try await injector.getObject(...)`, which waits for that build.
    """
}

// MARK: - Specification

@Suite("A shared object an await getObject is completing is built by that request alone")
struct AsyncClaimTests {
    @Test("a synchronous request from another thread meanwhile throws asyncRequired and constructs nothing")
    func otherThread() async throws {
        let latch = Latch()
        let counter = Counter()
        let injector = try Injector(modules: [Bindings(latch: latch, counter: counter)])
        let first = Task.detached { try await injector.getObject(Cache.self) }
        await latch.waitUntilEntered()
        let message = await Task.detached { () -> String in
            do {
                _ = try injector.getObject(Cache.self)
                return "built"
            } catch {
                return String(describing: error)
            }
        }.value
        #expect(message == claimMessage("Cache"))
        #expect(counter.of("Cache") == 1)
        latch.open()
        let cache = try await first.value
        #expect(cache.disk != nil)
        #expect(try await injector.getObject(Cache.self) === cache)
        #expect(counter.of("Cache") == 1)
    }

    @Test("a synchronous request from a thread outside any task meanwhile throws asyncRequired too")
    func plainThread() async throws {
        let latch = Latch()
        let counter = Counter()
        let injector = try Injector(modules: [Bindings(latch: latch, counter: counter)])
        let first = Task.detached { try await injector.getObject(Cache.self) }
        await latch.waitUntilEntered()
        let message = Mutex("")
        let done = Latch()
        let thread = Thread {
            do {
                _ = try injector.getObject(Cache.self)
                message.withLock { $0 = "built" }
            } catch {
                message.withLock { $0 = String(describing: error) }
            }
            done.open()
        }
        thread.start()
        await done.pass()
        #expect(message.withLock { $0 } == claimMessage("Cache"))
        #expect(counter.of("Cache") == 1)
        latch.open()
        _ = try await first.value
        #expect(counter.of("Cache") == 1)
    }

    @Test("on the main actor, a synchronous request for a main-actor singleton another task completes throws")
    @MainActor
    func mainActorSingleton() async throws {
        let latch = Latch()
        let counter = Counter()
        let injector = try Injector(modules: [Bindings(latch: latch, counter: counter)])
        let first = Task { @MainActor in try await injector.getObject(Shelf.self) }
        await latch.waitUntilEntered()
        let error = #expect(throws: InjectionError.self) { try injector.getObject(Shelf.self) }
        #expect(error.map(String.init(describing:)) == claimMessage("Shelf"))
        #expect(counter.of("Shelf") == 1)
        latch.open()
        let shelf = try await first.value
        #expect(shelf.disk != nil)
        #expect(try await injector.getObject(Shelf.self) === shelf)
        #expect(counter.of("Shelf") == 1)
    }

    @Test("an await getObject from another task meanwhile waits, and gets the one object")
    func awaitingTask() async throws {
        let latch = Latch()
        let counter = Counter()
        let injector = try Injector(modules: [Bindings(latch: latch, counter: counter)])
        let first = Task.detached { try await injector.getObject(Cache.self) }
        await latch.waitUntilEntered()
        let second = Task.detached { try await injector.getObject(Cache.self) }
        try await Task.sleep(for: .milliseconds(20))
        latch.open()
        let (a, b) = try await (first.value, second.value)
        #expect(a === b)
        #expect(counter.of("Cache") == 1)
    }
}
