import Instill

/// An engine built with a declared initializer and default arguments.
final class Engine: Injectable {
    let model: String
    let cylinders: Int

    init(model: String, cylinders: Int) {
        self.model = model
        self.cylinders = cylinders
    }

    static let initializer = Initializer(defaults: "V8", 8) { arguments in
        Engine(model: try arguments.argument(0, as: String.self), cylinders: try arguments.argument(1, as: Int.self))
    }
}

final class Brakes: Injectable {
    private(set) var isBled = false
    init() {}
    func awakeFromInjection() { isBled = true }
}

/// Gear boxes are chosen by the module: the car only knows the protocol.
protocol GearBox: AnyObject {
    var gears: Int { get }
}

final class SixSpeedManual: GearBox, Injectable {
    let gears = 6
    init() {}
}

enum Side: String, Sendable { case left, right }

final class Headlight {
    let side: Side
    init(side: Side) { self.side = side }
}

/// Built lazily, only when a tyre goes flat.
final class Wheel: Injectable {
    nonisolated(unsafe) static var made = 0
    let serial: Int
    init() {
        Wheel.made += 1
        serial = Wheel.made
    }
}
