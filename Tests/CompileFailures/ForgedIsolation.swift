// Compile-time misuse, checked by .ci/run: the main actor passed by hand as the caller's
// isolation, from nonisolated code, is refused by the compiler (it must not compile).
// The synchronous entry points take `isolation: isolated (any Actor)?`, so the value
// passed must be the actor the caller runs on.
import Instill
final class Settings: Injectable {
    init() {}
}
func forgeGetObject(_ injector: Injector) throws -> Settings {
    try injector.getObject(Settings.self, isolation: MainActor.shared)
}
func forgeInjectDependencies(_ injector: Injector, into settings: Settings) throws {
    try injector.injectDependencies(into: settings, isolation: MainActor.shared)
}
func forgeProvider(_ provider: Provider<Settings>) throws -> Settings {
    try provider(isolation: MainActor.shared)
}
func forgeValidate(_ injector: Injector) -> ValidationReport {
    injector.validate(isolation: MainActor.shared)
}
