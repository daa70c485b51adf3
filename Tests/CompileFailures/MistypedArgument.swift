// Compile-time misuse, checked by .ci/run: a request whose argument is not the type's
// declared `Argument` is refused by the compiler (it must not compile).
import Instill

struct EpisodeID: Sendable {
    let value: String
}

@MainActor final class EpisodeViewModel: MainActorInjectable, TakesArgument {
    typealias Argument = EpisodeID
    let episodeID: EpisodeID
    init(episodeID: EpisodeID) { self.episodeID = episodeID }
    static let initializer = Initializer(mainActorArgument: Argument.self) { EpisodeViewModel(episodeID: $0) }
}

@MainActor func open(_ injector: Injector) throws -> EpisodeViewModel {
    try injector.getObject(EpisodeViewModel.self, argument: "42")
}
