// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import ChassisKit
import Testing

@testable import Instill

// A plan calls a closure requirement's closure directly (a step of kind `.closure`), or
// makes a plain leaf itself (`.new`), and builds an inner node that only fills after
// `init()` in its parent's loop (`buildFilled()`). These specifications hold those steps
// to what the resolver builds when they are composed with the features a user combines
// them with: a child injector's overrides, shared scopes, the main actor, `await`,
// subclasses, generic classes, a class named as one in another module, threads, awakes
// and errors. Every graph is built at least three times, so the plans are compiled and
// used, in every engine.

// MARK: - Fixtures

private struct CompBindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

/// A plain leaf: a plan's closure step makes it itself.
private final class CompBolt: Injectable, Sendable {
    init() {}
}

/// A leaf with an awake of its own.
private final class CompLamp: Injectable {
    var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

/// A leaf a child injector binds to its subclass.
private class CompSeal: Injectable {
    var label: String { "plain" }
    required init() {}
}

private final class CompFancySeal: CompSeal {
    override var label: String { "fancy" }
}

/// A non-final inner node: fills three leaves, and records at its awake whether they
/// were filled (the leaf with an awake, awoken).
private class CompFrame: Injectable {
    var bolt: CompBolt!
    var seal: CompSeal!
    var lamp: CompLamp!
    var origin = "built"
    var awakeCount = 0
    var filledWhenAwoken = false
    class var requires: Requirements {
        fills(CompBolt.self) { $0.bolt = $1 } + fills(CompSeal.self) { $0.seal = $1 }
            + fills(CompLamp.self) { $0.lamp = $1 }
    }
    required init() throws {}
    func awakeFromInjection() {
        awakeCount += 1
        filledWhenAwoken = isFilled
    }
    var isFilled: Bool { bolt != nil && seal != nil && lamp?.awakeCount == 1 }
}

/// A subclass with a requirement of its own after the inherited ones.
private final class CompWideFrame: CompFrame {
    var brace: CompBolt!
    override class var requires: Requirements { super.requires + fills(CompBolt.self) { $0.brace = $1 } }
    override var isFilled: Bool { super.isFilled && brace != nil && brace !== bolt }
}

/// A frame made by a test and bound as an instance: never filled or awoken by the
/// injector.
private final class CompFixedFrame: CompFrame, @unchecked Sendable {  // the injector neither fills nor awakes it
    required init() throws {
        try super.init()
        origin = "instance"
    }
}

private struct CompCrack: Error, CustomStringConvertible {
    var description: String { "cracked on purpose" }
}

/// A frame whose `init()` throws while `failing` is set: bound to `CompFrame` in a child.
private final class CompBrittleFrame: CompFrame {
    static let failing = Atomic(false)  // set only by the test that binds this class
    required init() throws {
        if Self.failing.load(ordering: .relaxed) { throw CompCrack() }
        try super.init()
    }
}

/// ``CompBrittleFrame`` for the main-actor test, which runs at the same time as the other.
private final class CompFragileFrame: CompFrame {
    static let failing = Atomic(false)  // set only by the test that binds this class
    required init() throws {
        if Self.failing.load(ordering: .relaxed) { throw CompCrack() }
        try super.init()
    }
}

/// An inner node that fills another inner node and a leaf.
private final class CompHub: Injectable {
    var frame: CompFrame!
    var lamp: CompLamp!
    var awakeCount = 0
    var filledWhenAwoken = false
    static let requiresLine = #line + 2
    static var requires: Requirements {
        fills(CompFrame.self) { $0.frame = $1 } + fills(CompLamp.self) { $0.lamp = $1 }
    }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        // The frame may be a bound instance, which is never awoken.
        filledWhenAwoken = frame != nil && lamp?.awakeCount == 1
    }
}

/// The root: an inner node that holds an inner node, an inner node, and two leaves.
private final class CompRig: Injectable {
    var hub: CompHub!
    var frame: CompFrame!
    var bolt: CompBolt!
    var seal: CompSeal!
    var awakeCount = 0
    var filledWhenAwoken = false
    static var requires: Requirements {
        fills(CompHub.self) { $0.hub = $1 } + fills(CompFrame.self) { $0.frame = $1 }
            + fills(CompBolt.self) { $0.bolt = $1 } + fills(CompSeal.self) { $0.seal = $1 }
    }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        filledWhenAwoken = hub?.awakeCount == 1 && frame != nil && bolt != nil && seal != nil
    }
}

/// How a child injector overrides part of ``CompRig``'s graph.
private enum CompOverride: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case innerToSubclass, innerToInstance, innerToClosure, leafToSubclass

    var testDescription: String { rawValue }

    func module(binding instance: CompFixedFrame) -> CompBindings {
        switch self {
        case .innerToSubclass:
            wideFrames
        case .innerToInstance:
            CompBindings { $0.bind(instance, as: CompFrame.self) }
        case .innerToClosure:
            CompBindings { binder in
                binder.bind(CompFrame.self) { injector in
                    let frame = try injector.getObject(CompWideFrame.self)
                    frame.origin = "closure"
                    return frame
                }
            }
        case .leafToSubclass:
            fancySeals
        }
    }

    /// ``shape(of:)`` of a rig the child builds.
    var childShape: String {
        switch self {
        case .innerToSubclass: rigShape(frame: "CompWideFrame(built) filled awoken 1", seals: "plain plain plain")
        case .innerToInstance: rigShape(frame: "CompFixedFrame(instance) unfilled awoken 0", seals: "plain nil nil")
        case .innerToClosure: rigShape(frame: "CompWideFrame(closure) filled awoken 1", seals: "plain plain plain")
        case .leafToSubclass: rigShape(frame: "CompFrame(built) filled awoken 1", seals: "fancy fancy fancy")
        }
    }
}

/// ``shape(of:)`` of a rig whose two frames are `frame` and whose three seals are `seals`.
private func rigShape(frame: String, seals: String) -> String {
    "rig awoken 1 filled | hub awoken 1 filled, frame \(frame) | frame \(frame) | seals \(seals)"
}

/// ``shape(of:)`` of a rig the parent builds.
private let parentShape = rigShape(frame: "CompFrame(built) filled awoken 1", seals: "plain plain plain")

private func shape(of frame: CompFrame?) -> String {
    guard let frame else { return "nil" }
    let filled = frame.isFilled && frame.filledWhenAwoken ? "filled" : "unfilled"
    return "\(type(of: frame))(\(frame.origin)) \(filled) awoken \(frame.awakeCount)"
}

/// What a rig holds, as text: each object's class, whether it was filled before its
/// awake, and how many times it was awoken.
private func shape(of rig: CompRig) -> String {
    let seals = [rig.seal, rig.frame?.seal, rig.hub?.frame?.seal].map { $0?.label ?? "nil" }
    let hub = rig.hub.map { hub in
        "hub awoken \(hub.awakeCount)\(hub.filledWhenAwoken ? " filled" : ""), frame \(shape(of: hub.frame))"
    }
    return "rig awoken \(rig.awakeCount)\(rig.filledWhenAwoken ? " filled" : "") | \(hub ?? "no hub") | "
        + "frame \(shape(of: rig.frame)) | seals \(seals.joined(separator: " "))"
}

private let fancySeals = CompBindings { $0.bind(CompSeal.self, to: CompFancySeal.self) }

private let wideFrames = CompBindings { $0.bind(CompFrame.self, to: CompWideFrame.self) }

// Scopes.

/// A singleton inner node: fills an inner node and a leaf.
private final class CompDepot: Injectable {
    static let scope: Scope = .singleton
    var frame: CompFrame!
    var lamp: CompLamp!
    var awakeCount = 0
    static var requires: Requirements {
        fills(CompFrame.self) { $0.frame = $1 } + fills(CompLamp.self) { $0.lamp = $1 }
    }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

/// One per request: fills two leaves.
private final class CompLedger: Injectable {
    static let scope: Scope = .graph
    var bolt: CompBolt!
    var lamp: CompLamp!
    var awakeCount = 0
    static var requires: Requirements { fills(CompBolt.self) { $0.bolt = $1 } + fills(CompLamp.self) { $0.lamp = $1 } }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

/// An inner node that holds both shared nodes.
private final class CompClerk: Injectable {
    var depot: CompDepot!
    var ledger: CompLedger!
    var bolt: CompBolt!
    static var requires: Requirements {
        fills(CompDepot.self) { $0.depot = $1 } + fills(CompLedger.self) { $0.ledger = $1 }
            + fills(CompBolt.self) { $0.bolt = $1 }
    }
    init() {}
}

/// An inner node that holds the singleton and an inner node: a plan of its own.
private final class CompYard: Injectable {
    var depot: CompDepot!
    var hub: CompHub!
    static var requires: Requirements { fills(CompDepot.self) { $0.depot = $1 } + fills(CompHub.self) { $0.hub = $1 } }
    init() {}
}

/// Reaches the singleton from three places and the graph-scoped node from two.
private final class CompOffice: Injectable {
    var depot: CompDepot!
    var ledger: CompLedger!
    var clerk: CompClerk!
    var yard: CompYard!
    static var requires: Requirements {
        fills(CompDepot.self) { $0.depot = $1 } + fills(CompLedger.self) { $0.ledger = $1 }
            + fills(CompClerk.self) { $0.clerk = $1 } + fills(CompYard.self) { $0.yard = $1 }
    }
    init() {}
}

// Main actor and async.

/// A main-actor inner node with nonisolated leaves.
@MainActor
private final class CompPanelModel: MainActorInjectable {
    var bolt: CompBolt!
    var lamp: CompLamp!
    var awakeCount = 0
    var filledWhenAwoken = false
    static var requires: Requirements { fills(CompBolt.self) { $0.bolt = $1 } + fills(CompLamp.self) { $0.lamp = $1 } }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        filledWhenAwoken = bolt != nil && lamp?.awakeCount == 1
    }
}

/// A main-actor root whose closure requirements reach nonisolated inner nodes and
/// leaves, and a main-actor inner node.
@MainActor
private final class CompConsole: MainActorInjectable {
    var hub: CompHub!
    var frame: CompFrame!
    var bolt: CompBolt!
    var panel: CompPanelModel!
    var awakeCount = 0
    var filledWhenAwoken = false
    static var requires: Requirements {
        fills(CompHub.self) { $0.hub = $1 } + fills(CompFrame.self) { $0.frame = $1 }
            + fills(CompBolt.self) { $0.bolt = $1 } + fills(CompPanelModel.self) { $0.panel = $1 }
    }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        filledWhenAwoken = hub?.awakeCount == 1 && frame?.awakeCount == 1 && bolt != nil && panel?.awakeCount == 1
    }

    /// The console's graph as text, as ``shape(of:)`` writes a rig's.
    var summary: String {
        let panelText = panel.map { "panel awoken \($0.awakeCount)\($0.filledWhenAwoken ? " filled" : "")" }
        return
            "console awoken \(awakeCount)\(filledWhenAwoken ? " filled" : "") | hub frame \(shape(of: hub?.frame)) | "
            + "frame \(shape(of: frame)) | \(panelText ?? "no panel") | seal \(frame?.seal?.label ?? "nil")"
    }
}

private protocol CompFeed: AnyObject, Sendable {
    var name: String { get }
}

private final class CompLiveFeed: CompFeed {
    let name = "live"
}

private final class CompFakeFeed: CompFeed {
    let name = "fake"
}

/// An inner node whose feed is bound to an async closure.
private final class CompStation: Injectable {
    var feed: (any CompFeed)!
    var frame: CompFrame!
    var awakeCount = 0
    static var requires: Requirements {
        fills((any CompFeed).self) { $0.feed = $1 } + fills(CompFrame.self) { $0.frame = $1 }
    }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class CompTower: Injectable {
    var station: CompStation!
    var hub: CompHub!
    var awakeCount = 0
    static var requires: Requirements {
        fills(CompStation.self) { $0.station = $1 } + fills(CompHub.self) { $0.hub = $1 }
    }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }

    var summary: String {
        "tower awoken \(awakeCount) | station \(station?.feed?.name ?? "nil") awoken \(station?.awakeCount ?? 0) "
            + "frame \(shape(of: station?.frame)) | hub awoken \(hub?.awakeCount ?? 0) frame \(shape(of: hub?.frame))"
    }
}

private let liveFeeds = CompBindings { binder in
    binder.bind((any CompFeed).self) { _ in
        await Task.yield()
        return CompLiveFeed()
    }
}

private let fakeFeeds = CompBindings { $0.bind(CompFakeFeed(), as: (any CompFeed).self) }

// Subclasses, generic classes and a class named as one in another module.

/// A generic inner node: `CompBox<CompLamp>` and `CompBox<CompHub>` are different classes.
private final class CompBox<Content: Injectable>: Injectable {
    var content: Content!
    var bolt: CompBolt!
    var awakeCount = 0
    static var requires: Requirements {
        fills(Content.self) { $0.content = $1 } + fills(CompBolt.self) { $0.bolt = $1 }
    }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class CompShelf: Injectable {
    var lamps: CompBox<CompLamp>!
    var hubs: CompBox<CompHub>!
    var nested: CompBox<CompBox<CompLamp>>!
    var frame: CompFrame!
    var wide: CompWideFrame!
    static var requires: Requirements {
        fills(CompBox<CompLamp>.self) { $0.lamps = $1 } + fills(CompBox<CompHub>.self) { $0.hubs = $1 }
            + fills(CompBox<CompBox<CompLamp>>.self) { $0.nested = $1 } + fills(CompFrame.self) { $0.frame = $1 }
            + fills(CompWideFrame.self) { $0.wide = $1 }
    }
    init() {}

    var summary: String {
        [
            "lamps \(type(of: lamps!)) \(type(of: lamps.content!)) awoken \(lamps.awakeCount)/\(lamps.content.awakeCount)",
            "hubs \(type(of: hubs!)) \(type(of: hubs.content!)) frame \(shape(of: hubs.content.frame))",
            "nested \(type(of: nested!)) \(type(of: nested.content.content!)) awoken \(nested.content.awakeCount)",
            "frame \(shape(of: frame))", "wide \(shape(of: wide))",
            "bolts \(Set([lamps.bolt, hubs.bolt, nested.bolt, nested.content.bolt].map(ObjectIdentifier.init)).count)",
        ].joined(separator: " | ")
    }
}

/// Named as ChassisKit's `Shaft`, a leaf there; here an inner node that fills that one.
private final class Shaft: Injectable {
    var bolt: CompBolt!
    var drive: ChassisKit.Shaft!
    var awakeCount = 0
    static var requires: Requirements {
        fills(CompBolt.self) { $0.bolt = $1 } + fills(ChassisKit.Shaft.self) { $0.drive = $1 }
    }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class CompAxle: Injectable {
    var shaft: Shaft!
    var chassisShaft: ChassisKit.Shaft!
    static var requires: Requirements {
        fills(Shaft.self) { $0.shaft = $1 } + fills(ChassisKit.Shaft.self) { $0.chassisShaft = $1 }
    }
    init() {}
}

// Threads.

/// A leaf that counts its instances and awakes.
private final class CompThreadLeaf: Injectable {
    static let made = Atomic(0)
    static let awoken = Atomic(0)
    var awakeCount = 0
    init() { Self.made.add(1, ordering: .relaxed) }
    func awakeFromInjection() {
        awakeCount += 1
        Self.awoken.add(1, ordering: .relaxed)
    }
}

/// An inner node that counts its instances and awakes.
private final class CompThreadInner: Injectable {
    static let made = Atomic(0)
    static let awoken = Atomic(0)
    var leaf: CompThreadLeaf!
    var bolt: CompBolt!
    var seal: CompSeal!
    var awakeCount = 0
    var filledWhenAwoken = false
    static var requires: Requirements {
        fills(CompThreadLeaf.self) { $0.leaf = $1 } + fills(CompBolt.self) { $0.bolt = $1 }
            + fills(CompSeal.self) { $0.seal = $1 }
    }
    init() { Self.made.add(1, ordering: .relaxed) }
    func awakeFromInjection() {
        awakeCount += 1
        filledWhenAwoken = leaf?.awakeCount == 1 && bolt != nil && seal != nil
        Self.awoken.add(1, ordering: .relaxed)
    }

    /// Why the node is not as a build leaves it, if it is not.
    func problem(seal expected: String) -> String? {
        guard awakeCount == 1, filledWhenAwoken else { return "inner awoken \(awakeCount), filled \(filledWhenAwoken)" }
        guard seal.label == expected else { return "seal \(seal.label), expected \(expected)" }
        return nil
    }
}

/// A singleton that holds an inner node, so a child that binds the seal has its own.
private final class CompThreadDepot: Injectable {
    static let scope: Scope = .singleton
    static let made = Atomic(0)
    var inner: CompThreadInner!
    var awakeCount = 0
    static var requires: Requirements { fills(CompThreadInner.self) { $0.inner = $1 } }
    init() { Self.made.add(1, ordering: .relaxed) }
    func awakeFromInjection() { awakeCount += 1 }
}

private final class CompThreadRoot: Injectable {
    var first: CompThreadInner!
    var second: CompThreadInner!
    var leaf: CompThreadLeaf!
    var depot: CompThreadDepot!
    var awakeCount = 0
    static var requires: Requirements {
        fills(CompThreadInner.self) { $0.first = $1 } + fills(CompThreadInner.self) { $0.second = $1 }
            + fills(CompThreadLeaf.self) { $0.leaf = $1 } + fills(CompThreadDepot.self) { $0.depot = $1 }
    }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }

    func problem(seal: String) -> String? {
        guard awakeCount == 1, leaf?.awakeCount == 1, first !== second else { return "root not as built" }
        guard let depot, depot.awakeCount == 1 else { return "depot awoken \(depot?.awakeCount ?? 0)" }
        return first.problem(seal: seal) ?? second.problem(seal: seal) ?? depot.inner.problem(seal: seal)
    }
}

// Awakes and errors.

/// What the fixtures below did, in order.
private let compJournal = Mutex<[String]>([])

private func compNote(_ entry: String) { compJournal.withLock { $0.append(entry) } }

private func takeCompJournal() -> [String] {
    compJournal.withLock { entries in
        defer { entries = [] }
        return entries
    }
}

private final class CompOrderLeaf: Injectable {
    init() { compNote("Leaf.init") }
    func awakeFromInjection() { compNote("Leaf.awake") }
}

/// No awake of its own: a plan's closure step makes it itself once its awake is skipped.
private final class CompOrderPlain: Injectable {
    init() { compNote("Plain.init") }
}

private final class CompOrderInner: Injectable {
    var leaf: CompOrderLeaf!
    var plain: CompOrderPlain!
    static var requires: Requirements {
        fills(CompOrderLeaf.self) { $0.leaf = $1 } + fills(CompOrderPlain.self) { $0.plain = $1 }
    }
    init() { compNote("Inner.init") }
    func awakeFromInjection() { compNote(leaf != nil && plain != nil ? "Inner.awake" : "Inner.awake unfilled") }
}

private final class CompOrderRoot: Injectable {
    var inner: CompOrderInner!
    var leaf: CompOrderLeaf!
    static var requires: Requirements {
        fills(CompOrderInner.self) { $0.inner = $1 } + fills(CompOrderLeaf.self) { $0.leaf = $1 }
    }
    init() { compNote("Root.init") }
    func awakeFromInjection() { compNote(inner != nil && leaf != nil ? "Root.awake" : "Root.awake unfilled") }
}

/// A plain leaf whose `init()` throws while `failing` is set, three closure steps down.
private final class CompFuse: Injectable {
    static let failing = Atomic(false)  // set only by the test that builds this class
    init() throws { if Self.failing.load(ordering: .relaxed) { throw CompCrack() } }
}

private final class CompFuseBox: Injectable {
    var bolt: CompBolt!
    var fuse: CompFuse!
    static let requiresLine = #line + 1
    static var requires: Requirements { fills(CompBolt.self) { $0.bolt = $1 } + fills(CompFuse.self) { $0.fuse = $1 } }
    init() {}
}

private final class CompFuseRack: Injectable {
    var box: CompFuseBox!
    static var requires: Requirements { fills(CompFuseBox.self) { $0.box = $1 } }
    init() {}
}

private final class CompFusePanel: Injectable {
    var lamp: CompLamp!
    var rack: CompFuseRack!
    static var requires: Requirements {
        fills(CompLamp.self) { $0.lamp = $1 } + fills(CompFuseRack.self) { $0.rack = $1 }
    }
    init() {}
}

// Probes.

/// A singleton an async closure makes.
private final class CompAsyncDepot: Injectable {
    var awakeCount = 0
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class CompDock: Injectable {
    var depot: CompAsyncDepot!
    var hub: CompHub!
    static var requires: Requirements {
        fills(CompAsyncDepot.self) { $0.depot = $1 } + fills(CompHub.self) { $0.hub = $1 }
    }
    init() {}
}

private let asyncDepots = CompBindings { binder in
    binder.bind(CompAsyncDepot.self, scope: .singleton) { _ in
        await Task.yield()
        return CompAsyncDepot()
    }
}

/// Holds factories of an inner node.
private final class CompCrane: Injectable {
    var hubs: Provider<CompHub>!
    var lazyHub: Lazy<CompHub>!
    var factory: ObjectFactory!
    static var requires: Requirements {
        fills(Provider<CompHub>.self) { $0.hubs = $1 } + fills(Lazy<CompHub>.self) { $0.lazyHub = $1 }
            + fills(ObjectFactory.self) { $0.factory = $1 }
    }
    init() {}
}

/// A singleton a closure makes, asking its injector for an inner node it does not declare.
private final class CompShed: Injectable {
    let hub: CompHub
    init(hub: CompHub) { self.hub = hub }
}

private final class CompShedOwner: Injectable {
    var shed: CompShed!
    var bolt: CompBolt!
    static var requires: Requirements { fills(CompShed.self) { $0.shed = $1 } + fills(CompBolt.self) { $0.bolt = $1 } }
    init() {}
}

private let closureSheds = CompBindings { binder in
    binder.bind(CompShed.self, scope: .singleton) { injector in CompShed(hub: try injector.getObject(CompHub.self)) }
}

// A cycle through a singleton, and named inner nodes.

/// A singleton that fills a `.normal` node which fills it back.
private final class CompMast: Injectable {
    static let scope: Scope = .singleton
    var rigging: CompRigging!
    var awakeCount = 0
    var cycleFilledWhenAwoken = false
    static var requires: Requirements { fills(CompRigging.self) { $0.rigging = $1 } }
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        cycleFilledWhenAwoken = rigging?.mast === self && rigging?.frame != nil
    }
}

private final class CompRigging: Injectable {
    var mast: CompMast!
    var frame: CompFrame!
    var awakeCount = 0
    static var requires: Requirements {
        fills(CompMast.self) { $0.mast = $1 } + fills(CompFrame.self) { $0.frame = $1 }
    }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private final class CompSloop: Injectable {
    var rigging: CompRigging!
    var mast: CompMast!
    static var requires: Requirements {
        fills(CompRigging.self) { $0.rigging = $1 } + fills(CompMast.self) { $0.mast = $1 }
    }
    init() {}
}

/// An unnamed and a named inner node of the same class.
private final class CompMasteRack: Injectable {
    var frame: CompFrame!
    var spare: CompFrame!
    static var requires: Requirements {
        fills(CompFrame.self) { $0.frame = $1 } + fills(CompFrame.self, named: "spare") { $0.spare = $1 }
    }
    init() {}
}

private let spareFrames = CompBindings { $0.bind(CompFrame.self, to: CompWideFrame.self, named: "spare") }

private let closureSpares = CompBindings { binder in
    binder.bind(CompFrame.self, named: "spare") { injector in
        let frame = try injector.getObject(CompFrame.self)
        frame.origin = "closure"
        return frame
    }
}

// Re-entrant requests from an awake.

/// The injector ``CompEcho``'s awake asks; set only by the test that builds it.
private let compEchoInjector = Mutex<Injector?>(nil)

/// An inner node whose awake asks the injector for a `.graph` object twice.
private final class CompEcho: Injectable {
    var bolt: CompBolt!
    var ledgers: [CompLedger] = []
    static var requires: Requirements { fills(CompBolt.self) { $0.bolt = $1 } }
    init() {}
    func awakeFromInjection() {
        guard let injector = compEchoInjector.withLock({ $0 }) else { return }
        ledgers = (0..<2).compactMap { _ in try? injector.getObject(CompLedger.self) }
    }
}

private final class CompEchoRoot: Injectable {
    var first: CompEcho!
    var second: CompEcho!
    var hub: CompHub!
    static var requires: Requirements {
        fills(CompEcho.self) { $0.first = $1 } + fills(CompEcho.self) { $0.second = $1 }
            + fills(CompHub.self) { $0.hub = $1 }
    }
    init() {}
}

// A chain deeper than a plan's stack-check interval.

/// A plain leaf whose `init()` throws while `failing` is set, at the bottom of the chain.
private final class CompDeepFuse: Injectable {
    static let failing = Atomic(false)  // set only by the test that builds this class
    init() throws { if Self.failing.load(ordering: .relaxed) { throw CompCrack() } }
}

/// One level of a chain of inner nodes: `CompChain<CompChain<…>>`.
private final class CompChain<Next: Injectable>: Injectable {
    var next: Next!
    var lamp: CompLamp!
    var awakeCount = 0
    static var requires: Requirements { fills(Next.self) { $0.next = $1 } + fills(CompLamp.self) { $0.lamp = $1 } }
    init() {}
    func awakeFromInjection() { awakeCount += 1 }
}

private typealias CompChain4 = CompChain<CompChain<CompChain<CompChain<CompDeepFuse>>>>
private typealias CompChain8 = CompChain<CompChain<CompChain<CompChain<CompChain4>>>>
private typealias CompChain12 = CompChain<CompChain<CompChain<CompChain<CompChain8>>>>
private typealias CompChain16 = CompChain<CompChain<CompChain<CompChain<CompChain12>>>>
private typealias CompChain20 = CompChain<CompChain<CompChain<CompChain<CompChain16>>>>

/// A level of a ``CompChain``, whatever comes below it.
private protocol CompChainLevel: AnyObject {
    var summary: String { get }
    var below: AnyObject? { get }
}

extension CompChain: CompChainLevel {
    var summary: String { "level awoken \(awakeCount), lamp \(lamp?.awakeCount ?? 0)" }
    var below: AnyObject? { next }
}

/// The levels of a chain, top first, as text: each level's awakes and its lamp's.
private func levels(of chain: AnyObject?) -> [String] {
    var levels: [String] = []
    var current = chain
    while let level = current {
        guard let inner = level as? any CompChainLevel else {
            levels.append("\(type(of: level))")
            break
        }
        levels.append(inner.summary)
        current = inner.below
    }
    return levels
}

/// A class whose property, which a closure step fills with an inner node, has observers.
private final class CompSpar: Injectable {
    var observed: [String] = []
    var hub: CompHub! {
        willSet { observed.append("will set a hub filled: \(newValue?.frame != nil && newValue?.lamp != nil)") }
        didSet { observed.append("did set, old value nil: \(oldValue == nil)") }
    }
    static var requires: Requirements { fills(CompHub.self) { $0.hub = $1 } }
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

/// A request from code that is not isolated to the main actor.
private func requestWithoutIsolation<T>(_ type: T.Type, from injector: Injector) -> Result<T, InjectionError> {
    Result { () throws(InjectionError) -> T in
        do {
            return try injector.getObject(type, isolation: nil)
        } catch let error as InjectionError {
            throw error
        } catch {
            throw InjectionError.mainActorRequired("\(error)")
        }
    }
}

/// ``buildSynchronously(_:from:)`` on the main actor.
@MainActor
private func buildSynchronouslyOnMainActor<T: MainActorInjectable>(_ type: T.Type, from injector: Injector) throws -> T
{
    try injector.getObject(type)
}

// MARK: - Specifications

@Suite("Closure steps composed with overrides, scopes, the main actor, async, generics, threads, awakes and errors")
struct ClosureStepCompositionTests {
    // MARK: Child injectors

    @Test(
        "a child's override of an inner node or a leaf reaches every closure step that builds it, before and after the parent warms; the parent's builds never see it",
        arguments: CompOverride.allCases)
    fileprivate func childOverride(_ override: CompOverride) throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            for parentWarmsFirst in [false, true] {
                let context = "\(engine), parent warm first: \(parentWarmsFirst)"
                let instance = try CompFixedFrame()
                let parent = try makeInjector(accelerators)
                if parentWarmsFirst {
                    for _ in 0..<3 {
                        #expect(shape(of: try parent.getObject(CompRig.self)) == parentShape, "\(context)")
                    }
                }
                let child = try parent.childInjector(modules: [override.module(binding: instance)])
                var rigs: [CompRig] = []
                for _ in 0..<4 {
                    let rig = try child.getObject(CompRig.self)
                    #expect(shape(of: rig) == override.childShape, "\(context)")
                    rigs.append(rig)
                }
                for _ in 0..<3 { #expect(shape(of: try parent.getObject(CompRig.self)) == parentShape, "\(context)") }
                #expect(shape(of: try child.getObject(CompRig.self)) == override.childShape, "\(context)")
                for _ in 0..<3 {
                    let handMade = CompRig()
                    try child.injectDependencies(into: handMade)
                    #expect(shape(of: handMade) == override.childShape, "injectDependencies(into:), \(context)")
                }

                let frames = rigs.flatMap { [$0.frame!, $0.hub.frame!] }
                if override == .innerToInstance {
                    #expect(frames.allSatisfy { $0 === instance }, "\(context)")
                    #expect(instance.awakeCount == 0 && instance.bolt == nil, "an instance is not filled or awoken")
                } else {
                    #expect(Set(frames.map(ObjectIdentifier.init)).count == 8, "each step its own frame, \(context)")
                }
                if accelerators.contains(.compiledPlans) {
                    #expect(try parent.runsLinkedBuild(of: CompRig.self), "\(context)")
                    if override != .innerToClosure {
                        #expect(try child.runsLinkedBuild(of: CompRig.self), "\(context)")
                    }
                }
            }
        }
    }

    @Test(
        "a property with observers that a closure step fills with an inner node runs each observer once, with the node filled"
    )
    func observedInnerNode() throws {
        for accelerators in engines {
            let injector = try makeInjector(accelerators)
            for _ in 0..<4 {
                let mast = try injector.getObject(CompSpar.self)
                #expect(
                    mast.observed == ["will set a hub filled: true", "did set, old value nil: true"],
                    "\(engineName(accelerators))")
                #expect(mast.hub.awakeCount == 1)
            }
        }
    }

    @Test(
        "a plain leaf a child binds to a subclass is the subclass in the child's warm builds, and the leaf itself in the parent's"
    )
    func childLeafToSubclass() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            let child = try parent.childInjector(modules: [fancySeals])
            for _ in 0..<4 {
                #expect(shape(of: try parent.getObject(CompRig.self)) == parentShape, "\(engine)")
                #expect(
                    shape(of: try child.getObject(CompRig.self)) == CompOverride.leafToSubclass.childShape, "\(engine)")
            }
            if accelerators.contains(.compiledPlans) {
                #expect(try parent.buildsWarm(CompRig.self) && child.buildsWarm(CompRig.self), "\(engine)")
            }
        }
    }

    @Test(
        "a child's instance of a plain leaf the parent's plan makes itself is written by every closure step, in every engine"
    )
    func childInstanceOfPlainLeaf() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let bolt = CompBolt()
            let parent = try makeInjector(accelerators)
            for _ in 0..<3 { _ = try parent.getObject(CompRig.self) }
            let child = try parent.childInjector(modules: [CompBindings { $0.bind(bolt) }])
            var rigs: [CompRig] = []  // kept, so that no identifier below is reused
            for _ in 0..<4 {
                let rig = try child.getObject(CompRig.self)
                #expect(shape(of: rig) == parentShape, "\(engine)")
                #expect(rig.bolt === bolt && rig.frame.bolt === bolt && rig.hub.frame.bolt === bolt, "\(engine)")
                rigs.append(rig)
            }
            let parentRig = try parent.getObject(CompRig.self)
            #expect(parentRig.bolt !== bolt && parentRig.frame.bolt !== parentRig.bolt, "\(engine)")
        }
    }

    @Test(
        "an inner node's instance bound in a child and written by closure steps lives as long as the child, no longer")
    func boundInstanceLifetime() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            weak var weakInstance: CompFixedFrame?
            weak var weakRig: CompRig?
            do {
                let instance = try CompFixedFrame()
                weakInstance = instance
                let child = try parent.childInjector(modules: [CompOverride.innerToInstance.module(binding: instance)])
                for _ in 0..<6 {
                    let rig = try child.getObject(CompRig.self)
                    #expect(rig.frame === instance && rig.hub.frame === instance, "\(engine)")
                    weakRig = rig
                }
                #expect(weakRig == nil, "a rig is released with its last reference, \(engine)")
            }
            #expect(weakInstance == nil, "released with the child that bound it, \(engine)")
            #expect(shape(of: try parent.getObject(CompRig.self)) == parentShape, "\(engine)")
        }
    }

    @Test(
        "a grandchild's override and its parent's both reach the closure steps of the grandchild's builds; each level keeps its own"
    )
    func grandchild() throws {
        let wide = "CompWideFrame(built) filled awoken 1"
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            let child = try parent.childInjector(modules: [
                wideFrames
            ])
            let grandchild = try child.childInjector(modules: [fancySeals])
            for _ in 0..<4 {
                #expect(
                    shape(of: try grandchild.getObject(CompRig.self))
                        == rigShape(frame: wide, seals: "fancy fancy fancy"))
                #expect(
                    shape(of: try child.getObject(CompRig.self)) == rigShape(frame: wide, seals: "plain plain plain"))
                #expect(shape(of: try parent.getObject(CompRig.self)) == parentShape, "\(engine)")
            }
            let depot = try grandchild.getObject(CompOffice.self).depot!
            #expect(shape(of: depot.frame) == wide && depot.frame.seal.label == "fancy", "\(engine)")
            #expect(try depot !== child.getObject(CompDepot.self) && depot === grandchild.getObject(CompDepot.self))
        }
    }

    @Test(
        "injectDependencies(into:) fills by the object's own class, in a child that binds that class to a subclass too")
    func injectIntoOverriddenClass() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            let child = try parent.childInjector(modules: [
                wideFrames, fancySeals,
            ])
            for _ in 0..<4 {
                #expect(type(of: try child.getObject(CompFrame.self)) == CompWideFrame.self, "\(engine)")
                let frame = try CompFrame()
                try child.injectDependencies(into: frame)
                #expect(shape(of: frame) == "CompFrame(built) filled awoken 1" && frame.seal.label == "fancy")
                let wide: CompFrame = try CompWideFrame()
                try child.injectDependencies(into: wide)
                #expect(shape(of: wide) == "CompWideFrame(built) filled awoken 1" && wide.seal.label == "fancy")
                let parentWide: CompFrame = try CompWideFrame()
                try parent.injectDependencies(into: parentWide)
                #expect(
                    shape(of: parentWide) == "CompWideFrame(built) filled awoken 1" && parentWide.seal.label == "plain")
            }
        }
    }

    @Test(
        "a Provider, a Lazy and an ObjectFactory of an inner node, warm, build with the child's override when the child built their holder"
    )
    func factoriesThroughChild() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            let child = try parent.childInjector(modules: [fancySeals])
            for _ in 0..<3 {
                let crane = try child.getObject(CompCrane.self)
                var hubs = try (0..<4).map { _ in try crane.hubs() }
                hubs.append(try crane.lazyHub.value)
                hubs += try (0..<3).map { _ in try crane.factory.getObject(CompHub.self) }
                #expect(hubs.map { $0.frame.seal.label } == Array(repeating: "fancy", count: 8), "\(engine)")
                #expect(hubs.allSatisfy { $0.awakeCount == 1 && $0.filledWhenAwoken }, "\(engine)")
                #expect(Set(hubs.map(ObjectIdentifier.init)).count == 8, "\(engine)")
                let parentCrane = try parent.getObject(CompCrane.self)
                let parentHubs = try (0..<4).map { _ in try parentCrane.hubs() } + [try parentCrane.lazyHub.value]
                #expect(parentHubs.map { $0.frame.seal.label } == Array(repeating: "plain", count: 5), "\(engine)")
            }
        }
    }

    @Test(
        "a parent's opaque closure singleton that asks for an inner node the child's override reaches fails loudly, warm or not"
    )
    func opaqueClosureFailsLoudly() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            for parentWarmsFirst in [false, true] {
                let parent = try makeInjector(accelerators, [closureSheds])
                if parentWarmsFirst { for _ in 0..<4 { _ = try parent.getObject(CompHub.self) } }
                let child = try parent.childInjector(modules: [fancySeals])
                for _ in 0..<3 {
                    let error = #expect(throws: InjectionError.self) { try child.getObject(CompShedOwner.self) }
                    #expect(error?.kind == .unseenOverride, "\(engine)")
                    #expect(
                        "\(error.map { "\($0)" } ?? "")".hasPrefix(
                            "unseenOverride: this injector binds CompSeal, but CompShed never sees that binding: CompShed is shared and lives with an ancestor injector, and building it there asked that injector for CompHub, which depends on CompSeal,"
                        ), "\(engine)")
                }
                #expect(try parent.getObject(CompShedOwner.self).shed.hub.frame.seal.label == "plain", "\(engine)")
            }
        }
    }

    @Test(
        "graph() on a child draws the overrides its closure steps build, after the parent's plans are warm; validate() finds nothing"
    )
    func childGraph() throws {
        for accelerators in engines {
            let parent = try makeInjector(accelerators)
            for _ in 0..<3 { _ = try parent.getObject(CompRig.self) }
            let child = try parent.childInjector(modules: [wideFrames, fancySeals])
            for _ in 0..<3 { _ = try child.getObject(CompRig.self) }
            #expect(
                child.graph(roots: [CompRig.self]).textTree == """
                    CompRig (normal)
                    ├─ fills: CompHub (normal)
                    │  ├─ fills: CompFrame → CompWideFrame (normal)
                    │  │  ├─ fills: CompBolt (normal)
                    │  │  ├─ fills: CompSeal → CompFancySeal (normal)
                    │  │  ├─ fills: CompLamp (normal)
                    │  │  └─ fills: CompBolt (normal)
                    │  └─ fills: CompLamp (normal)
                    ├─ fills: CompFrame → CompWideFrame (normal) (see above)
                    ├─ fills: CompBolt (normal)
                    └─ fills: CompSeal → CompFancySeal (normal)

                    """, "\(engineName(accelerators))")
            #expect(child.validate(roots: [CompRig.self, CompOffice.self]).isValid, "\(engineName(accelerators))")
        }
    }

    // MARK: Scopes

    @Test(
        "a singleton inner node reached by closure steps from several parents is one instance, filled and awoken once; a .graph one is shared within a build only"
    )
    func sharedInnerNodes() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            var offices: [CompOffice] = []  // kept, so that no identifier below is reused
            var ledgers: [ObjectIdentifier] = []
            var yardHubs: [ObjectIdentifier] = []
            for _ in 0..<4 {
                let office = try injector.getObject(CompOffice.self)
                let depot = try injector.getObject(CompDepot.self)
                #expect(
                    office.depot === depot && office.clerk.depot === depot && office.yard.depot === depot, "\(engine)")
                #expect(depot.awakeCount == 1 && shape(of: depot.frame) == "CompFrame(built) filled awoken 1")
                #expect(office.ledger === office.clerk.ledger, "one ledger per request, \(engine)")
                #expect(
                    office.ledger.awakeCount == 1 && office.ledger.bolt != nil && office.ledger.lamp.awakeCount == 1)
                #expect(office.yard.hub.awakeCount == 1 && office.yard.hub.filledWhenAwoken, "\(engine)")
                offices.append(office)
                ledgers.append(ObjectIdentifier(office.ledger))
                yardHubs.append(ObjectIdentifier(office.yard.hub))
                let yard = try injector.getObject(CompYard.self)
                #expect(yard.depot === depot && yard.hub.filledWhenAwoken, "\(engine)")
            }
            #expect(Set(ledgers).count == 4, "a new ledger per request, \(engine)")
            #expect(Set(yardHubs).count == 4, "\(engine)")
            if accelerators.contains(.compiledPlans) {
                #expect(
                    try injector.runsLinkedBuild(of: CompYard.self),
                    "a plan writes the singleton as a constant, \(engine)")
            }
        }
    }

    @Test(
        "a child that binds a leaf under a singleton inner node has its own singleton, built with the override, before and after the parent's"
    )
    func singletonReachesOverride() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            for parentWarmsFirst in [false, true] {
                let parent = try makeInjector(accelerators)
                if parentWarmsFirst { for _ in 0..<3 { _ = try parent.getObject(CompYard.self) } }
                let child = try parent.childInjector(modules: [fancySeals])
                var childDepots: Set<ObjectIdentifier> = []
                for _ in 0..<4 {
                    let yard = try child.getObject(CompYard.self)
                    #expect(yard.depot.frame.seal.label == "fancy" && yard.hub.frame.seal.label == "fancy", "\(engine)")
                    #expect(yard.depot.awakeCount == 1, "\(engine)")
                    childDepots.insert(ObjectIdentifier(yard.depot))
                    let office = try child.getObject(CompOffice.self)
                    #expect(office.depot === yard.depot && office.clerk.depot === yard.depot, "\(engine)")
                }
                let parentDepot = try parent.getObject(CompDepot.self)
                for _ in 0..<3 {
                    let yard = try parent.getObject(CompYard.self)
                    #expect(yard.depot === parentDepot && yard.hub.frame.seal.label == "plain", "\(engine)")
                }
                #expect(parentDepot.frame.seal.label == "plain", "\(engine)")
                #expect(childDepots.count == 1 && !childDepots.contains(ObjectIdentifier(parentDepot)), "\(engine)")
            }
        }
    }

    @Test(
        "a singleton in a cycle with .normal nodes through closure steps is filled before it awakes, warm, and a child's override gives the child its own cycle"
    )
    func singletonCycle() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            var sloops: [CompSloop] = []  // kept, so that no identifier below is reused
            for _ in 0..<4 {
                let sloop = try parent.getObject(CompSloop.self)
                let mast = sloop.mast!
                #expect(sloop.rigging.mast === mast && mast.rigging.mast === mast && sloop.rigging !== mast.rigging)
                #expect(mast.awakeCount == 1 && mast.cycleFilledWhenAwoken, "\(engine)")
                #expect(sloop.rigging.awakeCount == 1 && mast.rigging.awakeCount == 1, "\(engine)")
                #expect(shape(of: sloop.rigging.frame) == "CompFrame(built) filled awoken 1", "\(engine)")
                sloops.append(sloop)
            }
            #expect(Set(sloops.map { ObjectIdentifier($0.mast) }).count == 1, "\(engine)")
            let child = try parent.childInjector(modules: [fancySeals])
            for _ in 0..<3 {
                let sloop = try child.getObject(CompSloop.self)
                #expect(sloop.mast !== sloops[0].mast && sloop.mast.rigging.mast === sloop.mast, "\(engine)")
                #expect(sloop.mast.rigging.frame.seal.label == "fancy" && sloop.rigging.frame.seal.label == "fancy")
                #expect(sloop.mast.awakeCount == 1 && sloop.mast.cycleFilledWhenAwoken, "\(engine)")
            }
            #expect(try parent.getObject(CompSloop.self).mast === sloops[0].mast, "\(engine)")
        }
    }

    @Test(
        "a named closure requirement of an inner node takes its named binding, and a child's override of the name reaches only it"
    )
    func namedInnerNode() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators, [spareFrames])
            let child = try parent.childInjector(modules: [closureSpares, fancySeals])
            var racks: [CompMasteRack] = []  // kept, so that no identifier below is reused
            for _ in 0..<4 {
                let rack = try parent.getObject(CompMasteRack.self)
                #expect(shape(of: rack.frame) == "CompFrame(built) filled awoken 1", "\(engine)")
                #expect(shape(of: rack.spare) == "CompWideFrame(built) filled awoken 1", "\(engine)")
                let childRack = try child.getObject(CompMasteRack.self)
                #expect(shape(of: childRack.frame) == "CompFrame(built) filled awoken 1", "\(engine)")
                #expect(shape(of: childRack.spare) == "CompFrame(closure) filled awoken 1", "\(engine)")
                #expect(childRack.frame.seal.label == "fancy" && childRack.spare.seal.label == "fancy", "\(engine)")
                #expect(rack.frame.seal.label == "plain" && rack.spare.seal.label == "plain", "\(engine)")
                racks += [rack, childRack]
            }
            #expect(Set(racks.flatMap { [ObjectIdentifier($0.frame), ObjectIdentifier($0.spare)] }).count == 16)
        }
    }

    @Test(
        "an inner node a module makes a singleton with setScope is one instance for every closure step; a child's override of its leaf gives the child its own"
    )
    func scopeOverrideSingleton() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators, [CompBindings { $0.setScope(.singleton, for: CompFrame.self) }])
            let child = try parent.childInjector(modules: [fancySeals])
            let frame = try parent.getObject(CompFrame.self)
            let childFrame = try child.getObject(CompFrame.self)
            #expect(frame !== childFrame && frame.seal.label == "plain" && childFrame.seal.label == "fancy")
            for _ in 0..<4 {
                let rig = try parent.getObject(CompRig.self)
                #expect(rig.frame === frame && rig.hub.frame === frame && frame.awakeCount == 1, "\(engine)")
                let childRig = try child.getObject(CompRig.self)
                #expect(childRig.frame === childFrame && childRig.hub.frame === childFrame, "\(engine)")
                #expect(childRig.seal.label == "fancy" && childFrame.awakeCount == 1, "\(engine)")
            }
            if accelerators.contains(.compiledPlans) {
                #expect(
                    try parent.runsLinkedBuild(of: CompRig.self) && child.runsLinkedBuild(of: CompRig.self), "\(engine)"
                )
            }
        }
    }

    @Test(
        "an inner node a child makes weak with setScope is shared by the closure steps of builds while someone holds it, then rebuilt"
    )
    func scopeOverrideWeak() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            let child = try parent.childInjector(modules: [CompBindings { $0.setScope(.weak, for: CompFrame.self) }])
            weak var released: CompFrame?
            do {
                let held = try (0..<4).map { _ in try child.getObject(CompRig.self) }
                let frame = try #require(held.first?.frame)
                #expect(held.allSatisfy { $0.frame === frame && $0.hub.frame === frame }, "\(engine)")
                #expect(frame.awakeCount == 1 && shape(of: held[3]) == parentShape, "\(engine)")
                released = frame
            }
            #expect(released == nil, "\(engine)")
            let rig = try child.getObject(CompRig.self)
            #expect(rig.frame === rig.hub.frame && shape(of: rig) == parentShape, "\(engine)")
            let parentRig = try parent.getObject(CompRig.self)
            #expect(parentRig.frame !== parentRig.hub.frame, "the parent's frames stay .normal, \(engine)")
        }
    }

    // MARK: Main actor and async

    @Test("a main-actor object's closure steps build nonisolated inner nodes, leaves and a main-actor node, warm")
    @MainActor
    func mainActorParent() throws {
        func expected(seal: String) -> String {
            "console awoken 1 filled | hub frame CompFrame(built) filled awoken 1 | frame CompFrame(built) filled awoken 1 "
                + "| panel awoken 1 filled | seal \(seal)"
        }
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            var consoles: [CompConsole] = []  // kept, so that no identifier below is reused
            var hubs: Set<ObjectIdentifier> = []
            for _ in 0..<4 {
                let console = try parent.getObject(CompConsole.self)
                #expect(console.summary == expected(seal: "plain"), "\(engine)")
                consoles.append(console)
                hubs.insert(ObjectIdentifier(console.hub))
            }
            #expect(hubs.count == 4, "\(engine)")
            if accelerators.contains(.compiledPlans) {
                #expect(try parent.runsLinkedBuild(of: CompConsole.self), "\(engine)")
            }
            let child = try parent.childInjector(modules: [fancySeals])
            for _ in 0..<3 {
                let console = try child.getObject(CompConsole.self)
                #expect(console.summary == expected(seal: "fancy"), "\(engine)")
                #expect(console.hub.frame.seal.label == "fancy", "\(engine)")
            }
            #expect(try parent.getObject(CompConsole.self).summary == expected(seal: "plain"), "\(engine)")
        }
    }

    @Test(
        "a main-actor object's warm build fails through a nonisolated inner node a child binds, with the chain; the proof does not outlive it"
    )
    @MainActor
    func mainActorFailure() throws {
        var messages: [String] = []
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            let child = try parent.childInjector(modules: [
                CompBindings { $0.bind(CompFrame.self, to: CompFragileFrame.self) }
            ])
            CompFragileFrame.failing.store(false, ordering: .relaxed)
            for _ in 0..<3 {
                #expect(type(of: try child.getObject(CompConsole.self).hub.frame!) == CompFragileFrame.self)
            }
            if accelerators.contains(.compiledPlans) {
                #expect(try child.runsLinkedBuild(of: CompConsole.self), "\(engine)")
            }
            CompFragileFrame.failing.store(true, ordering: .relaxed)
            let error = #expect(throws: InjectionError.self) { try child.getObject(CompConsole.self) }
            CompFragileFrame.failing.store(false, ordering: .relaxed)
            #expect(error?.kind == .initializerFailed, "\(engine)")
            #expect(error?.chain == ["CompConsole.fills(CompHub)", "CompHub.fills(CompFrame)"], "\(engine)")
            messages.append(error.map { "\($0)" } ?? "")
            guard case .failure(let offMainActor) = requestWithoutIsolation(CompConsole.self, from: child) else {
                Issue.record("a request without isolation built a main-actor object, \(engine)")
                continue
            }
            #expect(offMainActor.kind == .mainActorRequired, "\(engine)")
            let console = try child.getObject(CompConsole.self)
            #expect(console.awakeCount == 1 && console.filledWhenAwoken, "\(engine)")
        }
        #expect(messages.count == 3 && Set(messages).count == 1, "\(messages)")
    }

    @Test("await getObject of a main-actor object whose closure steps reach nonisolated nodes, after warm builds")
    @MainActor
    func mainActorAwaited() async throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            for _ in 0..<3 { _ = try buildSynchronouslyOnMainActor(CompConsole.self, from: injector) }
            for _ in 0..<3 {
                let console = try await injector.getObject(CompConsole.self)
                #expect(console.awakeCount == 1 && console.filledWhenAwoken, "\(engine)")
                #expect(shape(of: console.hub.frame) == "CompFrame(built) filled awoken 1", "\(engine)")
            }
        }
    }

    @Test(
        "await getObject builds a fills graph warm, and one whose inner node awaits a binding; a child's instance makes that one synchronous"
    )
    func awaited() async throws {
        let frame = "CompFrame(built) filled awoken 1"
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators, [liveFeeds])
            for _ in 0..<3 { _ = try buildSynchronously(CompRig.self, from: parent) }
            for _ in 0..<3 { #expect(shape(of: try await parent.getObject(CompRig.self)) == parentShape, "\(engine)") }
            for _ in 0..<4 {
                let tower = try await parent.getObject(CompTower.self)
                #expect(
                    tower.summary
                        == "tower awoken 1 | station live awoken 1 frame \(frame) | hub awoken 1 frame \(frame)")
            }
            let error = try #require(throws: InjectionError.self) { try parent.getObject(CompTower.self) }
            #expect(error.kind == .asyncRequired, "\(engine)")
            #expect(error.chain == ["CompTower.fills(CompStation)", "CompStation.fills(any CompFeed)"], "\(engine)")

            let child = try parent.childInjector(modules: [fakeFeeds, fancySeals])
            for _ in 0..<3 {
                let tower = try buildSynchronously(CompTower.self, from: child)
                #expect(
                    tower.summary
                        == "tower awoken 1 | station fake awoken 1 frame \(frame) | hub awoken 1 frame \(frame)")
                #expect(tower.station.frame.seal.label == "fancy" && tower.hub.frame.seal.label == "fancy", "\(engine)")
                let awaited = try await child.getObject(CompTower.self)
                #expect(awaited.station.feed.name == "fake" && awaited.hub.frame.seal.label == "fancy", "\(engine)")
            }
            #expect(try await parent.getObject(CompTower.self).station.feed.name == "live", "\(engine)")
        }
    }

    @Test("a singleton an async closure made, once awaited, is written by the closure steps of synchronous warm builds")
    func asyncSingletonThenSynchronous() async throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators, [asyncDepots])
            var docks: [CompDock] = []
            for _ in 0..<3 { docks.append(try await injector.getObject(CompDock.self)) }
            let depot = try #require(docks.first?.depot)
            #expect(docks.allSatisfy { $0.depot === depot }, "\(engine)")
            for _ in 0..<4 {
                let dock = try buildSynchronously(CompDock.self, from: injector)
                #expect(dock.depot === depot && shape(of: dock.hub.frame) == "CompFrame(built) filled awoken 1")
                docks.append(dock)
            }
            #expect(Set(docks.map { ObjectIdentifier($0.hub) }).count == 7, "\(engine)")
        }
    }

    // MARK: Subclasses, generic classes, names

    @Test(
        "closure steps build a non-final inner node and its subclass as their own classes, and generic inner nodes as their own instances"
    )
    func subclassesAndGenerics() throws {
        let expected = [
            "lamps CompBox<CompLamp> CompLamp awoken 1/1",
            "hubs CompBox<CompHub> CompHub frame CompFrame(built) filled awoken 1",
            "nested CompBox<CompBox<CompLamp>> CompLamp awoken 1",
            "frame CompFrame(built) filled awoken 1", "wide CompWideFrame(built) filled awoken 1", "bolts 4",
        ].joined(separator: " | ")
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            var shelves: [CompShelf] = []  // kept, so that no identifier below is reused
            var wides: Set<ObjectIdentifier> = []
            for _ in 0..<4 {
                let shelf = try injector.getObject(CompShelf.self)
                #expect(shelf.summary == expected, "\(engine)")
                #expect(shelf.nested.awakeCount == 1 && shelf.hubs.content.awakeCount == 1, "\(engine)")
                shelves.append(shelf)
                wides.insert(ObjectIdentifier(shelf.wide))
            }
            #expect(wides.count == 4, "\(engine)")
            #expect(type(of: try injector.getObject(CompBox<CompLamp>.self).content!) == CompLamp.self, "\(engine)")
            if accelerators.contains(.compiledPlans) {
                #expect(try injector.runsLinkedBuild(of: CompShelf.self), "\(engine)")
            }
        }
    }

    @Test(
        "an inner node named as another module's class is built as its own, and a child's binding of the other class reaches only that one"
    )
    func sameNameInAnotherModule() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            var axles: [CompAxle] = []  // kept, so that no identifier below is reused
            var drives: Set<ObjectIdentifier> = []
            for _ in 0..<4 {
                let axle = try parent.getObject(CompAxle.self)
                #expect(type(of: axle.shaft!) == Shaft.self && axle.shaft.awakeCount == 1, "\(engine)")
                #expect(axle.shaft.bolt != nil && axle.shaft.drive !== axle.chassisShaft, "\(engine)")
                axles.append(axle)
                drives.formUnion([ObjectIdentifier(axle.shaft.drive), ObjectIdentifier(axle.chassisShaft)])
            }
            #expect(drives.count == 8, "a new ChassisKit.Shaft for each step, \(engine)")

            let child = try parent.childInjector(modules: [
                CompBindings { $0.bind(ChassisKit.Shaft.self, scope: .singleton) { _ in ChassisKit.Shaft() } }
            ])
            var shafts: Set<ObjectIdentifier> = []
            var childDrives: Set<ObjectIdentifier> = []
            for _ in 0..<4 {
                let axle = try child.getObject(CompAxle.self)
                #expect(type(of: axle.shaft!) == Shaft.self && axle.shaft.awakeCount == 1, "\(engine)")
                axles.append(axle)
                shafts.insert(ObjectIdentifier(axle.shaft))
                childDrives.formUnion([ObjectIdentifier(axle.shaft.drive), ObjectIdentifier(axle.chassisShaft)])
            }
            #expect(shafts.count == 4, "this module's Shaft is not the bound one, \(engine)")
            #expect(childDrives.count == 1, "the child's one ChassisKit.Shaft everywhere, \(engine)")
            let axle = try parent.getObject(CompAxle.self)
            #expect(!childDrives.contains(ObjectIdentifier(axle.chassisShaft)), "\(engine)")
        }
    }

    // MARK: Threads

    @Test(
        "threads building the same fills graph at once through a parent and its child get every object filled and awoken once"
    )
    func threads() throws {
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            let child = try parent.childInjector(modules: [fancySeals])
            let leavesBefore = (
                CompThreadLeaf.made.load(ordering: .relaxed), CompThreadLeaf.awoken.load(ordering: .relaxed)
            )
            let innersBefore = (
                CompThreadInner.made.load(ordering: .relaxed), CompThreadInner.awoken.load(ordering: .relaxed)
            )
            let depotsBefore = CompThreadDepot.made.load(ordering: .relaxed)
            let problems = Mutex<[String]>([])
            let depots = Mutex<[Int: Set<ObjectIdentifier>]>([:])
            let buildsPerThread = 40
            onThreads(8) { index in
                let injector = index.isMultiple(of: 2) ? parent : child
                let seal = index.isMultiple(of: 2) ? "plain" : "fancy"
                for _ in 0..<buildsPerThread {
                    do {
                        let root = try injector.getObject(CompThreadRoot.self)
                        if let problem = root.problem(seal: seal) { problems.withLock { $0.append(problem) } }
                        depots.withLock { _ = $0[index % 2, default: []].insert(ObjectIdentifier(root.depot)) }
                    } catch {
                        problems.withLock { $0.append("\(error)") }
                    }
                }
            }
            #expect(problems.withLock { $0 } == [], "\(engine)")
            let seen = depots.withLock { $0 }
            #expect(seen[0]?.count == 1 && seen[1]?.count == 1 && seen[0] != seen[1], "one depot each, \(engine)")
            #expect(CompThreadDepot.made.load(ordering: .relaxed) - depotsBefore == 2, "\(engine)")
            let builds = 8 * buildsPerThread
            let leaves = (
                CompThreadLeaf.made.load(ordering: .relaxed) - leavesBefore.0,
                CompThreadLeaf.awoken.load(ordering: .relaxed) - leavesBefore.1
            )
            let inners = (
                CompThreadInner.made.load(ordering: .relaxed) - innersBefore.0,
                CompThreadInner.awoken.load(ordering: .relaxed) - innersBefore.1
            )
            // Per build: a leaf of the root's and one of each inner node's; two inner nodes.
            // Per depot: one inner node and its leaf.
            #expect(leaves.0 == 3 * builds + 2 && leaves.1 == leaves.0, "\(engine)")
            #expect(inners.0 == 2 * builds + 2 && inners.1 == inners.0, "\(engine)")
            if accelerators.contains(.compiledPlans) {
                #expect(
                    try parent.runsLinkedBuild(of: CompThreadRoot.self)
                        && child.runsLinkedBuild(of: CompThreadRoot.self), "\(engine)")
            }
        }
    }

    // MARK: Awakes and errors

    @Test(
        "a chain of 20 inner nodes built by closure steps, past the stack-check interval, is filled and awoken at every level; its bottom's failure names all 20"
    )
    func deepChain() throws {
        let expected = Array(repeating: "level awoken 1, lamp 1", count: 20) + ["CompDeepFuse"]
        var messages: [String] = []
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            CompDeepFuse.failing.store(false, ordering: .relaxed)
            for _ in 0..<4 { #expect(levels(of: try injector.getObject(CompChain20.self)) == expected, "\(engine)") }
            if accelerators.contains(.compiledPlans) {
                #expect(try injector.runsLinkedBuild(of: CompChain20.self), "\(engine)")
            }
            CompDeepFuse.failing.store(true, ordering: .relaxed)
            let error = #expect(throws: InjectionError.self) { try injector.getObject(CompChain20.self) }
            CompDeepFuse.failing.store(false, ordering: .relaxed)
            #expect(error?.kind == .initializerFailed, "\(engine)")
            #expect(error?.chain.count == 20, "\(engine)")
            #expect(error?.chain.last?.hasSuffix(".fills(CompDeepFuse)") == true, "\(engine)")
            messages.append(error.map { "\($0)" } ?? "")
            #expect(levels(of: try injector.getObject(CompChain20.self)) == expected, "\(engine)")
        }
        #expect(messages.count == 3 && Set(messages).count == 1, "\(messages)")
    }

    @Test(
        "requests an inner node's awake makes while a warm build runs share that build's graph, as on the first build")
    func reentrantGraph() throws {
        var transcripts: [[String]] = []
        for accelerators in engines {
            let injector = try makeInjector(accelerators)
            compEchoInjector.withLock { $0 = injector }
            defer { compEchoInjector.withLock { $0 = nil } }
            var roots: [CompEchoRoot] = []  // kept, so that no identifier below is reused
            var transcript: [String] = []
            for _ in 0..<5 {
                let root = try injector.getObject(CompEchoRoot.self)
                let ledgers = root.first.ledgers + root.second.ledgers
                let distinct = Set(ledgers.map(ObjectIdentifier.init)).count
                transcript.append("\(ledgers.count) ledgers, \(distinct) distinct, hub \(shape(of: root.hub.frame))")
                roots.append(root)
            }
            let all = roots.flatMap { $0.first.ledgers + $0.second.ledgers }
            transcript.append("\(Set(all.map(ObjectIdentifier.init)).count) ledgers in 5 builds")
            transcripts.append(transcript)
        }
        let expected =
            Array(repeating: "4 ledgers, 1 distinct, hub CompFrame(built) filled awoken 1", count: 5)
            + ["5 ledgers in 5 builds"]
        #expect(transcripts == Array(repeating: expected, count: 3))
    }

    @Test("an inner node built by a closure step is awoken after its own leaves and before its parent, on every build")
    func awakeOrder() throws {
        let expected = [
            "Root.init", "Inner.init", "Leaf.init", "Leaf.awake", "Plain.init", "Inner.awake", "Leaf.init",
            "Leaf.awake",
            "Root.awake",
        ]
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            _ = takeCompJournal()
            for build in 0..<5 {
                _ = try injector.getObject(CompOrderRoot.self)
                #expect(takeCompJournal() == expected, "build \(build), \(engine)")
            }
            let handMade = CompOrderRoot()
            _ = takeCompJournal()
            try injector.injectDependencies(into: handMade)
            #expect(takeCompJournal() == Array(expected.dropFirst()), "\(engine)")
        }
    }

    @Test(
        "a throwing init() of an inner node a child binds, two closure steps down, fails with the chain in every engine; the parent and the child stay usable"
    )
    func throwingOverriddenInnerNode() throws {
        var messages: [String] = []
        for accelerators in engines {
            let engine = engineName(accelerators)
            let parent = try makeInjector(accelerators)
            let child = try parent.childInjector(modules: [
                CompBindings { $0.bind(CompFrame.self, to: CompBrittleFrame.self) }
            ])
            CompBrittleFrame.failing.store(false, ordering: .relaxed)
            for _ in 0..<3 {
                _ = try parent.getObject(CompRig.self)
                #expect(type(of: try child.getObject(CompRig.self).hub.frame!) == CompBrittleFrame.self, "\(engine)")
            }
            if accelerators.contains(.compiledPlans) {
                #expect(try child.runsLinkedBuild(of: CompRig.self), "the failure below is the plan's, \(engine)")
            }
            CompBrittleFrame.failing.store(true, ordering: .relaxed)
            let error = #expect(throws: InjectionError.self) { try child.getObject(CompRig.self) }
            #expect(shape(of: try parent.getObject(CompRig.self)) == parentShape, "the parent binds no brittle frame")
            CompBrittleFrame.failing.store(false, ordering: .relaxed)
            #expect(error?.kind == .initializerFailed, "\(engine)")
            #expect(error?.chain == ["CompRig.fills(CompHub)", "CompHub.fills(CompFrame)"], "\(engine)")
            #expect(error?.underlyingError is CompCrack, "\(engine)")
            let description = error.map { "\($0)" } ?? ""
            #expect(
                description == """
                    initializerFailed: the initializer of CompBrittleFrame threw: cracked on purpose
                      Requested: CompRig
                      Chain: CompRig.fills(CompHub) → CompHub.fills(CompFrame) (declared at \(#fileID):\(CompHub.requiresLine))
                      To fix: make the initializer of CompBrittleFrame succeed; nothing it started was cached.
                    """, "\(engine)")
            messages.append(description)
            let rig = try child.getObject(CompRig.self)
            #expect(type(of: rig.frame!) == CompBrittleFrame.self && rig.awakeCount == 1 && rig.filledWhenAwoken)
        }
        #expect(Set(messages).count == 1, "\(messages)")
    }

    @Test(
        "a plain leaf's throwing init(), made by a closure step three levels down, fails with the whole chain in every engine"
    )
    func throwingDeepLeaf() throws {
        let expected = """
            initializerFailed: the initializer of CompFuse threw: cracked on purpose
              Requested: CompFusePanel
              Chain: CompFusePanel.fills(CompFuseRack) → CompFuseRack.fills(CompFuseBox) → CompFuseBox.fills(CompFuse) (declared at \(#fileID):\(CompFuseBox.requiresLine))
              To fix: make the initializer of CompFuse succeed; nothing it started was cached.
            """
        for accelerators in engines {
            let engine = engineName(accelerators)
            let injector = try makeInjector(accelerators)
            CompFuse.failing.store(false, ordering: .relaxed)
            for _ in 0..<3 { #expect(try injector.getObject(CompFusePanel.self).rack.box.fuse != nil, "\(engine)") }
            if accelerators.contains(.compiledPlans) {
                #expect(try injector.runsLinkedBuild(of: CompFusePanel.self), "\(engine)")
            }
            CompFuse.failing.store(true, ordering: .relaxed)
            let error = #expect(throws: InjectionError.self) { try injector.getObject(CompFusePanel.self) }
            CompFuse.failing.store(false, ordering: .relaxed)
            #expect(error?.description == expected, "\(engine)")
            let panel = try injector.getObject(CompFusePanel.self)
            #expect(panel.rack.box.fuse != nil && panel.lamp.awakeCount == 1, "\(engine)")
        }
    }
}
