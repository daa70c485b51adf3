import Instill

class Car: Injectable {
    var engine: Engine!
    var brakes: Brakes!
    var gearBox: (any GearBox)!
    var leftLight: Headlight!
    var rightLight: Headlight!
    var spareWheel: Provider<Wheel>!
    private(set) var isReady = false

    class var requires: Requirements {
        Requirements(\Car.engine, \.brakes, \.gearBox, \.spareWheel)
            .named("left", \Car.leftLight)
            .named("right", \Car.rightLight)
    }

    required init() {}

    func awakeFromInjection() { isReady = brakes.isBled }

    var summary: String {
        "\(type(of: self)): \(engine.model) (\(engine.cylinders) cyl), \(gearBox.gears)-speed, "
            + "lights \(leftLight.side)/\(rightLight.side), brakes \(brakes.isBled ? "bled" : "untested")"
    }
}

final class SportsCar: Car {
    var turbo: Turbo!
    override class var requires: Requirements { super.requires + Requirements(\SportsCar.turbo) }
}

final class Turbo: Injectable {
    let boost = 1.4
    init() {}
}

/// One garage per injector; it keeps the cars it is given.
final class Garage: Injectable {
    static let scope: Scope = .singleton
    var factory: ObjectFactory!
    private(set) var cars: [Car] = []
    static var requires: Requirements { Requirements(\Garage.factory) }
    init() {}

    func park<C: Car>(_ type: C.Type) throws -> C {
        let car = try factory.getObject(type)
        cars.append(car)
        return car
    }
}
