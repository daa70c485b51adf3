import Dispatch
import Foundation
import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// Singletons are built under creation gates, one per group of singletons that
// require each other, never under one lock for the whole process. These tests
// arrange, with real threads, the situations the old process-wide lock got wrong;
// every wait is bounded, so a regression fails instead of hanging the run.

// MARK: - Helpers

/// How long each slow singleton's initializer takes.
private let buildTime: Duration = .milliseconds(200)

/// How long a thread waits at a barrier for another before it gives up on it.
private let barrierTimeout: DispatchTimeInterval = .seconds(3)

/// How long a test waits for its threads before it reports them stuck.
private let deadline: DispatchTimeInterval = .seconds(10)

private func sleep(for duration: Duration) {
    Thread.sleep(forTimeInterval: Double(duration.components.attoseconds) / 1e18 + Double(duration.components.seconds))
}

/// Runs `body` on `count` threads released together; the time until the last one
/// returns, or `nil` when they are not all back within ``deadline``.
private func timeOnThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Duration? {
    let clock = ContinuousClock()
    let start = clock.now
    let done = startThreadsTogether(count, body)
    guard done.wait(timeout: .now() + deadline) == .success else { return nil }
    return clock.now - start
}

/// What each thread saw, collected under a lock.
private final class Outcomes: @unchecked Sendable {  // every access goes through `lock`
    private let lock = NSLock()
    private var objects: [Int: [ObjectIdentifier]] = [:]
    private var errors: [Int: any Error] = [:]

    func record(_ object: AnyObject, on thread: Int) {
        lock.withLock { objects[thread, default: []].append(ObjectIdentifier(object)) }
    }
    func record(_ error: any Error, on thread: Int) { lock.withLock { errors[thread] = error } }
    var all: [Int: [ObjectIdentifier]] { lock.withLock { objects } }
    var failures: [Int: any Error] { lock.withLock { errors } }
}

/// A hand-off that did not come back within ``barrierTimeout``.
private struct HandOffTimedOut: Error {}

/// A hand-off's result: written on the queue's thread before it signals, read after.
private final class HandOffResult<Value>: @unchecked Sendable {  // ordered by the semaphore
    var result: Result<Value, any Error>?
}

/// Runs `body` on one of `queue`'s threads and waits for it, as
/// `DispatchQueue.main.sync` does from a background thread. (On Linux `sync` on
/// any other queue runs the block on the calling thread, and the test process's
/// main thread may not serve the main queue.) Gives up after ``barrierTimeout``.
private func handOff<Value>(to queue: DispatchQueue, _ body: @escaping @Sendable () throws -> Value) throws -> Value {
    let box = HandOffResult<Value>()
    let done = DispatchSemaphore(value: 0)
    queue.async {
        box.result = Result { try body() }
        done.signal()
    }
    guard done.wait(timeout: .now() + barrierTimeout) == .success, let result = box.result else {
        throw HandOffTimedOut()
    }
    return try result.get()
}

/// An injector a fixture's initializer reaches; set by its test before the request.
private final class InjectorSlot: @unchecked Sendable {  // every access goes through `lock`
    private let lock = NSLock()
    private var stored: Injector?

    var injector: Injector {
        get { lock.withLock { stored! } }
        set { lock.withLock { stored = newValue } }
    }
}

/// A semaphore signalled once and waited for once, at most ``barrierTimeout``: a barrier
/// between two builds that a rebuild passes without waiting.
private final class Signal: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private let isArmed = Atomic<Bool>(true)

    func raise() { semaphore.signal() }

    /// Waits for ``raise()`` the first time only; whether it came.
    @discardableResult
    func awaitFirst() -> Bool {
        guard isArmed.exchange(false, ordering: .relaxed) else { return true }
        return semaphore.wait(timeout: .now() + barrierTimeout) == .success
    }
}

// MARK: - Fixtures: parallel builds

/// A slow singleton built once per injector.
private final class Kiln: Injectable {
    static let scope: Scope = .singleton
    static let initializerCalls = Atomic<Int>(0)
    init() {
        Kiln.initializerCalls.add(1, ordering: .relaxed)
        sleep(for: buildTime)
    }
}

/// Two slow singletons that know nothing of each other.
private final class Lathe: Injectable {
    static let scope: Scope = .singleton
    init() { sleep(for: buildTime) }
}

private final class Press: Injectable {
    static let scope: Scope = .singleton
    init() { sleep(for: buildTime) }
}

// MARK: - Fixtures: a hand-off to another thread

/// A singleton whose initializer waits for another thread that resolves another
/// singleton (the `DispatchQueue.main.sync` pattern of apps).
private final class Dispatcher: Injectable {
    static let scope: Scope = .singleton
    static let slot = InjectorSlot()
    static let queue = DispatchQueue(label: "CreationGateTests.Dispatcher")
    let courier: Courier?

    init() throws {
        let injector = Dispatcher.slot.injector
        courier = try handOff(to: Dispatcher.queue) { try injector.getObject(Courier.self) }
    }
}

private final class Courier: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

/// A closure-bound singleton whose closure does the same hand-off.
private final class Ticket {
    let stamp: Stamp
    init(stamp: Stamp) { self.stamp = stamp }
}

private final class Stamp: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

private struct TicketModule: Module {
    static let queue = DispatchQueue(label: "CreationGateTests.TicketModule")

    func configure(_ binder: Binder) {
        binder.bind(Ticket.self, scope: .singleton) { injector in
            try handOff(to: TicketModule.queue) { Ticket(stamp: try injector.getObject(Stamp.self)) }
        }
    }
}

// MARK: - Fixtures: a thread that waited

/// A slow singleton whose build a `.normal` object's initializer waits for.
private final class Boiler: Injectable {
    static let scope: Scope = .singleton
    static let started = Signal()
    init() {
        Boiler.started.raise()
        sleep(for: buildTime)
    }
}

/// Asks for `Boiler` while another thread builds it, then stays in its request
/// until a third thread has built an unrelated singleton.
private final class Stoker: Injectable {
    static let slot = InjectorSlot()
    static let hasBoiler = Signal()
    static let otherThreadBuilt = Signal()
    static let sawOtherBuild = Atomic<Bool>(false)
    let boiler: Boiler

    init() throws {
        boiler = try Stoker.slot.injector.getObject(Boiler.self)
        Stoker.hasBoiler.raise()
        Stoker.sawOtherBuild.store(Stoker.otherThreadBuilt.awaitFirst(), ordering: .relaxed)
    }
}

private final class Furnace: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

// MARK: - Fixtures: a cycle of waits across threads

/// `Left` requires a `.normal` `Bridge` whose closure asks the injector for `Right`
/// (a dynamic edge); `Right` requires `Left` (a static one). On one thread that
/// resolves (`Left` is registered before its requirements are filled); on two
/// threads that each start one of them, each would wait for the other.
private final class Left: Injectable {
    static let scope: Scope = .singleton
    var bridge: Bridge!
    static let requiresLine = #line + 1
    static var requires: Requirements { Requirements(\Left.bridge) }
    init() {}
}

private final class Right: Injectable {
    static let scope: Scope = .singleton
    static let started = Signal()
    var left: Left!
    static let requiresLine = #line + 1
    static var requires: Requirements { Requirements(\Right.left) }
    init() {
        Right.started.raise()
        BridgeModule.reached.awaitFirst()
    }
}

private final class Bridge {
    let right: Right
    init(right: Right) { self.right = right }
}

private struct BridgeModule: Module {
    static let reached = Signal()

    func configure(_ binder: Binder) {
        binder.bind(Bridge.self) { injector in
            BridgeModule.reached.raise()
            Right.started.awaitFirst()
            return Bridge(right: try injector.getObject(Right.self))
        }
    }
}

// MARK: - Specification

@Suite("Creation gates", .serialized, .timeLimit(.minutes(2)))
struct CreationGateTests {
    @Test("slow singletons of two injectors, asked for on 4 threads each, build in about the time of one build")
    func twoInjectorsBuildInParallel() throws {
        let east = Injector()
        let west = Injector()
        let before = Kiln.initializerCalls.load(ordering: .relaxed)
        let outcomes = Outcomes()

        let elapsed = timeOnThreads(8) { index in
            do {
                outcomes.record(try (index < 4 ? east : west).getObject(Kiln.self), on: index)
            } catch {
                outcomes.record(error, on: index)
            }
        }

        let time = try #require(elapsed, "the threads did not finish within \(deadline)")
        #expect(time < buildTime * 1.9, "took \(time) for two \(buildTime) builds (one after the other would take 2×)")
        #expect(outcomes.failures.isEmpty)
        #expect(Kiln.initializerCalls.load(ordering: .relaxed) == before + 2)
        let eastKiln = ObjectIdentifier(try east.getObject(Kiln.self))
        let westKiln = ObjectIdentifier(try west.getObject(Kiln.self))
        #expect(outcomes.all == Dictionary(uniqueKeysWithValues: (0..<8).map { ($0, [$0 < 4 ? eastKiln : westKiln]) }))
    }

    @Test("two unrelated slow singletons of one injector build in parallel")
    func unrelatedSingletonsBuildInParallel() throws {
        let injector = Injector()
        let outcomes = Outcomes()

        let elapsed = timeOnThreads(4) { index in
            do {
                let object: AnyObject =
                    index.isMultiple(of: 2) ? try injector.getObject(Lathe.self) : try injector.getObject(Press.self)
                outcomes.record(object, on: index)
            } catch {
                outcomes.record(error, on: index)
            }
        }

        let time = try #require(elapsed, "the threads did not finish within \(deadline)")
        #expect(time < buildTime * 1.9, "took \(time) for two \(buildTime) builds (one after the other would take 2×)")
        #expect(outcomes.failures.isEmpty)
        #expect(outcomes.all.count == 4)
    }

    @Test("a singleton whose initializer waits for another thread that resolves another singleton is built")
    func initializerHandsOffToAnotherThread() throws {
        let injector = Injector()
        Dispatcher.slot.injector = injector
        let outcomes = Outcomes()

        let elapsed = timeOnThreads(1) { index in
            do {
                outcomes.record(try injector.getObject(Dispatcher.self), on: index)
            } catch {
                outcomes.record(error, on: index)
            }
        }

        #expect(elapsed != nil, "the request did not finish within \(deadline)")
        #expect(outcomes.failures.isEmpty)
        let dispatcher = try injector.getObject(Dispatcher.self)
        #expect(dispatcher.courier === (try injector.getObject(Courier.self)))
    }

    @Test("a singleton closure that waits for another thread that resolves another singleton is built")
    func closureHandsOffToAnotherThread() throws {
        let injector = try Injector(modules: [TicketModule()])
        let outcomes = Outcomes()

        let elapsed = timeOnThreads(1) { index in
            do {
                outcomes.record(try injector.getObject(Ticket.self), on: index)
            } catch {
                outcomes.record(error, on: index)
            }
        }

        #expect(elapsed != nil, "the request did not finish within \(deadline)")
        #expect(outcomes.failures.isEmpty)
        #expect(try injector.getObject(Ticket.self).stamp === (try injector.getObject(Stamp.self)))
    }

    @Test("a thread that waited for a singleton holds nothing once it has it, though its request goes on")
    func waitingThreadHoldsNothingAfterwards() throws {
        let injector = Injector()
        Stoker.slot.injector = injector
        let outcomes = Outcomes()

        let elapsed = timeOnThreads(3) { index in
            do {
                switch index {
                case 0:
                    outcomes.record(try injector.getObject(Boiler.self), on: index)
                case 1:
                    // Asks while thread 0 builds the Boiler, then waits inside its request.
                    guard Boiler.started.awaitFirst() else { return }
                    outcomes.record(try injector.getObject(Stoker.self), on: index)
                default:
                    guard Stoker.hasBoiler.awaitFirst() else { return }
                    outcomes.record(try injector.getObject(Furnace.self), on: index)
                    Stoker.otherThreadBuilt.raise()
                }
            } catch {
                outcomes.record(error, on: index)
                Stoker.otherThreadBuilt.raise()
            }
        }

        #expect(elapsed != nil, "the threads did not finish within \(deadline)")
        #expect(outcomes.failures.isEmpty)
        #expect(outcomes.all[1]?.count == 1)
        let furnace = try injector.getObject(Furnace.self)
        #expect(outcomes.all[2] == [ObjectIdentifier(furnace)])
        let sawOtherBuild = Stoker.sawOtherBuild.load(ordering: .relaxed)
        #expect(sawOtherBuild, "the Furnace could only be built after the waiting thread's request ended")
    }

    @Test(
        "two threads whose singleton builds would wait for each other: one gets crossThreadCycle, neither hangs, nothing half-built stays"
    )
    func crossThreadCycleIsAnError() throws {
        let injector = try Injector(modules: [BridgeModule()])
        let outcomes = Outcomes()

        let elapsed = timeOnThreads(2) { index in
            do {
                let object: AnyObject =
                    index == 0 ? try injector.getObject(Left.self) : try injector.getObject(Right.self)
                outcomes.record(object, on: index)
            } catch {
                outcomes.record(error, on: index)
            }
        }

        #expect(elapsed != nil, "the threads did not finish within \(deadline)")
        let failures = outcomes.failures
        #expect(!failures.isEmpty, "neither thread was told of the cycle")
        if let error = failures[0] {
            let error = try #require(error as? InjectionError)
            #expect(error.kind == .crossThreadCycle)
            #expect(
                error.description == """
                    crossThreadCycle: this thread waits for Right, which another thread is building while it waits for Left, which this thread is building: the threads would wait for each other forever.
                      Requested: Left
                      Chain: Left.bridge (declared at \(#fileID):\(Left.requiresLine))
                      To fix: Right and Left are asked for while they are built (by an initializer, closure, provider or awakeFromInjection() that calls the injector): list the one asked for in `requires`, so that one thread builds them together; or make one of them an eager singleton (binder.eagerSingleton); or require a Provider and call it after the build.
                    """)
        }
        if let error = failures[1] {
            let error = try #require(error as? InjectionError)
            #expect(error.kind == .crossThreadCycle)
            #expect(
                error.description == """
                    crossThreadCycle: this thread waits for Left, which another thread is building while it waits for Right, which this thread is building: the threads would wait for each other forever.
                      Requested: Right
                      Chain: Right.left (declared at \(#fileID):\(Right.requiresLine))
                      To fix: Left and Right are asked for while they are built (by an initializer, closure, provider or awakeFromInjection() that calls the injector): list the one asked for in `requires`, so that one thread builds them together; or make one of them an eager singleton (binder.eagerSingleton); or require a Provider and call it after the build.
                    """)
        }

        // Nothing half-built was kept: both resolve now, assembled.
        let left = try injector.getObject(Left.self)
        let right = try injector.getObject(Right.self)
        #expect(left.bridge?.right === right)
        #expect(right.left === left)
    }
}
