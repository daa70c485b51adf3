import Instill
import Swinject

// The car graph again, built by initializer injection: the car keeps its engine and
// gear box in `let` properties and receives them through its initializer. Hand-written
// code calls the initializers; Swinject resolves the parts in the car's factory.

/// The car graph's car, with `let` dependencies (3 objects, 2 initializer dependencies,
/// one of them a protocol bound in a module).
final class ImmutableCar: Injectable {
    let engine: Engine
    let gearBox: any GearBox
    init(engine: Engine, gearBox: any GearBox) {
        self.engine = engine
        self.gearBox = gearBox
    }
    static let initializer = Initializer(dependencies: Engine.self, (any GearBox).self) {
        ImmutableCar(engine: $0, gearBox: $1)
    }
}

/// An immutable car built by hand.
func makeImmutableCarByHand() -> ImmutableCar {
    ImmutableCar(engine: Engine(), gearBox: SixSpeed())
}

/// Transient Swinject registrations for the immutable car graph.
func registerImmutableCar(in container: Container) {
    container.register(Engine.self) { _ in Engine() }.inObjectScope(.transient)
    container.register((any GearBox).self) { _ in SixSpeed() }.inObjectScope(.transient)
    container.register(ImmutableCar.self) { resolver in
        ImmutableCar(engine: resolver.resolve(Engine.self)!, gearBox: resolver.resolve((any GearBox).self)!)
    }.inObjectScope(.transient)
}

/// Whether `car` is assembled as every variant must assemble it.
func isComplete(_ car: ImmutableCar) -> Bool {
    car.gearBox is SixSpeed
}
