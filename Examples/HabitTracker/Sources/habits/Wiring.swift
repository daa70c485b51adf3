import Instill

// Everything the injector needs to know, in one file; the types above know nothing of it.

extension StreakCalculator: Injectable { static let initializer = Initializer(StreakCalculator.init) }
extension Reporter: Injectable { static let initializer = Initializer(Reporter.init) }
extension HabitApp: Injectable { static let initializer = Initializer(HabitApp.init) }

/// The app's bindings: the database, the system clock and standard output, each marked
/// live so that a test injector refuses them unless the test binds a fake.
struct HabitModule: Module {
    let config: Config

    func configure(_ binder: Binder) {
        binder.bind((any HabitStore).self, scope: .singleton) { _ in try await GRDBHabitStore.open(config) }
        binder.bind((any DateProvider).self) { _ in SystemDateProvider() }
        binder.bind((any Terminal).self) { _ in StandardTerminal() }
        binder.markLive((any HabitStore).self, (any DateProvider).self, (any Terminal).self)
    }
}
