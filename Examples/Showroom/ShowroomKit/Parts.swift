import Instill

/// An engine built with a declared initializer and default arguments.
package final class Engine: Injectable {
    package let model: String
    package let cylinders: Int

    package init(model: String, cylinders: Int) {
        self.model = model
        self.cylinders = cylinders
    }

    package static let initializer = Initializer(defaults: "V8", 8) { arguments in
        Engine(model: try arguments.argument(0, as: String.self), cylinders: try arguments.argument(1, as: Int.self))
    }
}

package final class Brakes: Injectable {
    package private(set) var isBled = false
    package init() {}
    package func awakeFromInjection() { isBled = true }
}

/// Gear boxes are chosen by the module: the car only knows the protocol.
package protocol GearBox: AnyObject {
    var gears: Int { get }
}

package final class SixSpeedManual: GearBox, Injectable {
    package let gears = 6
    package init() {}
}

package enum Side: String, Sendable { case left, right }

package final class Headlight {
    package let side: Side
    package init(side: Side) { self.side = side }
}

/// Built lazily, only when a tyre goes flat.
package final class Wheel: Injectable {
    nonisolated(unsafe) package static var made = 0
    package let serial: Int
    package init() {
        Wheel.made += 1
        serial = Wheel.made
    }
}
