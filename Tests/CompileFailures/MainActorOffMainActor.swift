// Compile-time misuse, checked by .ci/run: a main-actor type requested from nonisolated
// code is refused by the compiler (it must not compile).
import Instill
@MainActor final class ViewModel: MainActorInjectable {
    init() {}
}
func load(_ injector: Injector) throws -> ViewModel {
    try injector.getObject(ViewModel.self)
}
