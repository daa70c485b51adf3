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

func mainActorViewModel() {
    Benchmark("Main-actor view model/hand-written") { benchmark async in
        await buildProfilesByHand(benchmark.scaledIterations)
    }

    Benchmark("Main-actor view model/Instill") { benchmark async throws in
        try await buildProfiles(benchmark.scaledIterations)
    } setup: {
        let model = try await MainActor.run { try profileInjector.getObject(ProfileViewModel.self) }
        try await check(MainActor.run { model.isReady }, "Instill built an incomplete view model")
    }
}
