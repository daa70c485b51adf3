import Dispatch
import Foundation
import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// MARK: - Helpers

/// What each thread saw, collected under a lock.
private final class Outcomes<Value>: @unchecked Sendable {  // every access goes through `lock`
    private let lock = NSLock()
    private var values: [Value] = []
    private var errors: [String] = []

    func record(_ value: Value) { lock.withLock { values.append(value) } }
    func record(error: any Error) { lock.withLock { errors.append("\(error)") } }
    var all: [Value] { lock.withLock { values } }
    var failures: [String] { lock.withLock { errors } }
}

/// A property found empty on another thread (where `#require` cannot report).
private struct Unfilled: Error, CustomStringConvertible {
    let description: String
}

private struct Sighting: Equatable {
    let instance: ObjectIdentifier
    let isAwake: Bool
    let isFilled: Bool
}

// MARK: - Fixtures

private final class Ledger: Injectable {
    init() {}
}

/// A singleton with a slow initializer that counts its calls.
private final class Registry: Injectable {
    static let scope: Scope = .singleton
    static let initializerCalls = Atomic<Int>(0)
    var ledger: Ledger!
    private(set) var isAwake = false
    static var requires: Requirements { Requirements(\Registry.ledger) }
    init() {
        Registry.initializerCalls.add(1, ordering: .relaxed)
        usleep(20_000)
    }
    func awakeFromInjection() { isAwake = true }
}

/// Two slow singletons that require each other, asked for from both ends.
private final class North: Injectable {
    static let scope: Scope = .singleton
    static let initializerCalls = Atomic<Int>(0)
    var south: South!
    private(set) var isAwake = false
    static var requires: Requirements { Requirements(\North.south) }
    init() {
        North.initializerCalls.add(1, ordering: .relaxed)
        usleep(5_000)
    }
    func awakeFromInjection() { isAwake = south?.north === self }
}

private final class South: Injectable {
    static let scope: Scope = .singleton
    static let initializerCalls = Atomic<Int>(0)
    var north: North!
    private(set) var isAwake = false
    static var requires: Requirements { Requirements(\South.north) }
    init() {
        South.initializerCalls.add(1, ordering: .relaxed)
        usleep(5_000)
    }
    func awakeFromInjection() { isAwake = north?.south === self }
}

/// A `.normal` object graph with a `.graph` part, built on many threads at once.
private final class Strap: Injectable {
    static let scope: Scope = .graph
    init() {}
}

private final class Buckle: Injectable {
    var strap: Strap!
    static var requires: Requirements { Requirements(\Buckle.strap) }
    init() {}
}

private final class Seatbelt: Injectable {
    var buckle: Buckle!
    var strap: Strap!
    static var requires: Requirements { Requirements(\Seatbelt.buckle, \.strap) }
    init() {}
}

/// A singleton whose initializer does not return until another thread has finished
/// its own requests on the same injector.
private final class Foundry: Injectable {
    static let scope: Scope = .singleton
    static let started = DispatchSemaphore(value: 0)
    static let mayFinish = DispatchSemaphore(value: 0)
    static let otherThreadFinished = Atomic<Bool>(false)
    init() {
        Foundry.started.signal()
        // A generous safety net: if the other thread were blocked by this build, it
        // would never signal, and the test fails instead of hanging.
        let result = Foundry.mayFinish.wait(timeout: .now() + .seconds(30))
        Foundry.otherThreadFinished.store(result == .success, ordering: .relaxed)
    }
}

private final class Anvil: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

// MARK: - Specification

@Suite("Concurrency", .timeLimit(.minutes(1)))
struct ConcurrencyTests {
    @Test(
        "8 threads asking at once for a slow singleton build it exactly once and all get the same, assembled instance")
    func singletonBuiltOnceUnderContention() throws {
        let injector = Injector()
        let before = Registry.initializerCalls.load(ordering: .relaxed)
        let outcomes = Outcomes<Sighting>()

        onThreads(8) { _ in
            do {
                let registry = try injector.getObject(Registry.self)
                outcomes.record(
                    Sighting(
                        instance: ObjectIdentifier(registry), isAwake: registry.isAwake,
                        isFilled: registry.ledger != nil))
            } catch {
                outcomes.record(error: error)
            }
        }

        #expect(outcomes.failures == [])
        #expect(Registry.initializerCalls.load(ordering: .relaxed) == before + 1)
        let sightings = outcomes.all
        #expect(sightings.count == 8)
        let registry = try injector.getObject(Registry.self)
        let expected = Sighting(instance: ObjectIdentifier(registry), isAwake: true, isFilled: true)
        #expect(sightings.allSatisfy { $0 == expected })
    }

    @Test("8 threads asking for two singletons that require each other, from both ends, all get one assembled pair")
    func singletonCycleUnderContention() throws {
        let injector = Injector()
        let northBefore = North.initializerCalls.load(ordering: .relaxed)
        let southBefore = South.initializerCalls.load(ordering: .relaxed)
        let outcomes = Outcomes<[Sighting]>()

        onThreads(8) { index in
            do {
                let north: North
                if index.isMultiple(of: 2) {
                    north = try injector.getObject(North.self)
                } else {
                    guard let reached = try injector.getObject(South.self).north else {
                        throw Unfilled(description: "South.north")
                    }
                    north = reached
                }
                guard let south = north.south else { throw Unfilled(description: "North.south") }
                outcomes.record([
                    Sighting(
                        instance: ObjectIdentifier(north), isAwake: north.isAwake, isFilled: south.north === north),
                    Sighting(
                        instance: ObjectIdentifier(south), isAwake: south.isAwake, isFilled: north.south === south),
                ])
            } catch {
                outcomes.record(error: error)
            }
        }

        #expect(outcomes.failures == [])
        #expect(North.initializerCalls.load(ordering: .relaxed) == northBefore + 1)
        #expect(South.initializerCalls.load(ordering: .relaxed) == southBefore + 1)
        let north = try injector.getObject(North.self)
        let south = try injector.getObject(South.self)
        let expected = [
            Sighting(instance: ObjectIdentifier(north), isAwake: true, isFilled: true),
            Sighting(instance: ObjectIdentifier(south), isAwake: true, isFilled: true),
        ]
        #expect(outcomes.all.count == 8)
        #expect(outcomes.all.allSatisfy { $0 == expected })
    }

    @Test("threads building .normal objects at once each get their own graph, with its own .graph instance")
    func normalAndGraphBuildsInParallel() throws {
        let injector = Injector()
        let outcomes = Outcomes<Bool>()

        onThreads(8) { _ in
            do {
                var previous: Seatbelt?
                for _ in 0..<50 {
                    let seatbelt = try injector.getObject(Seatbelt.self)
                    let sharesOneStrap = seatbelt.strap != nil && seatbelt.buckle?.strap === seatbelt.strap
                    let isNew = previous.map { $0 !== seatbelt && $0.strap !== seatbelt.strap } ?? true
                    outcomes.record(sharesOneStrap && isNew)
                    previous = seatbelt
                }
            } catch {
                outcomes.record(error: error)
            }
        }

        #expect(outcomes.failures == [])
        #expect(outcomes.all == Array(repeating: true, count: 400))
    }

    @Test("a cached singleton and a .normal build do not wait for another thread's singleton build")
    func noWaitingOnSomeoneElsesBuild() throws {
        let injector = Injector()
        let anvil = ObjectIdentifier(try injector.getObject(Anvil.self))
        let outcomes = Outcomes<Bool>()

        onThreads(2) { index in
            do {
                if index == 0 {
                    _ = try injector.getObject(Foundry.self)
                } else {
                    Foundry.started.wait()
                    let cached = try injector.getObject(Anvil.self)
                    let built = try injector.getObject(Ledger.self)
                    outcomes.record(ObjectIdentifier(cached) == anvil)
                    withExtendedLifetime(built) {}
                    Foundry.mayFinish.signal()
                }
            } catch {
                outcomes.record(error: error)
                Foundry.mayFinish.signal()
            }
        }

        #expect(outcomes.failures == [])
        #expect(outcomes.all == [true])
        let otherThreadFinished = Foundry.otherThreadFinished.load(ordering: .relaxed)
        #expect(otherThreadFinished)
    }
}
