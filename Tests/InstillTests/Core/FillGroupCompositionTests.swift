// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

@testable import Instill

// `fills(A.self, B.self, ...) { object, a, b, ... in }`: several `Injectable` classes
// written by one closure, called once with all of them. The resolver resolves every
// member in order and calls the closure; a plan builds the members (steps `.member`),
// leaves a suffix of plain leaves to the closure itself (`.memberNew`), and builds a
// node whose only requirements are its own group with one call of the group's `build`.
// These specifications hold all of that to what the resolver does when groups are
// composed with what a user combines them with: scopes, a child injector's overrides,
// subclasses, declared initializers, errors, cycles, `await`, threads, diagnostics,
// other requirements and `injectDependencies(into:)`. Every graph is built at least
// three times, so the plans are compiled and used, in every engine.

// MARK: - Fixtures

private struct GrpBindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

private struct GrpCrack: Error, CustomStringConvertible {
    var description: String { "cracked on purpose" }
}

/// A plain leaf: no awake, so a plan's group closure makes it itself when it ends a group.
private final class GrpBolt: Injectable, Sendable {
    init() {}
}

/// A leaf with an awake of its own: its plan builds and awakes it before the closure runs.
private final class GrpLamp: Injectable {
    var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

/// A non-final plain leaf a child binds to its subclass.
private class GrpSeal: Injectable {
    var label: String { "plain" }
    required init() {}
}

private final class GrpFancySeal: GrpSeal, @unchecked Sendable {  // no stored properties
    override var label: String { "fancy" }
}

/// Not a ``GrpBolt``: what a wrong binding of `GrpBolt` produces.
private final class GrpStranger: Injectable, Sendable {
    init() {}
}

/// A non-final inner node whose only requirements are a group of a leaf with an awake and
/// a plain leaf (the plain one ends the group).
private class GrpFrame: Injectable {
    var lamp: GrpLamp!
    var bolt: GrpBolt!
    var origin = "built"
    var calls = 0
    var awakeCount = 0
    var filledWhenAwoken = false
    class var requires: Requirements {
        fills(GrpLamp.self, GrpBolt.self) { frame, lamp, bolt in
            frame.lamp = lamp
            frame.bolt = bolt
            frame.calls += 1
        }
    }
    required init() {}
    func awakeFromInjection() {
        awakeCount += 1
        filledWhenAwoken = isFilled
    }
    var isFilled: Bool { lamp?.awakeCount == 1 && bolt != nil && calls == 1 }
}

/// A subclass that adds a group of its own after the inherited one.
private final class GrpWideFrame: GrpFrame {
    var brace: GrpBolt!
    var seal: GrpSeal!
    var wideCalls = 0
    override class var requires: Requirements {
        super.requires
            + fills(GrpBolt.self, GrpSeal.self) { frame, brace, seal in
                frame.brace = brace
                frame.seal = seal
                frame.wideCalls += 1
            }
    }
    override var isFilled: Bool {
        super.isFilled && brace != nil && brace !== bolt && seal != nil && wideCalls == 1
    }
}

/// A subclass that inherits its requirements, with an `init()` of its own.
private final class GrpPlainSubFrame: GrpFrame {
    required init() {
        super.init()
        origin = "subclass init"
    }
}

/// A subclass that adds a key-path requirement after the inherited group.
private final class GrpKeyedFrame: GrpFrame {
    var extra: GrpLamp!
    override class var requires: Requirements { super.requires + Requirements(\GrpKeyedFrame.extra) }
    override var isFilled: Bool { super.isFilled && extra?.awakeCount == 1 && extra !== lamp }
}

/// A frame made by a test and bound as an instance: never filled or awoken by the injector.
private final class GrpFixedFrame: GrpFrame, @unchecked Sendable {  // the injector neither fills nor awakes it
    required init() {
        super.init()
        origin = "instance"
    }
}

/// The usual holder: a group of an inner node, a leaf with an awake, and two plain
/// leaves that end it.
private final class GrpRig: Injectable {
    var frame: GrpFrame!
    var lamp: GrpLamp!
    var seal: GrpSeal!
    var bolt: GrpBolt!
    var calls = 0
    var awakeCount = 0
    var filledWhenAwoken = false
    static var requires: Requirements {
        fills(GrpFrame.self, GrpLamp.self, GrpSeal.self, GrpBolt.self) { rig, frame, lamp, seal, bolt in
            rig.frame = frame
            rig.lamp = lamp
            rig.seal = seal
            rig.bolt = bolt
            rig.calls += 1
        }
    }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        filledWhenAwoken = calls == 1 && frame != nil && lamp?.awakeCount == 1 && seal != nil && bolt != nil
    }

    /// Every object of the rig, itself first.
    var objects: [AnyObject] {
        [self, frame, lamp, seal, bolt, frame?.lamp, frame?.bolt].compactMap { $0 }
    }
}

/// A group of the same class twice, and an inner node: each rig is built by one call of
/// its group's `build` in a plan.
private final class GrpYard: Injectable {
    var first: GrpRig!
    var second: GrpRig!
    var frame: GrpFrame!
    var calls = 0
    static var requires: Requirements {
        fills(GrpRig.self, GrpRig.self, GrpFrame.self) { yard, first, second, frame in
            yard.first = first
            yard.second = second
            yard.frame = frame
            yard.calls += 1
        }
    }
    init() {}
}

private func summary(of frame: GrpFrame?) -> String {
    guard let frame else { return "nil" }
    let filled = frame.isFilled && frame.filledWhenAwoken ? "filled" : "unfilled"
    return "\(type(of: frame))(\(frame.origin)) \(filled) awoken \(frame.awakeCount)"
}

/// What a rig holds, as text.
private func shape(of rig: GrpRig) -> String {
    let own = "rig calls \(rig.calls) awoken \(rig.awakeCount)\(rig.filledWhenAwoken ? " filled" : "")"
    return "\(own) | frame \(summary(of: rig.frame)) | lamp \(rig.lamp?.awakeCount ?? -1) | "
        + "seal \(rig.seal?.label ?? "nil") | bolt \(rig.bolt == nil ? "nil" : "set")"
}

private func rigShape(frame: String = "GrpFrame(built) filled awoken 1", seal: String = "plain") -> String {
    "rig calls 1 awoken 1 filled | frame \(frame) | lamp 1 | seal \(seal) | bolt set"
}

// Order of initializers.

/// What the order fixtures did, in order; written only by the order test.
private let grpOrderJournal = Mutex<[String]>([])

private func grpOrderNote(_ entry: String) { grpOrderJournal.withLock { $0.append(entry) } }

private func takeGrpOrderJournal() -> [String] {
    grpOrderJournal.withLock { entries in
        defer { entries = [] }
        return entries
    }
}

/// A plain leaf that comes before an inner node in its group.
private final class GrpOrdLeaf: Injectable {
    init() { grpOrderNote("Leaf.init") }
}

private final class GrpOrdPlain: Injectable {
    init() { grpOrderNote("Plain.init") }
}

private final class GrpOrdLamp: Injectable {
    init() { grpOrderNote("Lamp.init") }
    func awakeFromInjection() { grpOrderNote("Lamp.awake") }
}

private final class GrpOrdInner: Injectable {
    var lamp: GrpOrdLamp!
    var plain: GrpOrdPlain!
    static var requires: Requirements {
        fills(GrpOrdLamp.self, GrpOrdPlain.self) {
            $0.lamp = $1
            $0.plain = $2
            grpOrderNote("Inner.assign")
        }
    }
    init() { grpOrderNote("Inner.init") }
    func awakeFromInjection() { grpOrderNote(lamp != nil && plain != nil ? "Inner.awake" : "Inner.awake unfilled") }
}

/// A leaf, then an inner node, then two plain leaves: only the last two end the group.
private final class GrpOrdRoot: Injectable {
    var leaf: GrpOrdLeaf!
    var inner: GrpOrdInner!
    var first: GrpOrdPlain!
    var second: GrpOrdPlain!
    static var requires: Requirements {
        fills(GrpOrdLeaf.self, GrpOrdInner.self, GrpOrdPlain.self, GrpOrdPlain.self) {
            $0.leaf = $1
            $0.inner = $2
            $0.first = $3
            $0.second = $4
            grpOrderNote($3 !== $4 ? "Root.assign" : "Root.assign one plain")
        }
    }
    init() { grpOrderNote("Root.init") }
    func awakeFromInjection() { grpOrderNote(leaf != nil && inner != nil ? "Root.awake" : "Root.awake unfilled") }
}

/// Holds the root in a group, so that a plan builds the root with its group's `build`.
private final class GrpOrdTop: Injectable {
    var root: GrpOrdRoot!
    var leaf: GrpOrdLeaf!
    static var requires: Requirements {
        fills(GrpOrdRoot.self, GrpOrdLeaf.self) {
            $0.root = $1
            $0.leaf = $2
            grpOrderNote("Top.assign")
        }
    }
    init() { grpOrderNote("Top.init") }
}

// Declared initializers.

/// A leaf built by a declared factory, never by `init()` (it declares none).
private final class GrpMadeLeaf: Injectable {
    let origin: String
    init(origin: String) { self.origin = origin }
    static var initializer: Initializer { Initializer(factory: { GrpMadeLeaf(origin: "factory") }) }
}

/// A plain leaf with an `init()` and a declared initializer: the initializer builds it.
private final class GrpTaggedLeaf: Injectable {
    let origin: String
    init() { origin = "init()" }
    init(origin: String) { self.origin = origin }
    static let initializer = Initializer(defaults: "declared") { arguments in
        GrpTaggedLeaf(origin: try arguments.argument(0, as: String.self))
    }
}

/// A holder with an `init()` and a declared initializer, whose only requirements are
/// a group: the initializer builds it.
private final class GrpMadeHolder: Injectable {
    let origin: String
    var lamp: GrpLamp!
    var made: GrpMadeLeaf!
    var tagged: GrpTaggedLeaf!
    var calls = 0
    init() { origin = "init()" }
    init(origin: String) { self.origin = origin }
    static let initializer = Initializer(defaults: "declared") { arguments in
        GrpMadeHolder(origin: try arguments.argument(0, as: String.self))
    }
    static var requires: Requirements {
        fills(GrpLamp.self, GrpMadeLeaf.self, GrpTaggedLeaf.self) {
            $0.lamp = $1
            $0.made = $2
            $0.tagged = $3
            $0.calls += 1
        }
    }
    var summary: String {
        "\(origin) calls \(calls) lamp \(lamp?.awakeCount ?? -1) made \(made?.origin ?? "nil") tagged \(tagged?.origin ?? "nil")"
    }
}

/// A holder built with initializer dependencies, then filled by its group.
private final class GrpDependentHolder: Injectable {
    let bolt: GrpBolt
    var lamp: GrpLamp!
    var seal: GrpSeal!
    var calls = 0
    init(bolt: GrpBolt) { self.bolt = bolt }
    static let initializer = Initializer(dependencies: GrpBolt.self) { GrpDependentHolder(bolt: $0) }
    static var requires: Requirements {
        fills(GrpLamp.self, GrpSeal.self) {
            $0.lamp = $1
            $0.seal = $2
            $0.calls += 1
        }
    }
    var summary: String { "calls \(calls) lamp \(lamp?.awakeCount ?? -1) seal \(seal?.label ?? "nil")" }
}

private final class GrpMadeTop: Injectable {
    var holder: GrpMadeHolder!
    var dependent: GrpDependentHolder!
    var made: GrpMadeLeaf!
    static var requires: Requirements {
        fills(GrpMadeHolder.self, GrpDependentHolder.self, GrpMadeLeaf.self) {
            $0.holder = $1
            $0.dependent = $2
            $0.made = $3
        }
    }
    init() {}
}

// Scopes.

private final class GrpOnly: Injectable {
    static let scope: Scope = .singleton
    var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class GrpShared: Injectable {
    static let scope: Scope = .graph
    var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class GrpHeld: Injectable {
    static let scope: Scope = .weak
    init() {}
}

private final class GrpLedger: Injectable {
    var shared: GrpShared!
    var only: GrpOnly!
    static var requires: Requirements {
        fills(GrpShared.self, GrpOnly.self) {
            $0.shared = $1
            $0.only = $2
        }
    }
    init() {}
}

private final class GrpOffice: Injectable {
    var only: GrpOnly!
    var shared: GrpShared!
    var held: GrpHeld!
    var sharedAgain: GrpShared!
    var ledger: GrpLedger!
    var bolt: GrpBolt!
    var calls = 0
    static var requires: Requirements {
        fills(GrpOnly.self, GrpShared.self, GrpHeld.self, GrpShared.self, GrpLedger.self, GrpBolt.self) {
            $0.only = $1
            $0.shared = $2
            $0.held = $3
            $0.sharedAgain = $4
            $0.ledger = $5
            $0.bolt = $6
            $0.calls += 1
        }
    }
    init() {}
}

/// A singleton holder of a group.
private final class GrpDepot: Injectable {
    static let scope: Scope = .singleton
    var frame: GrpFrame!
    var bolt: GrpBolt!
    var calls = 0
    var awakeCount = 0
    static var requires: Requirements {
        fills(GrpFrame.self, GrpBolt.self) {
            $0.frame = $1
            $0.bolt = $2
            $0.calls += 1
        }
    }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class GrpDock: Injectable {
    var depot: GrpDepot!
    var rig: GrpRig!
    static var requires: Requirements {
        fills(GrpDepot.self, GrpRig.self) {
            $0.depot = $1
            $0.rig = $2
        }
    }
    init() {}
}

// Child injectors.

/// How a child injector overrides part of ``GrpYard``'s graph.
private enum GrpOverride: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sealToSubclass, sealToInstance, sealToClosure, frameToSubclass, frameToInstance, boltToInstance

    var testDescription: String { rawValue }

    func module(frame: GrpFixedFrame, seal: GrpFancySeal, bolt: GrpBolt) -> GrpBindings {
        switch self {
        case .sealToSubclass: GrpBindings { $0.bind(GrpSeal.self, to: GrpFancySeal.self) }
        case .sealToInstance: GrpBindings { $0.bind(seal, as: GrpSeal.self) }
        case .sealToClosure: GrpBindings { $0.bind(GrpSeal.self) { _ in GrpFancySeal() } }
        case .frameToSubclass: GrpBindings { $0.bind(GrpFrame.self, to: GrpWideFrame.self) }
        case .frameToInstance: GrpBindings { $0.bind(frame, as: GrpFrame.self) }
        case .boltToInstance: GrpBindings { $0.bind(bolt) }
        }
    }

    /// ``shape(of:)`` of a rig the child builds.
    var childShape: String {
        switch self {
        case .sealToSubclass, .sealToInstance, .sealToClosure: rigShape(seal: "fancy")
        case .frameToSubclass: rigShape(frame: "GrpWideFrame(built) filled awoken 1")
        case .frameToInstance: rigShape(frame: "GrpFixedFrame(instance) unfilled awoken 0")
        case .boltToInstance: rigShape()
        }
    }
}

// Errors.

/// A plain leaf whose `init()` throws while `failing` is set: it ends its group.
private final class GrpBadLeaf: Injectable {
    static let failing = Atomic(false)  // set only by the test that builds this class
    init() throws { if Self.failing.load(ordering: .relaxed) { throw GrpCrack() } }
}

private final class GrpBadHolder: Injectable {
    var lamp: GrpLamp!
    var bad: GrpBadLeaf!
    static let requiresLine = #line + 2
    static var requires: Requirements {
        fills(GrpLamp.self, GrpBadLeaf.self) {
            $0.lamp = $1
            $0.bad = $2
        }
    }
    init() {}
}

private final class GrpBadRoot: Injectable {
    var holder: GrpBadHolder!
    var bolt: GrpBolt!
    static var requires: Requirements {
        fills(GrpBadHolder.self, GrpBolt.self) {
            $0.holder = $1
            $0.bolt = $2
        }
    }
    init() {}
}

/// An inner node whose own `init()` throws while `failing` is set; its only requirements
/// are a group.
private final class GrpBadInner: Injectable {
    static let failing = Atomic(false)  // set only by the test that builds this class
    var bolt: GrpBolt!
    var lamp: GrpLamp!
    static var requires: Requirements {
        fills(GrpBolt.self, GrpLamp.self) {
            $0.bolt = $1
            $0.lamp = $2
        }
    }
    init() throws { if Self.failing.load(ordering: .relaxed) { throw GrpCrack() } }
}

private final class GrpBadInnerRoot: Injectable {
    var lamp: GrpLamp!
    var inner: GrpBadInner!
    var bolt: GrpBolt!
    static let requiresLine = #line + 2
    static var requires: Requirements {
        fills(GrpLamp.self, GrpBadInner.self, GrpBolt.self) {
            $0.lamp = $1
            $0.inner = $2
            $0.bolt = $3
        }
    }
    init() {}
}

/// A plain leaf whose `init()` throws while `failing` is set, in a singleton's group.
private final class GrpFlakyLeaf: Injectable {
    static let failing = Atomic(false)  // set only by the test that builds this class
    init() throws { if Self.failing.load(ordering: .relaxed) { throw GrpCrack() } }
}

/// A singleton whose group fails while ``GrpFlakyLeaf`` does; remembers every instance
/// made, so a test can tell the half-built one from the one that is cached.
private final class GrpFlakyDepot: Injectable {
    static let scope: Scope = .singleton
    static let made = Mutex<[GrpFlakyDepot]>([])
    var lamp: GrpLamp!
    var flaky: GrpFlakyLeaf!
    var calls = 0
    var awakeCount = 0
    static var requires: Requirements {
        fills(GrpLamp.self, GrpFlakyLeaf.self) {
            $0.lamp = $1
            $0.flaky = $2
            $0.calls += 1
        }
    }
    init() { Self.made.withLock { $0.append(self) } }
    func awakeFromInjection() { awakeCount += 1 }
}

private final class GrpFlakyUser: Injectable {
    var depot: GrpFlakyDepot!
    var bolt: GrpBolt!
    static var requires: Requirements {
        fills(GrpFlakyDepot.self, GrpBolt.self) {
            $0.depot = $1
            $0.bolt = $2
        }
    }
    init() {}
}

private struct GrpStrangerProvider: ObjectProvider {
    func provide(_ injector: Injector, arguments: InjectionArguments) throws -> GrpStranger? { GrpStranger() }
}

/// How a module binds ``GrpBolt`` to something that is not one.
private enum GrpWrongBolt: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case provider, linkedClass, forwarded

    var testDescription: String { rawValue }

    var module: GrpBindings {
        switch self {
        case .provider: GrpBindings { $0.bind(GrpBolt.self, provider: GrpStrangerProvider()) }
        case .linkedClass: GrpBindings { $0.bind(GrpBolt.self, to: GrpStranger.self) }
        case .forwarded: GrpBindings { $0.forward(GrpBolt.self, to: GrpStranger.self) }
        }
    }
}

// Cycles.

/// A shared object built by its initializer with a pet whose group points back to it.
private final class GrpOwner: Injectable {
    static let scope: Scope = .singleton
    let pet: GrpPet
    init(pet: GrpPet) { self.pet = pet }
    static let initializer = Initializer(dependencies: GrpPet.self) { GrpOwner(pet: $0) }
}

private final class GrpPet: Injectable {
    var owner: GrpOwner!
    var bolt: GrpBolt!
    static let requiresLine = #line + 2
    static var requires: Requirements {
        fills(GrpOwner.self, GrpBolt.self) {
            $0.owner = $1
            $0.bolt = $2
        }
    }
    init() {}
}

/// ``GrpOwner`` in `.graph` scope.
private final class GrpGraphOwner: Injectable {
    static let scope: Scope = .graph
    let pet: GrpGraphPet
    init(pet: GrpGraphPet) { self.pet = pet }
    static let initializer = Initializer(dependencies: GrpGraphPet.self) { GrpGraphOwner(pet: $0) }
}

private final class GrpGraphPet: Injectable {
    var bolt: GrpBolt!
    var owner: GrpGraphOwner!
    static var requires: Requirements {
        fills(GrpBolt.self, GrpGraphOwner.self) {
            $0.bolt = $1
            $0.owner = $2
        }
    }
    init() {}
}

/// The fix the error proposes: the back reference declared alone.
private final class GrpFixedOwner: Injectable {
    static let scope: Scope = .singleton
    let pet: GrpFixedPet
    init(pet: GrpFixedPet) { self.pet = pet }
    static let initializer = Initializer(dependencies: GrpFixedPet.self) { GrpFixedOwner(pet: $0) }
}

private final class GrpFixedPet: Injectable {
    var owner: GrpFixedOwner!
    var bolt: GrpBolt!
    var lamp: GrpLamp!
    var ownerSeenAtAwake = false
    static var requires: Requirements {
        fills(GrpFixedOwner.self) { $0.owner = $1 }
            + fills(GrpBolt.self, GrpLamp.self) {
                $0.bolt = $1
                $0.lamp = $2
            }
    }
    init() {}
    func awakeFromInjection() { ownerSeenAtAwake = owner != nil }
}

/// Two singletons whose groups hold each other.
private final class GrpPing: Injectable {
    static let scope: Scope = .singleton
    var pong: GrpPong!
    var bolt: GrpBolt!
    var calls = 0
    var cycleFilledWhenAwoken = false
    static var requires: Requirements {
        fills(GrpPong.self, GrpBolt.self) {
            $0.pong = $1
            $0.bolt = $2
            $0.calls += 1
        }
    }
    init() {}
    func awakeFromInjection() { cycleFilledWhenAwoken = pong?.ping === self && pong?.lamp != nil && bolt != nil }
}

private final class GrpPong: Injectable {
    static let scope: Scope = .singleton
    var ping: GrpPing!
    var lamp: GrpLamp!
    var calls = 0
    var cycleFilledWhenAwoken = false
    static var requires: Requirements {
        fills(GrpPing.self, GrpLamp.self) {
            $0.ping = $1
            $0.lamp = $2
            $0.calls += 1
        }
    }
    init() {}
    func awakeFromInjection() { cycleFilledWhenAwoken = ping?.pong === self && ping?.bolt != nil && lamp != nil }
}

/// A singleton whose group holds a `.normal` node whose group holds it back.
private final class GrpMast: Injectable {
    static let scope: Scope = .singleton
    var rigging: GrpRigging!
    var bolt: GrpBolt!
    var awakeCount = 0
    static var requires: Requirements {
        fills(GrpRigging.self, GrpBolt.self) {
            $0.rigging = $1
            $0.bolt = $2
        }
    }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class GrpRigging: Injectable {
    var mast: GrpMast!
    var lamp: GrpLamp!
    var awakeCount = 0
    var mastFilledWhenAwoken = false
    static var requires: Requirements {
        fills(GrpMast.self, GrpLamp.self) {
            $0.mast = $1
            $0.lamp = $2
        }
    }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        mastFilledWhenAwoken = mast?.rigging != nil && mast?.bolt != nil
    }
}

/// A cycle of `.normal` nodes through groups: an error, never a stack overflow.
private final class GrpTick: Injectable {
    var tock: GrpTock!
    var bolt: GrpBolt!
    static var requires: Requirements {
        fills(GrpBolt.self, GrpTock.self) {
            $0.bolt = $1
            $0.tock = $2
        }
    }
    init() {}
}

private final class GrpTock: Injectable {
    var tick: GrpTick!
    var lamp: GrpLamp!
    static let requiresLine = #line + 2
    static var requires: Requirements {
        fills(GrpTick.self, GrpLamp.self) {
            $0.tick = $1
            $0.lamp = $2
        }
    }
    init() {}
}

// Async.

private let asyncSeals = GrpBindings { binder in
    binder.bind(GrpSeal.self) { _ in
        await Task.yield()
        return GrpFancySeal()
    }
}

/// A singleton an async closure makes, in a group.
private final class GrpAsyncDepot: Injectable {
    var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class GrpAsyncDock: Injectable {
    var rig: GrpRig!
    var depot: GrpAsyncDepot!
    var bolt: GrpBolt!
    static var requires: Requirements {
        fills(GrpRig.self, GrpAsyncDepot.self, GrpBolt.self) {
            $0.rig = $1
            $0.depot = $2
            $0.bolt = $3
        }
    }
    init() {}
}

private let asyncDepots = GrpBindings { binder in
    binder.bind(GrpAsyncDepot.self, scope: .singleton) { _ in
        await Task.yield()
        return GrpAsyncDepot()
    }
}

/// A main-actor object holding a group holder.
@MainActor
private final class GrpPanel: MainActorInjectable {
    var yard: GrpYard!
    var rig: GrpRig!
    static var requires: Requirements { fills(GrpYard.self) { $0.yard = $1 } + fills(GrpRig.self) { $0.rig = $1 } }
    init() {}
}

// Threads.

private final class GrpThreadLeaf: Injectable {
    static let made = Atomic(0)
    init() { Self.made.add(1, ordering: .relaxed) }
}

private final class GrpThreadInner: Injectable {
    static let made = Atomic(0)
    static let awoken = Atomic(0)
    var leaf: GrpThreadLeaf!
    var lamp: GrpLamp!
    var seal: GrpSeal!
    var calls = 0
    var awakeCount = 0
    var filledWhenAwoken = false
    static var requires: Requirements {
        fills(GrpLamp.self, GrpThreadLeaf.self, GrpSeal.self) {
            $0.lamp = $1
            $0.leaf = $2
            $0.seal = $3
            $0.calls += 1
        }
    }
    init() { Self.made.add(1, ordering: .relaxed) }
    func awakeFromInjection() {
        awakeCount += 1
        filledWhenAwoken = calls == 1 && leaf != nil && lamp?.awakeCount == 1 && seal != nil
        Self.awoken.add(1, ordering: .relaxed)
    }

    func problem(seal expected: String) -> String? {
        guard awakeCount == 1, filledWhenAwoken else { return "inner awoken \(awakeCount), filled \(filledWhenAwoken)" }
        guard seal.label == expected else { return "seal \(seal.label), expected \(expected)" }
        return nil
    }
}

private final class GrpThreadRoot: Injectable {
    var first: GrpThreadInner!
    var depot: GrpDepot!
    var second: GrpThreadInner!
    var leaf: GrpThreadLeaf!
    var calls = 0
    var awakeCount = 0
    static var requires: Requirements {
        fills(GrpThreadInner.self, GrpDepot.self, GrpThreadInner.self, GrpThreadLeaf.self) {
            $0.first = $1
            $0.depot = $2
            $0.second = $3
            $0.leaf = $4
            $0.calls += 1
        }
    }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }

    func problem(seal: String) -> String? {
        guard calls == 1, awakeCount == 1, leaf != nil, first !== second else { return "root not as built" }
        guard depot.calls == 1, depot.awakeCount == 1, summary(of: depot.frame) == "GrpFrame(built) filled awoken 1"
        else { return "depot \(depot.calls) \(depot.awakeCount)" }
        return first.problem(seal: seal) ?? second.problem(seal: seal)
    }
}

// Diagnostics.

private protocol GrpFeed: AnyObject, Sendable {}

private final class GrpLiveFeed: GrpFeed, Injectable {
    init() {}
}

/// A member whose own requirement needs a binding.
private final class GrpStation: Injectable {
    var feed: (any GrpFeed)!
    static let requiresLine = #line + 1
    static var requires: Requirements { fills((any GrpFeed).self) { $0.feed = $1 } }
    init() {}
}

private final class GrpTower: Injectable {
    var bolt: GrpBolt!
    var station: GrpStation!
    var lamp: GrpLamp!
    var spare: GrpLamp?  // not listed: a property of a member's class
    var note: GrpSeal?  // not listed, of no member's class
    static var requires: Requirements {
        fills(GrpBolt.self, GrpStation.self, GrpLamp.self) {
            $0.bolt = $1
            $0.station = $2
            $0.lamp = $3
        }
    }
    init() {}
}

// Many members, and groups among other requirements.

/// Hands out increasing numbers; used only by the test of ten members.
private let grpSerials = Atomic(0)

private final class GrpNumbered: Injectable {
    let serial = grpSerials.add(1, ordering: .relaxed).newValue
    init() {}
}

private final class GrpNumberedInner: Injectable {
    let serial = grpSerials.add(1, ordering: .relaxed).newValue
    var first: GrpNumbered!
    var second: GrpNumbered!
    static var requires: Requirements {
        fills(GrpNumbered.self, GrpNumbered.self) {
            $0.first = $1
            $0.second = $2
        }
    }
    init() {}
}

/// Ten members: plain leaves, an inner node, a leaf with an awake, a non-final leaf.
private final class GrpTen: Injectable {
    var serials: [Int] = []
    var objects: [AnyObject] = []
    var calls = 0
    var lamp: GrpLamp!
    var seal: GrpSeal!
    var inner: GrpNumberedInner!
    static var requires: Requirements {
        fills(
            GrpNumbered.self, GrpNumbered.self, GrpNumberedInner.self, GrpLamp.self, GrpNumbered.self,
            GrpSeal.self, GrpNumbered.self, GrpNumberedInner.self, GrpNumbered.self, GrpNumbered.self
        ) { ten, a, b, c, lamp, d, seal, e, f, g, h in
            ten.calls += 1
            ten.serials = [a.serial, b.serial, c.serial, d.serial, e.serial, f.serial, g.serial, h.serial]
            ten.objects = [a, b, c, lamp, d, seal, e, f, g, h]
            ten.lamp = lamp
            ten.seal = seal
            ten.inner = c
        }
    }
    init() {}
}

/// What the mixed fixture wrote, in order; written only by the mixed test.
private let grpMixedJournal = Mutex<[String]>([])

private func grpMixedNote(_ entry: String) { grpMixedJournal.withLock { $0.append(entry) } }

private func takeGrpMixedJournal() -> [String] {
    grpMixedJournal.withLock { entries in
        defer { entries = [] }
        return entries
    }
}

/// Two groups, a single closure requirement and key paths in one list; key-path
/// properties note their writes.
private final class GrpMixed: Injectable {
    var bolt: GrpBolt!
    var lamp: GrpLamp!
    var seal: GrpSeal!
    var keyedLamp: GrpLamp! { didSet { grpMixedNote("keyedLamp") } }
    var keyedFrame: GrpFrame! { didSet { grpMixedNote("keyedFrame") } }
    var rig: GrpRig!
    var otherBolt: GrpBolt!
    var thirdBolt: GrpBolt!
    var fourthLamp: GrpLamp!
    var awakeCount = 0
    var filledWhenAwoken = false
    static var requires: Requirements {
        fills(GrpBolt.self, GrpLamp.self) {
            $0.bolt = $1
            $0.lamp = $2
            grpMixedNote("group 1")
        }
            + fills(GrpSeal.self) {
                $0.seal = $1
                grpMixedNote("seal")
            }
            + Requirements(\GrpMixed.keyedLamp, \.keyedFrame)
            + fills(GrpRig.self, GrpBolt.self) {
                $0.rig = $1
                $0.otherBolt = $2
                grpMixedNote("group 2")
            }
            + fills(GrpBolt.self, GrpLamp.self) {
                $0.thirdBolt = $1
                $0.fourthLamp = $2
                grpMixedNote("group 3")
            }
    }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        filledWhenAwoken = isFilled
    }
    var isFilled: Bool {
        let bolts = [bolt, otherBolt, thirdBolt].compactMap { $0 }.map(ObjectIdentifier.init)
        let lamps = [lamp, keyedLamp, fourthLamp].compactMap { $0 }
        return Set(bolts).count == 3 && Set(lamps.map(ObjectIdentifier.init)).count == 3
            && lamps.allSatisfy { $0.awakeCount == 1 } && seal != nil
            && summary(of: keyedFrame) == "GrpFrame(built) filled awoken 1"
            && rig.map(shape(of:)) == rigShape()
    }
}

/// Holds the mixed node, so that a plan builds it as an inner node.
private final class GrpMixedHolder: Injectable {
    var mixed: GrpMixed!
    var bolt: GrpBolt!
    static var requires: Requirements {
        fills(GrpMixed.self, GrpBolt.self) {
            $0.mixed = $1
            $0.bolt = $2
        }
    }
    init() {}
}

// Generic holders, a deep chain, re-entrant requests, factories.

/// A generic holder of a group: `GrpPair<GrpBolt, GrpLamp>` and `GrpPair<GrpLamp, GrpBolt>`
/// are different classes.
private final class GrpPair<First: Injectable, Second: Injectable>: Injectable {
    var first: First!
    var second: Second!
    var calls = 0
    static var requires: Requirements {
        fills(First.self, Second.self) {
            $0.first = $1
            $0.second = $2
            $0.calls += 1
        }
    }
    init() {}
}

private final class GrpPairs: Injectable {
    var boltLamp: GrpPair<GrpBolt, GrpLamp>!
    var lampBolt: GrpPair<GrpLamp, GrpBolt>!
    var nested: GrpPair<GrpPair<GrpBolt, GrpBolt>, GrpSeal>!
    static var requires: Requirements {
        fills(
            GrpPair<GrpBolt, GrpLamp>.self, GrpPair<GrpLamp, GrpBolt>.self,
            GrpPair<GrpPair<GrpBolt, GrpBolt>, GrpSeal>.self
        ) {
            $0.boltLamp = $1
            $0.lampBolt = $2
            $0.nested = $3
        }
    }
    init() {}

    var summary: String {
        let pairs: [String] = [
            "\(type(of: boltLamp!)) \(boltLamp.calls) \(type(of: boltLamp.first!)) \(boltLamp.second.awakeCount)",
            "\(type(of: lampBolt!)) \(lampBolt.calls) \(lampBolt.first.awakeCount) \(type(of: lampBolt.second!))",
            "\(type(of: nested!)) \(nested.calls) \(nested.first.calls) \(nested.first.first !== nested.first.second) \(nested.second.label)",
        ]
        return pairs.joined(separator: " | ")
    }
}

/// A plain leaf whose `init()` throws while `failing` is set, at the bottom of the chain.
private final class GrpDeepFuse: Injectable {
    static let failing = Atomic(false)  // set only by the test that builds this class
    init() throws { if Self.failing.load(ordering: .relaxed) { throw GrpCrack() } }
}

/// One level of a chain of group holders: `GrpChain<GrpChain<…>>`; the next level is an
/// inner node and the leaf ends the group, or, at the bottom, both are plain leaves.
private final class GrpChain<Next: Injectable>: Injectable {
    var next: Next!
    var bolt: GrpBolt!
    var calls = 0
    static var requires: Requirements {
        fills(Next.self, GrpBolt.self) {
            $0.next = $1
            $0.bolt = $2
            $0.calls += 1
        }
    }
    init() {}
}

private typealias GrpChain4 = GrpChain<GrpChain<GrpChain<GrpChain<GrpDeepFuse>>>>
private typealias GrpChain8 = GrpChain<GrpChain<GrpChain<GrpChain<GrpChain4>>>>
private typealias GrpChain12 = GrpChain<GrpChain<GrpChain<GrpChain<GrpChain8>>>>
private typealias GrpChain16 = GrpChain<GrpChain<GrpChain<GrpChain<GrpChain12>>>>
private typealias GrpChain20 = GrpChain<GrpChain<GrpChain<GrpChain<GrpChain16>>>>

/// A level of a ``GrpChain``, whatever comes below it.
private protocol GrpChainLevel: AnyObject {
    var summary: String { get }
    var below: AnyObject? { get }
}

extension GrpChain: GrpChainLevel {
    var summary: String { "calls \(calls) bolt \(bolt == nil ? "nil" : "set")" }
    var below: AnyObject? { next }
}

/// The levels of a chain, top first, as text.
private func levels(of chain: AnyObject?) -> [String] {
    var levels: [String] = []
    var current = chain
    while let level = current {
        guard let inner = level as? any GrpChainLevel else {
            levels.append("\(type(of: level))")
            break
        }
        levels.append(inner.summary)
        current = inner.below
    }
    return levels
}

/// The injector ``GrpEcho``'s awake asks; set only by the test that builds it.
private let grpEchoInjector = Mutex<Injector?>(nil)

/// A member whose awake asks the injector for a tree of groups while its holder's group
/// is being built.
private final class GrpEcho: Injectable {
    var echoed: [String] = []
    init() {}
    func awakeFromInjection() {
        guard let injector = grpEchoInjector.withLock({ $0 }) else { return }
        do {
            let yard = try injector.getObject(GrpYard.self)
            echoed = [shape(of: yard.first), shape(of: yard.second)]
        } catch {
            echoed = ["\(error)"]
        }
    }
}

private final class GrpEchoRoot: Injectable {
    var lamp: GrpLamp!
    var echo: GrpEcho!
    var bolt: GrpBolt!
    var calls = 0
    static var requires: Requirements {
        fills(GrpLamp.self, GrpEcho.self, GrpBolt.self) {
            $0.lamp = $1
            $0.echo = $2
            $0.bolt = $3
            $0.calls += 1
        }
    }
    init() {}
}

private final class GrpEchoTop: Injectable {
    var root: GrpEchoRoot!
    var echo: GrpEcho!
    var rig: GrpRig!
    static var requires: Requirements {
        fills(GrpEchoRoot.self, GrpEcho.self, GrpRig.self) {
            $0.root = $1
            $0.echo = $2
            $0.rig = $3
        }
    }
    init() {}
}

/// Factories of group holders.
private final class GrpCrane: Injectable {
    var yards: Provider<GrpYard>!
    var lazyRig: Lazy<GrpRig>!
    var factory: ObjectFactory!
    static var requires: Requirements {
        fills(Provider<GrpYard>.self) { $0.yards = $1 } + fills(Lazy<GrpRig>.self) { $0.lazyRig = $1 }
            + fills(ObjectFactory.self) { $0.factory = $1 }
    }
    init() {}
}

/// A singleton whose group holds itself.
private final class GrpSelfish: Injectable {
    static let scope: Scope = .singleton
    var me: GrpSelfish!
    var bolt: GrpBolt!
    var awakeCount = 0
    var filledWhenAwoken = false
    static var requires: Requirements {
        fills(GrpSelfish.self, GrpBolt.self) {
            $0.me = $1
            $0.bolt = $2
        }
    }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        filledWhenAwoken = me === self && bolt != nil
    }
}

/// Holds a singleton holder in a group, so that a plan builds ``GrpDock`` with a constant.
private final class GrpDockHolder: Injectable {
    var dock: GrpDock!
    var bolt: GrpBolt!
    static var requires: Requirements {
        fills(GrpDock.self, GrpBolt.self) {
            $0.dock = $1
            $0.bolt = $2
        }
    }
    init() {}
}

/// A plain leaf whose `init()` throws while `failing` is set, for the async test.
private final class GrpAsyncFuse: Injectable {
    static let failing = Atomic(false)  // set only by the test that builds this class
    init() throws { if Self.failing.load(ordering: .relaxed) { throw GrpCrack() } }
}

private final class GrpAsyncFuseBox: Injectable {
    var lamp: GrpLamp!
    var fuse: GrpAsyncFuse!
    static var requires: Requirements {
        fills(GrpLamp.self, GrpAsyncFuse.self) {
            $0.lamp = $1
            $0.fuse = $2
        }
    }
    init() {}
}

private final class GrpAsyncFuseRack: Injectable {
    var box: GrpAsyncFuseBox!
    var bolt: GrpBolt!
    static var requires: Requirements {
        fills(GrpAsyncFuseBox.self, GrpBolt.self) {
            $0.box = $1
            $0.bolt = $2
        }
    }
    init() {}
}

/// A tower reached through a group, for the audit of a whole graph.
private final class GrpTowerYard: Injectable {
    var tower: GrpTower!
    var bolt: GrpBolt!
    static var requires: Requirements {
        fills(GrpTower.self, GrpBolt.self) {
            $0.tower = $1
            $0.bolt = $2
        }
    }
    init() {}
}

// MARK: - Helpers

private let engines: [Accelerators] = [.all, .reference, .resolverOnly]

private func engineName(_ accelerators: Accelerators) -> String {
    accelerators == .all ? "accelerated" : accelerators == .reference ? "reference" : "resolver only"
}

private func makeInjector(_ accelerators: Accelerators, _ modules: [any Module] = []) throws -> Injector {
    try Injector(parent: nil, modules: modules, tracer: nil, accelerators: accelerators)
}

/// A synchronous request, from a synchronous function: in `async` code the compiler
/// picks the `async` `getObject`.
private func buildSynchronously<T: Injectable>(_ type: T.Type, from injector: Injector) throws -> T {
    try injector.getObject(type)
}

/// The description of the error `body` throws, or what it did instead.
private func failure(_ body: () throws -> Any) -> (kind: InjectionError.Kind?, text: String) {
    do {
        let value = try body()
        return (nil, "no error: built \(type(of: value))")
    } catch let error as InjectionError {
        return (error.kind, error.description)
    } catch {
        return (nil, "not an InjectionError: \(error)")
    }
}

// MARK: - Specifications

@Suite(
    "A fills of several classes composed with scopes, overrides, subclasses, errors, cycles, async and threads",
    .serialized  // two specifications build the order fixtures, which write one journal
)
struct FillGroupCompositionTests {
    // MARK: First and warm builds

    @Test(
        "a group's closure is called once per object on the first build and on warm ones, with new values each time, before the object's only awake"
    )
    func firstAndWarmBuilds() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            var kept: [AnyObject] = []  // kept, so that no identifier below is reused
            for _ in 0..<4 {
                let rig = try injector.getObject(GrpRig.self)
                #expect(shape(of: rig) == rigShape(), "\(engine)")
                kept += rig.objects
                let yard = try injector.getObject(GrpYard.self)
                #expect(yard.calls == 1, "\(engine)")
                #expect(shape(of: yard.first) == rigShape() && shape(of: yard.second) == rigShape(), "\(engine)")
                #expect(summary(of: yard.frame) == "GrpFrame(built) filled awoken 1", "\(engine)")
                kept += yard.first.objects + yard.second.objects + [yard, yard.frame, yard.frame.lamp, yard.frame.bolt]
            }
            #expect(Set(kept.map(ObjectIdentifier.init)).count == kept.count, "every object new, \(engine)")
            if accelerators.contains(.compiledPlans) {
                #expect(
                    try injector.runsLinkedBuild(of: GrpRig.self) && injector.runsLinkedBuild(of: GrpYard.self),
                    "\(engine)")
            }
        }
    }

    @Test(
        "initializers run in declaration order, a leaf before an inner node included, and closures and awakes after their members, on every build and in every engine"
    )
    func initializerOrder() throws {
        let root = [
            "Root.init", "Leaf.init", "Inner.init", "Lamp.init", "Lamp.awake", "Plain.init", "Inner.assign",
            "Inner.awake", "Plain.init", "Plain.init", "Root.assign", "Root.awake",
        ]
        let top = ["Top.init"] + root + ["Leaf.init", "Top.assign"]
        var transcripts: [[String]] = []
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            _ = takeGrpOrderJournal()
            var transcript: [String] = []
            for build in 0..<4 {
                _ = try injector.getObject(GrpOrdRoot.self)
                let rootEntries = takeGrpOrderJournal()
                #expect(rootEntries == root, "root build \(build), \(engine)")
                _ = try injector.getObject(GrpOrdTop.self)
                let topEntries = takeGrpOrderJournal()
                #expect(topEntries == top, "top build \(build), \(engine)")
                transcript += rootEntries + topEntries
            }
            for _ in 0..<3 {
                let handMade = GrpOrdRoot()
                _ = takeGrpOrderJournal()
                try injector.injectDependencies(into: handMade)
                #expect(takeGrpOrderJournal() == Array(root.dropFirst()), "injectDependencies(into:), \(engine)")
            }
            transcripts.append(transcript)
        }
        #expect(Set(transcripts).count == 1, "the first build and the warm ones agree in every engine")
    }

    @Test(
        "a declared initializer builds a member or a holder, never its init(), on warm builds too; a holder with initializer dependencies gets its group"
    )
    func declaredInitializers() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            for _ in 0..<4 {
                let top = try injector.getObject(GrpMadeTop.self)
                #expect(top.holder.summary == "declared calls 1 lamp 1 made factory tagged declared", "\(engine)")
                #expect(top.dependent.summary == "calls 1 lamp 1 seal plain", "\(engine)")
                #expect(top.made.origin == "factory", "\(engine)")
                #expect(
                    try injector.getObject(GrpMadeHolder.self).summary
                        == "declared calls 1 lamp 1 made factory tagged declared", "\(engine)")
            }
            if accelerators.contains(.compiledPlans) {
                #expect(try injector.runsLinkedBuild(of: GrpDependentHolder.self), "\(engine)")
            }
        }
    }

    // MARK: Scopes

    @Test(
        "a singleton member is one instance in every build, a .graph member one per build wherever the build reaches it, a .weak one shared while held"
    )
    func memberScopes() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            weak var weakHeld: GrpHeld?
            do {
                var offices: [GrpOffice] = []  // kept, so that no identifier below is reused
                for _ in 0..<4 {
                    let office = try injector.getObject(GrpOffice.self)
                    #expect(office.calls == 1, "\(engine)")
                    #expect(office.shared === office.sharedAgain && office.ledger.shared === office.shared, "\(engine)")
                    #expect(office.only === office.ledger.only, "\(engine)")
                    #expect(office.shared.awakeCount == 1 && office.only.awakeCount == 1, "\(engine)")
                    offices.append(office)
                }
                let only = try injector.getObject(GrpOnly.self)
                #expect(offices.allSatisfy { $0.only === only }, "\(engine)")
                #expect(Set(offices.map { ObjectIdentifier($0.shared) }).count == 4, "\(engine)")
                #expect(Set(offices.map { ObjectIdentifier($0.held) }).count == 1, "\(engine)")
                #expect(Set(offices.map { ObjectIdentifier($0.bolt) }).count == 4, "\(engine)")
                weakHeld = offices[0].held
            }
            #expect(weakHeld == nil, "released with the last office, \(engine)")
            let office = try injector.getObject(GrpOffice.self)
            #expect(office.held != nil && office.calls == 1, "\(engine)")
        }
    }

    @Test(
        "a member a module makes a singleton is one instance in every build, where the plans of an injector without it make a new one"
    )
    func moduleScopes() throws {
        let singletons = GrpBindings { binder in
            binder.setScope(.singleton, for: GrpBolt.self)
            binder.bind(GrpSeal.self, to: GrpFancySeal.self, scope: .singleton)
            binder.setScope(.singleton, for: GrpRig.self)
        }
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators, [singletons])
            let plain = try makeInjector(accelerators)
            var yards: [GrpYard] = []  // kept, so that no identifier below is reused
            for _ in 0..<4 {
                let yard = try injector.getObject(GrpYard.self)
                #expect(yard.first === yard.second && yard.calls == 1, "\(engine)")
                #expect(shape(of: yard.first) == rigShape(seal: "fancy"), "\(engine)")
                #expect(yard.frame.bolt === yard.first.bolt, "\(engine)")
                yards.append(yard)
                yards.append(try plain.getObject(GrpYard.self))
            }
            let rig = try injector.getObject(GrpRig.self)
            let bolt = try injector.getObject(GrpBolt.self)
            #expect(yards.enumerated().allSatisfy { $0.offset.isMultiple(of: 2) ? $0.element.first === rig : true })
            let seal = try injector.getObject(GrpSeal.self)
            #expect(rig.bolt === bolt && rig.seal === seal, "\(engine)")
            let plainBolts = yards.enumerated().filter { !$0.offset.isMultiple(of: 2) }.flatMap {
                [$0.element.first.bolt!, $0.element.second.bolt!, $0.element.frame.bolt!]
            }
            #expect(Set(plainBolts.map(ObjectIdentifier.init)).count == 12, "\(engine)")
        }
    }

    @Test("a singleton holder of a group is built, filled and awoken once, and every holder of it gets that one")
    func singletonHolder() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            var docks: [GrpDock] = []  // kept, so that no identifier below is reused
            for _ in 0..<4 { docks.append(try injector.getObject(GrpDock.self)) }
            let depot = try injector.getObject(GrpDepot.self)
            #expect(docks.allSatisfy { $0.depot === depot && shape(of: $0.rig) == rigShape() }, "\(engine)")
            #expect(depot.calls == 1 && depot.awakeCount == 1 && depot.bolt != nil, "\(engine)")
            #expect(summary(of: depot.frame) == "GrpFrame(built) filled awoken 1", "\(engine)")
            #expect(Set(docks.map { ObjectIdentifier($0.rig) }).count == 4, "\(engine)")
            for _ in 0..<4 {
                let holder = try injector.getObject(GrpDockHolder.self)
                #expect(holder.dock.depot === depot && shape(of: holder.dock.rig) == rigShape(), "\(engine)")
            }
            if accelerators.contains(.compiledPlans) {
                #expect(
                    try injector.runsLinkedBuild(of: GrpDock.self) && injector.runsLinkedBuild(of: GrpDockHolder.self),
                    "\(engine)")
            }
            let eager = try makeInjector(accelerators, [GrpBindings { $0.eagerSingleton(GrpDepot.self) }])
            let eagerDepot = try eager.getObject(GrpDepot.self)
            #expect(eagerDepot.calls == 1 && eagerDepot.awakeCount == 1 && eagerDepot !== depot, "\(engine)")
            #expect(summary(of: eagerDepot.frame) == "GrpFrame(built) filled awoken 1", "\(engine)")
        }
    }

    // MARK: Child injectors

    @Test(
        "a child's override of a member reaches every group that holds it, before and after the parent warms; the parent's builds never see it",
        arguments: GrpOverride.allCases)
    fileprivate func childOverride(_ override: GrpOverride) throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            for parentWarmsFirst in [false, true] {
                let context = "\(engine), parent warm first: \(parentWarmsFirst)"
                let frame = GrpFixedFrame()
                let seal = GrpFancySeal()
                let bolt = GrpBolt()
                let parent = try makeInjector(accelerators)
                if parentWarmsFirst {
                    for _ in 0..<3 {
                        #expect(shape(of: try parent.getObject(GrpRig.self)) == rigShape(), "\(context)")
                        _ = try parent.getObject(GrpYard.self)
                    }
                }
                let child = try parent.childInjector(modules: [override.module(frame: frame, seal: seal, bolt: bolt)])
                var rigs: [GrpRig] = []
                for _ in 0..<4 {
                    let rig = try child.getObject(GrpRig.self)
                    #expect(shape(of: rig) == override.childShape, "\(context)")
                    let yard = try child.getObject(GrpYard.self)
                    #expect(shape(of: yard.first) == override.childShape, "\(context)")
                    #expect(shape(of: yard.second) == override.childShape, "\(context)")
                    rigs += [rig, yard.first, yard.second]
                }
                for _ in 0..<3 {
                    #expect(shape(of: try parent.getObject(GrpRig.self)) == rigShape(), "\(context)")
                    let yard = try parent.getObject(GrpYard.self)
                    #expect(shape(of: yard.first) == rigShape() && yard.first.bolt !== bolt, "\(context)")
                    #expect(yard.first.seal !== seal && yard.frame !== frame, "\(context)")
                }
                for _ in 0..<3 {
                    let handMade = GrpRig()
                    try child.injectDependencies(into: handMade)
                    #expect(shape(of: handMade) == override.childShape, "injectDependencies(into:), \(context)")
                }
                switch override {
                case .sealToInstance: #expect(rigs.allSatisfy { $0.seal === seal }, "\(context)")
                case .frameToInstance:
                    #expect(rigs.allSatisfy { $0.frame === frame }, "\(context)")
                    #expect(frame.calls == 0 && frame.awakeCount == 0, "an instance is not filled or awoken")
                case .boltToInstance:
                    #expect(rigs.allSatisfy { $0.bolt === bolt && $0.frame.bolt === bolt }, "\(context)")
                default: #expect(Set(rigs.map { ObjectIdentifier($0.seal) }).count == rigs.count, "\(context)")
                }
                if accelerators.contains(.compiledPlans) {
                    #expect(try parent.runsLinkedBuild(of: GrpYard.self), "\(context)")
                    if override != .sealToClosure { #expect(try child.runsLinkedBuild(of: GrpYard.self), "\(context)") }
                }
            }
        }
    }

    @Test(
        "a grandchild's override and its parent's both reach the groups of the grandchild's builds; each level keeps its own"
    )
    func grandchild() throws {
        let wide = "GrpWideFrame(built) filled awoken 1"
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            let child = try parent.childInjector(modules: [
                GrpBindings { $0.bind(GrpFrame.self, to: GrpWideFrame.self) }
            ])
            let grandchild = try child.childInjector(modules: [
                GrpBindings { $0.bind(GrpSeal.self, to: GrpFancySeal.self) }
            ])
            for _ in 0..<4 {
                let yard = try grandchild.getObject(GrpYard.self)
                #expect(shape(of: yard.first) == rigShape(frame: wide, seal: "fancy"), "\(engine)")
                #expect((yard.frame as? GrpWideFrame)?.seal.label == "fancy", "\(engine)")
                #expect(shape(of: try child.getObject(GrpRig.self)) == rigShape(frame: wide), "\(engine)")
                #expect(shape(of: try parent.getObject(GrpRig.self)) == rigShape(), "\(engine)")
            }
        }
    }

    // MARK: Subclasses

    @Test(
        "a subclass that adds a group to its superclass's gets both, one that inherits it gets it, and each is built as its own class, on warm builds too"
    )
    func subclasses() throws {
        let expected = [
            "GrpFrame(built) filled awoken 1", "GrpWideFrame(built) filled awoken 1",
            "GrpPlainSubFrame(subclass init) filled awoken 1", "GrpKeyedFrame(built) filled awoken 1",
        ]
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            for _ in 0..<4 {
                let frames: [GrpFrame] = [
                    try injector.getObject(GrpFrame.self), try injector.getObject(GrpWideFrame.self),
                    try injector.getObject(GrpPlainSubFrame.self), try injector.getObject(GrpKeyedFrame.self),
                ]
                #expect(frames.map { summary(of: $0) } == expected, "\(engine)")
                let wide = try #require(frames[1] as? GrpWideFrame)
                #expect(wide.calls == 1 && wide.wideCalls == 1 && wide.seal.label == "plain", "\(engine)")
            }
            let child = try injector.childInjector(modules: [
                GrpBindings { $0.bind(GrpFrame.self, to: GrpPlainSubFrame.self) }
            ])
            for _ in 0..<4 {
                let yard = try child.getObject(GrpYard.self)
                #expect(shape(of: yard.first) == rigShape(frame: expected[2]), "\(engine)")
                #expect(summary(of: yard.frame) == expected[2], "\(engine)")
            }
            for _ in 0..<3 {
                let wide: GrpFrame = GrpWideFrame()
                try injector.injectDependencies(into: wide)
                #expect(summary(of: wide) == expected[1], "injectDependencies(into:), \(engine)")
                let inherited: GrpFrame = GrpPlainSubFrame()
                try injector.injectDependencies(into: inherited)
                #expect(summary(of: inherited) == expected[2], "injectDependencies(into:), \(engine)")
            }
        }
    }

    // MARK: Errors

    @Test(
        "a plain leaf's throwing init() that ends a group fails with the chain through the group, as on the first build; nothing is cached"
    )
    func throwingLeafMember() throws {
        let expected = """
            initializerFailed: the initializer of GrpBadLeaf threw: cracked on purpose
              Requested: GrpBadRoot
              Chain: GrpBadRoot.fills(GrpBadHolder) → GrpBadHolder.fills(GrpBadLeaf) (declared at \(#fileID):\(GrpBadHolder.requiresLine))
              To fix: make the initializer of GrpBadLeaf succeed; nothing it started was cached.
            """
        var messages: [String] = []
        for accelerators in engines {
            let engine = engineName(accelerators)
            GrpBadLeaf.failing.store(true, ordering: .relaxed)
            let cold = try makeInjector(accelerators)
            let first = failure { try cold.getObject(GrpBadRoot.self) }
            GrpBadLeaf.failing.store(false, ordering: .relaxed)
            let injector = try makeInjector(accelerators)
            for _ in 0..<3 { #expect(try injector.getObject(GrpBadRoot.self).holder.bad != nil, "\(engine)") }
            if accelerators.contains(.compiledPlans) {
                #expect(try injector.runsLinkedBuild(of: GrpBadRoot.self), "\(engine)")
            }
            GrpBadLeaf.failing.store(true, ordering: .relaxed)
            let warm = failure { try injector.getObject(GrpBadRoot.self) }
            let warmAgain = failure { try injector.getObject(GrpBadRoot.self) }
            GrpBadLeaf.failing.store(false, ordering: .relaxed)
            #expect(first.kind == .initializerFailed && warm.kind == .initializerFailed, "\(engine)")
            #expect(first.text == expected, "first build, \(engine)")
            #expect(warm.text == expected && warmAgain.text == expected, "warm build, \(engine)")
            messages += [first.text, warm.text]
            for built in [try injector.getObject(GrpBadRoot.self), try cold.getObject(GrpBadRoot.self)] {
                #expect(built.holder.bad != nil && built.holder.lamp.awakeCount == 1 && built.bolt != nil, "\(engine)")
            }
        }
        #expect(Set(messages).count == 1, "\(messages)")
    }

    @Test(
        "an inner node's throwing init() in a group, and a group holder's own, fail with the same chain on the first and warm builds"
    )
    func throwingInnerMember() throws {
        let nested = """
            initializerFailed: the initializer of GrpBadInner threw: cracked on purpose
              Requested: GrpBadInnerRoot
              Chain: GrpBadInnerRoot.fills(GrpBadInner) (declared at \(#fileID):\(GrpBadInnerRoot.requiresLine))
              To fix: make the initializer of GrpBadInner succeed; nothing it started was cached.
            """
        let alone = """
            initializerFailed: the initializer of GrpBadInner threw: cracked on purpose
              Requested: GrpBadInner
              To fix: make the initializer of GrpBadInner succeed; nothing it started was cached.
            """
        var messages: [String] = []
        for accelerators in engines {
            let engine = engineName(accelerators)
            GrpBadInner.failing.store(true, ordering: .relaxed)
            let cold = try makeInjector(accelerators)
            let firsts = [
                failure { try cold.getObject(GrpBadInnerRoot.self) }, failure { try cold.getObject(GrpBadInner.self) },
            ]
            GrpBadInner.failing.store(false, ordering: .relaxed)
            let injector = try makeInjector(accelerators)
            for _ in 0..<3 {
                let root = try injector.getObject(GrpBadInnerRoot.self)
                #expect(root.inner.bolt != nil && root.inner.lamp.awakeCount == 1 && root.bolt != nil, "\(engine)")
                _ = try injector.getObject(GrpBadInner.self)
            }
            if accelerators.contains(.compiledPlans) {
                #expect(
                    try injector.runsLinkedBuild(of: GrpBadInnerRoot.self)
                        && injector.runsLinkedBuild(of: GrpBadInner.self), "\(engine)")
            }
            GrpBadInner.failing.store(true, ordering: .relaxed)
            let warms = [
                failure { try injector.getObject(GrpBadInnerRoot.self) },
                failure { try injector.getObject(GrpBadInner.self) },
            ]
            GrpBadInner.failing.store(false, ordering: .relaxed)
            #expect(firsts.map(\.text) == [nested, alone], "first build, \(engine)")
            #expect(warms.map(\.text) == [nested, alone], "warm build, \(engine)")
            #expect((firsts + warms).allSatisfy { $0.kind == .initializerFailed }, "\(engine)")
            messages += (firsts + warms).map(\.text)
            #expect(try injector.getObject(GrpBadInnerRoot.self).inner.lamp.awakeCount == 1, "\(engine)")
        }
        #expect(Set(messages).count == 2, "\(messages)")
    }

    @Test("a singleton whose group fails is not cached half-built: the next request builds a whole one")
    func failedSingletonIsNotCached() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            let before = GrpFlakyDepot.made.withLock { $0.count }
            GrpFlakyLeaf.failing.store(true, ordering: .relaxed)
            let error = failure { try injector.getObject(GrpFlakyUser.self) }
            let again = failure { try injector.getObject(GrpFlakyDepot.self) }
            GrpFlakyLeaf.failing.store(false, ordering: .relaxed)
            #expect(error.kind == .initializerFailed && again.kind == .initializerFailed, "\(engine)")
            #expect(error.text.contains("Chain: GrpFlakyUser.fills(GrpFlakyDepot) → GrpFlakyDepot.fills(GrpFlakyLeaf)"))
            var users: [GrpFlakyUser] = []
            for _ in 0..<4 { users.append(try injector.getObject(GrpFlakyUser.self)) }
            let made = GrpFlakyDepot.made.withLock { Array($0[before...]) }
            #expect(made.count == 3, "two failed attempts, then one whole depot, \(engine)")
            let depot = try injector.getObject(GrpFlakyDepot.self)
            #expect(depot === made.last && users.allSatisfy { $0.depot === depot }, "\(engine)")
            #expect(depot.calls == 1 && depot.awakeCount == 1 && depot.flaky != nil, "\(engine)")
            #expect(depot.lamp.awakeCount == 1, "\(engine)")
            #expect(made.dropLast().allSatisfy { $0.calls == 0 && $0.awakeCount == 0 }, "\(engine)")
        }
    }

    @Test(
        "a member bound to something that is not of its class fails with a typed error on every build, never written",
        arguments: GrpWrongBolt.allCases)
    fileprivate func wrongClassMember(_ wrong: GrpWrongBolt) throws {
        var messages: [String] = []
        for accelerators in engines {
            let engine = engineName(accelerators)
            for parentWarmsFirst in [false, true] {
                let parent = try makeInjector(accelerators)
                if parentWarmsFirst { for _ in 0..<3 { _ = try parent.getObject(GrpYard.self) } }
                let child = try parent.childInjector(modules: [wrong.module])
                for _ in 0..<3 {
                    let error = failure { try child.getObject(GrpYard.self) }
                    let expectedKind: InjectionError.Kind =
                        wrong == .provider ? .instanceDoesNotConform : .typeDoesNotConform
                    #expect(error.kind == expectedKind, "\(engine): \(error.text)")
                    #expect(error.text.contains("GrpStranger"), "\(engine): \(error.text)")
                    #expect(
                        error.text.contains("GrpYard.fills(GrpRig) → GrpRig.fills(GrpFrame) → GrpFrame.fills(GrpBolt)"),
                        "\(engine): \(error.text)")
                    messages.append(error.text)
                }
                #expect(shape(of: try parent.getObject(GrpYard.self).first) == rigShape(), "\(engine)")
            }
        }
        #expect(Set(messages).count == 1, "\(messages)")
    }

    // MARK: Cycles

    @Test(
        "a member pointing back to a shared object still in its initializer is a cycle error that says to declare it alone, from either end; the injector stays usable"
    )
    func backReferenceIsACycle() throws {
        var messages: [String] = []
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            for _ in 0..<3 {
                let fromOwner = failure { try injector.getObject(GrpOwner.self) }
                let fromPet = failure { try injector.getObject(GrpPet.self) }
                let fromGraphOwner = failure { try injector.getObject(GrpGraphOwner.self) }
                for error in [fromOwner, fromPet] {
                    #expect(error.kind == .cycle, "\(engine): \(error.text)")
                    #expect(
                        error.text.contains("GrpPet.fills(GrpOwner) points back to GrpOwner"),
                        "\(engine): \(error.text)")
                    #expect(error.text.contains("declare"), "\(engine): \(error.text)")
                    #expect(error.text.contains("initializer is still running"), "\(engine): \(error.text)")
                }
                #expect(fromOwner.text == backReference(requested: "GrpOwner", chain: []), "\(engine)")
                #expect(fromPet.text == backReference(requested: "GrpPet", chain: ["GrpPet.fills(GrpOwner)"]))
                #expect(
                    fromGraphOwner.kind == .cycle && fromGraphOwner.text.contains("declare"), "\(fromGraphOwner.text)")
                #expect(fromGraphOwner.text.contains("fills(GrpGraphOwner)"), "\(fromGraphOwner.text)")
                messages.append(fromOwner.text)
                #expect(try injector.getObject(GrpRig.self).calls == 1, "\(engine)")
            }
            // The fix the message proposes works.
            for _ in 0..<3 {
                let owner = try injector.getObject(GrpFixedOwner.self)
                #expect(owner.pet.owner === owner && owner.pet.ownerSeenAtAwake && owner.pet.lamp.awakeCount == 1)
                let pet = try injector.getObject(GrpFixedPet.self)
                #expect(pet.owner === owner && pet.owner.pet !== pet && pet.bolt != nil, "\(engine)")
            }
        }
        #expect(Set(messages).count == 1, "\(messages)")
    }

    /// The error of a build of `requested` that meets ``GrpPet``'s back reference to
    /// ``GrpOwner`` after `chain`.
    private func backReference(requested: String, chain: [String]) -> String {
        let links = (chain + ["GrpOwner.init(GrpPet)", "GrpPet.fills(GrpOwner)"]).joined(separator: " → ")
        return """
            cycle: GrpPet.fills(GrpOwner) points back to GrpOwner, whose initializer is still running, and it is written by one closure with the other classes of its fills(...), which cannot wait for GrpOwner to exist.
              Requested: \(requested)
              Chain: \(links) (declared at \(#fileID):\(GrpPet.requiresLine))
              To fix: declare GrpPet.fills(GrpOwner) alone, with its own fills(...) { ... }: it is then written once GrpOwner exists.
            """
    }

    @Test(
        "validate() reports a member that points back to a shared object still in its initializer, with the message a build throws"
    )
    func validateFindsBackReference() {
        let report = Injector().validate(roots: [GrpOwner.self, GrpGraphOwner.self])
        let built = [
            failure { try Injector().getObject(GrpOwner.self) },
            failure { try Injector().getObject(GrpGraphOwner.self) },
        ]
        #expect(report.problems.map(\.kind) == [.cycle, .cycle], "\(report)")
        #expect(report.problems.map(\.description) == built.map(\.text), "\(report)")
        #expect(Injector().validate(roots: [GrpFixedOwner.self, GrpFixedPet.self]).isValid)
    }

    @Test(
        "singletons whose groups hold each other resolve, both filled before either awakes; a .normal node in the cycle awakes after the singleton is filled"
    )
    func singletonCycles() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            let ping = try injector.getObject(GrpPing.self)
            #expect(ping.pong.ping === ping && ping.calls == 1 && ping.pong.calls == 1, "\(engine)")
            #expect(ping.cycleFilledWhenAwoken && ping.pong.cycleFilledWhenAwoken, "\(engine)")
            #expect(try injector.getObject(GrpPong.self) === ping.pong, "\(engine)")

            let other = try makeInjector(accelerators)
            let pong = try other.getObject(GrpPong.self)
            #expect(pong.ping.pong === pong && pong.cycleFilledWhenAwoken && pong.ping.cycleFilledWhenAwoken)

            let rigging = try injector.getObject(GrpRigging.self)
            let mast = try injector.getObject(GrpMast.self)
            #expect(rigging.mast === mast && mast.rigging.mast === mast && mast.rigging !== rigging, "\(engine)")
            #expect(mast.awakeCount == 1 && mast.rigging.awakeCount == 1, "\(engine)")
            #expect(rigging.mastFilledWhenAwoken && mast.rigging.mastFilledWhenAwoken, "\(engine)")
            var riggings: [GrpRigging] = []  // kept, so that no identifier below is reused
            for _ in 0..<4 {
                let next = try injector.getObject(GrpRigging.self)
                #expect(next.mast === mast && next.awakeCount == 1 && next.lamp.awakeCount == 1, "\(engine)")
                riggings.append(next)
            }
            #expect(Set(riggings.map(ObjectIdentifier.init)).count == 4, "\(engine)")

            let selfish = try injector.getObject(GrpSelfish.self)
            #expect(selfish.me === selfish && selfish.awakeCount == 1 && selfish.filledWhenAwoken, "\(engine)")
        }
    }

    @Test("a cycle of .normal nodes through groups is a cycle error naming the path, on every request")
    func normalCycle() throws {
        let expected = """
            cycle: the requirements form a cycle with no singleton, graph or weak-scoped object: GrpTick.fills(GrpTock) → GrpTock.fills(GrpTick) → GrpTick.
              Requested: GrpTick
              Chain: GrpTick.fills(GrpTock) → GrpTock.fills(GrpTick) (declared at \(#fileID):\(GrpTock.requiresLine))
              To fix: give one type in the cycle .singleton, .graph or .weak scope, or make one requirement a Provider so it is built later.
            """
        for accelerators in engines {
            let injector = try makeInjector(accelerators)
            for _ in 0..<3 {
                let error = failure { try injector.getObject(GrpTick.self) }
                #expect(error.kind == .cycle && error.text == expected, "\(engineName(accelerators)): \(error.text)")
            }
        }
    }

    // MARK: Async and the main actor

    @Test(
        "await getObject builds group holders as getObject does, and a member bound to an async closure, which a synchronous request refuses"
    )
    func asyncBuilds() async throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            for _ in 0..<3 {
                let yard = try await injector.getObject(GrpYard.self)
                #expect(shape(of: yard.first) == rigShape() && shape(of: yard.second) == rigShape(), "\(engine)")
                #expect(try buildSynchronously(GrpYard.self, from: injector).calls == 1, "\(engine)")
            }
            let child = try injector.childInjector(modules: [asyncSeals, asyncDepots])
            let refused = failure { try buildSynchronously(GrpYard.self, from: child) }
            #expect(refused.kind == .asyncRequired, "\(engine): \(refused.text)")
            var depots: Set<ObjectIdentifier> = []
            var kept: [GrpAsyncDock] = []  // kept, so that no identifier below is reused
            for _ in 0..<4 {
                let yard = try await child.getObject(GrpYard.self)
                #expect(yard.calls == 1, "\(engine)")
                #expect(shape(of: yard.first) == rigShape(seal: "fancy"), "\(engine)")
                #expect(shape(of: yard.second) == rigShape(seal: "fancy"), "\(engine)")
                let dock = try await child.getObject(GrpAsyncDock.self)
                #expect(shape(of: dock.rig) == rigShape(seal: "fancy") && dock.bolt != nil, "\(engine)")
                depots.insert(ObjectIdentifier(dock.depot))
                kept.append(dock)
            }
            #expect(depots.count == 1, "\(engine)")
            #expect(shape(of: try await injector.getObject(GrpRig.self)) == rigShape(), "the parent's seals stay plain")

            // Errors, as a synchronous request reports them.
            for _ in 0..<3 { _ = try await injector.getObject(GrpAsyncFuseRack.self) }
            GrpAsyncFuse.failing.store(true, ordering: .relaxed)
            let synchronous = failure { try buildSynchronously(GrpAsyncFuseRack.self, from: injector) }
            var awaited: (kind: InjectionError.Kind?, text: String) = (nil, "no error")
            do {
                _ = try await injector.getObject(GrpAsyncFuseRack.self)
            } catch let error as InjectionError {
                awaited = (error.kind, error.description)
            }
            GrpAsyncFuse.failing.store(false, ordering: .relaxed)
            #expect(synchronous.kind == .initializerFailed && awaited.text == synchronous.text, "\(engine)")
            #expect(
                awaited.text.contains(
                    "Chain: GrpAsyncFuseRack.fills(GrpAsyncFuseBox) → GrpAsyncFuseBox.fills(GrpAsyncFuse)"),
                "\(engine): \(awaited.text)")
            var cycle: InjectionError.Kind?
            do {
                _ = try await injector.getObject(GrpOwner.self)
            } catch let error as InjectionError {
                cycle = error.kind
            }
            #expect(cycle == .cycle, "\(engine)")
            #expect(try await injector.getObject(GrpAsyncFuseRack.self).box.fuse != nil, "\(engine)")
        }
    }

    @Test("a main-actor object holding group holders gets them built, on warm builds too")
    @MainActor
    func mainActorHolder() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            for _ in 0..<4 {
                let panel = try injector.getObject(GrpPanel.self)
                #expect(shape(of: panel.rig) == rigShape() && shape(of: panel.yard.second) == rigShape(), "\(engine)")
                #expect(panel.yard.calls == 1 && panel.yard.first !== panel.yard.second, "\(engine)")
            }
        }
    }

    // MARK: Threads

    @Test(
        "threads building a tree of groups at once through a parent and its child get every object filled and awoken once"
    )
    func threads() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            let child = try parent.childInjector(modules: [GrpBindings { $0.bind(GrpSeal.self, to: GrpFancySeal.self) }]
            )
            let leavesBefore = GrpThreadLeaf.made.load(ordering: .relaxed)
            let innersBefore = (
                GrpThreadInner.made.load(ordering: .relaxed), GrpThreadInner.awoken.load(ordering: .relaxed)
            )
            let problems = Mutex<[String]>([])
            let depots = Mutex<[Int: Set<ObjectIdentifier>]>([:])
            let buildsPerThread = 60
            onThreads(8) { index in
                let injector = index.isMultiple(of: 2) ? parent : child
                let seal = index.isMultiple(of: 2) ? "plain" : "fancy"
                for _ in 0..<buildsPerThread {
                    do {
                        let root = try injector.getObject(GrpThreadRoot.self)
                        if let problem = root.problem(seal: seal) { problems.withLock { $0.append(problem) } }
                        depots.withLock { _ = $0[index % 2, default: []].insert(ObjectIdentifier(root.depot)) }
                    } catch {
                        problems.withLock { $0.append("\(error)") }
                    }
                }
            }
            #expect(problems.withLock { $0 } == [], "\(engine)")
            let seen = depots.withLock { $0 }
            #expect(seen[0]?.count == 1 && seen[0] == seen[1], "the parent's depot, shared with the child, \(engine)")
            let builds = 8 * buildsPerThread
            #expect(GrpThreadLeaf.made.load(ordering: .relaxed) - leavesBefore == 3 * builds, "\(engine)")
            let inners = (
                GrpThreadInner.made.load(ordering: .relaxed) - innersBefore.0,
                GrpThreadInner.awoken.load(ordering: .relaxed) - innersBefore.1
            )
            #expect(inners.0 == 2 * builds && inners.1 == inners.0, "\(engine)")
            if accelerators.contains(.compiledPlans) {
                #expect(
                    try parent.runsLinkedBuild(of: GrpThreadRoot.self) && child.runsLinkedBuild(of: GrpThreadRoot.self),
                    "\(engine)")
            }
        }
    }

    // MARK: Diagnostics

    @Test("validate() and graph() show each member of a group as a requirement of its own")
    func validateAndGraph() throws {
        let injector = try Injector(modules: [GrpBindings { $0.bind((any GrpFeed).self, to: GrpLiveFeed.self) }])
        #expect(injector.validate(roots: [GrpTower.self, GrpYard.self, GrpMixedHolder.self]).isValid)
        #expect(
            injector.graph(roots: [GrpYard.self]).textTree == """
                GrpYard (normal)
                ├─ fills: GrpRig (normal)
                │  ├─ fills: GrpFrame (normal)
                │  │  ├─ fills: GrpLamp (normal)
                │  │  └─ fills: GrpBolt (normal)
                │  ├─ fills: GrpLamp (normal)
                │  ├─ fills: GrpSeal (normal)
                │  └─ fills: GrpBolt (normal)
                ├─ fills: GrpRig (normal) (see above)
                └─ fills: GrpFrame (normal) (see above)

                """)
        let dot = injector.graph(roots: [GrpTower.self]).dot
        for member in ["GrpBolt", "GrpStation", "GrpLamp", "GrpLiveFeed"] {
            #expect(dot.contains(member), "\(dot)")
        }
        #expect(
            InjectableMetadata.of(GrpTower.self).requirements.map(\.label) == [
                "fills(GrpBolt)", "fills(GrpStation)", "fills(GrpLamp)",
            ])

        let report = Injector().validate(roots: [GrpTower.self])
        let fix = try #require(report.problems.first).fix
        #expect(
            report.description == """
                Validation failed for 1 problem:

                1. noBinding: nothing is bound to any GrpFeed, and it cannot be built automatically.
                   Requested: GrpTower
                   Chain: GrpTower.fills(GrpStation) → GrpStation.fills(any GrpFeed) (declared at \(#fileID):\(GrpStation.requiresLine))
                   To fix: \(fix)
                """)
        let error = failure { try Injector().getObject(GrpTower.self) }
        #expect(
            error.kind == .noBinding
                && error.text.contains("Chain: GrpTower.fills(GrpStation) → GrpStation.fills(any GrpFeed)"))
    }

    @Test(
        "audit() does not report a group's filled properties; it reports an unlisted nil property, and one of a member's class as possibly required"
    )
    func audit() throws {
        let injector = try Injector(modules: [GrpBindings { $0.bind((any GrpFeed).self, to: GrpLiveFeed.self) }])
        let rig = try injector.getObject(GrpRig.self)
        #expect(injector.audit(rig).isClean, "\(injector.audit(rig))")
        let yardReport = try injector.audit(graphOf: GrpYard.self)
        #expect(yardReport.isClean, "\(yardReport)")
        let tower = try injector.getObject(GrpTower.self)
        let findings = injector.audit(tower).findings.map { "\($0.kind) \($0.property)" }
        #expect(findings == ["possiblyRequired spare", "unlisted note"], "\(findings)")
        let graphFindings = try injector.audit(graphOf: GrpTowerYard.self).findings.map {
            "\($0.kind) \($0.typeName).\($0.property)"
        }
        #expect(graphFindings == ["possiblyRequired GrpTower.spare", "unlisted GrpTower.note"], "\(graphFindings)")
    }

    // MARK: Many members and mixed requirements

    @Test("a group of ten members gets each value at its position, made in declaration order, on every build")
    func tenMembers() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            var kept: [GrpTen] = []  // kept, so that no identifier below is reused
            for _ in 0..<4 {
                let ten = try injector.getObject(GrpTen.self)
                #expect(ten.calls == 1 && ten.objects.count == 10, "\(engine)")
                #expect(zip(ten.serials, ten.serials.dropFirst()).allSatisfy { $0 < $1 }, "\(ten.serials), \(engine)")
                #expect(ten.lamp.awakeCount == 1 && ten.seal.label == "plain", "\(engine)")
                #expect(ten.inner.first.serial < ten.inner.second.serial && ten.inner.serial < ten.inner.first.serial)
                let types = ten.objects.map { "\(type(of: $0))" }
                #expect(
                    types == [
                        "GrpNumbered", "GrpNumbered", "GrpNumberedInner", "GrpLamp", "GrpNumbered", "GrpSeal",
                        "GrpNumbered", "GrpNumberedInner", "GrpNumbered", "GrpNumbered",
                    ], "\(engine)")
                kept.append(ten)
            }
            let all = kept.flatMap(\.objects)
            #expect(Set(all.map(ObjectIdentifier.init)).count == 40, "\(engine)")
            if accelerators.contains(.compiledPlans) {
                #expect(try injector.runsLinkedBuild(of: GrpTen.self), "\(engine)")
            }
        }
    }

    @Test(
        "groups among closure and key-path requirements are written in declaration order, each closure once, on every build and through injectDependencies(into:)"
    )
    func mixedRequirements() throws {
        let expected = ["group 1", "seal", "keyedLamp", "keyedFrame", "group 2", "group 3"]
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            _ = takeGrpMixedJournal()
            for _ in 0..<4 {
                let mixed = try injector.getObject(GrpMixed.self)
                #expect(mixed.awakeCount == 1 && mixed.filledWhenAwoken, "\(engine)")
                #expect(takeGrpMixedJournal() == expected)
                let holder = try injector.getObject(GrpMixedHolder.self)
                #expect(holder.mixed.awakeCount == 1 && holder.mixed.filledWhenAwoken && holder.bolt != nil)
                #expect(takeGrpMixedJournal() == expected)
                let handMade = GrpMixed()
                try injector.injectDependencies(into: handMade)
                #expect(handMade.awakeCount == 1 && handMade.filledWhenAwoken, "\(engine)")
                #expect(takeGrpMixedJournal() == expected)
            }
            if accelerators.contains(.compiledPlans) {
                #expect(try injector.runsLinkedBuild(of: GrpMixedHolder.self), "\(engine)")
            }
        }
    }

    // MARK: Generic holders, deep chains, re-entrancy, factories

    @Test("generic holders of groups are built as their own classes, each with its own members, on every build")
    func genericHolders() throws {
        let expected = [
            "GrpPair<GrpBolt, GrpLamp> 1 GrpBolt 1", "GrpPair<GrpLamp, GrpBolt> 1 1 GrpBolt",
            "GrpPair<GrpPair<GrpBolt, GrpBolt>, GrpSeal> 1 1 true plain",
        ].joined(separator: " | ")
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            for _ in 0..<4 { #expect(try injector.getObject(GrpPairs.self).summary == expected, "\(engine)") }
            if accelerators.contains(.compiledPlans) {
                #expect(try injector.runsLinkedBuild(of: GrpPairs.self), "\(engine)")
            }
        }
    }

    @Test(
        "a chain of 20 group holders, past the stack-check interval, is filled at every level; its bottom leaf's failure names all 20, as on the first build"
    )
    func deepChain() throws {
        let expected = Array(repeating: "calls 1 bolt set", count: 20) + ["GrpDeepFuse"]
        var messages: [String] = []
        for accelerators in engines {
            let engine = engineName(accelerators)
            GrpDeepFuse.failing.store(true, ordering: .relaxed)
            let first = failure { try makeInjector(accelerators).getObject(GrpChain20.self) }
            GrpDeepFuse.failing.store(false, ordering: .relaxed)
            let injector = try makeInjector(accelerators)
            for _ in 0..<4 { #expect(levels(of: try injector.getObject(GrpChain20.self)) == expected, "\(engine)") }
            if accelerators.contains(.compiledPlans) {
                #expect(try injector.runsLinkedBuild(of: GrpChain20.self), "\(engine)")
            }
            GrpDeepFuse.failing.store(true, ordering: .relaxed)
            let error = #expect(throws: InjectionError.self) { try injector.getObject(GrpChain20.self) }
            GrpDeepFuse.failing.store(false, ordering: .relaxed)
            #expect(error?.kind == .initializerFailed, "\(engine)")
            #expect(error?.chain.count == 20, "\(engine)")
            #expect(error?.chain.last?.hasSuffix(".fills(GrpDeepFuse)") == true, "\(engine)")
            #expect(first.text == error?.description, "first build, \(engine)")
            messages.append(error?.description ?? "")
            #expect(levels(of: try injector.getObject(GrpChain20.self)) == expected, "\(engine)")
        }
        #expect(messages.count == 3 && Set(messages).count == 1, "\(messages)")
    }

    @Test(
        "a member's awake that asks the injector for a tree of groups, while its holder's group is built, gets it whole"
    )
    func reentrantAwake() throws {
        let echoed = [rigShape(), rigShape()]
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            grpEchoInjector.withLock { $0 = injector }
            defer { grpEchoInjector.withLock { $0 = nil } }
            for _ in 0..<4 {
                let top = try injector.getObject(GrpEchoTop.self)
                #expect(top.root.echo.echoed == echoed && top.echo.echoed == echoed, "\(engine)")
                #expect(top.root.calls == 1 && top.root.lamp.awakeCount == 1 && top.root.bolt != nil, "\(engine)")
                #expect(shape(of: top.rig) == rigShape(), "\(engine)")
            }
            if accelerators.contains(.compiledPlans) {
                #expect(try injector.runsLinkedBuild(of: GrpEchoTop.self), "\(engine)")
            }
        }
    }

    @Test("a Provider, a Lazy and an ObjectFactory of group holders build them whole, a new one each call")
    func factories() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            for _ in 0..<3 {
                let crane = try injector.getObject(GrpCrane.self)
                let yards = try (0..<4).map { _ in try crane.yards() }
                #expect(yards.allSatisfy { $0.calls == 1 && shape(of: $0.second) == rigShape() }, "\(engine)")
                #expect(Set(yards.map(ObjectIdentifier.init)).count == 4, "\(engine)")
                #expect(shape(of: try crane.lazyRig.value) == rigShape(), "\(engine)")
                #expect(try crane.lazyRig.value === crane.lazyRig.value, "\(engine)")
                #expect(shape(of: try crane.factory.getObject(GrpRig.self)) == rigShape(), "\(engine)")
            }
        }
    }

    // MARK: injectDependencies(into:)

    @Test(
        "injectDependencies(into:) of an object whose class declares a group calls the closure once, then the awake, every time"
    )
    func injectIntoGroupHolder() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            var kept: [AnyObject] = []  // kept, so that no identifier below is reused
            for _ in 0..<4 {
                let rig = GrpRig()
                try injector.injectDependencies(into: rig)
                #expect(shape(of: rig) == rigShape(), "\(engine)")
                let yard = GrpYard()
                try injector.injectDependencies(into: yard)
                #expect(yard.calls == 1 && shape(of: yard.first) == rigShape() && yard.first !== yard.second)
                let depot = GrpDepot()
                try injector.injectDependencies(into: depot)
                #expect(depot.calls == 1 && depot.awakeCount == 1, "\(engine)")
                let cached = try injector.getObject(GrpDepot.self)
                #expect(depot !== cached, "a hand-made object is not cached")
                kept += rig.objects + [yard, depot]
            }
            #expect(Set(kept.map(ObjectIdentifier.init)).count == kept.count, "\(engine)")
        }
    }
}
