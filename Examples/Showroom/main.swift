import Instill

/// The showroom's configuration: which gear box, which lights.
struct ShowroomModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any GearBox).self, to: SixSpeedManual.self)
        binder.bind(Headlight.self, named: "left") { _ in Headlight(side: .left) }
        binder.bind(Headlight.self, named: "right") { _ in Headlight(side: .right) }
    }
}

do {
    let injector = try Injector(modules: [ShowroomModule()])

    let garage = try injector.getObject(Garage.self)
    let family = try garage.park(Car.self)
    let sports = try garage.park(SportsCar.self)
    print("Built:")
    print("  \(family.summary)")
    print("  \(sports.summary), turbo \(sports.turbo.boost) bar")
    print("  ready to drive: \(family.isReady && sports.isReady)")

    let v12 = try injector.getObject(Engine.self, arguments: "V12", 12)
    print("  a loose engine on request: \(v12.model) (\(v12.cylinders) cyl)")

    print("Spare wheels built before any flat tyre: \(Wheel.made)")
    let spare = try sports.spareWheel()
    print("After a flat tyre: wheel #\(spare.serial) fitted, \(Wheel.made) built")

    let sameGarage = try injector[Garage.self]
    print("Garage is a singleton: \(sameGarage === garage), holding \(sameGarage.cars.count) cars")

    // What a mistake looks like: nothing is bound to a protocol.
    print("\nAsking an injector without the module for a car:")
    do {
        _ = try Injector().getObject(Car.self)
    } catch {
        print(error)
    }
} catch {
    print("Showroom failed:\n\(error)")
}
