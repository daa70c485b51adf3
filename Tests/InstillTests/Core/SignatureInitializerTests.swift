import Instill
import Testing

// MARK: - Fixtures: support

/// A module made of a closure, so each test states its bindings where it uses them.
private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

// MARK: - Fixtures: a habit tracker

private protocol HabitStore: Sendable {
    var habits: [String] { get }
}

private struct MemoryStore: HabitStore {
    var habits = ["run", "read"]
}

private protocol DateProvider: Sendable {
    var today: Int { get }
}

private struct FixedClock: DateProvider {
    let today = 7
}

/// The example: two protocol dependencies, declared by the initializer alone.
private final class StreakCalculator: Injectable, Sendable {
    let store: any HabitStore
    let clock: any DateProvider
    init(store: any HabitStore, clock: any DateProvider) {
        self.store = store
        self.clock = clock
    }
    static let initializer = Initializer(StreakCalculator.init)
    static let initializerLine = #line - 1
}

/// The same class declared with `Initializer(dependencies:)`, to compare with.
private final class ListedStreakCalculator: Injectable, Sendable {
    let store: any HabitStore
    let clock: any DateProvider
    init(store: any HabitStore, clock: any DateProvider) {
        self.store = store
        self.clock = clock
    }
    static let initializer = Initializer(dependencies: (any HabitStore).self, (any DateProvider).self) {
        ListedStreakCalculator(store: $0, clock: $1)
    }
}

private final class Engine: Injectable, Sendable {
    init() {}
}

private final class Brakes: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
}

/// Every parameter an `Injectable` class.
private final class Car: Injectable, Sendable {
    let engine: Engine
    let brakes: Brakes
    init(engine: Engine, brakes: Brakes) {
        self.engine = engine
        self.brakes = brakes
    }
    static let initializer = Initializer(Car.init)
}

/// Not `Sendable`: its `init` reference is, as `Injectable` metatypes are.
private final class Tally: Injectable {
    var count = 0
    let calculator: StreakCalculator
    init(calculator: StreakCalculator) { self.calculator = calculator }
    static let initializer = Initializer(Tally.init)
}

private struct CorruptStore: Error, CustomStringConvertible {
    var description: String { "the store is corrupt" }
}

private final class CheckedReport: Injectable, Sendable {
    let habits: [String]
    init(store: any HabitStore) throws {
        guard !store.habits.isEmpty else { throw CorruptStore() }
        habits = store.habits
    }
    static let initializer = Initializer(CheckedReport.init)
}

/// Opened asynchronously, once.
private final class HabitDatabase: Injectable, Sendable {
    static let scope: Scope = .singleton
    let habits: [String]
    init(store: any HabitStore) async throws {
        await Task.yield()
        habits = store.habits
    }
    static let initializer = Initializer(HabitDatabase.init)
}

@MainActor
private final class StreakViewModel: MainActorInjectable {
    let calculator: StreakCalculator
    init(calculator: StreakCalculator) { self.calculator = calculator }
    static let initializer = Initializer(mainActor: StreakViewModel.init)
}

@MainActor
private final class HabitScreen: MainActorInjectable {
    let clock: any DateProvider
    let model: StreakViewModel
    init(clock: any DateProvider, model: StreakViewModel) {
        self.clock = clock
        self.model = model
    }
    static let initializer = Initializer(mainActor: HabitScreen.init)
}

// MARK: - Fixtures: typed arguments

private final class HabitView: Injectable, Sendable, TakesArgument {
    typealias Argument = String
    let habit: String
    let store: any HabitStore
    init(habit: String, store: any HabitStore) {
        self.habit = habit
        self.store = store
    }
    static let initializer = Initializer(HabitView.init, argument: Argument.self)
}

/// The argument alone.
private final class HabitName: Injectable, Sendable, TakesArgument {
    typealias Argument = String
    let name: String
    init(name: String) { self.name = name }
    static let initializer = Initializer(HabitName.init, argument: Argument.self)
}

private final class HabitHistory: Injectable, Sendable, TakesArgument {
    typealias Argument = String
    let habit: String
    let days: Int
    init(habit: String, database: HabitDatabase) async {
        await Task.yield()
        self.habit = habit
        self.days = database.habits.count
    }
    static let initializer = Initializer(HabitHistory.init, argument: Argument.self)
}

@MainActor
private final class HabitDetailModel: MainActorInjectable, TakesArgument {
    typealias Argument = String
    let habit: String
    let calculator: StreakCalculator
    init(habit: String, calculator: StreakCalculator) {
        self.habit = habit
        self.calculator = calculator
    }
    static let initializer = Initializer(mainActor: HabitDetailModel.init, argument: Argument.self)
}

// MARK: - Fixtures: handles, optionals and names

private protocol Terminal: Sendable {}
private struct PlainTerminal: Terminal {}

private final class AuditLog: Sendable {
    let channel: String
    init(channel: String) { self.channel = channel }
}

private final class Reporter: Injectable, Sendable {
    let terminal: (any Terminal)?
    let calculators: Provider<StreakCalculator>
    let clock: Lazy<any DateProvider>
    init(terminal: (any Terminal)?, calculators: Provider<StreakCalculator>, clock: Lazy<any DateProvider>) {
        self.terminal = terminal
        self.calculators = calculators
        self.clock = clock
    }
    static let initializer = Initializer(Reporter.init)
}

private final class AuditedStore: Injectable, Sendable {
    let store: any HabitStore
    let audit: AuditLog
    init(store: any HabitStore, audit: AuditLog) {
        self.store = store
        self.audit = audit
    }
    static let initializer = Initializer(AuditedStore.init, names: [1: "audit"])
}

/// Names a position the initializer does not have.
private final class MisnamedStore: Injectable, Sendable {
    let audit: AuditLog
    init(audit: AuditLog) { self.audit = audit }
    static let initializer = Initializer(MisnamedStore.init, names: [1: "audit"])
    static let initializerLine = #line - 1
}

// MARK: - Fixtures: a non-final class hierarchy

/// Non-final, with an initializer that takes parameters: `Self(...)` cannot be
/// written in its closure, `Vehicle.init` can.
private class Vehicle: Injectable {
    let engine: Engine
    init(engine: Engine) { self.engine = engine }
    class var initializer: Initializer { Initializer(Vehicle.init) }
}

/// Inherits `init(engine:)`, and declares its own initializer with it.
private final class Truck: Vehicle {
    override class var initializer: Initializer { Initializer(Truck.init) }
}

/// A non-final class from another module, with a plain `init()`: it cannot be
/// `Injectable` without `required`, so it is bound instead.
private class Stopwatch {
    init() {}
}

private final class Lap: Injectable {
    let watch: Stopwatch
    init(watch: Stopwatch) { self.watch = watch }
    static let initializer = Initializer(Lap.init)
}

private let habitModule = Bindings { binder in
    binder.bind(MemoryStore(), as: (any HabitStore).self)
    binder.bind(FixedClock(), as: (any DateProvider).self)
}

// MARK: - Specification

@Suite("Initializers declared by their own signature: Initializer(Type.init)")
struct SignatureInitializerTests {
    @Test("the initializer's parameter types are the dependencies, resolved in order")
    func parametersAreDependencies() throws {
        let injector = try Injector(modules: [habitModule])

        let calculator = try injector.getObject(StreakCalculator.self)

        #expect(calculator.store.habits == ["run", "read"])
        #expect(calculator.clock.today == 7)
    }

    @Test("Injectable parameters are built automatically, each in its own scope")
    func injectableParameters() throws {
        let injector = Injector()

        let first = try injector.getObject(Car.self)
        let second = try injector.getObject(Car.self)

        #expect(first.engine !== second.engine)
        #expect(first.brakes === second.brakes)
    }

    @Test("a class that is not Sendable declares its initializer the same way")
    func nonSendableClass() throws {
        let tally = try Injector(modules: [habitModule]).getObject(Tally.self)

        #expect(tally.calculator.clock.today == 7)
    }

    @Test("an error a throwing initializer throws is wrapped with its chain")
    func throwingInitializer() throws {
        let injector = try Injector(modules: [
            Bindings { $0.bind(MemoryStore(habits: []), as: (any HabitStore).self) }
        ])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(CheckedReport.self) }

        #expect(error.kind == .initializerFailed)
        #expect(error.underlyingError is CorruptStore)
        #expect(error.summary == "the initializer of CheckedReport threw: the store is corrupt")
    }

    @Test("an async initializer is awaited, by await getObject only")
    func asyncInitializer() async throws {
        let injector = try Injector(modules: [habitModule])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(HabitDatabase.self) }
        let database = try await injector.getObject(HabitDatabase.self)

        #expect(error.kind == .asyncRequired)
        #expect(database.habits == ["run", "read"])
        #expect(try await injector.getObject(HabitDatabase.self) === database)
    }

    @Test("a main-actor type's initializer runs on the main actor, with its dependencies")
    @MainActor
    func mainActorInitializer() throws {
        let injector = try Injector(modules: [habitModule])

        let screen = try injector.getObject(HabitScreen.self)

        #expect(screen.clock.today == 7)
        #expect(screen.model.calculator.store.habits == ["run", "read"])
    }

    @Test("a typed argument is the initializer's first parameter; the others are dependencies")
    func typedArgument() throws {
        let injector = try Injector(modules: [habitModule])

        let view = try injector.getObject(HabitView.self, argument: "run")
        let name = try injector.getObject(HabitName.self, argument: "read")

        #expect(view.habit == "run")
        #expect(view.store.habits == ["run", "read"])
        #expect(name.name == "read")
    }

    @Test("a request without the typed argument throws, naming its type")
    func typedArgumentMissing() throws {
        let injector = try Injector(modules: [habitModule])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(HabitView.self) }

        #expect(error.kind == .argumentMismatch)
        #expect(error.summary.contains("String"))
    }

    @Test("an async initializer with a typed argument is awaited")
    func asyncTypedArgument() async throws {
        let injector = try Injector(modules: [habitModule])

        let history = try await injector.getObject(HabitHistory.self, argument: "run")

        #expect(history.habit == "run")
        #expect(history.days == 2)
    }

    @Test("a main-actor initializer with a typed argument runs on the main actor")
    @MainActor
    func mainActorTypedArgument() throws {
        let injector = try Injector(modules: [habitModule])

        let model = try injector.getObject(HabitDetailModel.self, argument: "read")

        #expect(model.habit == "read")
        #expect(model.calculator.clock.today == 7)
    }

    @Test("Provider, Lazy and optional parameters say how they are resolved by their type")
    func handlesAndOptionals() throws {
        let injector = try Injector(modules: [habitModule])
        let withTerminal = try Injector(modules: [
            habitModule, Bindings { $0.bind(PlainTerminal(), as: (any Terminal).self) },
        ])

        let unbound = try injector.getObject(Reporter.self)
        let bound = try withTerminal.getObject(Reporter.self)

        #expect(unbound.terminal == nil)
        #expect(bound.terminal is PlainTerminal)
        #expect(try unbound.calculators() !== (try unbound.calculators()))
        #expect(try unbound.clock.value.today == 7)
    }

    @Test("names: resolves the parameter at a position from the binding of that name")
    func namedParameter() throws {
        let injector = try Injector(modules: [
            habitModule,
            Bindings { binder in
                binder.bind(AuditLog(channel: "default"))
                binder.bind(AuditLog(channel: "audit"), named: "audit")
            },
        ])

        let store = try injector.getObject(AuditedStore.self)

        #expect(store.audit.channel == "audit")
        #expect(
            injector.graph(roots: [AuditedStore.self]).textTree == """
                AuditedStore (normal)
                ├─ init: any HabitStore (normal, instance)
                └─ init: AuditLog "audit" (normal, instance)

                """)
    }

    @Test("a name at a position the initializer does not have is reported, with the fix")
    func unmatchedName() throws {
        let injector = try Injector(modules: [Bindings { $0.bind(AuditLog(channel: "audit"), named: "audit") }])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(MisnamedStore.self) }

        #expect(error.kind == .invalidRequirement)
        #expect(
            error.description == """
                invalidRequirement: MisnamedStore.initializer names the parameter at position 1, but its only dependency is at position 0.
                  Requested: MisnamedStore
                  To fix: key names by the position of the initializer's parameter, counting from 0: names: [0: "name"] names the first dependency.
                """)
        #expect(error.requirementLocation == "\(#fileID):\(MisnamedStore.initializerLine)")
        #expect(injector.validate(roots: [MisnamedStore.self]).problems.map(\.kind) == [.invalidRequirement])
    }

    @Test("a non-final class declares its initializer by its signature, and a subclass by the inherited one")
    func nonFinalClass() throws {
        let injector = Injector()

        let vehicle = try injector.getObject(Vehicle.self)
        let truck = try injector.getObject(Truck.self)

        #expect(type(of: vehicle) == Vehicle.self)
        #expect(type(of: truck) == Truck.self)
    }

    @Test("a non-final class with a plain init() that cannot be edited is bound, and received by type")
    func boundNonFinalClass() throws {
        let injector = try Injector(modules: [Bindings { $0.bind(Stopwatch.self) { _ in Stopwatch() } }])

        let lap = try injector.getObject(Lap.self)

        #expect(type(of: lap.watch) == Stopwatch.self)
    }

    @Test("a missing dependency throws with the chain through the initializer and the fix")
    func missingDependency() throws {
        let injector = try Injector(modules: [
            Bindings { $0.bind(MemoryStore(), as: (any HabitStore).self) }
        ])

        let error = try #require(throws: InjectionError.self) { try injector.getObject(StreakCalculator.self) }

        #expect(error.kind == .noBinding)
        #expect(error.chain == ["StreakCalculator.init(any DateProvider)"])
        #expect(
            error.description == """
                noBinding: nothing is bound to any DateProvider, and it cannot be built automatically.
                  Requested: StreakCalculator
                  Chain: StreakCalculator.init(any DateProvider) (declared at \(#fileID):\(StreakCalculator.initializerLine))
                  To fix: bind an implementation in a module: binder.bind((any DateProvider).self, to: SomeType.self), or an instance: binder.bind(value, as: (any DateProvider).self).
                """)
    }

    @Test("validate() and graph() see the same dependencies as Initializer(dependencies:)")
    func sameGraphAsListedDependencies() throws {
        let complete = try Injector(modules: [habitModule])
        let incomplete = try Injector(modules: [
            Bindings { $0.bind(MemoryStore(), as: (any HabitStore).self) }
        ])

        let declared = complete.graph(roots: [StreakCalculator.self]).textTree
        let listed = complete.graph(roots: [ListedStreakCalculator.self]).textTree
        let problem = try #require(incomplete.validate(roots: [StreakCalculator.self]).problems.first)
        let listedProblem = try #require(incomplete.validate(roots: [ListedStreakCalculator.self]).problems.first)

        #expect(declared == listed.replacing("ListedStreakCalculator", with: "StreakCalculator"))
        #expect(problem.chain == ["StreakCalculator.init(any DateProvider)"])
        #expect(listedProblem.chain == ["ListedStreakCalculator.init(any DateProvider)"])
        #expect(problem.fix == listedProblem.fix)
    }
}
