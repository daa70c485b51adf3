// Exercises the injector's unsafe writers in an optimised build, for valgrind's
// memcheck (run by .ci/run): existentials of every size written cold, warm (from
// learned templates) and into hand-built objects holding old values, and key paths
// rooted at subclasses that shadow their superclass's fields by name.
import ChassisKit
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

struct ProbeModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(AnyObject.self, to: Halogen.self)
        binder.bind((any ClassLamp).self, to: Halogen.self)
        binder.bind((any ClassLamp & ClassLens).self, to: Halogen.self)
        binder.bind(Any.self, to: Halogen.self)
        binder.bind((any Lamp).self, to: Halogen.self)
        binder.bind((any Lamp & Lens).self, to: Halogen.self)
        binder.bind((any Drive).self, to: Shaft.self)
    }
}

enum ProbeFailure: Error { case wrong(String) }

func check(_ condition: Bool, _ what: String) throws {
    if !condition { throw ProbeFailure.wrong(what) }
}

let injector = try Injector(modules: [ProbeModule()])
let reused = Showcase()
var built = 0
for round in 0..<200 {
    let showcase = try injector.getObject(Showcase.self)
    try check(showcase.anything is Halogen && showcase.pair is Halogen && showcase.tail == 9, "showcase \(round)")
    try injector.injectDependencies(into: reused)
    try check(reused.lamp is Halogen && reused.classPair is Halogen && reused.tail == 9, "reused \(round)")
    let buggy = try injector.getObject(Buggy.self)
    try check(buggy.chassisDrive is Shaft && buggy.drive == 7, "buggy \(round)")
    built += 3
}
print("WriterProbe: \(built) objects written through every writer; all fields as expected")
