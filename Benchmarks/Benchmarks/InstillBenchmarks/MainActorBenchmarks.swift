import Benchmark
import Instill

// The main-actor view model (fixtures in MainActorFixtures.swift).

@MainActor
func buildProfilesByHand(_ iterations: Range<Int>) {
    for _ in iterations {
        blackHole(HandWiredProfiles.make())
    }
}

@MainActor
func buildProfiles(_ iterations: Range<Int>) throws {
    for _ in iterations {
        blackHole(try profileInjector.getObject(ProfileViewModel.self))
    }
}

/// A million builds per hop to the main actor: a hop costs tens of microseconds on
/// Linux (waking the main thread), which at a thousand builds per hop added 60 to
/// 120 ns to each build of both variants, and most of the runs' noise.
var perMainActorHop: Benchmark.Configuration {
    var configuration = perOperation
    configuration.scalingFactor = .mega
    configuration.maxDuration = .seconds(5)
    return configuration
}

func mainActorViewModel() {
    Benchmark("Main-actor view model/hand-written", configuration: perMainActorHop) { benchmark async in
        await buildProfilesByHand(benchmark.scaledIterations)
    }

    Benchmark("Main-actor view model/Instill", configuration: perMainActorHop) { benchmark async throws in
        try await buildProfiles(benchmark.scaledIterations)
    } setup: {
        let model = try await MainActor.run { try profileInjector.getObject(ProfileViewModel.self) }
        try await check(MainActor.run { model.isReady }, "Instill built an incomplete view model")
    }
}
