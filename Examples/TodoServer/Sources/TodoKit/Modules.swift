import Instill

/// The production wiring: the in-memory repository, the system clock and the
/// configuration.
package struct ServerModule: Module {
    package let configuration: ServerConfiguration

    package init(configuration: ServerConfiguration = ServerConfiguration()) {
        self.configuration = configuration
    }

    package func configure(_ binder: Binder) {
        binder.bind(configuration)
        binder.bind((any TodoRepository).self, to: InMemoryTodoRepository.self)
        binder.bind((any Clock).self, to: SystemClock.self)
    }
}
