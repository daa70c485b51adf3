import Instill

/// The identity of the request being served. The server binds it to a closure that
/// reads the task-local value the request handler sets, so everything built inside
/// `TodoRequestID.$current.withValue(...)` sees its own request's id.
package struct TodoRequestID: Sendable, Hashable, CustomStringConvertible {
    package let value: UInt64

    package init(_ value: UInt64) { self.value = value }

    package var description: String { "req-\(value)" }

    /// The id of the request the current task serves.
    @TaskLocal package static var current = TodoRequestID(0)
}

/// A logger tagged with the request it belongs to: one per request (`.graph`), shared
/// by everything that request builds.
package final class RequestLogger: Injectable, Sendable {
    package let requestID: TodoRequestID
    package let service: String

    package init(requestID: TodoRequestID, service: String) {
        self.requestID = requestID
        self.service = service
    }

    package static let scope: Scope = .graph
    package static let initializer = Initializer(dependencies: TodoRequestID.self, ServerConfiguration.self) {
        RequestLogger(requestID: $0, service: $1.name)
    }

    /// A line as the logger would print it (the example keeps quiet under load).
    package func line(_ message: String) -> String { "[\(service) \(requestID)] \(message)" }
}

/// The work of one request against the repository: one per request (`.graph`), with
/// the request's logger.
package final class UnitOfWork: Injectable, Sendable {
    package let requestID: TodoRequestID
    package let logger: RequestLogger
    package let service: TodoService

    package init(requestID: TodoRequestID, logger: RequestLogger, service: TodoService) {
        self.requestID = requestID
        self.logger = logger
        self.service = service
    }

    package static let scope: Scope = .graph
    package static let initializer = Initializer(dependencies: TodoRequestID.self, RequestLogger.self, TodoService.self)
    {
        UnitOfWork(requestID: $0, logger: $1, service: $2)
    }

    package func list() async -> [Todo] { await service.repository.all() }
    package func find(_ id: Int) async -> Todo? { await service.repository.find(id) }

    package func create(_ new: NewTodo) async -> Todo? {
        guard service.accepts(new.title) else { return nil }
        return await service.repository.insert(title: new.title, createdAt: service.clock.now())
    }
}

/// What a route handler asks the injector for, once per request: the request's
/// scoped objects and the shared audit.
package final class TodoRequest: Injectable, Sendable {
    package let requestID: TodoRequestID
    package let logger: RequestLogger
    package let work: UnitOfWork
    package let audit: RequestAudit

    package init(requestID: TodoRequestID, logger: RequestLogger, work: UnitOfWork, audit: RequestAudit) {
        self.requestID = requestID
        self.logger = logger
        self.work = work
        self.audit = audit
    }

    package static let initializer = Initializer(
        dependencies: TodoRequestID.self, RequestLogger.self, UnitOfWork.self, RequestAudit.self
    ) { TodoRequest(requestID: $0, logger: $1, work: $2, audit: $3) }

    /// Whether every scoped object this request holds was made for `id`, and the
    /// objects share one logger; records the answer.
    @discardableResult
    package func checkIsolation(expected id: TodoRequestID) -> Bool {
        let isolated =
            requestID == id && logger.requestID == id && work.requestID == id && work.logger === logger
        audit.record(isolated: isolated)
        return isolated
    }
}
