import Instill
import Testing

// A graph built warm by a synchronous request (its plan compiled) may reach an async
// step through a closure binding: an `await getObject` of it awaits that step, on its
// first request and on every later one.

private final class Store: Injectable, Sendable {
    init() {}
    static let initializer = Initializer(dependencies: Config.self) { _ in
        await Task.yield()
        return Store()
    }
}

private final class Config: Injectable, Sendable {
    init() {}
}

/// Bound by a closure that asks for the async store.
private final class Gateway: Sendable {
    let store: Store
    init(store: Store) { self.store = store }
}

private final class Screen: Injectable {
    var gateway: Gateway!
    var config: Config!
    static var requires: Requirements { Requirements(\Screen.gateway, \.config) }
    init() {}
}

private struct Bindings: Module {
    func configure(_ binder: Binder) {
        binder.bind(Gateway.self) { injector in Gateway(store: try injector.getObject(Store.self)) }
    }
}

@Suite("await getObject of a graph whose closure binding reaches an async step")
struct AsyncWarmBuildTests {
    @Test("awaits the step on every request, after synchronous requests compiled the rest")
    func closureReachingAsyncStep() async throws {
        let injector = try Injector(modules: [Bindings()])
        for _ in 0..<4 {
            let screen = try await injector.getObject(Screen.self)
            #expect(screen.gateway != nil && screen.config != nil)
        }
        let error = #expect(throws: InjectionError.self) { try injector.getObject(Screen.self, isolation: nil) }
        #expect(error?.kind == .asyncRequired)
        for _ in 0..<4 {
            #expect(try await injector.getObject(Screen.self).gateway != nil)
        }
    }
}
