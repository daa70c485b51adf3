import Instill

// Everything the injector needs to know, in one file; the types above know nothing of it.

extension StreakCalculator: Injectable {
    static let initializer = Initializer(dependencies: (any HabitStore).self, (any DateProvider).self) {
        StreakCalculator(store: $0, clock: $1)
    }
}

extension Reporter: Injectable {
    static let initializer = Initializer(
        dependencies: (any HabitStore).self, StreakCalculator.self, (any Terminal).self
    ) { Reporter(store: $0, calculator: $1, terminal: $2) }
}

extension HabitApp: Injectable {
    static let initializer = Initializer(
        dependencies: (any HabitStore).self, (any DateProvider).self, Reporter.self, (any Terminal).self
    ) { HabitApp(store: $0, clock: $1, reporter: $2, terminal: $3) }
}

/// The app's bindings: the database, the system clock and standard output, each marked
/// live so that a test injector refuses them unless the test binds a fake.
struct HabitModule: Module {
    let config: Config

    func configure(_ binder: Binder) {
        binder.bind(config)
        binder.bind((any HabitStore).self, scope: .singleton, dependencies: Config.self) {
            try await GRDBHabitStore.open($0)
        }
        binder.bind((any DateProvider).self) { _ in SystemDateProvider() }
        binder.bind((any Terminal).self) { _ in StandardTerminal() }
        binder.markLive((any HabitStore).self, (any DateProvider).self, (any Terminal).self)
    }
}
