import Instill
import Testing

@Suite("Composing several modules")
struct ModuleCompositionTests {
    @Test("the bindings of several modules are merged into one injector")
    func bindingsMerge() throws {
        let store = MemoryStore()
        let injector = try Injector(modules: [NetworkModule(), StorageModule(store: store)])

        let app = try injector.getObject(App.self)

        #expect(app.network is HTTPNetwork)
        #expect(app.storage === store)
        #expect(try injector.getObject(Greeter.self).greeting == "hello")
    }

    @Test("the eager singletons of every module are built when the injector is created")
    func eagerSingletonsMerge() throws {
        let first = Counter()
        let second = Counter()
        _ = try Injector(modules: [
            Configure { binder in
                binder.bind((any Service).self, named: "first", scope: .singleton) { _ in
                    first.increment()
                    return Daemon()
                }
                binder.eagerSingleton((any Service).self, named: "first")
            },
            Configure { binder in
                binder.bind((any Service).self, named: "second", scope: .singleton) { _ in
                    second.increment()
                    return Daemon()
                }
                binder.eagerSingleton((any Service).self, named: "second")
            },
        ])

        #expect(first.value == 1)
        #expect(second.value == 1)
    }

    @Test("an eager singleton registered by one module is built with a binding from a later one")
    func eagerSingletonUsesLaterBinding() throws {
        let calls = Counter()
        let injector = try Injector(modules: [
            Configure { $0.eagerSingleton((any Service).self) },
            Configure { binder in
                binder.bind((any Service).self, scope: .singleton) { _ in
                    calls.increment()
                    return Daemon()
                }
            },
        ])

        #expect(calls.value == 1)
        _ = try injector.getObject((any Service).self)
        #expect(calls.value == 1)
    }

    @Test(
        "a later module's binding for the same key wins over an earlier one's",
        arguments: [
            (["hello", "bonjour"], "bonjour"),
            (["bonjour", "hello"], "hello"),
            (["hello", "bonjour", "hola"], "hola"),
        ])
    func laterModuleWins(words: [String], expected: String) throws {
        let injector = try Injector(modules: words.map { GreetingModule(word: $0) })

        #expect(try injector.getObject(Greeter.self).greeting == expected)
        #expect(try injector.getObject(App.self).greeter.greeting == expected)
    }

    @Test("a later module wins whatever the kinds of the two bindings")
    func laterModuleWinsAcrossKinds() throws {
        let store = MemoryStore()
        let injector = try Injector(modules: [
            Configure { $0.bind((any Storage).self, to: DiskStore.self) },
            Configure { $0.bind(store, as: (any Storage).self) },
            Configure { $0.bind((any Network).self) { _ in OfflineNetwork() } },
            Configure { $0.bind((any Network).self, to: HTTPNetwork.self) },
        ])

        #expect(try injector.getObject((any Storage).self) === store)
        #expect(try injector.getObject((any Network).self) is HTTPNetwork)
    }

    @Test("a later module overrides only what it binds; the earlier module's other bindings stay")
    func laterModuleOverridesOnlyItsKeys() throws {
        let injector = try Injector(modules: [
            NetworkModule(), Configure { $0.bind((any Network).self) { _ in OfflineNetwork() } },
        ])

        #expect(try injector.getObject((any Network).self) is OfflineNetwork)
        #expect(try injector.getObject(Greeter.self).greeting == "hello")
    }

    @Test("a later module's setScope wins over an earlier module's")
    func laterScopeWins() throws {
        let promoteThenDemote = try Injector(modules: [
            Configure { $0.setScope(.singleton, for: DiskStore.self) },
            Configure { $0.setScope(.normal, for: DiskStore.self) },
        ])
        let demoteThenPromote = try Injector(modules: [
            Configure { $0.setScope(.normal, for: DiskStore.self) },
            Configure { $0.setScope(.singleton, for: DiskStore.self) },
        ])

        #expect(try promoteThenDemote.getObject(DiskStore.self) !== promoteThenDemote.getObject(DiskStore.self))
        #expect(try demoteThenPromote.getObject(DiskStore.self) === demoteThenPromote.getObject(DiskStore.self))
    }
}

// MARK: - Fixtures

extension ModuleCompositionTests {
    private typealias Configure = ModuleFixtures.Configure
    private typealias Counter = ModuleFixtures.Counter

    private protocol Network: AnyObject {}
    private final class HTTPNetwork: Network, Injectable { init() {} }
    private final class OfflineNetwork: Network {}

    private protocol Storage: AnyObject, Sendable {}
    private final class MemoryStore: Storage {}
    private final class DiskStore: Storage, Injectable { init() {} }

    private protocol Service: AnyObject {}
    private final class Daemon: Service {}

    /// Not Injectable: only a binding can make one.
    private final class Greeter: Sendable {
        let greeting: String
        init(greeting: String) { self.greeting = greeting }
    }

    private final class App: Injectable {
        var network: (any Network)!
        var storage: (any Storage)!
        var greeter: Greeter!
        static var requires: Requirements { Requirements(\App.network, \.storage, \.greeter) }
        init() {}
    }

    private struct NetworkModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any Network).self, to: HTTPNetwork.self)
            binder.bind(Greeter(greeting: "hello"))
        }
    }

    private struct StorageModule: Module {
        let store: MemoryStore
        func configure(_ binder: Binder) {
            binder.bind(store, as: (any Storage).self)
        }
    }

    private struct GreetingModule: Module {
        let word: String
        func configure(_ binder: Binder) {
            binder.bind(Greeter.self) { [word] _ in Greeter(greeting: word) }
            binder.bind((any Network).self, to: HTTPNetwork.self)
            binder.bind(MemoryStore(), as: (any Storage).self)
        }
    }
}
