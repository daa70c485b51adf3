import Instill

package class Car: Injectable {
    package var engine: Engine!
    package var brakes: Brakes!
    package var gearBox: (any GearBox)!
    package var leftLight: Headlight!
    package var rightLight: Headlight!
    package var spareWheel: Provider<Wheel>!
    package private(set) var isReady = false

    package class var requires: Requirements {
        Requirements(\Car.engine, \.brakes, \.gearBox, \.spareWheel)
            .named("left", \Car.leftLight)
            .named("right", \Car.rightLight)
    }

    package required init() {}

    package func awakeFromInjection() { isReady = brakes.isBled }

    package var summary: String {
        "\(type(of: self)): \(engine.model) (\(engine.cylinders) cyl), \(gearBox.gears)-speed, "
            + "lights \(leftLight.side)/\(rightLight.side), brakes \(brakes.isBled ? "bled" : "untested")"
    }
}

package final class SportsCar: Car {
    package var turbo: Turbo!
    package override class var requires: Requirements { super.requires + Requirements(\SportsCar.turbo) }
}

package final class Turbo: Injectable {
    package let boost = 1.4
    package init() {}
}

/// One garage per injector; it keeps the cars it is given.
package final class Garage: Injectable {
    package static let scope: Scope = .singleton
    package var factory: ObjectFactory!
    package private(set) var cars: [Car] = []
    package static var requires: Requirements { Requirements(\Garage.factory) }
    package init() {}

    package func park<C: Car>(_ type: C.Type) throws -> C {
        let car = try factory.getObject(type)
        cars.append(car)
        return car
    }
}
