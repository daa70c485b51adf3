import Instill
import Swinject

// The car of the design contract, as its section 1 declares it: an engine built by a
// declared initializer with a default argument, brakes with an awake, a gear box
// bound to a protocol, a named headlight bound by a closure, a provider of wheels,
// and the car's own awake. Requirements are key paths, as the contract writes them.
//
// The car Instill builds holds a `Provider<ContractWheel>`, which only an injector
// makes; the hand-written code and Swinject build `WiredContractCar`, the same car
// with a closure in its place. Every other class is the same in every variant.

final class ContractEngine: Injectable {
    let name: String
    init(name: String) { self.name = name }
    static let initializer = Initializer(defaults: "V8") { args in
        ContractEngine(name: try args.argument(0, as: String.self))
    }
}

final class ContractBrakes: Injectable {
    var isChecked = false
    init() {}
    func awakeFromInjection() { isChecked = true }
}

protocol ContractGearBox: AnyObject {
    var gears: Int { get }
}

final class FiveSpeed: ContractGearBox, Injectable {
    let gears = 5
    init() {}
}

/// Bound by name ("left"), with a closure.
final class ContractHeadlight {
    let side: String
    init(side: String) { self.side = side }
}

final class ContractWheel: Injectable {
    init() {}
}

final class ContractCar: Injectable {
    var engine: ContractEngine!
    var brakes: ContractBrakes!
    var gearBox: (any ContractGearBox)!
    var leftLight: ContractHeadlight!
    var wheels: Instill.Provider<ContractWheel>!
    var isReady = false

    static var requires: Requirements {
        Requirements(\ContractCar.engine, \.brakes, \.gearBox, \.wheels).named("left", \ContractCar.leftLight)
    }
    init() {}
    func awakeFromInjection() { isReady = true }
}

struct ContractCarModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any ContractGearBox).self, to: FiveSpeed.self)
        binder.bind(ContractHeadlight.self, named: "left") { _ in ContractHeadlight(side: "left") }
    }
}

/// The car the hand-written code and Swinject build: `ContractCar`, with a closure
/// that makes a wheel in place of the provider.
final class WiredContractCar {
    var engine: ContractEngine!
    var brakes: ContractBrakes!
    var gearBox: (any ContractGearBox)!
    var leftLight: ContractHeadlight!
    var makeWheel: (() -> ContractWheel)!
    var isReady = false

    init() {}

    /// What `ContractCar.awakeFromInjection()` does.
    func awake() { isReady = true }
}

/// The contract's car built by hand.
func makeContractCarByHand() -> WiredContractCar {
    let car = WiredContractCar()
    car.engine = ContractEngine(name: "V8")
    let brakes = ContractBrakes()
    brakes.awakeFromInjection()
    car.brakes = brakes
    car.gearBox = FiveSpeed()
    car.leftLight = ContractHeadlight(side: "left")
    car.makeWheel = { ContractWheel() }
    car.awake()
    return car
}

/// Transient Swinject registrations for the contract's car.
func registerContractCar(in container: Container) {
    container.register(ContractEngine.self) { _ in ContractEngine(name: "V8") }.inObjectScope(.transient)
    container.register(ContractBrakes.self) { _ in
        let brakes = ContractBrakes()
        brakes.awakeFromInjection()
        return brakes
    }.inObjectScope(.transient)
    container.register((any ContractGearBox).self) { _ in FiveSpeed() }.inObjectScope(.transient)
    container.register(ContractHeadlight.self, name: "left") { _ in ContractHeadlight(side: "left") }
        .inObjectScope(.transient)
    container.register(ContractWheel.self) { _ in ContractWheel() }.inObjectScope(.transient)
    container.register(WiredContractCar.self) { resolver in
        let car = WiredContractCar()
        car.engine = resolver.resolve(ContractEngine.self)!
        car.brakes = resolver.resolve(ContractBrakes.self)!
        car.gearBox = resolver.resolve((any ContractGearBox).self)!
        car.leftLight = resolver.resolve(ContractHeadlight.self, name: "left")!
        car.makeWheel = { resolver.resolve(ContractWheel.self)! }
        car.awake()
        return car
    }.inObjectScope(.transient)
}

/// Whether `car` is assembled as every variant must assemble it.
func isComplete(_ car: ContractCar) -> Bool {
    car.engine?.name == "V8" && car.brakes?.isChecked == true && car.gearBox is FiveSpeed
        && car.leftLight?.side == "left" && car.wheels != nil && car.isReady
}

func isComplete(_ car: WiredContractCar) -> Bool {
    car.engine?.name == "V8" && car.brakes?.isChecked == true && car.gearBox is FiveSpeed
        && car.leftLight?.side == "left" && car.makeWheel != nil && car.isReady
}
