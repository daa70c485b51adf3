import Foundation
import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// Initializers, closures and providers throw when a seeded coin says so, while eight
// threads resolve the same injector. After every fault the thread checks the error
// (its kind, its cause, its chain of requirements), asks again until the same
// request succeeds, and checks that what it gets is complete: a half-built object
// must never be cached, and a singleton must still be built exactly once.
//
// Replay a run with INSTILL_SEED=<seed> (printed by every run and in every failure):
// the seed fixes what each thread asks for and whether the n-th call of each fault
// site throws; which thread makes the n-th call is up to the scheduler.

@Suite("Fault injection", .serialized, .timeLimit(.minutes(10)))
struct FaultInjectionTests {
    static let rounds = 120
    static let threadCount = 8
    static let operationsPerThread = 300
    /// The chance, in thousandths, that one call of a fault site throws.
    static let faultRate: UInt64 = 100

    private typealias SplitMix64 = StressTests.SplitMix64
    private typealias Findings = StressTests.Findings
    private typealias Crew = StressTests.Crew

    @Test(
        "seeded faults during concurrent resolution: every error carries its chain, retries succeed, nothing half-built is cached"
    )
    func seededFaultsDuringConcurrentResolution() throws {
        let seed = StressTests.seed()
        let findings = Findings(seed: seed)
        let figures = Figures()
        var operations = 0

        for round in 0..<Self.rounds {
            Census.reset()
            let roundSeed = SplitMix64.mix(seed, 0xFA17, UInt64(round))
            let plan = Plan(seed: roundSeed, rate: Self.faultRate)
            Plan.current.value = plan
            let injector = try Injector(modules: [FaultModule()])
            let firstSeen = FirstSeen()

            let outcome = Crew.run(threads: Self.threadCount, stallLimit: .seconds(20), overallLimit: .seconds(240)) {
                index, progress in
                var worker = Worker(
                    injector: injector, findings: findings, figures: figures, round: round,
                    random: SplitMix64(seed: SplitMix64.mix(roundSeed, 0x7E2D, UInt64(index))))
                for operation in 0..<Self.operationsPerThread {
                    if progress.shouldStop { return }
                    progress.stage(operation)
                    worker.step()
                    progress.completed(operation + 1)
                }
                firstSeen.record(worker.singletons)
            }
            Plan.current.value = nil
            operations += outcome.completedOperations
            #expect(outcome.isComplete, "round \(round): \(outcome.report) (seed \(seed))")
            guard outcome.isComplete else { break }

            // With faults off, the injector answers, and every singleton is the one
            // (complete) instance every thread saw: built exactly once this round.
            let truth = try Singletons(injector)
            for seen in firstSeen.all where !seen.agrees(with: truth) {
                findings.record("round \(round): a thread saw another singleton instance than the cached one")
            }
            for problem in truth.problems { findings.record("round \(round): cached \(problem)") }
            let census = Census.counts()
            if census != Census.oncePerRound {
                findings.record("round \(round): singleton builds completed \(census), expected one each")
            }
            figures.add(injected: plan.injected)
        }

        let totals = figures.totals
        #expect(findings.count == 0, "\(findings.report)")
        #expect(totals.injected > 0, "no fault was injected (seed \(seed))")
        #expect(totals.observed == totals.injected, "faults injected vs errors seen by callers (seed \(seed))")
        #expect(totals.survived == totals.injected, "faults survived vs injected (seed \(seed))")
        #expect(totals.halfBuilt == 0, "half-built objects found cached (seed \(seed))")
        print(
            """
            Fault injection: \(Self.rounds) rounds × \(Self.threadCount) threads × \(Self.operationsPerThread) \
            operations = \(operations) requests; faults injected: \(totals.injected), survived: \
            \(totals.survived) (errors seen: \(totals.observed), each checked for kind, cause and chain; \
            \(totals.withChain) with a chain); half-built objects found cached: \(totals.halfBuilt); seed \(seed)
            """)
    }

    @Test("the error of a fault deep in the graph names the whole chain of requirements that led to it")
    func deepFaultNamesItsChain() throws {
        Plan.current.value = Plan(failing: [.tumbler: [0], .bolt: [0]])
        defer { Plan.current.value = nil }
        let injector = try Injector(modules: [FaultModule()])

        let tumbler = try #require(throws: InjectionError.self) { try injector.getObject(Order.self) }
        #expect(tumbler.kind == .initializerFailed)
        #expect(tumbler.underlyingError as? Fault == Fault(site: .tumbler, call: 0))
        #expect(tumbler.chain.map(Self.shortName) == ["Order.vault", "Vault.tumbler"])

        let bolt = try #require(throws: InjectionError.self) { try injector.getObject(Order.self) }
        #expect(bolt.kind == .initializerFailed)
        #expect(bolt.chain.map(Self.shortName) == ["Order.hub", "Hub.spoke", "Spoke.bolt"])

        let order = try injector.getObject(Order.self)
        #expect(order.problems == [])
    }

    @Test(
        "a singleton cycle whose member's requirement throws leaves neither member cached, and the next request builds both"
    )
    func failedSingletonCycleIsNotCached() throws {
        Plan.current.value = Plan(failing: [.bolt: [0]])
        defer { Plan.current.value = nil }
        Census.reset()
        let injector = try Injector(modules: [FaultModule()])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Spoke.self) }
        #expect(error.kind == .initializerFailed)
        #expect(error.chain.map(Self.shortName) == ["Spoke.bolt"])

        let spoke = try injector.getObject(Spoke.self)
        let hub = try injector.getObject(Hub.self)
        #expect(spoke.problems == [])
        #expect(hub.spoke === spoke && spoke.hub === hub)
        #expect(Census.hubAwakes.load(ordering: .relaxed) == 1)
        #expect(Census.spokeAwakes.load(ordering: .relaxed) == 1)
    }

    @Test(
        "a singleton closure that asked for a singleton whose build then threw is not left cached holding the half-built one"
    )
    func closureSingletonDoesNotKeepAFailedSingleton() throws {
        Plan.current.value = Plan(failing: [.latch: [0]])
        defer { Plan.current.value = nil }
        let injector = try Injector(modules: [WardenModule()])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Warden.self) }
        #expect(error.kind == .initializerFailed)
        #expect(error.chain.map(Self.shortName) == ["Warden.latch"])

        let warden = try injector.getObject(Warden.self)
        let pass = try injector.getObject(Pass.self)
        #expect(warden.isAwake && warden.pass === pass)
        #expect(
            pass.warden === warden,
            "the Pass singleton cached during the failed build still points at the Warden whose build threw")
        #expect(pass.warden?.isAwake == true, "a cached singleton reaches a Warden that never awoke (or none)")
    }

    /// `FaultInjectionTests.Order.vault` → `Order.vault`.
    private static func shortName(_ element: String) -> String {
        element.replacingOccurrences(of: "FaultInjectionTests.", with: "")
    }
}

// MARK: - Fault plan

extension FaultInjectionTests {
    /// Where a fault can be injected.
    private enum Site: Int, CaseIterable, Sendable {
        case vault, tumbler, key, pin, hub, bolt, seal, badge, wick, map, ledger, latch

        /// Whether the site is an initializer (else a closure or provider binding).
        var isInitializer: Bool { ![.key, .seal, .badge].contains(self) }

        /// The requirement (or binding) right above the site in every chain that
        /// reaches it from above.
        var parentEdges: [String] {
            switch self {
            case .vault: ["Order.vault", "Crane.init"]
            case .tumbler: ["Vault.tumbler"]
            case .key: ["Vault.key"]
            case .pin: ["Key (binding)"]
            case .hub: ["Order.hub", "Spoke.hub"]
            case .bolt: ["Spoke.bolt"]
            case .seal: ["Order.seal"]
            case .badge: ["Order.badge"]
            case .wick: ["Tracker.wick"]
            case .map: ["Trip.map"]
            case .ledger: []
            case .latch: ["Warden.latch"]
            }
        }
    }

    /// The error a fault site throws.
    private struct Fault: Error, Equatable {
        let site: Site
        let call: Int
    }

    /// Decides, per site and per call index, whether a call throws: from the seed, or
    /// from a list of call indices.
    private final class Plan: Sendable {
        /// The plan of the running test; `nil` injects nothing.
        static let current = StressTests.Shared<Plan>()

        private let seed: UInt64
        private let rate: UInt64
        private let forced: [Site: Set<Int>]
        private let calls = Site.allCases.map { _ in Counter() }
        private let thrown = Atomic<Int>(0)

        init(seed: UInt64, rate: UInt64) {
            self.seed = seed
            self.rate = rate
            self.forced = [:]
        }

        init(failing forced: [Site: Set<Int>]) {
            self.seed = 0
            self.rate = 0
            self.forced = forced
        }

        var injected: Int { thrown.load(ordering: .relaxed) }

        /// Throws a ``Fault`` when the plan says this call of `site` fails.
        static func check(_ site: Site) throws {
            guard let plan = current.value else { return }
            let call = plan.calls[site.rawValue].next()
            let fails =
                if let indices = plan.forced[site] {
                    indices.contains(call)
                } else {
                    SplitMix64.mix(plan.seed, UInt64(site.rawValue), UInt64(call)) % 1000 < plan.rate
                }
            guard fails else { return }
            plan.thrown.add(1, ordering: .relaxed)
            throw Fault(site: site, call: call)
        }

        private final class Counter: Sendable {
            private let value = Atomic<Int>(0)
            func next() -> Int { value.add(1, ordering: .relaxed).oldValue }
        }
    }

    /// Builds that completed this round, for the singletons (awoken, or returned by
    /// their closure).
    private enum Census {
        static let vaultAwakes = Atomic<Int>(0)
        static let hubAwakes = Atomic<Int>(0)
        static let spokeAwakes = Atomic<Int>(0)
        static let keyBuilds = Atomic<Int>(0)
        static let badgeBuilds = Atomic<Int>(0)

        static let oncePerRound = ["Vault": 1, "Hub": 1, "Spoke": 1, "Key": 1, "Badge": 1]

        static func reset() {
            vaultAwakes.store(0, ordering: .relaxed)
            hubAwakes.store(0, ordering: .relaxed)
            spokeAwakes.store(0, ordering: .relaxed)
            keyBuilds.store(0, ordering: .relaxed)
            badgeBuilds.store(0, ordering: .relaxed)
        }

        static func counts() -> [String: Int] {
            [
                "Vault": vaultAwakes.load(ordering: .relaxed), "Hub": hubAwakes.load(ordering: .relaxed),
                "Spoke": spokeAwakes.load(ordering: .relaxed), "Key": keyBuilds.load(ordering: .relaxed),
                "Badge": badgeBuilds.load(ordering: .relaxed),
            ]
        }
    }

    /// The suite's figures, added up across threads and rounds.
    private final class Figures: @unchecked Sendable {  // `values` is only touched while holding `lock`
        struct Totals {
            var injected = 0
            var observed = 0
            var withChain = 0
            var survived = 0
            var halfBuilt = 0
        }

        private let lock = NSLock()
        private var values = Totals()

        func add(injected: Int) { lock.withLock { values.injected += injected } }
        func add(_ body: (inout Totals) -> Void) { lock.withLock { body(&values) } }
        var totals: Totals { lock.withLock { values } }
    }
}

// MARK: - Worker

extension FaultInjectionTests {
    /// What a thread asks for.
    private enum Ask: CaseIterable {
        case order, vault, spoke, tracker, trip, seal, badge, ledger, crane

        var typeName: String {
            switch self {
            case .order: "Order"
            case .vault: "Vault"
            case .spoke: "Spoke"
            case .tracker: "Tracker"
            case .trip: "Trip"
            case .seal: "Seal"
            case .badge: "Badge"
            case .ledger: "Ledger"
            case .crane: "Crane"
            }
        }

        /// The site whose own failure is the whole request's failure (no chain needed).
        var ownSite: Site? {
            switch self {
            case .vault: .vault
            case .seal: .seal
            case .badge: .badge
            case .ledger: .ledger
            default: nil
            }
        }
    }

    private struct Worker {
        static let retryLimit = 1_000
        let injector: Injector
        let findings: Findings
        let figures: Figures
        let round: Int
        var random: SplitMix64
        var singletons = Singletons()
        var ledgers: Provider<Ledger>?

        mutating func step() {
            let ask = Ask.allCases[Int(random.next() % UInt64(Ask.allCases.count))]
            var faults = 0
            for _ in 0..<Self.retryLimit {
                do {
                    let object = try fetch(ask)
                    let problems = object.problems
                    figures.add { totals in
                        totals.survived += faults
                        if !problems.isEmpty { totals.halfBuilt += 1 }
                    }
                    if !problems.isEmpty {
                        findings.record("round \(round): \(ask.typeName) returned incomplete: \(problems)")
                    }
                    return
                } catch {
                    faults += 1
                    check(error, asking: ask)
                }
            }
            findings.record("round \(round): \(ask.typeName) still failing after \(Self.retryLimit) attempts")
        }

        private mutating func fetch(_ ask: Ask) throws -> any Checkable {
            switch ask {
            case .order:
                let order = try injector.getObject(Order.self)
                ledgers = order.ledgers
                singletons.note(order)
                return order
            case .vault:
                let vault = try injector.getObject(Vault.self)
                singletons.note(vault: vault)
                return vault
            case .spoke:
                let spoke = try injector.getObject(Spoke.self)
                if let hub = spoke.hub { singletons.note(hub: hub) }
                return spoke
            case .tracker: return try injector.getObject(Tracker.self)
            case .trip: return try injector.getObject(Trip.self)
            case .seal: return try injector.getObject(Seal.self)
            case .badge:
                let badge = try injector.getObject(Badge.self, named: "staff")
                singletons.note(badge: badge)
                return badge
            case .ledger: return try (ledgers.map { try $0() } ?? injector.getObject(Ledger.self))
            case .crane:
                let crane = try injector.getObject(Crane.self, arguments: injector)
                singletons.note(vault: crane.vault)
                return crane
            }
        }

        /// An error must be an InjectionError of the right kind, caused by a fault,
        /// with the chain that led to it.
        private func check(_ error: any Error, asking ask: Ask) {
            let report = { (problem: String) in
                findings.record("round \(round): asking \(ask.typeName): \(problem): \(error)")
            }
            guard let error = error as? InjectionError else { return report("not an InjectionError") }
            guard let fault = error.underlyingError as? Fault else { return report("no Fault as the cause") }
            figures.add { totals in
                totals.observed += 1
                if !error.chain.isEmpty { totals.withChain += 1 }
            }
            let kind: InjectionError.Kind = fault.site.isInitializer ? .initializerFailed : .providerFailed
            if error.kind != kind { report("kind \(error.kind), expected \(kind)") }
            if fault.site == ask.ownSite { return }
            guard let first = error.chain.first, let last = error.chain.last else {
                return report("a fault below the top level (\(fault.site)) with no chain")
            }
            if !first.contains("\(ask.typeName).") { report("chain starts at \(first)") }
            if !fault.site.parentEdges.contains(where: { last.hasSuffix($0) }) {
                report("chain ends at \(last), expected one of \(fault.site.parentEdges)")
            }
        }
    }

    /// The singletons one thread received, by identity.
    private struct Singletons {
        var vault: Vault?
        var hub: Hub?
        var key: Key?
        var badge: Badge?
        var isConsistent = true

        init() {}

        init(_ injector: Injector) throws {
            vault = try injector.getObject(Vault.self)
            hub = try injector.getObject(Hub.self)
            key = try injector.getObject(Key.self)
            badge = try injector.getObject(Badge.self, named: "staff")
        }

        private mutating func note<T: AnyObject>(_ slot: WritableKeyPath<Singletons, T?>, _ object: T?) {
            guard let object else { return }
            if let known = self[keyPath: slot] {
                if known !== object { isConsistent = false }
            } else {
                self[keyPath: slot] = object
            }
        }

        mutating func note(vault: Vault) {
            note(\.vault, vault)
            note(\.key, vault.key)
        }
        mutating func note(hub: Hub) { note(\.hub, hub) }
        mutating func note(badge: Badge) { note(\.badge, badge) }
        mutating func note(_ order: Order) {
            note(\.vault, order.vault)
            note(\.key, order.vault?.key)
            note(\.hub, order.hub)
            note(\.badge, order.badge)
        }

        func agrees(with truth: Singletons) -> Bool {
            isConsistent && (vault == nil || vault === truth.vault) && (hub == nil || hub === truth.hub)
                && (key == nil || key === truth.key) && (badge == nil || badge === truth.badge)
        }

        var problems: [String] {
            [vault?.problems, hub?.spoke?.problems, key?.problems, badge?.problems].compactMap { $0 }.flatMap { $0 }
        }
    }

    private final class FirstSeen: @unchecked Sendable {  // `values` is only touched while holding `lock`
        private let lock = NSLock()
        private var values: [Singletons] = []

        func record(_ seen: Singletons) { lock.withLock { values.append(seen) } }
        var all: [Singletons] { lock.withLock { values } }
    }
}

// MARK: - Fixtures

extension FaultInjectionTests {
    /// An object that can say what is missing in it, and in what it holds.
    private protocol Checkable: AnyObject {
        var problems: [String] { get }
    }

    /// `name` when `condition` fails.
    private static func problem(_ condition: Bool, _ name: String) -> [String] { condition ? [] : [name] }

    private final class Tumbler: Injectable {
        init() throws { try Plan.check(.tumbler) }
    }

    private final class Pin: Injectable {
        init() throws { try Plan.check(.pin) }
    }

    /// Made by a singleton closure that asks the injector for a Pin.
    private final class Key: Checkable {
        let pin: Pin
        init(pin: Pin) {
            self.pin = pin
            Census.keyBuilds.add(1, ordering: .relaxed)
        }
        var problems: [String] { [] }
    }

    /// A singleton with a faulty initializer, a faulty requirement and a faulty closure.
    private final class Vault: Injectable, Checkable {
        static let scope: Scope = .singleton
        var tumbler: Tumbler!
        var key: Key!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Vault.tumbler, \.key) }
        init() throws { try Plan.check(.vault) }
        func awakeFromInjection() {
            isAwake = true
            Census.vaultAwakes.add(1, ordering: .relaxed)
        }
        var problems: [String] {
            problem(isAwake, "Vault asleep") + problem(tumbler != nil, "Vault.tumbler")
                + problem(key != nil, "Vault.key")
        }
    }

    private final class Bolt: Injectable {
        init() throws { try Plan.check(.bolt) }
    }

    /// Two singletons that require each other; Spoke has a faulty requirement after Hub.
    private final class Hub: Injectable, Checkable {
        static let scope: Scope = .singleton
        var spoke: Spoke!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Hub.spoke) }
        init() throws { try Plan.check(.hub) }
        func awakeFromInjection() {
            isAwake = spoke != nil
            Census.hubAwakes.add(1, ordering: .relaxed)
        }
        var problems: [String] { problem(isAwake, "Hub asleep") + problem(spoke?.hub === self, "Hub.spoke.hub") }
    }

    /// Holds its Hub weakly, so that the pair is freed with the injector.
    private final class Spoke: Injectable, Checkable {
        static let scope: Scope = .singleton
        weak var hub: Hub?
        var bolt: Bolt!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Spoke.hub, \.bolt) }
        init() {}
        func awakeFromInjection() {
            isAwake = hub != nil && bolt != nil
            Census.spokeAwakes.add(1, ordering: .relaxed)
        }
        var problems: [String] {
            problem(isAwake, "Spoke asleep") + problem(bolt != nil, "Spoke.bolt") + (hub?.problems ?? ["Spoke.hub"])
        }
    }

    /// Made by a faulty ObjectProvider.
    private final class Seal: Checkable {
        var problems: [String] { [] }
    }

    private struct SealProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> Seal? {
            try Plan.check(.seal)
            return Seal()
        }
    }

    /// Made by a faulty named singleton closure.
    private final class Badge: Checkable {
        init() { Census.badgeBuilds.add(1, ordering: .relaxed) }
        var problems: [String] { [] }
    }

    private final class Wick: Injectable {
        init() throws { try Plan.check(.wick) }
    }

    /// Weak-scoped, with a faulty requirement.
    private final class Tracker: Injectable, Checkable {
        static let scope: Scope = .weak
        var wick: Wick!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Tracker.wick) }
        init() {}
        func awakeFromInjection() { isAwake = wick != nil }
        var problems: [String] { problem(isAwake, "Tracker asleep") }
    }

    private final class Map: Injectable {
        init() throws { try Plan.check(.map) }
    }

    /// Graph-scoped, with a faulty requirement.
    private final class Trip: Injectable, Checkable {
        static let scope: Scope = .graph
        var map: Map!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Trip.map) }
        init() {}
        func awakeFromInjection() { isAwake = map != nil }
        var problems: [String] { problem(isAwake, "Trip asleep") }
    }

    private final class Route: Injectable {
        var trip: Trip!
        static var requires: Requirements { Requirements(\Route.trip) }
        init() {}
    }

    private final class Ledger: Injectable, Checkable {
        private(set) var isAwake = false
        init() throws { try Plan.check(.ledger) }
        func awakeFromInjection() { isAwake = true }
        var problems: [String] { problem(isAwake, "Ledger asleep") }
    }

    /// Everything at once.
    private final class Order: Injectable, Checkable {
        var vault: Vault!
        var hub: Hub!
        var seal: Seal!
        var badge: Badge!
        var tracker: Tracker!
        var trip: Trip!
        var route: Route!
        var ledgers: Provider<Ledger>!
        private(set) var isAwake = false
        static var requires: Requirements {
            Requirements(\Order.vault, \.hub, \.seal, \.tracker, \.trip, \.route, \.ledgers).named(
                "staff", \Order.badge)
        }
        init() {}
        func awakeFromInjection() { isAwake = true }
        var problems: [String] {
            var found = problem(isAwake, "Order asleep")
            found += vault?.problems ?? ["Order.vault"]
            found += hub?.problems ?? ["Order.hub"]
            found += tracker?.problems ?? ["Order.tracker"]
            found += trip?.problems ?? ["Order.trip"]
            found += problem(seal != nil && badge != nil && ledgers != nil, "Order.seal/badge/ledgers")
            found += problem(route?.trip === trip, "Order.route.trip is another .graph Trip")
            return found
        }
    }

    /// A `.normal` type whose initializer asks the injector (its argument) for a
    /// singleton and a graph-scoped object.
    private final class Crane: Injectable, Checkable {
        let vault: Vault
        let trip: Trip
        var route: Route!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Crane.route) }
        init(vault: Vault, trip: Trip) {
            self.vault = vault
            self.trip = trip
        }
        static let initializer = Initializer { arguments in
            let injector = try arguments.argument(0, as: Injector.self)
            return Crane(vault: try injector.getObject(Vault.self), trip: try injector.getObject(Trip.self))
        }
        func awakeFromInjection() { isAwake = route != nil }
        var problems: [String] {
            problem(isAwake, "Crane asleep") + vault.problems + trip.problems
                + problem(route?.trip === trip, "Crane.route.trip is another .graph Trip")
        }
    }

    private struct FaultModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(Key.self, scope: .singleton) { injector in
                try Plan.check(.key)
                return Key(pin: try injector.getObject(Pin.self))
            }
            binder.bind(Seal.self, provider: SealProvider())
            binder.bind(Badge.self, named: "staff", scope: .singleton) { _ in
                try Plan.check(.badge)
                return Badge()
            }
        }
    }

    /// A singleton whose Pass (a singleton closure) asks for the Warden under
    /// construction, and whose Latch is built after the Pass.
    private final class Warden: Injectable {
        static let scope: Scope = .singleton
        var pass: Pass!
        var latch: Latch!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Warden.pass, \.latch) }
        init() {}
        func awakeFromInjection() { isAwake = pass != nil && latch != nil }
    }

    private final class Pass {
        /// Weak, so that Warden and Pass are freed with the injector.
        private(set) weak var warden: Warden?
        init(warden: Warden) { self.warden = warden }
    }

    private final class Latch: Injectable {
        init() throws { try Plan.check(.latch) }
    }

    private struct WardenModule: Module {
        func configure(_ binder: Binder) {
            binder.bind(Pass.self, scope: .singleton) { injector in Pass(warden: try injector.getObject(Warden.self)) }
        }
    }
}
