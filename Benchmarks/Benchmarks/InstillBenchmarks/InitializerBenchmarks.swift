import Benchmark
import Instill
import Swinject

// The car graph by initializer injection (fixtures in InitializerFixtures.swift).

func initializerCarGraph() {
    Benchmark("Car graph by initializer/hand-written") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(makeImmutableCarByHand())
        }
    }

    Benchmark("Car graph by initializer/Instill") { (benchmark: Benchmark, injector: Injector) in
        for _ in benchmark.scaledIterations {
            blackHole(try injector.getObject(ImmutableCar.self))
        }
    } setup: {
        let injector = try Injector(modules: [CarModule()])
        try check(isComplete(injector.getObject(ImmutableCar.self)), "Instill built an incomplete car")
        return injector
    }

    Benchmark("Car graph by initializer/swift-dependencies") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(immutableCarFromDependencies())
        }
    } setup: {
        try check(isComplete(immutableCarFromDependencies()), "swift-dependencies built an incomplete car")
    }

    Benchmark("Car graph by initializer/Swinject") { (benchmark: Benchmark, container: Container) in
        for _ in benchmark.scaledIterations {
            blackHole(container.resolve(ImmutableCar.self)!)
        }
    } setup: {
        let container = swinjectContainer(registerImmutableCar)
        try check(container.resolve(ImmutableCar.self).map(isComplete) == true, "Swinject built an incomplete car")
        return container
    }
}
