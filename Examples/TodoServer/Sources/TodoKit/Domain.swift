import Hummingbird
import Instill

/// A to-do item, as the API sends and stores it.
package struct Todo: Codable, Sendable, Equatable, ResponseCodable {
    package var id: Int
    package var title: String
    package var done: Bool
    /// When it was created, in seconds since the server's clock started.
    package var createdAt: Double

    package init(id: Int, title: String, done: Bool, createdAt: Double) {
        self.id = id
        self.title = title
        self.done = done
        self.createdAt = createdAt
    }
}

/// What a client sends to create a to-do.
package struct NewTodo: Codable, Sendable {
    package var title: String

    package init(title: String) { self.title = title }
}

/// The server's settings, read once at launch and bound as an instance.
package struct ServerConfiguration: Sendable {
    /// The longest title the service accepts.
    package var maximumTitleLength: Int
    /// The name the logger prints.
    package var name: String

    package init(maximumTitleLength: Int = 200, name: String = "todos") {
        self.maximumTitleLength = maximumTitleLength
        self.name = name
    }
}

/// Where to-dos are kept.
package protocol TodoRepository: Sendable {
    func all() async -> [Todo]
    func find(_ id: Int) async -> Todo?
    func insert(title: String, createdAt: Double) async -> Todo
}

/// The time, so tests can fix it.
package protocol Clock: Sendable {
    func now() -> Double
}
