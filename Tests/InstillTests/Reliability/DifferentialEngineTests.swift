import Foundation
import Testing

@testable import Instill

/// The same random configurations through three injectors in one process: one with
/// every accelerator, the reference engine (plans of reference steps, see
/// `Accelerators`), and the resolver alone, which compiles no plan: the objects
/// (their types, which are shared, what each property holds), the order of writes and
/// awakes, and the full text of every error must be the same.
//
// Two generators: the model-based suite's (`ModelBasedTests.differential(seed:)`:
// scopes, links, closures, instances, eager singletons, cycles through singletons and
// graph objects, failing closures, named keys; its properties observe their writes,
// so they are written through accessors), and the one below, whose fixtures are plain
// stored properties (the accelerators' offset writes and existential templates),
// default awakes, and initializer dependencies. `INSTILL_MODEL_COUNT` changes how many
// configurations each sweep runs; a failure prints the seed.
@Suite("Differential: accelerated and reference engines")
struct DifferentialEngineTests {
    private static var count: Int {
        ProcessInfo.processInfo.environment["INSTILL_MODEL_COUNT"].flatMap { Int($0) } ?? 1_500
    }

    @Test(
        "1,500 model-based configurations give the same objects, writes, awakes and errors with and without accelerators"
    )
    func modelBasedSweep() {
        var failures = 0
        for offset in 0..<UInt64(Self.count) {
            guard let difference = ModelBasedTests.differential(seed: 0xD1FF_0000 &+ offset) else { continue }
            failures += 1
            if failures <= 3 { Issue.record(Comment(rawValue: difference)) }
        }
        #expect(failures == 0, "\(failures) of \(Self.count) configurations differ between the engines")
    }

    @Test(
        "1,500 configurations of plain stored properties, default awakes and initializer dependencies: the same with and without accelerators"
    )
    func plainSweep() {
        var failures = 0
        var outcomes: Set<String> = []
        var warm = 0
        for offset in 0..<UInt64(Self.count) {
            let seed = 0x5EED_0000 &+ offset
            let plan = Plan(seed: seed)
            let (accelerated, compiled) = Self.transcript(of: plan, accelerators: .all)
            let (reference, _) = Self.transcript(of: plan, accelerators: .reference)
            let (resolver, _) = Self.transcript(of: plan, accelerators: .resolverOnly)
            if compiled { warm += 1 }
            for line in accelerated { outcomes.insert(line.contains("error") ? "error" : "object") }
            if reference != resolver {
                failures += 1
                if failures <= 3 {
                    let index =
                        zip(reference, resolver).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
                    Issue.record(
                        """
                        The reference plans and the resolver disagree on seed \(seed) (\(plan)), entry \(index):
                        reference: \(index < reference.count ? reference[index] : "(nothing)")
                        resolver:  \(index < resolver.count ? resolver[index] : "(nothing)")
                        """)
                }
                continue
            }
            guard accelerated != reference else { continue }
            failures += 1
            if failures <= 3 {
                let index = zip(accelerated, reference).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
                Issue.record(
                    """
                    The engines disagree on seed \(seed) (\(plan)), entry \(index):
                    accelerated: \(index < accelerated.count ? accelerated[index] : "(nothing)")
                    reference:   \(index < reference.count ? reference[index] : "(nothing)")
                    """)
            }
        }
        #expect(failures == 0, "\(failures) of \(Self.count) configurations differ between the engines")
        #expect(outcomes == ["error", "object"], "the generator reaches both outcomes")
        // The injectors take their warm paths (the reference engine's plans, in a
        // reference-only build).
        #expect(warm * 4 >= Self.count, "\(warm) of \(Self.count) compiled a plan")
    }
}

// MARK: - Fixtures: plain stored properties

/// Every awake of a custom-awake fixture, in order (the objects are kept, so that no
/// later object takes an identity the log holds). Only `plainSweep` builds these
/// types, one configuration at a time.
private let awakeLog = Mutex<[AnyObject]>([])

private protocol Part: AnyObject {}

private final class Hub: Injectable {
    var spoke: Spoke!
    var part: (any Part)!
    var extra: (any Part)?
    static var requires: Requirements { Requirements(\Hub.spoke, \.part).named("x", \Hub.extra) }
    init() {}
    func awakeFromInjection() { awakeLog.withLock { $0.append(self) } }
}

/// Keeps the protocol's default awake.
private final class Spoke: Injectable {
    var rim: Rim!
    static var requires: Requirements { Requirements(\Spoke.rim) }
    init() {}
}

/// Built from a declared initializer dependency (a gear there closes a cycle through
/// an initializer, which only a shared gear breaks).
private final class Rim: Injectable {
    let part: any Part
    var bolt: Bolt?
    static var requires: Requirements { Requirements(\Rim.bolt) }
    static let initializer = Initializer(dependencies: (any Part).self) { Rim(part: $0) }
    init(part: any Part) { self.part = part }
    func awakeFromInjection() { awakeLog.withLock { $0.append(self) } }
}

/// A part with a requirement and the default awake.
private final class Gear: Injectable, Part {
    var rim: Rim!
    static var requires: Requirements { Requirements(\Gear.rim) }
    init() {}
}

/// A part with nothing to fill and an awake of its own.
private final class Bolt: Injectable, Part {
    init() {}
    func awakeFromInjection() { awakeLog.withLock { $0.append(self) } }
}

private struct Refused: Error {}

extension DifferentialEngineTests {
    fileprivate enum PartBinding: CaseIterable {
        case none, gear, bolt, closure, instance, failing
    }

    /// One random configuration: scopes, what `any Part` (and `any Part` named "x") is
    /// bound to, and the requests.
    fileprivate struct Plan: CustomStringConvertible {
        var scopes: [Scope]  // Hub, Spoke, Rim, Gear, Bolt
        var part: PartBinding
        var partScope: Scope
        var extra: PartBinding
        var requests: [Int]

        init(seed: UInt64) {
            var state = seed
            func next() -> Int {
                state &+= 0x9E37_79B9_7F4A_7C15
                var mixed = state
                mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
                mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
                return Int((mixed ^ (mixed >> 31)) % 1_000_000)
            }
            let choices: [Scope] = [.normal, .normal, .singleton, .graph]
            scopes = (0..<5).map { _ in choices[next() % choices.count] }
            part = PartBinding.allCases[next() % PartBinding.allCases.count]
            partScope = choices[next() % choices.count]
            let extras: [PartBinding] = [.bolt, .bolt, .instance, .instance, .closure, .gear, .none, .failing]
            extra = extras[next() % extras.count]
            requests = (0..<(2 + next() % 4)).map { _ in next() % 6 }
        }

        var description: String {
            "scopes \(scopes), part \(part) \(partScope), extra \(extra), requests \(requests)"
        }
    }

    private struct PlanModule: Module {
        let plan: Plan

        func configure(_ binder: Binder) {
            binder.setScope(plan.scopes[0], for: Hub.self)
            binder.setScope(plan.scopes[1], for: Spoke.self)
            binder.setScope(plan.scopes[2], for: Rim.self)
            binder.setScope(plan.scopes[3], for: Gear.self)
            binder.setScope(plan.scopes[4], for: Bolt.self)
            bind(plan.part, named: nil, scope: plan.partScope, binder)
            bind(plan.extra, named: "x", scope: .normal, binder)
        }

        private func bind(_ binding: PartBinding, named name: String?, scope: Scope, _ binder: Binder) {
            switch binding {
            case .none: break
            case .gear: binder.bind((any Part).self, to: Gear.self, named: name, scope: scope)
            case .bolt: binder.bind((any Part).self, to: Bolt.self, named: name)
            case .closure: binder.bind((any Part).self, named: name, scope: scope) { _ in Bolt() }
            case .instance: binder.bind(Bolt(), as: (any Part).self, named: name)
            case .failing: binder.bind((any Part).self, named: name) { _ in throw Refused() }
            }
        }
    }

    private static func request(_ index: Int, from injector: Injector) throws -> AnyObject {
        switch index {
        case 0: try injector.getObject(Hub.self)
        case 1: try injector.getObject(Spoke.self)
        case 2: try injector.getObject(Rim.self)
        case 3: try injector.getObject(Gear.self)
        case 4: try injector.getObject((any Part).self)
        default:
            // An object built elsewhere, filled by the injector.
            try {
                let hub = Hub()
                try injector.injectDependencies(into: hub)
                return hub
            }()
        }
    }

    /// Every request three times (the accelerated engine's later answers come from its
    /// warm paths): the object's shape or the error's text, then the awakes logged.
    /// Also whether a plan was compiled for a requested type.
    private static func transcript(of plan: Plan, accelerators: Accelerators) -> ([String], Bool) {
        awakeLog.withLock { $0.removeAll() }
        var awoken: [AnyObject] = []  // every object awoken in this configuration, kept alive
        var numbers: [ObjectIdentifier: Int] = [:]
        var kept: [AnyObject] = []
        func number(_ object: AnyObject) -> String {
            let id = ObjectIdentifier(object)
            if numbers[id] == nil {
                numbers[id] = numbers.count
                kept.append(object)
            }
            return "#\(numbers[id]!)"
        }
        func name(_ object: AnyObject) -> String {
            numbers[ObjectIdentifier(object)].map { "#\($0)" } ?? "unseen"
        }
        func shape(_ root: AnyObject) -> String {
            var parts: [String] = []
            var seen: Set<ObjectIdentifier> = []
            var queue: [AnyObject?] = [root]
            while !queue.isEmpty {
                guard let object = queue.removeFirst(), seen.insert(ObjectIdentifier(object)).inserted else { continue }
                let edges: [AnyObject?] =
                    switch object {
                    case let hub as Hub: [hub.spoke, hub.part, hub.extra]
                    case let spoke as Spoke: [spoke.rim]
                    case let rim as Rim: [rim.part, rim.bolt]
                    case let gear as Gear: [gear.rim]
                    default: []
                    }
                parts.append(
                    "\(number(object)) \(type(of: object)) [\(edges.map { $0.map(number) ?? "nil" }.joined(separator: " "))]"
                )
                queue += edges
            }
            return parts.joined(separator: ", ")
        }
        var lines: [String] = []
        let injector: Injector
        do {
            injector = try Injector(
                parent: nil, modules: [PlanModule(plan: plan)], tracer: nil, accelerators: accelerators)
        } catch {
            return (["error: \(error)"], false)
        }
        for request in plan.requests + plan.requests + plan.requests {
            let line: String
            do {
                line = "\(request): \(shape(try Self.request(request, from: injector)))"
            } catch {
                line = "\(request): error: \(error)"
            }
            let awakes = awakeLog.withLock { log in
                defer { log.removeAll() }
                return log
            }
            awoken += awakes
            lines.append(line + "; awoke " + awakes.map(name).joined(separator: " "))
        }
        let types: [any Injectable.Type] = [Hub.self, Spoke.self, Rim.self, Gear.self]
        let compiled = types.contains { type in
            (try? injector.runsLinkedBuild(of: type)) == true
        }
        return withExtendedLifetime((kept, awoken)) { (lines, compiled) }
    }
}
