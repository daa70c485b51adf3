import Benchmark
import Dispatch
import Instill
import Swinject

// Instill beside the same work written by hand and done with Swinject and with
// swift-dependencies (DependenciesFixtures.swift, DependenciesShapes.swift). Each group
// names what is measured; each benchmark in a group builds the same classes in the
// same shape (see Fixtures.swift and the generated Shapes.swift).
//
// Every Swinject registration is `.transient` except the singleton (`.container`),
// matching Instill's `.normal` and `.singleton` scopes. Setup checks that each variant
// builds a complete object before anything is measured.

/// Fast operations run 1,000 times per iteration (`.kilo`): times and malloc counts
/// are reported per operation. Three seconds of samples keep a median steady on a
/// shared machine, where a neighbour's burst can slow a one-second window.
var perOperation: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(3),
        maxIterations: 1_000_000
    )
}

/// Slower operations (tens of microseconds and more) run once per iteration.
var perIteration: Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 10,
        scalingFactor: .one,
        maxDuration: .seconds(1),
        maxIterations: 1_000_000
    )
}

/// Car builds split across threads; throughput is builds per second. An iteration
/// must give each thread a millisecond or more of work, or waking the second thread
/// costs more than it saves: 1,000 builds (`.kilo`) for Swinject, which takes
/// microseconds each, and 1,000,000 (`.mega`) for Instill and the hand-written
/// builds, which take a few hundred nanoseconds or less.
func threaded(_ scalingFactor: BenchmarkScalingFactor) -> Benchmark.Configuration {
    Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 3,
        scalingFactor: scalingFactor,
        // A million builds take a few hundred milliseconds: give the median a few
        // dozen of them.
        maxDuration: .seconds(6),
        maxIterations: 1_000_000
    )
}

struct SetupFailure: Error, CustomStringConvertible {
    let description: String
}

/// Throws unless `condition` holds: a variant that builds the wrong object is a bug,
/// not a benchmark result.
func check(_ condition: Bool, _ message: String) throws {
    if !condition { throw SetupFailure(description: message) }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = perOperation

    carGraph()
    initializerCarGraph()
    mainActorViewModel()
    singletonHit()
    wideAndDeep()
    namedLookup()
    injectIntoHandBuiltObject()
    screen()
    thousandBindings()
    validateThousandBindings()
    traceHook()
    twoThreads()
}

// MARK: 1. Car graph

func carGraph() {
    Benchmark("Car graph/hand-written") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(makeCarByHand())
        }
    }

    instillCarGraph("Car graph/Instill", tracer: nil)

    // The same graph, asked for from async code: no async step, so the async entry
    // point is the synchronous build behind one `await`.
    Benchmark("Car graph/Instill, await getObject") { (benchmark: Benchmark) async throws in
        let injector = try Injector(modules: [CarModule()])
        try check(isComplete(try await injector.getObject(Car.self)), "Instill built an incomplete car")
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try await injector.getObject(Car.self))
        }
    }

    Benchmark("Car graph/swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(carFromDependencies())
        }
    } setup: {
        try check(isComplete(carFromDependencies()), "swift-dependencies built an incomplete car")
    }

    Benchmark("Car graph/Swinject") { (benchmark: Benchmark, container: Container) in
        for _ in benchmark.scaledIterations {
            blackHole(container.resolve(Car.self)!)
        }
    } setup: {
        let container = swinjectContainer(registerCar)
        try check(container.resolve(Car.self).map(isComplete) == true, "Swinject built an incomplete car")
        return container
    }
}

/// Instill's car graph benchmark, with an optional tracer on the injector.
func instillCarGraph(_ name: String, tracer: (any ResolutionTracer)?) {
    Benchmark(name) { (benchmark: Benchmark, injector: Injector) in
        for _ in benchmark.scaledIterations {
            blackHole(try injector.getObject(Car.self))
        }
    } setup: {
        let injector = try Injector(modules: [CarModule()], tracer: tracer)
        try check(isComplete(injector.getObject(Car.self)), "Instill built an incomplete car")
        return injector
    }
}

// MARK: 2. Singleton cache hit

func singletonHit() {
    Benchmark("Singleton hit/hand-written") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(HandWrittenSingletons.garage)
        }
    }

    Benchmark("Singleton hit/Instill") { (benchmark: Benchmark, injector: Injector) in
        for _ in benchmark.scaledIterations {
            blackHole(try injector.getObject(Garage.self))
        }
    } setup: {
        let injector = Injector()
        let first = try injector.getObject(Garage.self)
        try check(first === (try injector.getObject(Garage.self)), "Instill built the singleton twice")
        return injector
    }

    Benchmark("Singleton hit/swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(garageFromDependencies())
        }
    } setup: {
        try check(garageFromDependencies() === garageFromDependencies(), "swift-dependencies built it twice")
    }

    Benchmark("Singleton hit/Swinject") { (benchmark: Benchmark, container: Container) in
        for _ in benchmark.scaledIterations {
            blackHole(container.resolve(Garage.self)!)
        }
    } setup: {
        let container = swinjectContainer { $0.register(Garage.self) { _ in Garage() }.inObjectScope(.container) }
        try check(container.resolve(Garage.self)! === container.resolve(Garage.self)!, "Swinject built it twice")
        return container
    }
}

// MARK: 3. A 50-wide object and a 50-deep chain

func wideAndDeep() {
    Benchmark("50-wide object/hand-written", configuration: perIteration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(makeWideObjectByHand())
        }
    }

    Benchmark("50-wide object/Instill", configuration: perIteration) { (benchmark: Benchmark, injector: Injector) in
        for _ in benchmark.scaledIterations {
            blackHole(try injector.getObject(WideObject.self))
        }
    } setup: {
        let injector = Injector()
        try check(isComplete(injector.getObject(WideObject.self)), "Instill left a part empty")
        return injector
    }

    Benchmark("50-wide object/swift-dependencies", configuration: perIteration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(wideObjectFromDependencies())
        }
    } setup: {
        try check(isComplete(wideObjectFromDependencies()), "swift-dependencies left a part empty")
    }

    Benchmark("50-wide object/Swinject", configuration: perIteration) { (benchmark: Benchmark, container: Container) in
        for _ in benchmark.scaledIterations {
            blackHole(container.resolve(WideObject.self)!)
        }
    } setup: {
        let container = swinjectContainer(registerWideObject)
        try check(container.resolve(WideObject.self).map(isComplete) == true, "Swinject left a part empty")
        return container
    }

    Benchmark("50-deep chain/hand-written", configuration: perIteration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(makeChainByHand())
        }
    }

    Benchmark("50-deep chain/Instill", configuration: perIteration) { (benchmark: Benchmark, injector: Injector) in
        for _ in benchmark.scaledIterations {
            blackHole(try injector.getObject(Link01.self))
        }
    } setup: {
        let injector = Injector()
        try check(isComplete(injector.getObject(Link01.self)), "Instill built a short chain")
        return injector
    }

    Benchmark("50-deep chain/swift-dependencies", configuration: perIteration) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(chainFromDependencies())
        }
    } setup: {
        try check(isComplete(chainFromDependencies()), "swift-dependencies built a short chain")
    }

    Benchmark("50-deep chain/Swinject", configuration: perIteration) { (benchmark: Benchmark, container: Container) in
        for _ in benchmark.scaledIterations {
            blackHole(container.resolve(Link01.self)!)
        }
    } setup: {
        let container = swinjectContainer(registerChain)
        try check(container.resolve(Link01.self).map(isComplete) == true, "Swinject built a short chain")
        return container
    }
}

// MARK: 4. Named lookup

func namedLookup() {
    Benchmark("Named lookup/hand-written") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(handWrittenHeadlights["left"]!())
        }
    }

    Benchmark("Named lookup/Instill") { (benchmark: Benchmark, injector: Injector) in
        for _ in benchmark.scaledIterations {
            blackHole(try injector.getObject(Headlight.self, named: "left"))
        }
    } setup: {
        let injector = try Injector(modules: [HeadlightModule()])
        try check(try injector.getObject(Headlight.self, named: "left").side == "left", "Instill: wrong headlight")
        return injector
    }

    Benchmark("Named lookup/swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(leftHeadlightFromDependencies())
        }
    } setup: {
        try check(leftHeadlightFromDependencies().side == "left", "swift-dependencies: wrong headlight")
    }

    Benchmark("Named lookup/Swinject") { (benchmark: Benchmark, container: Container) in
        for _ in benchmark.scaledIterations {
            blackHole(container.resolve(Headlight.self, name: "left")!)
        }
    } setup: {
        let container = swinjectContainer(registerHeadlights)
        try check(container.resolve(Headlight.self, name: "left")?.side == "left", "Swinject: wrong headlight")
        return container
    }
}

// MARK: 5. Injecting into a hand-built object

func injectIntoHandBuiltObject() {
    Benchmark("Inject into hand-built car/hand-written") { benchmark in
        for _ in benchmark.scaledIterations {
            let car = Car()
            equipByHand(car)
            blackHole(car)
        }
    }

    Benchmark("Inject into hand-built car/Instill") { (benchmark: Benchmark, injector: Injector) in
        for _ in benchmark.scaledIterations {
            let car = Car()
            try injector.injectDependencies(into: car)
            blackHole(car)
        }
    } setup: {
        let injector = try Injector(modules: [CarModule()])
        let car = Car()
        try injector.injectDependencies(into: car)
        try check(isComplete(car), "Instill left the hand-built car incomplete")
        return injector
    }

    Benchmark("Inject into hand-built car/swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations {
            let car = Car()
            equipFromDependencies(car)
            blackHole(car)
        }
    } setup: {
        let car = Car()
        equipFromDependencies(car)
        try check(isComplete(car), "swift-dependencies left the hand-built car incomplete")
    }

    Benchmark("Inject into hand-built car/Swinject") { (benchmark: Benchmark, container: Container) in
        for _ in benchmark.scaledIterations {
            let car = Car()
            equip(car, from: container)
            blackHole(car)
        }
    } setup: {
        let container = swinjectContainer(registerCar)
        let car = Car()
        equip(car, from: container)
        try check(isComplete(car), "Swinject left the hand-built car incomplete")
        return container
    }
}

// MARK: 6. Creating an injector with 1,000 bindings

func thousandBindings() {
    Benchmark("1,000 bindings, create/hand-written", configuration: perIteration) {
        (benchmark: Benchmark, names: [String]) in
        for _ in benchmark.scaledIterations {
            blackHole(makeThousandFactoriesByHand(names: names))
        }
    } setup: {
        thousandBindingNames
    }

    Benchmark("1,000 bindings, create/Instill", configuration: perIteration) {
        (benchmark: Benchmark, module: ThousandBindingsModule) in
        for _ in benchmark.scaledIterations {
            blackHole(try Injector(modules: [module]))
        }
    } setup: {
        let module = ThousandBindingsModule(names: thousandBindingNames)
        let injector = try Injector(modules: [module])
        try check(injector.hasBinding(for: Engine.self, named: "engine-999"), "Instill lost a binding")
        _ = try injector.getObject(Engine.self, named: "engine-999")
        return module
    }

    Benchmark("1,000 bindings, create/Swinject", configuration: perIteration) {
        (benchmark: Benchmark, names: [String]) in
        for _ in benchmark.scaledIterations {
            let container = Container()
            registerThousandBindings(in: container, names: names)
            blackHole(container)
        }
    } setup: {
        let container = Container()
        registerThousandBindings(in: container, names: thousandBindingNames)
        try check(container.resolve(Engine.self, name: "engine-999") != nil, "Swinject lost a registration")
        return thousandBindingNames
    }
}

// MARK: 7. Transient builds on one thread and on two

/// Runs `builds` calls of `build`, on this thread alone or split evenly across
/// `threads` threads (the caller and workers of the global pool).
func run(_ builds: Int, threads: Int, _ build: @Sendable () -> Void) {
    if threads == 1 {
        for _ in 0..<builds { build() }
        return
    }
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
        for _ in 0..<(builds / threads) { build() }
    }
}

/// A Swinject resolver made thread-safe with `synchronize()`, as Swinject requires
/// for use from several threads.
final class SynchronizedSwinject: @unchecked Sendable {  // Swinject's synchronized resolver locks every call
    let resolver: any Swinject.Resolver
    init() { resolver = swinjectContainer(registerCar).synchronize() }
}

func twoThreads() {
    for threads in [1, 2] {
        let label = threads == 1 ? "1 thread" : "\(threads) threads"

        Benchmark("Transient builds/hand-written, \(label)", configuration: threaded(.mega)) { benchmark in
            run(benchmark.scaledIterations.count, threads: threads) { blackHole(makeCarByHand()) }
        }

        Benchmark("Transient builds/Instill, \(label)", configuration: threaded(.mega)) {
            (benchmark: Benchmark, injector: Injector) in
            run(benchmark.scaledIterations.count, threads: threads) {
                blackHole(try! injector.getObject(Car.self))
            }
        } setup: {
            let injector = try Injector(modules: [CarModule()])
            try check(isComplete(injector.getObject(Car.self)), "Instill built an incomplete car")
            return injector
        }

        Benchmark("Transient builds/Swinject, \(label)", configuration: threaded(.kilo)) {
            (benchmark: Benchmark, swinject: SynchronizedSwinject) in
            run(benchmark.scaledIterations.count, threads: threads) {
                blackHole(swinject.resolver.resolve(Car.self)!)
            }
        } setup: {
            let swinject = SynchronizedSwinject()
            try check(swinject.resolver.resolve(Car.self).map(isComplete) == true, "Swinject: incomplete car")
            return swinject
        }
    }
}
