import Foundation
import Hummingbird
import HummingbirdTesting
import Instill
import Testing
import TodoKit

/// A repository for tests: a fixed list, and what was inserted.
private actor FakeTodoRepository: TodoRepository {
    var inserted: [String] = []
    func all() -> [Todo] { [Todo(id: 7, title: "from the fake", done: true, createdAt: 0)] }
    func find(_ id: Int) -> Todo? { id == 7 ? all()[0] : nil }
    func insert(title: String, createdAt: Double) -> Todo {
        inserted.append(title)
        return Todo(id: 99, title: title, done: false, createdAt: createdAt)
    }
}

private struct FixedClock: Clock {
    func now() -> Double { 42 }
}

/// Replaces the repository and the clock, nothing else.
private struct TestModule: Module {
    let repository: FakeTodoRepository
    func configure(_ binder: Binder) {
        binder.bind(repository, as: (any TodoRepository).self)
        binder.bind(FixedClock(), as: (any Clock).self)
    }
}

private func application(_ requests: some RequestFactory) -> some ApplicationProtocol {
    Application(router: makeRouter(requests: requests))
}

@Suite("The to-do server, wired by Instill")
struct TodoServerTests {
    @Test("the configuration validates, and the routes list, create and get to-dos")
    func routes() async throws {
        let injector = try Injector(modules: [ServerModule()])
        #expect(injector.validate(roots: [TodoRequest.self]).isValid)
        let app = application(try InjectedRequests(injector: injector))
        try await app.test(.router) { client in
            try await client.execute(uri: "/todos", method: .post, body: ByteBuffer(string: #"{"title":"milk"}"#)) {
                response in
                #expect(response.status == .created)
                let todo = try JSONDecoder().decode(Todo.self, from: Data(buffer: response.body))
                #expect(todo.id == 1 && todo.title == "milk" && !todo.done)
            }
            try await client.execute(uri: "/todos/1", method: .get) { response in
                #expect(response.status == .ok)
                let todo = try JSONDecoder().decode(Todo.self, from: Data(buffer: response.body))
                #expect(todo.title == "milk")
            }
            try await client.execute(uri: "/todos", method: .get) { response in
                let todos = try JSONDecoder().decode([Todo].self, from: Data(buffer: response.body))
                #expect(todos.count == 1)
            }
            try await client.execute(uri: "/todos/2", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/todos", method: .post, body: ByteBuffer(string: #"{"title":""}"#)) {
                response in
                #expect(response.status == .badRequest)
            }
        }
    }

    @Test("a test module swaps the repository and the clock for fakes; the service uses them")
    func fakeRepository() async throws {
        let fake = FakeTodoRepository()
        // A later module wins: the singleton service is built with the fakes.
        let app = try Injector(modules: [ServerModule(), TestModule(repository: fake)])
        #expect(app.validate(roots: [TodoRequest.self]).isValid)
        let service = try await app.getObject(TodoService.self)
        #expect(service.repository is FakeTodoRepository)
        let server = application(try InjectedRequests(injector: app))
        try await server.test(.router) { client in
            try await client.execute(uri: "/todos", method: .get) { response in
                let todos = try JSONDecoder().decode([Todo].self, from: Data(buffer: response.body))
                #expect(todos.map(\.title) == ["from the fake"])
            }
            try await client.execute(uri: "/todos", method: .post, body: ByteBuffer(string: #"{"title":"tea"}"#)) {
                response in
                let todo = try JSONDecoder().decode(Todo.self, from: Data(buffer: response.body))
                #expect(todo.createdAt == 42)
            }
        }
        #expect(await fake.inserted == ["tea"])
    }

    @Test("concurrent requests never see each other's request-scoped objects")
    func requestIsolation() async throws {
        let requests = try InjectedRequests(injector: Injector(modules: [ServerModule()]))
        let objects = try await withThrowingTaskGroup(of: (TodoRequestID, TodoRequest).self) { group in
            for number in 1...200 {
                group.addTask {
                    let id = TodoRequestID(UInt64(number))
                    return (id, try requests.makeRequest(id))
                }
            }
            var all: [(TodoRequestID, TodoRequest)] = []
            for try await pair in group { all.append(pair) }
            return all
        }
        for (id, request) in objects {
            #expect(request.checkIsolation(expected: id))
        }
        #expect(Set(objects.map { ObjectIdentifier($0.1.logger) }).count == 200)
        #expect(Set(objects.map { ObjectIdentifier($0.1.work.service) }).count == 1)
        #expect(requests.audit.crossedCount == 0)

        let app = application(requests)
        try await app.test(.router) { client in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<50 {
                    group.addTask {
                        try await client.execute(uri: "/todos", method: .get) { #expect($0.status == .ok) }
                    }
                }
                try await group.waitForAll()
            }
            try await client.execute(uri: "/stats", method: .get) { response in
                let stats = try JSONDecoder().decode(Stats.self, from: Data(buffer: response.body))
                #expect(stats.crossed == 0)
                #expect(stats.served == 250)
            }
        }
    }

    @Test("the hand-wired server answers the same routes")
    func handWired() async throws {
        let app = application(HandWiredRequests())
        try await app.test(.router) { client in
            try await client.execute(uri: "/todos", method: .post, body: ByteBuffer(string: #"{"title":"bread"}"#)) {
                #expect($0.status == .created)
            }
            try await client.execute(uri: "/todos/1", method: .get) { #expect($0.status == .ok) }
        }
    }
}
