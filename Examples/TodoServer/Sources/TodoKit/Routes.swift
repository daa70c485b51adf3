import Hummingbird
import Instill
import Synchronization

/// How a route handler gets the objects of its request: from the injector, or built
/// by hand for comparison.
package protocol RequestFactory: Sendable {
    /// The objects of request `id`.
    func makeRequest(_ id: TodoRequestID) throws -> TodoRequest
    /// The audit the requests report to.
    var audit: RequestAudit { get }
}

/// The injector's way: each request's objects come from one `getObject`, inside the
/// task-local scope of its id.
package struct InjectedRequests: RequestFactory {
    package let injector: Injector
    package let audit: RequestAudit

    package init(injector: Injector) throws {
        self.injector = injector
        self.audit = try injector.getObject(RequestAudit.self)
    }

    package func makeRequest(_ id: TodoRequestID) throws -> TodoRequest {
        try TodoRequestID.$current.withValue(id) { try injector.getObject(TodoRequest.self) }
    }
}

/// The same objects wired by hand, as a server without an injector would.
package struct HandWiredRequests: RequestFactory {
    package let service: TodoService
    package let audit = RequestAudit()

    package init(configuration: ServerConfiguration = ServerConfiguration()) {
        service = TodoService(repository: InMemoryTodoRepository(), clock: SystemClock(), configuration: configuration)
    }

    package func makeRequest(_ id: TodoRequestID) throws -> TodoRequest {
        let logger = RequestLogger(requestID: id, service: service.configuration.name)
        let work = UnitOfWork(requestID: id, logger: logger, service: service)
        return TodoRequest(requestID: id, work: work, audit: audit)
    }
}

/// Counts audits the `/stats` route reports.
package struct Stats: Codable, Sendable, ResponseCodable {
    package var served: Int
    package var crossed: Int
}

/// The API: `GET /todos`, `POST /todos`, `GET /todos/:id`, and `GET /stats`.
package func makeRouter(requests: some RequestFactory) -> Router<BasicRequestContext> {
    let router = Router()
    let counter = Atomic<UInt64>(0)
    @Sendable func begin() throws -> TodoRequest {
        let id = TodoRequestID(counter.add(1, ordering: .relaxed).newValue)
        let request = try requests.makeRequest(id)
        request.checkIsolation(expected: id)
        return request
    }
    router.get("todos") { _, _ -> [Todo] in
        let request = try begin()
        return await request.work.list()
    }
    router.post("todos") { httpRequest, context -> EditedResponse<Todo> in
        let request = try begin()
        let new = try await httpRequest.decode(as: NewTodo.self, context: context)
        guard let todo = await request.work.create(new) else { throw HTTPError(.badRequest) }
        return EditedResponse(status: .created, response: todo)
    }
    router.get("todos/:id") { _, context -> Todo in
        let request = try begin()
        let id = try context.parameters.require("id", as: Int.self)
        guard let todo = await request.work.find(id) else { throw HTTPError(.notFound) }
        return todo
    }
    router.get("stats") { _, _ -> Stats in
        Stats(served: requests.audit.servedCount, crossed: requests.audit.crossedCount)
    }
    return router
}
