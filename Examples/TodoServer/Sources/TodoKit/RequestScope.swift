import Instill

/// The identity of the request being served, carried as a task-local value: the
/// route handler sets it around the one `getObject` that builds the request's
/// objects, and their initializers read it.
package struct TodoRequestID: Sendable, Hashable, CustomStringConvertible {
    package let value: UInt64

    package init(_ value: UInt64) { self.value = value }

    package var description: String { "req-\(value)" }

    /// The id of the request the current task serves.
    @TaskLocal package static var current = TodoRequestID(0)
}

/// A logger tagged with the request it belongs to. Built once per request, as part of
/// the request's tree of objects.
package final class RequestLogger: Injectable, Sendable {
    package let requestID: TodoRequestID
    package let service: String

    package init(requestID: TodoRequestID, service: String) {
        self.requestID = requestID
        self.service = service
    }

    package static let initializer = Initializer(dependencies: ServerConfiguration.self) {
        RequestLogger(requestID: .current, service: $0.name)
    }

    /// A line as the logger would print it (the example keeps quiet under load).
    package func line(_ message: String) -> String { "[\(service) \(requestID)] \(message)" }
}

/// The work of one request against the repository, with the request's logger.
package final class UnitOfWork: Injectable, Sendable {
    package let requestID: TodoRequestID
    package let logger: RequestLogger
    package let service: TodoService

    package init(requestID: TodoRequestID, logger: RequestLogger, service: TodoService) {
        self.requestID = requestID
        self.logger = logger
        self.service = service
    }

    package static let initializer = Initializer(dependencies: RequestLogger.self, TodoService.self) {
        UnitOfWork(requestID: .current, logger: $0, service: $1)
    }

    package func list() async -> [Todo] { await service.repository.all() }
    package func find(_ id: Int) async -> Todo? { await service.repository.find(id) }

    package func create(_ new: NewTodo) async -> Todo? {
        guard service.accepts(new.title) else { return nil }
        return await service.repository.insert(title: new.title, createdAt: service.clock.now())
    }
}

/// What a route handler asks the injector for, once per request: the root of the
/// request's objects, and the shared audit.
package final class TodoRequest: Injectable, Sendable {
    package let requestID: TodoRequestID
    package let work: UnitOfWork
    package let audit: RequestAudit

    package init(requestID: TodoRequestID, work: UnitOfWork, audit: RequestAudit) {
        self.requestID = requestID
        self.work = work
        self.audit = audit
    }

    package static let initializer = Initializer(dependencies: UnitOfWork.self, RequestAudit.self) {
        TodoRequest(requestID: .current, work: $0, audit: $1)
    }

    /// The request's logger.
    package var logger: RequestLogger { work.logger }

    /// Whether every object this request holds was made for `id`; records the answer.
    @discardableResult
    package func checkIsolation(expected id: TodoRequestID) -> Bool {
        let isolated = requestID == id && work.requestID == id && work.logger.requestID == id
        audit.record(isolated: isolated)
        return isolated
    }
}
