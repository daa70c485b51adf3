import Instill
import Synchronization

/// The repository the server uses: an actor holding the to-dos in memory.
package actor InMemoryTodoRepository: TodoRepository, Injectable {
    private var todos: [Int: Todo] = [:]
    private var nextID = 1

    package static let scope: Scope = .singleton

    package init() {}

    package func all() -> [Todo] { todos.values.sorted { $0.id < $1.id } }
    package func find(_ id: Int) -> Todo? { todos[id] }

    package func insert(title: String, createdAt: Double) -> Todo {
        let todo = Todo(id: nextID, title: title, done: false, createdAt: createdAt)
        todos[todo.id] = todo
        nextID += 1
        return todo
    }
}

/// Seconds since the server started, from the system's monotonic clock.
package final class SystemClock: Clock, Injectable {
    private let start = ContinuousClock.now

    package static let scope: Scope = .singleton

    package init() {}

    package func now() -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// The application's rules: shared by every request, `Sendable`, built once with its
/// dependencies through its initializer.
package final class TodoService: Injectable, Sendable {
    package let repository: any TodoRepository
    package let clock: any Clock
    package let configuration: ServerConfiguration

    package init(repository: any TodoRepository, clock: any Clock, configuration: ServerConfiguration) {
        self.repository = repository
        self.clock = clock
        self.configuration = configuration
    }

    package static let scope: Scope = .singleton
    package static let initializer = Initializer(
        dependencies: (any TodoRepository).self, (any Clock).self, ServerConfiguration.self
    ) { TodoService(repository: $0, clock: $1, configuration: $2) }

    /// Whether `title` is acceptable.
    package func accepts(_ title: String) -> Bool {
        !title.isEmpty && title.count <= configuration.maximumTitleLength
    }
}

/// Counts the requests served, and those that saw an object made for another
/// request: the server checks itself, so a load test can prove isolation.
package final class RequestAudit: Injectable, Sendable {
    private let served = Atomic<Int>(0)
    private let crossed = Atomic<Int>(0)

    package static let scope: Scope = .singleton

    package init() {}

    /// Records one request; `isolated` says whether all its scoped objects were its own.
    package func record(isolated: Bool) {
        served.add(1, ordering: .relaxed)
        if !isolated { crossed.add(1, ordering: .relaxed) }
    }

    /// Requests served so far.
    package var servedCount: Int { served.load(ordering: .relaxed) }
    /// Requests that saw another request's scoped object.
    package var crossedCount: Int { crossed.load(ordering: .relaxed) }
}
