import Benchmark
import Instill
import Swinject

// An app's screen (fixtures in ScreenFixtures.swift): one warm request builds the
// screen, its header, a session they share, an image loader, a named formatter and
// three cells, and reuses the analytics singleton. swift-dependencies has no
// counterpart of the `.graph` session (see README.md).

func screen() {
    Benchmark("Screen/hand-written") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(makeScreenByHand())
        }
    } setup: {
        let screen = makeScreenByHand()
        try check(isComplete(screen), "the hand-written screen is incomplete")
        try check(shareOnlyAnalytics(screen, makeScreenByHand()), "hand-written screens share the wrong objects")
    }

    Benchmark("Screen/Instill") { (benchmark: Benchmark, injector: Injector) in
        for _ in benchmark.scaledIterations {
            blackHole(try injector.getObject(Screen.self))
        }
    } setup: {
        let injector = try Injector(modules: [ScreenModule()])
        let screen = try injector.getObject(Screen.self)
        try check(isComplete(screen), "Instill built an incomplete screen")
        try check(shareOnlyAnalytics(screen, try injector.getObject(Screen.self)), "Instill shared the wrong objects")
        return injector
    }

    Benchmark("Screen/Swinject") { (benchmark: Benchmark, container: Container) in
        for _ in benchmark.scaledIterations {
            blackHole(container.resolve(WiredScreen.self)!)
        }
    } setup: {
        let container = swinjectContainer(registerScreen)
        let screen = container.resolve(WiredScreen.self)
        try check(screen.map(isComplete) == true, "Swinject built an incomplete screen")
        try check(
            shareOnlyAnalytics(screen!, container.resolve(WiredScreen.self)!), "Swinject shared the wrong objects")
        return container
    }
}
