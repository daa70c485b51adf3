import Dispatch
import Foundation
import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// Eight real threads hammer one injector family with mixed requests: singletons,
// .normal, .graph and .weak scopes, named bindings, closures, providers, child
// injectors created on the fly, and re-entrant requests from initializers,
// closures, providers and awakeFromInjection(). Every object a thread receives is
// checked to be assembled and awake; singleton builds are counted per injector.
//
// Replay a run with INSTILL_SEED=<seed> (printed by every run and in every failure).

@Suite("Stress", .serialized, .timeLimit(.minutes(10)))
struct StressTests {
    static let threadCount = 8
    static let operationsPerThread = 100_000

    @Test("8 threads × 100,000 mixed resolutions: singletons built once per injector, every object assembled and awake")
    func mixedResolutions() throws {
        let seed = Self.seed()
        let before = Tally.Snapshot.now()
        let injector = try Injector(modules: [AppModule()])
        let children = ChildPool(parent: injector)
        for _ in 0..<ChildPool.slotCount { try children.replace(slot: nil) }
        let findings = Findings(seed: seed)
        let firstSeen = FirstSeen()

        let outcome = Crew.run(
            threads: Self.threadCount, stallLimit: .seconds(20), overallLimit: .seconds(480)
        ) { index, progress in
            var worker = Worker(
                injector: injector, children: children, findings: findings, progress: progress,
                random: SplitMix64(seed: SplitMix64.mix(seed, UInt64(index), 0)))
            for operation in 0..<Self.operationsPerThread {
                if progress.shouldStop { return }
                worker.step(operation)
                progress.completed(operation + 1)
            }
            firstSeen.record(worker.seen)
        }

        #expect(outcome.isComplete, "\(outcome.report) (seed \(seed))")
        #expect(findings.count == 0, "\(findings.report)")

        // Every singleton of the root was built exactly once, and every thread saw that one.
        let built = Tally.Snapshot.now() - before
        #expect(
            built.rootSingletons == Tally.Snapshot.oneEach,
            "singleton initializer runs per type, expected 1 each: \(built.rootSingletons) (seed \(seed))")
        let expected = try Seen(injector)
        for (thread, seen) in firstSeen.all.enumerated() {
            #expect(seen.isConsistent(with: expected), "thread \(thread) saw other singletons (seed \(seed))")
        }

        // Every child built its own singletons exactly once, and shared the root's.
        let tallies = children.allTallies
        #expect(built.widgets == tallies.count, "Widget initializer runs vs children created (seed \(seed))")
        for (child, tally) in tallies.enumerated() {
            #expect(tally.sessionBuilds == 1, "child \(child): Session built \(tally.sessionBuilds)× (seed \(seed))")
            #expect(tally.widgetAwakes == 1, "child \(child): Widget awoken \(tally.widgetAwakes)× (seed \(seed))")
            #expect(tally.distinctWidgets <= 1, "child \(child): \(tally.distinctWidgets) Widgets (seed \(seed))")
        }
        print(
            """
            Stress: \(outcome.completedOperations) resolutions held \
            (\(Self.threadCount) threads × \(Self.operationsPerThread) operations) \
            in \(outcome.elapsedDescription); \(tallies.count) child injectors created concurrently; \
            objects not assembled or not awake when received: \(findings.count); seed \(seed)
            """)
    }

    @Test(
        "a singleton made by a closure that asks for a singleton under construction is not seen half-built by another thread"
    )
    func closureSingletonIsNotPublishedBeforeItsCycleIsAwake() throws {
        let injector = try Injector(modules: [SealModule()])
        let observations = Findings()
        let observed = Atomic<Bool>(false)
        let rendezvous = SealRendezvous()
        SealRendezvous.current.value = rendezvous
        defer { SealRendezvous.current.value = nil }

        let outcome = Crew.run(threads: 2, stallLimit: .seconds(10), overallLimit: .seconds(30)) { index, _ in
            do {
                if index == 0 {
                    let sentry = try injector.getObject(Sentry.self)
                    if !sentry.isAwake || sentry.seal?.sentry !== sentry {
                        observations.record("the builder got an incomplete Sentry")
                    }
                } else {
                    // Wait until the builder is inside Bolt.init, after the Seal closure ran.
                    guard rendezvous.boltStarted.wait(timeout: .now() + .seconds(5)) == .success else {
                        observations.record("the builder never reached Bolt.init")
                        return
                    }
                    let seal = try injector.getObject(Seal.self)
                    observed.store(true, ordering: .relaxed)
                    rendezvous.observerDone.signal()
                    if let sentry = seal.sentry, !sentry.isAwake || sentry.bolt == nil {
                        observations.record(
                            "another thread received the Seal singleton while its Sentry was still being filled "
                                + "(Sentry.isAwake \(sentry.isAwake), Sentry.bolt \(sentry.bolt == nil ? "nil" : "set"))"
                        )
                    }
                }
            } catch {
                observations.record("\(error)")
                rendezvous.observerDone.signal()
            }
        }

        #expect(outcome.isComplete, "\(outcome.report)")
        let sealWasObserved = observed.load(ordering: .relaxed)
        #expect(sealWasObserved)
        #expect(observations.count == 0, "\(observations.report)")
    }

    @Test("singletons of two injectors whose initializers ask the other injector, from two threads, do not deadlock")
    func twoInjectorFamiliesDoNotDeadlock() {
        let east = Injector()
        let west = Injector()
        let rendezvous = Rendezvous()

        // East's Mill needs West's Quay, West's Pier needs East's Dock: no cycle between
        // objects, only between the two injectors.
        let outcome = Crew.run(threads: 2, stallLimit: .seconds(5), overallLimit: .seconds(30)) { index, _ in
            if index == 0 {
                _ = try? east.getObject(Mill.self, arguments: MillArguments(other: west, rendezvous: rendezvous))
            } else {
                _ = try? west.getObject(Pier.self, arguments: MillArguments(other: east, rendezvous: rendezvous))
            }
        }

        #expect(
            outcome.isComplete,
            "two threads building singletons in two injectors that ask each other are stuck: \(outcome.report)")
    }

    @Test("a thread that has built a singleton does not hold up another thread's singleton while it builds on")
    func creationLockIsNotHeldAfterTheSingletonIsBuilt() throws {
        let injector = Injector()
        let rendezvous = Rendezvous()
        Rendezvous.current.value = rendezvous
        defer { Rendezvous.current.value = nil }
        let otherGotKiln = Atomic<Bool>(false)

        let outcome = Crew.run(threads: 2, stallLimit: .seconds(10), overallLimit: .seconds(30)) { index, _ in
            if index == 0 {
                // Builds the Anvil singleton, then a slow .normal Mold that waits (at most
                // 3 s) for the other thread to get its own, unrelated singleton.
                _ = try? injector.getObject(Cast.self)
            } else {
                guard rendezvous.eastStarted.wait(timeout: .now() + .seconds(5)) == .success else { return }
                if (try? injector.getObject(Kiln.self)) != nil { otherGotKiln.store(true, ordering: .relaxed) }
                rendezvous.westStarted.signal()
            }
        }

        #expect(outcome.isComplete, "\(outcome.report)")
        let kilnCameWhileMoldWaited = rendezvous.westWasWaitedFor.load(ordering: .relaxed)
        let kilnCame = otherGotKiln.load(ordering: .relaxed)
        #expect(
            kilnCameWhileMoldWaited,
            """
            the Kiln singleton could only be built after the other thread's whole request ended: \
            the creation lock taken for Anvil was still held during the unrelated .normal Mold build
            """)
        #expect(kilnCame)
    }
}

// MARK: - Worker

extension StressTests {
    /// One thread's sequence of operations, drawn from its own seeded generator.
    private struct Worker {
        let injector: Injector
        let children: ChildPool
        let findings: Findings
        let progress: Crew.Progress
        var random: SplitMix64
        var seen = Seen()
        /// A weak-scoped tracker this thread holds for a while, so others share it.
        var heldTracker: Tracker?
        var heldTrackerUntil = 0

        mutating func step(_ operation: Int) {
            let roll = operation == 0 ? 0 : Int(random.next() % 100)
            progress.stage(roll)
            do {
                switch roll {
                case 0..<10: try request(from: injector, childTally: nil)
                case 10..<22: try singletons()
                case 22..<32: try normals()
                case 32..<42: try weak(operation)
                case 42..<52: try named()
                case 52..<62: try providers()
                case 62..<70: try initializers()
                case 70..<80: try awakes()
                default: try child()
                }
            } catch {
                findings.record("operation \(operation) (roll \(roll)) threw: \(error)")
            }
        }

        private func check(_ condition: Bool, _ what: @autoclosure () -> String) {
            if !condition { findings.record(what()) }
        }

        /// The full graph: every scope, named closure, provider, factory, awake re-entry.
        private mutating func request(from source: Injector, childTally: ChildTally?) throws {
            let request = try source.getObject(Request.self)
            check(request.isAwake, "Request not awake")
            check(request.context != nil && request.helper?.context === request.context, "graph not shared")
            check(request.contextFromAwake === request.context, "awake got another .graph Context")
            check(request.trackerFromAwake === request.tracker, "awake got another .weak Tracker")
            check(request.auditLogger?.origin == (childTally == nil ? "root" : "child"), "wrong audit Logger")
            if let config = request.config { seen.note(config: config) }
            if let registry = request.registry { checkRegistry(registry) }
            if let store = request.store { checkStore(store) }
            if let tracker = request.tracker { checkTracker(tracker) }
            if let ledgers = request.ledgers { check(try ledgers().isAwake, "Provider<Ledger> gave a sleeping Ledger") }
        }

        private mutating func singletons() throws {
            switch random.next() % 4 {
            case 0: seen.note(config: try injector.getObject(Config.self))
            case 1: checkRegistry(try injector.getObject(Registry.self))
            case 2:
                let spoke = try injector.getObject(Spoke.self)
                check(spoke.isAwake && spoke.hub?.isAwake == true, "Hub/Spoke not awake")
                check(spoke.hub?.spoke === spoke, "Hub/Spoke cycle not closed")
                if let hub = spoke.hub { seen.note(hub: hub) }
            default: checkStore(try injector[(any Store).self])
            }
        }

        private mutating func normals() throws {
            let helper = try injector.getObject(Helper.self)
            check(helper.isAwake && helper.context?.isAwake == true, "Helper or its Context not awake")
            let ledger = try injector.getObject(Ledger.self)
            check(ledger.isAwake, "Ledger not awake")
        }

        private mutating func weak(_ operation: Int) throws {
            let tracker = try injector.getObject(Tracker.self)
            checkTracker(tracker)
            if let held = heldTracker, operation < heldTrackerUntil {
                check(tracker === held, "a .weak Tracker held by this thread was rebuilt")
            } else {
                heldTracker = tracker
                heldTrackerUntil = operation + Int(random.next() % 64)
            }
        }

        private mutating func named() throws {
            let clock = try injector.getObject(Clock.self, named: "utc")
            seen.note(clock: clock)
            check(clock.config != nil, "named singleton Clock without its Config")
            let logger = try injector.getObject(Logger.self, named: "audit")
            check(logger.clock === clock && logger.origin == "root", "named Logger with another Clock")
        }

        private mutating func providers() throws {
            let serial = Int(random.next() % 1000)
            let token = try injector.getObject(Token.self, arguments: serial)
            check(token.serial == serial && token.ledger.isAwake, "provider-made Token incomplete")
            seen.note(config: token.config)
            let dispatcher = try injector.getObject(Dispatcher.self)
            check(dispatcher.isAwake, "Dispatcher not awake")
            if let ledgers = dispatcher.ledgers {
                check(try ledgers().isAwake, "Provider<Ledger> gave a sleeping Ledger")
            }
            if let tokens = dispatcher.tokens {
                check(try tokens(arguments: serial).serial == serial, "Provider<Token> lost its arguments")
            }
        }

        private mutating func initializers() throws {
            if random.next() % 2 == 0 {
                let tower = try injector.getObject(Tower.self, arguments: injector)
                check(tower.isAwake && tower.config != nil, "Tower not assembled")
                seen.note(tower: tower)
                checkStore(tower.store)
            } else {
                let gauge = try injector.getObject(Gauge.self, arguments: injector)
                check(gauge.isAwake && gauge.ledger?.isAwake == true, "Gauge not assembled")
                check(
                    gauge.context === gauge.contextFromInitializer,
                    "Gauge's .graph Context not shared with its initializer")
                checkRegistry(gauge.registry)
            }
        }

        private mutating func awakes() throws {
            let workshop = try injector.getObject(Workshop.self)
            check(workshop.isAwake, "Workshop not awake")
            check(workshop.ledgerFromAwake?.isAwake == true, "awake re-entry gave a sleeping Ledger")
            if let registry = workshop.registryFromAwake {
                checkRegistry(registry)
            } else {
                check(false, "no Registry")
            }
        }

        /// Uses a child injector another thread may have just made, and sometimes makes one.
        private mutating func child() throws {
            if random.next() % 64 == 0 {
                try children.replace(slot: Int(random.next() % UInt64(ChildPool.slotCount)))
            }
            let (child, tally) = children.pick(Int(random.next() % UInt64(ChildPool.slotCount)))
            switch random.next() % 4 {
            case 0:
                let widget = try child.getObject(Widget.self)
                check(widget.isAwake && widget.tally === tally, "child Widget not assembled")
                tally.see(widget: widget)
                if let config = widget.config { seen.note(config: config) }
            case 1:
                let session = try child.getObject(Session.self)
                check(session.tally === tally, "child Session from another child")
                seen.note(config: session.config)
            case 2: try request(from: child, childTally: tally)
            default: seen.note(config: try child.getObject(Config.self))
            }
        }

        private mutating func checkRegistry(_ registry: Registry) {
            check(registry.isAwake, "Registry not awake")
            check(registry.ledger?.isAwake == true && registry.config != nil, "Registry requirements missing")
            check(registry.configFromAwake === registry.config, "Registry awake re-entry got another Config")
            seen.note(registry: registry)
        }

        private mutating func checkStore(_ store: any Store) {
            check(store.isReady, "Store singleton not assembled")
            seen.note(store: store)
        }

        private func checkTracker(_ tracker: Tracker) {
            check(tracker.isAwake && tracker.config != nil && tracker.ledger?.isAwake == true, "Tracker incomplete")
        }
    }

    /// The singletons one thread saw first, by identity.
    private struct Seen {
        var config: ObjectIdentifier?
        var registry: ObjectIdentifier?
        var hub: ObjectIdentifier?
        var store: ObjectIdentifier?
        var clock: ObjectIdentifier?
        var tower: ObjectIdentifier?
        var changed: [String] = []

        init() {}

        init(_ injector: Injector) throws {
            config = ObjectIdentifier(try injector.getObject(Config.self))
            registry = ObjectIdentifier(try injector.getObject(Registry.self))
            hub = ObjectIdentifier(try injector.getObject(Hub.self))
            store = ObjectIdentifier(try injector.getObject((any Store).self))
            clock = ObjectIdentifier(try injector.getObject(Clock.self, named: "utc"))
            tower = ObjectIdentifier(try injector.getObject(Tower.self, arguments: injector))
        }

        private mutating func note(
            _ slot: WritableKeyPath<Seen, ObjectIdentifier?>, _ object: AnyObject, _ name: String
        ) {
            let id = ObjectIdentifier(object)
            if let known = self[keyPath: slot] {
                if known != id, changed.count < 8 { changed.append(name) }
            } else {
                self[keyPath: slot] = id
            }
        }

        mutating func note(config: Config) { note(\.config, config, "Config") }
        mutating func note(registry: Registry) { note(\.registry, registry, "Registry") }
        mutating func note(hub: Hub) { note(\.hub, hub, "Hub") }
        mutating func note(store: any Store) { note(\.store, store, "Store") }
        mutating func note(clock: Clock) { note(\.clock, clock, "Clock") }
        mutating func note(tower: Tower) { note(\.tower, tower, "Tower") }

        func isConsistent(with expected: Seen) -> Bool {
            guard changed.isEmpty else { return false }
            let pairs: [(ObjectIdentifier?, ObjectIdentifier?)] = [
                (config, expected.config), (registry, expected.registry), (hub, expected.hub),
                (store, expected.store), (clock, expected.clock), (tower, expected.tower),
            ]
            return pairs.allSatisfy { seen, truth in seen == nil || seen == truth }
        }
    }

    private final class FirstSeen: @unchecked Sendable {  // `values` is only touched while holding `lock`
        private let lock = NSLock()
        private var values: [Seen] = []

        func record(_ seen: Seen) { lock.withLock { values.append(seen) } }
        var all: [Seen] { lock.withLock { values } }
    }
}

// MARK: - Child injectors made while others use them

extension StressTests {
    /// What one child injector built, counted by its own bindings.
    private final class ChildTally: @unchecked Sendable {  // every field is only touched while holding `lock`
        private let lock = NSLock()
        private var sessions = 0
        private var awakes = 0
        private var widgets = Set<ObjectIdentifier>()

        func sessionBuilt() { lock.withLock { sessions += 1 } }
        func widgetAwoke() { lock.withLock { awakes += 1 } }
        func see(widget: Widget) { lock.withLock { _ = widgets.insert(ObjectIdentifier(widget)) } }
        var sessionBuilds: Int { lock.withLock { sessions } }
        var widgetAwakes: Int { lock.withLock { awakes } }
        var distinctWidgets: Int { lock.withLock { widgets.count } }
    }

    /// A few child injectors of one parent, replaced at random by the worker threads.
    private final class ChildPool: @unchecked Sendable {  // `slots` and `tallies` are only touched under `lock`
        static let slotCount = 4
        private let parent: Injector
        private let lock = NSLock()
        private var slots: [(Injector, ChildTally)] = []
        private var tallies: [ChildTally] = []

        init(parent: Injector) { self.parent = parent }

        /// Makes a child (outside the lock, on the calling thread) and puts it in `slot`.
        func replace(slot: Int?) throws {
            let tally = ChildTally()
            let child = try parent.childInjector(modules: [ChildModule(tally: tally)])
            // Every child builds its Widget singleton at least once, so the count is exact.
            _ = try child.getObject(Widget.self)
            lock.withLock {
                tallies.append(tally)
                if let slot, slots.indices.contains(slot) {
                    slots[slot] = (child, tally)
                } else {
                    slots.append((child, tally))
                }
            }
        }

        func pick(_ slot: Int) -> (Injector, ChildTally) { lock.withLock { slots[slot % slots.count] } }
        var allTallies: [ChildTally] { lock.withLock { tallies } }
    }
}

// MARK: - Fixtures

extension StressTests {
    /// Initializer runs of every singleton type, across all injectors.
    private enum Tally {
        static let config = Atomic<Int>(0)
        static let registry = Atomic<Int>(0)
        static let hub = Atomic<Int>(0)
        static let spoke = Atomic<Int>(0)
        static let store = Atomic<Int>(0)
        static let clock = Atomic<Int>(0)
        static let tower = Atomic<Int>(0)
        static let widget = Atomic<Int>(0)

        struct Snapshot: Equatable {
            var rootSingletons: [String: Int]
            var widgets: Int

            static let oneEach = [
                "Config": 1, "Registry": 1, "Hub": 1, "Spoke": 1, "MemoryStore": 1, "Clock": 1, "Tower": 1,
            ]

            static func now() -> Snapshot {
                Snapshot(
                    rootSingletons: [
                        "Config": config.load(ordering: .relaxed), "Registry": registry.load(ordering: .relaxed),
                        "Hub": hub.load(ordering: .relaxed), "Spoke": spoke.load(ordering: .relaxed),
                        "MemoryStore": store.load(ordering: .relaxed), "Clock": clock.load(ordering: .relaxed),
                        "Tower": tower.load(ordering: .relaxed),
                    ],
                    widgets: widget.load(ordering: .relaxed))
            }

            static func - (lhs: Snapshot, rhs: Snapshot) -> Snapshot {
                Snapshot(
                    rootSingletons: lhs.rootSingletons.merging(rhs.rootSingletons) { $0 - $1 },
                    widgets: lhs.widgets - rhs.widgets)
            }
        }
    }

    private protocol Store: AnyObject {
        var isReady: Bool { get }
    }

    /// A leaf singleton. Its initializer is slow so that the first request finds company.
    private final class Config: Injectable {
        static let scope: Scope = .singleton
        private(set) var isAwake = false
        init() {
            Tally.config.add(1, ordering: .relaxed)
            usleep(2_000)
        }
        func awakeFromInjection() { isAwake = true }
    }

    private final class Ledger: Injectable {
        private(set) var isAwake = false
        init() {}
        func awakeFromInjection() { isAwake = true }
    }

    /// One per top-level request.
    private final class Context: Injectable {
        static let scope: Scope = .graph
        var config: Config!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Context.config) }
        init() {}
        func awakeFromInjection() { isAwake = config != nil }
    }

    private final class Helper: Injectable {
        var context: Context!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Helper.context) }
        init() {}
        func awakeFromInjection() { isAwake = context != nil }
    }

    /// A singleton whose awake asks the injector again.
    private final class Registry: Injectable {
        static let scope: Scope = .singleton
        var config: Config!
        var ledger: Ledger!
        var factory: ObjectFactory!
        private(set) var configFromAwake: Config?
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Registry.config, \.ledger, \.factory) }
        init() {
            Tally.registry.add(1, ordering: .relaxed)
            usleep(1_000)
        }
        func awakeFromInjection() {
            configFromAwake = try? factory.getObject(Config.self)
            isAwake = config != nil && ledger != nil && configFromAwake != nil
        }
    }

    /// Two singletons that require each other.
    private final class Hub: Injectable {
        static let scope: Scope = .singleton
        var spoke: Spoke!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Hub.spoke) }
        init() { Tally.hub.add(1, ordering: .relaxed) }
        func awakeFromInjection() { isAwake = spoke != nil }
    }

    /// Holds its Hub weakly, so that the pair is freed with the injector.
    private final class Spoke: Injectable {
        static let scope: Scope = .singleton
        weak var hub: Hub?
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Spoke.hub) }
        init() { Tally.spoke.add(1, ordering: .relaxed) }
        func awakeFromInjection() { isAwake = hub != nil }
    }

    /// Bound to `any Store` with a singleton scope of the binding's own.
    private final class MemoryStore: Store, Injectable {
        var config: Config!
        private(set) var isReady = false
        static var requires: Requirements { Requirements(\MemoryStore.config) }
        init() { Tally.store.add(1, ordering: .relaxed) }
        func awakeFromInjection() { isReady = config != nil }
    }

    /// Made by a named singleton closure that asks the injector for Config.
    private final class Clock {
        let config: Config?
        init(config: Config) {
            Tally.clock.add(1, ordering: .relaxed)
            self.config = config
        }
    }

    /// Made by named `.normal` closures (one in the root, one overriding it in children).
    private final class Logger {
        let clock: Clock
        let origin: String
        init(clock: Clock, origin: String) {
            self.clock = clock
            self.origin = origin
        }
    }

    /// Shared while someone holds it.
    private final class Tracker: Injectable {
        static let scope: Scope = .weak
        var config: Config!
        var ledger: Ledger!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Tracker.config, \.ledger) }
        init() {}
        func awakeFromInjection() { isAwake = config != nil && ledger != nil }
    }

    /// Made by an ObjectProvider that asks the injector for more.
    private final class Token {
        let serial: Int
        let config: Config
        let ledger: Ledger
        init(serial: Int, config: Config, ledger: Ledger) {
            self.serial = serial
            self.config = config
            self.ledger = ledger
        }
    }

    private struct TokenProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> Token? {
            let serial = arguments.count > 0 ? try arguments.argument(0, as: Int.self) : 0
            return Token(
                serial: serial, config: try injector.getObject(Config.self), ledger: try injector.getObject(Ledger.self)
            )
        }
    }

    /// Holds typed providers and builds from them later.
    private final class Dispatcher: Injectable {
        var ledgers: Provider<Ledger>!
        var tokens: Provider<Token>!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Dispatcher.ledgers, \.tokens) }
        init() {}
        func awakeFromInjection() { isAwake = ledgers != nil && tokens != nil }
    }

    /// A singleton whose initializer asks the injector (its argument) for another singleton.
    private final class Tower: Injectable {
        static let scope: Scope = .singleton
        let store: any Store
        var config: Config!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Tower.config) }
        init(store: any Store) {
            Tally.tower.add(1, ordering: .relaxed)
            self.store = store
        }
        static let initializer = Initializer { arguments in
            Tower(store: try arguments.argument(0, as: Injector.self).getObject((any Store).self))
        }
        func awakeFromInjection() { isAwake = config != nil }
    }

    /// A `.normal` type whose initializer asks the injector for a singleton and the
    /// request's `.graph` Context.
    private final class Gauge: Injectable {
        let registry: Registry
        let contextFromInitializer: Context
        var ledger: Ledger!
        var context: Context!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Gauge.ledger, \.context) }
        init(registry: Registry, context: Context) {
            self.registry = registry
            self.contextFromInitializer = context
        }
        static let initializer = Initializer { arguments in
            let injector = try arguments.argument(0, as: Injector.self)
            return Gauge(registry: try injector.getObject(Registry.self), context: try injector.getObject(Context.self))
        }
        func awakeFromInjection() { isAwake = ledger != nil && context != nil }
    }

    /// Builds more objects from its awakeFromInjection().
    private final class Workshop: Injectable {
        var factory: ObjectFactory!
        private(set) var ledgerFromAwake: Ledger?
        private(set) var registryFromAwake: Registry?
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Workshop.factory) }
        init() {}
        func awakeFromInjection() {
            ledgerFromAwake = try? factory.getObject(Ledger.self)
            registryFromAwake = try? factory.getObject(Registry.self)
            isAwake = true
        }
    }

    /// The whole graph in one request.
    private final class Request: Injectable {
        var config: Config!
        var context: Context!
        var helper: Helper!
        var registry: Registry!
        var store: (any Store)!
        var auditLogger: Logger!
        var tracker: Tracker!
        var ledgers: Provider<Ledger>!
        var factory: ObjectFactory!
        private(set) var contextFromAwake: Context?
        private(set) var trackerFromAwake: Tracker?
        private(set) var isAwake = false
        static var requires: Requirements {
            Requirements(
                \Request.config, \.context, \.helper, \.registry, \.store, \.tracker, \.ledgers, \.factory
            )
            .named("audit", \Request.auditLogger)
        }
        init() {}
        func awakeFromInjection() {
            contextFromAwake = try? factory.getObject(Context.self)
            trackerFromAwake = try? factory.getObject(Tracker.self)
            isAwake = auditLogger != nil && store != nil && registry != nil
        }
    }

    /// Built once per child injector (the child makes it a singleton with setScope).
    private final class Widget: Injectable {
        var tally: ChildTally!
        var config: Config!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Widget.tally, \.config) }
        init() { Tally.widget.add(1, ordering: .relaxed) }
        func awakeFromInjection() {
            tally.widgetAwoke()
            isAwake = config != nil
        }
    }

    /// A child's eager singleton, made by a closure that reaches the parent's Config.
    private final class Session {
        let tally: ChildTally
        let config: Config
        init(tally: ChildTally, config: Config) {
            self.tally = tally
            self.config = config
        }
    }

    private struct AppModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any Store).self, to: MemoryStore.self, scope: .singleton)
            binder.bind(Clock.self, named: "utc", scope: .singleton) { injector in
                Clock(config: try injector.getObject(Config.self))
            }
            binder.bind(Logger.self, named: "audit") { injector in
                Logger(clock: try injector.getObject(Clock.self, named: "utc"), origin: "root")
            }
            binder.bind(Token.self, provider: TokenProvider())
        }
    }

    private struct ChildModule: Module {
        let tally: ChildTally

        func configure(_ binder: Binder) {
            let tally = tally
            binder.bind(tally)
            binder.setScope(.singleton, for: Widget.self)
            binder.bind(Session.self, scope: .singleton) { injector in
                tally.sessionBuilt()
                return Session(tally: tally, config: try injector.getObject(Config.self))
            }
            binder.eagerSingleton(Session.self)
            binder.bind(Logger.self, named: "audit") { injector in
                Logger(clock: try injector.getObject(Clock.self, named: "utc"), origin: "child")
            }
        }
    }
}

// MARK: - Fixtures for the targeted tests

extension StressTests {
    /// Semaphores two threads meet at, with a record of whether a wait succeeded.
    private final class Rendezvous: Sendable {
        /// The rendezvous of the running test, for initializers that take no arguments.
        static let current = Shared<Rendezvous>()
        let eastStarted = DispatchSemaphore(value: 0)
        let westStarted = DispatchSemaphore(value: 0)
        let westWasWaitedFor = Atomic<Bool>(false)
    }

    private final class SealRendezvous: Sendable {
        /// The rendezvous of the running test, for initializers that take no arguments.
        static let current = Shared<SealRendezvous>()
        let boltStarted = DispatchSemaphore(value: 0)
        let observerDone = DispatchSemaphore(value: 0)
    }

    /// A value set by the running test and read by fixtures on any thread.
    final class Shared<Value: Sendable>: @unchecked Sendable {  // `stored` is only touched while holding `lock`
        private let lock = NSLock()
        private var stored: Value?

        init() {}

        var value: Value? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    /// A singleton that requires a Seal (made by a singleton closure that asks for the
    /// Sentry under construction), then a Bolt.
    private final class Sentry: Injectable {
        static let scope: Scope = .singleton
        var seal: Seal!
        var bolt: Bolt!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Sentry.seal, \.bolt) }
        init() {}
        func awakeFromInjection() { isAwake = seal != nil && bolt != nil }
    }

    private final class Seal {
        /// Weak, so that Sentry and Seal are freed with the injector.
        private(set) weak var sentry: Sentry?
        init(sentry: Sentry) { self.sentry = sentry }
    }

    /// Built after the Seal closure ran: lets the other thread ask for the Seal, and
    /// waits (1 s at most) until it has.
    private final class Bolt: Injectable {
        init() {
            guard let rendezvous = SealRendezvous.current.value else { return }
            rendezvous.boltStarted.signal()
            _ = rendezvous.observerDone.wait(timeout: .now() + .seconds(1))
        }
    }

    private struct SealModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(Seal.self, scope: .singleton) { injector in
                Seal(sentry: try injector.getObject(Sentry.self))
            }
        }
    }

    private struct MillArguments: Sendable {
        let other: Injector
        let rendezvous: Rendezvous
    }

    private final class Dock: Injectable {
        static let scope: Scope = .singleton
        init() {}
    }

    private final class Quay: Injectable {
        static let scope: Scope = .singleton
        init() {}
    }

    /// An East singleton that needs West's Quay, once West's Pier has started.
    private final class Mill: Injectable {
        static let scope: Scope = .singleton
        init() {}
        static let initializer = Initializer { arguments in
            let given = try arguments.argument(0, as: MillArguments.self)
            given.rendezvous.eastStarted.signal()
            _ = given.rendezvous.westStarted.wait(timeout: .now() + .seconds(2))
            _ = try given.other.getObject(Quay.self)
            return Mill()
        }
    }

    /// A West singleton that needs East's Dock, once East's Mill has started.
    private final class Pier: Injectable {
        static let scope: Scope = .singleton
        init() {}
        static let initializer = Initializer { arguments in
            let given = try arguments.argument(0, as: MillArguments.self)
            given.rendezvous.westStarted.signal()
            _ = given.rendezvous.eastStarted.wait(timeout: .now() + .seconds(2))
            _ = try given.other.getObject(Dock.self)
            return Pier()
        }
    }

    private final class Anvil: Injectable {
        static let scope: Scope = .singleton
        init() {}
    }

    private final class Kiln: Injectable {
        static let scope: Scope = .singleton
        init() {}
    }

    /// A slow `.normal` object: waits (3 s at most) for the other thread to get its Kiln.
    private final class Mold: Injectable {
        init() {
            guard let rendezvous = Rendezvous.current.value else { return }
            rendezvous.eastStarted.signal()
            let result = rendezvous.westStarted.wait(timeout: .now() + .seconds(3))
            rendezvous.westWasWaitedFor.store(result == .success, ordering: .relaxed)
        }
    }

    /// Requires a singleton first, then the slow Mold.
    private final class Cast: Injectable {
        var anvil: Anvil!
        var mold: Mold!
        static var requires: Requirements { Requirements(\Cast.anvil, \.mold) }
        init() {}
    }
}

// MARK: - Harness (shared with the fault-injection suite)

extension StressTests {
    /// The seed of this run: `INSTILL_SEED` from the environment, or a fresh random one.
    static func seed() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["INSTILL_SEED"], let seed = UInt64(text) { return seed }
        return UInt64.random(in: 1...UInt64.max)
    }

    /// SplitMix64 (Steele, Lea and Flood): small, fast, and the same sequence for the
    /// same seed on every platform.
    struct SplitMix64: RandomNumberGenerator {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }

        /// One well-mixed value for a seed, a stream and an index: the same inputs give
        /// the same value whatever ran before.
        static func mix(_ seed: UInt64, _ stream: UInt64, _ index: UInt64) -> UInt64 {
            var generator = SplitMix64(
                seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03) ^ (index &* 0xAEF1_7502_108E_F2D9))
            return generator.next()
        }
    }

    /// Problems seen on worker threads, where `#expect` cannot report; the test
    /// asserts there are none.
    final class Findings: @unchecked Sendable {  // `total` and `messages` are only touched while holding `lock`
        /// The seed of a seeded run, named in the report so it can be replayed.
        let seed: UInt64?
        private let lock = NSLock()
        private var total = 0
        private var messages: [String] = []

        init(seed: UInt64? = nil) { self.seed = seed }

        func record(_ message: String) {
            lock.withLock {
                total += 1
                if messages.count < 20 { messages.append(message) }
            }
        }

        var count: Int { lock.withLock { total } }

        var report: String {
            let replay = seed.map { " with seed \($0) (replay: INSTILL_SEED=\($0))" } ?? ""
            return lock.withLock { "\(total) problem(s)\(replay); first: " + messages.joined(separator: " | ") }
        }
    }

    /// Runs a body on real threads released together, and waits for them under a
    /// watchdog: a run that makes no progress for `stallLimit`, or lasts longer than
    /// `overallLimit`, is stopped and reported instead of hanging the test.
    enum Crew {
        /// What one thread reports to the watchdog.
        final class Progress: Sendable {
            fileprivate let operations = Atomic<Int>(0)
            fileprivate let currentStage = Atomic<Int>(-1)
            fileprivate let isFinished = Atomic<Bool>(false)
            fileprivate let stop: Flag

            fileprivate init(stop: Flag) { self.stop = stop }

            /// Whether the watchdog asks the thread to give up.
            var shouldStop: Bool { stop.isSet }

            /// The number of operations the thread has completed so far.
            func completed(_ count: Int) { operations.store(count, ordering: .relaxed) }

            /// What the thread is doing now, for the report of a stuck run.
            func stage(_ stage: Int) { currentStage.store(stage, ordering: .relaxed) }
        }

        fileprivate final class Flag: Sendable {
            private let value = Atomic<Bool>(false)
            var isSet: Bool { value.load(ordering: .relaxed) }
            func set() { value.store(true, ordering: .relaxed) }
        }

        struct Outcome {
            let isComplete: Bool
            let completedOperations: Int
            let elapsed: Duration
            let report: String

            var elapsedDescription: String {
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                return String(format: "%.1f s", seconds)
            }
        }

        static func run(
            threads count: Int, stallLimit: Duration, overallLimit: Duration,
            _ body: @escaping @Sendable (Int, Progress) -> Void
        ) -> Outcome {
            let stop = Flag()
            let progress = (0..<count).map { _ in Progress(stop: stop) }
            let clock = ContinuousClock()
            let start = clock.now
            let done = startThreadsTogether(count) { index in
                body(index, progress[index])
                progress[index].isFinished.store(true, ordering: .relaxed)
            }

            var lastTotal = 0
            var lastChange = start
            func total() -> Int { progress.reduce(0) { $0 + $1.operations.load(ordering: .relaxed) } }
            while done.wait(timeout: .now() + .milliseconds(100)) == .timedOut {
                let now = clock.now
                let current = total()
                if current != lastTotal {
                    lastTotal = current
                    lastChange = now
                }
                let isStalled = now - lastChange > stallLimit
                let isOverTime = now - start > overallLimit
                guard isStalled || isOverTime else { continue }
                stop.set()
                _ = done.wait(timeout: .now() + .seconds(2))
                let stuck = progress.indices.filter { !progress[$0].isFinished.load(ordering: .relaxed) }.map {
                    "thread \($0) at stage \(progress[$0].currentStage.load(ordering: .relaxed)) "
                        + "after \(progress[$0].operations.load(ordering: .relaxed)) operations"
                }
                let reason = isStalled ? "no progress for \(stallLimit)" : "still running after \(overallLimit)"
                return Outcome(
                    isComplete: false, completedOperations: total(), elapsed: clock.now - start,
                    report: "\(reason); stuck: \(stuck.isEmpty ? "none (stopped)" : stuck.joined(separator: ", "))")
            }
            return Outcome(isComplete: true, completedOperations: total(), elapsed: clock.now - start, report: "done")
        }
    }
}
