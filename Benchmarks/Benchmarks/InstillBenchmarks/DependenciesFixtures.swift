import Dependencies

// The same classes built with swift-dependencies, written as its users write them: each
// dependency is a `DependencyKey` with a live value and a `DependencyValues` property,
// read with `@Dependency`. A dependency's live value is made once and kept, so a
// transient object is a factory closure (a value of the dependency) and a singleton is
// the object itself. swift-dependencies has no names: each name is a key of its own.

// MARK: Car graph

enum EngineFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> Engine = { Engine() }
}

enum GearBoxFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> any GearBox = { SixSpeed() }
}

enum CarFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> Car = {
        let car = Car()
        equipFromDependencies(car)
        return car
    }
}

enum ImmutableCarFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> ImmutableCar = {
        @Dependency(\.makeEngine) var makeEngine
        @Dependency(\.makeGearBox) var makeGearBox
        return ImmutableCar(engine: makeEngine(), gearBox: makeGearBox())
    }
}

extension DependencyValues {
    var makeEngine: @Sendable () -> Engine {
        get { self[EngineFactoryKey.self] }
        set { self[EngineFactoryKey.self] = newValue }
    }

    var makeGearBox: @Sendable () -> any GearBox {
        get { self[GearBoxFactoryKey.self] }
        set { self[GearBoxFactoryKey.self] = newValue }
    }

    var makeCar: @Sendable () -> Car {
        get { self[CarFactoryKey.self] }
        set { self[CarFactoryKey.self] = newValue }
    }

    var makeImmutableCar: @Sendable () -> ImmutableCar {
        get { self[ImmutableCarFactoryKey.self] }
        set { self[ImmutableCarFactoryKey.self] = newValue }
    }
}

/// Fills a car's requirements from the current dependencies (what Swinject's `equip`
/// does from a resolver).
func equipFromDependencies(_ car: Car) {
    @Dependency(\.makeEngine) var makeEngine
    @Dependency(\.makeGearBox) var makeGearBox
    car.engine = makeEngine()
    car.gearBox = makeGearBox()
}

/// A car from swift-dependencies: the car factory read with `@Dependency`, then called.
func carFromDependencies() -> Car {
    @Dependency(\.makeCar) var makeCar
    return makeCar()
}

/// An immutable car from swift-dependencies.
func immutableCarFromDependencies() -> ImmutableCar {
    @Dependency(\.makeImmutableCar) var makeImmutableCar
    return makeImmutableCar()
}

// MARK: Singleton

enum GarageKey: DependencyKey {
    static var liveValue: Garage { Garage() }
}

extension DependencyValues {
    var garage: Garage {
        get { self[GarageKey.self] }
        set { self[GarageKey.self] = newValue }
    }
}

/// The garage from swift-dependencies, which keeps the live value it made first.
func garageFromDependencies() -> Garage {
    @Dependency(\.garage) var garage
    return garage
}

// MARK: Named lookup: one key per name

enum LeftHeadlightFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> Headlight = { Headlight(side: "left") }
}

enum RightHeadlightFactoryKey: DependencyKey {
    static let liveValue: @Sendable () -> Headlight = { Headlight(side: "right") }
}

extension DependencyValues {
    var makeLeftHeadlight: @Sendable () -> Headlight {
        get { self[LeftHeadlightFactoryKey.self] }
        set { self[LeftHeadlightFactoryKey.self] = newValue }
    }

    var makeRightHeadlight: @Sendable () -> Headlight {
        get { self[RightHeadlightFactoryKey.self] }
        set { self[RightHeadlightFactoryKey.self] = newValue }
    }
}

/// The left headlight from swift-dependencies.
func leftHeadlightFromDependencies() -> Headlight {
    @Dependency(\.makeLeftHeadlight) var makeLeftHeadlight
    return makeLeftHeadlight()
}
