// Exercises the injector's unsafe writers in an optimised build, for valgrind's
// memcheck (run by .ci/run): existentials of every size written cold, warm (from
// learned templates) and into hand-built objects holding old values, and key paths
// rooted at subclasses that shadow their superclass's fields by name; initializer
// dependencies of odd sizes laid out in the closure's buffer, from plans and from
// values fixed when the plan was compiled (a singleton copied from its template);
// closure requirements (`fills`) given their values owned by a plan, or making a plain
// leaf themselves, into properties that hold a value already; `fills` of several classes,
// whose values a plan moves out of a buffer (a class built by one call of the group's
// code, a group in a longer list, a member that fails after another was built); closure
// bindings of protocols written by `fills` entries through learned templates, and
// `Provider`, `Lazy` and `ObjectFactory` properties written as their own types.
import ChassisKit
import Foundation
import Instill

protocol Lamp {}
protocol Lens {}
protocol ClassLamp: AnyObject {}
protocol ClassLens: AnyObject {}

final class Halogen: Injectable, Lamp, Lens, ClassLamp, ClassLens {
    init() {}
}

final class Showcase: Injectable {
    var object: AnyObject?
    var classLamp: (any ClassLamp)!
    var classPair: (any ClassLamp & ClassLens)?
    var anything: Any?
    var lamp: (any Lamp)!
    var pair: (any Lamp & Lens)?
    var halogen: Halogen!
    var tail: UInt8 = 9
    static var requires: Requirements {
        Requirements(\Showcase.object, \.classLamp, \.classPair, \.anything, \.lamp, \.pair, \.halogen)
    }
    init() {}
}

/// Shadows the chassis's `drive` with a trailing byte.
final class Buggy: Chassis, Injectable {
    var drive: UInt8 = 7
    static var requires: Requirements { Chassis.driveRequirements(Buggy.self) }
    override init() {}
}

/// One byte first: the rest of the buffer starts at the next multiple of eight.
struct Byte {
    let value: UInt8
}

protocol SharedLamp: AnyObject {}

/// A singleton bound to a protocol: a fixed dependency, copied from its template.
final class Beacon: Injectable, SharedLamp {
    static let scope: Scope = .singleton
    init() {}
}

final class Fixture: Injectable {
    let byte: Byte
    let lamp: any Lamp
    let pair: any Lamp & Lens
    let classPair: any ClassLamp & ClassLens
    let anything: Any
    let object: AnyObject
    let maybe: (any ClassLamp)?
    let shared: any SharedLamp
    let sharedAgain: (any SharedLamp)?

    init(
        byte: Byte, lamp: any Lamp, pair: any Lamp & Lens, classPair: any ClassLamp & ClassLens, anything: Any,
        object: AnyObject, maybe: (any ClassLamp)?, shared: any SharedLamp, sharedAgain: (any SharedLamp)?
    ) {
        self.byte = byte
        self.lamp = lamp
        self.pair = pair
        self.classPair = classPair
        self.anything = anything
        self.object = object
        self.maybe = maybe
        self.shared = shared
        self.sharedAgain = sharedAgain
    }

    static let initializer = Initializer(
        dependencies: Byte.self, (any Lamp).self, (any Lamp & Lens).self, (any ClassLamp & ClassLens).self, Any.self,
        AnyObject.self, (any ClassLamp)?.self, (any SharedLamp).self, (any SharedLamp)?.self
    ) {
        Fixture(
            byte: $0, lamp: $1, pair: $2, classPair: $3, anything: $4, object: $5, maybe: $6, shared: $7,
            sharedAgain: $8)
    }
}

/// A plain leaf: a plan's closure requirement makes it itself.
final class Reel: Injectable {
    init() {}
}

/// A leaf with an awake of its own: built by its plan, given to the closure owned.
final class Spool: Injectable {
    var turns = 0
    init() {}
    func awakeFromInjection() { turns += 1 }
}

final class Winder: Injectable {
    var reel: Reel! = Reel()  // replaced by the injector's
    var spool: Spool?
    var halogen: Halogen!
    static var requires: Requirements {
        fills(Reel.self) { $0.reel = $1 } + fills(Spool?.self) { $0.spool = $1 }
            + fills(Halogen.self) { $0.halogen = $1 }
    }
    init() {}
}

/// Built by one call of its group's code: a member built by its plan (an awake), an
/// inner node, and a plain leaf the group makes, into properties that hold values.
final class Bobbin: Injectable {
    var spool: Spool! = Spool()
    var winder: Winder! = Winder()
    var reel: Reel! = Reel()
    static var requires: Requirements {
        fills(Spool.self, Winder.self, Reel.self) {
            $0.spool = $1
            $0.winder = $2
            $0.reel = $3
        }
    }
    init() {}
}

/// A group in a longer list: written from the plan's loop.
final class Loom: Injectable {
    var halogen: Halogen!
    var reel: Reel!
    var spool: Spool!
    static var requires: Requirements {
        Requirements(\Loom.halogen)
            + fills(Reel.self, Spool.self) {
                $0.reel = $1
                $0.spool = $2
            }
    }
    init() {}
}

struct Snapped: Error {}

/// Fails in `init()` once the probe sets `WRITER_PROBE_SNAP` (after its plans are
/// compiled); built by its plan (its awake keeps it from being made by a group).
final class Snag: Injectable {
    init() throws { if getenv("WRITER_PROBE_SNAP") != nil { throw Snapped() } }
    func awakeFromInjection() {}
}

/// A group whose second member fails after the first is built into the buffer.
final class Tangle: Injectable {
    var spool: Spool!
    var snag: Snag!
    static var requires: Requirements {
        fills(Spool.self, Snag.self) {
            $0.spool = $1
            $0.snag = $2
        }
    }
    init() {}
}

/// Closure bindings of protocols, whose values reach the injector boxed as the
/// existential, written by `fills` entries (through the template learned for their
/// class, the object read from the existential's first word where it is class-bound),
/// and `Provider`, `Lazy` and `ObjectFactory` properties written as their own types.
final class Console: Injectable {
    var classLamp: (any ClassLamp)!
    var pair: (any ClassLamp & ClassLens)?
    var lamp: (any Lamp)!
    var anything: AnyObject?
    var makeHalogen: Instill.Provider<Halogen>!
    var later: Instill.Lazy<Halogen>?
    var factory: ObjectFactory!
    static var requires: Requirements {
        fills((any ClassLamp).self, named: "console") { $0.classLamp = $1 }
            + fills((any ClassLamp & ClassLens).self, named: "console") { $0.pair = $1 }
            + fills((any Lamp).self, named: "console") { $0.lamp = $1 }
            + fills(AnyObject.self, named: "console") { $0.anything = $1 }
            + Requirements(\Console.makeHalogen, \.later, \.factory)
    }
    init() {}
}

struct ProbeModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(AnyObject.self, to: Halogen.self)
        binder.bind((any ClassLamp).self, to: Halogen.self)
        binder.bind((any ClassLamp & ClassLens).self, to: Halogen.self)
        binder.bind(Any.self, to: Halogen.self)
        binder.bind((any Lamp).self, to: Halogen.self)
        binder.bind((any Lamp & Lens).self, to: Halogen.self)
        binder.bind((any Drive).self, to: Shaft.self)
        binder.bind(Byte(value: 0xA5))
        binder.bind((any SharedLamp).self, to: Beacon.self)
        binder.bind((any ClassLamp).self, named: "console") { _ in Halogen() }
        binder.bind((any ClassLamp & ClassLens).self, named: "console") { _ in Halogen() }
        binder.bind((any Lamp).self, named: "console") { _ in Halogen() }
        binder.bind(AnyObject.self, named: "console") { _ in Halogen() }
    }
}

enum ProbeFailure: Error { case wrong(String) }

func check(_ condition: Bool, _ what: String) throws {
    if !condition { throw ProbeFailure.wrong(what) }
}

let injector = try Injector(modules: [ProbeModule()])
let reused = Showcase()
let reusedWinder = Winder()
let reusedConsole = Console()
var built = 0
for round in 0..<200 {
    let showcase = try injector.getObject(Showcase.self)
    try check(showcase.anything is Halogen && showcase.pair is Halogen && showcase.tail == 9, "showcase \(round)")
    try injector.injectDependencies(into: reused)
    try check(reused.lamp is Halogen && reused.classPair is Halogen && reused.tail == 9, "reused \(round)")
    let buggy = try injector.getObject(Buggy.self)
    try check(buggy.chassisDrive is Shaft && buggy.drive == 7, "buggy \(round)")
    let fixture = try injector.getObject(Fixture.self)
    try check(
        fixture.byte.value == 0xA5 && fixture.lamp is Halogen && fixture.pair is Halogen
            && fixture.classPair is Halogen && fixture.anything is Halogen && fixture.object is Halogen
            && fixture.maybe is Halogen && fixture.shared === fixture.sharedAgain, "fixture \(round)")
    let winder = try injector.getObject(Winder.self)
    try check(winder.reel != nil && winder.spool?.turns == 1 && winder.halogen != nil, "winder \(round)")
    let previous = reusedWinder.reel
    try injector.injectDependencies(into: reusedWinder)
    try check(reusedWinder.reel !== previous && reusedWinder.spool != nil, "reused winder \(round)")
    let bobbin = try injector.getObject(Bobbin.self)
    try check(
        bobbin.spool.turns == 1 && bobbin.winder.reel != nil && bobbin.winder.spool?.turns == 1 && bobbin.reel != nil,
        "bobbin \(round)")
    let loom = try injector.getObject(Loom.self)
    try check(loom.halogen != nil && loom.reel != nil && loom.spool.turns == 1, "loom \(round)")
    let reusedBobbin = Bobbin()
    let previousReel = reusedBobbin.reel
    try injector.injectDependencies(into: reusedBobbin)
    try check(reusedBobbin.reel !== previousReel && reusedBobbin.spool.turns == 1, "reused bobbin \(round)")
    let tangle = try injector.getObject(Tangle.self)
    try check(tangle.spool.turns == 1 && tangle.snag != nil, "tangle \(round)")
    let console = try injector.getObject(Console.self)
    try check(
        console.classLamp is Halogen && console.pair is Halogen && console.lamp is Halogen
            && console.anything is Halogen && (try console.makeHalogen()) !== (try console.makeHalogen())
            && console.later.map { (try? $0()) != nil } == true && console.factory != nil,
        "console \(round)")
    try injector.injectDependencies(into: reusedConsole)
    try check(reusedConsole.classLamp is Halogen && reusedConsole.later != nil, "reused console \(round)")
    built += 12
}
// The second member of a warm group fails after the first was built into the buffer.
setenv("WRITER_PROBE_SNAP", "1", 1)
for round in 0..<100 {
    do {
        _ = try injector.getObject(Tangle.self)
        throw ProbeFailure.wrong("tangle \(round) built")
    } catch let error as InjectionError {
        try check(error.kind == .initializerFailed, "snapped tangle \(round): \(error)")
    }
}
print("WriterProbe: \(built) objects written through every writer; all fields as expected")
