import Instill
import Testing

@Suite("Child injectors")
struct ChildInjectorTests {
    @Test("a child shares its parent's singletons for what it does not override")
    func childSharesParentSingletons() throws {
        let parent = try Injector(modules: [AppModule()])
        let child = try parent.childInjector(modules: [TestModule()])

        let registry = try parent.getObject(Registry.self)
        let session = try parent.getObject((any Session).self)

        #expect(try child.getObject(Registry.self) === registry)
        #expect(try child.getObject((any Session).self) === session)
        #expect(try child.getObject(OrderService.self).registry === registry)
    }

    @Test("a singleton first requested through a child is the parent's")
    func singletonFirstRequestedThroughChild() throws {
        let parent = try Injector(modules: [AppModule()])
        let child = try parent.childInjector(modules: [TestModule()])

        let registry = try child.getObject(Registry.self)
        let session = try child.getObject((any Session).self)

        #expect(try parent.getObject(Registry.self) === registry)
        #expect(try parent.getObject((any Session).self) === session)
    }

    @Test("a child's override is seen through the child only; the parent is unchanged")
    func overrideSeenThroughChildOnly() throws {
        let parent = try Injector(modules: [AppModule()])
        let child = try parent.childInjector(modules: [TestModule()])

        #expect(try child.getObject((any NetworkClient).self) === TestModule.fake)
        #expect(try parent.getObject((any NetworkClient).self) is LiveClient)
        #expect(child.hasBinding(for: Clock.self, named: "frozen"))
        #expect(parent.hasBinding(for: Clock.self, named: "frozen") == false)
        #expect(throws: InjectionError.self) { try parent.getObject(Clock.self, named: "frozen") }
    }

    @Test("a normal object asked of the child gets the child's override of its dependency")
    func normalObjectGetsChildsOverride() throws {
        let app = try Injector(modules: [AppModule()])
        let test = try app.childInjector(modules: [TestModule()])

        let tested = try test.getObject(OrderService.self)
        let live = try app.getObject(OrderService.self)

        #expect(tested.client === TestModule.fake)
        #expect(try tested.placeOrder() == "fake: POST /orders")
        #expect(live.client is LiveClient)
        #expect(try live.placeOrder() == "live: POST /orders")
    }

    @Test("the override reaches normal objects at any depth below the request")
    func overrideReachesNestedNormalObjects() throws {
        let app = try Injector(modules: [AppModule()])
        let test = try app.childInjector(modules: [TestModule()])

        let checkout = try test.getObject(Checkout.self)

        #expect(checkout.orders.client === TestModule.fake)
        #expect(try app.getObject(Checkout.self).orders.client is LiveClient)
    }

    @Test("a parent's normal closure binding, asked of the child, is handed the child and sees its overrides")
    func parentClosureRunsAgainstChild() throws {
        let app = try Injector(modules: [
            AppModule(),
            Configure { binder in
                binder.bind(Courier.self) { injector in
                    Courier(client: try injector.getObject((any NetworkClient).self))
                }
            },
        ])
        let test = try app.childInjector(modules: [TestModule()])

        #expect(try test.getObject(Courier.self).client === TestModule.fake)
        #expect(try app.getObject(Courier.self).client is LiveClient)
    }

    @Test("a parent's singleton that depends on the child's override is the child's own, built with it")
    func parentSingletonReachingOverrideIsChilds() throws {
        let app = try Injector(modules: [AppModule()])
        let test = try app.childInjector(modules: [TestModule()])

        let catalog = try test.getObject(Catalog.self)

        #expect(catalog.client === TestModule.fake)
        #expect(try test.getObject(Catalog.self) === catalog)
        #expect(try app.getObject(Catalog.self) !== catalog)
        #expect(try app.getObject(Catalog.self).client is LiveClient)
    }

    @Test("a singleton the child binds again is the child's own; the parent keeps its own")
    func childOverridesSingleton() throws {
        let parent = try Injector(modules: [AppModule()])
        let child = try parent.childInjector(modules: [
            Configure { $0.bind((any Session).self, to: GuestSession.self, scope: .singleton) }
        ])

        let childSession = try child.getObject((any Session).self)
        let parentSession = try parent.getObject((any Session).self)

        #expect(childSession is GuestSession)
        #expect(try child.getObject((any Session).self) === childSession)
        #expect(parentSession is UserSession)
        #expect(try parent.getObject((any Session).self) === parentSession)
    }

    @Test("a type the parent promotes to singleton is shared with a child that overrides nothing it needs")
    func parentScopeOverrideIsShared() throws {
        let parent = try Injector(modules: [AppModule()])
        let child = try parent.childInjector(modules: [Configure { $0.bind(Clock(), named: "frozen") }])

        let catalog = try parent.getObject(Catalog.self)

        #expect(try child.getObject(Catalog.self) === catalog)
    }

    @Test("a scope the child sets applies to the child only")
    func childScopeOverride() throws {
        let parent = try Injector(modules: [AppModule()])
        let child = try parent.childInjector(modules: [Configure { $0.setScope(.singleton, for: Receipt.self) }])

        #expect(try child.getObject(Receipt.self) === child.getObject(Receipt.self))
        #expect(try parent.getObject(Receipt.self) !== parent.getObject(Receipt.self))
    }

    @Test("sibling children share the parent's singletons but not each other's overrides")
    func siblings() throws {
        let parent = try Injector(modules: [AppModule()])
        let tested = try parent.childInjector(modules: [TestModule()])
        let guest = try parent.childInjector(modules: [
            Configure { $0.bind((any Session).self, to: GuestSession.self) }
        ])

        #expect(try tested.getObject(Registry.self) === guest.getObject(Registry.self))
        #expect(try guest.getObject((any NetworkClient).self) is LiveClient)
        #expect(try tested.getObject((any Session).self) is UserSession)
        #expect(try guest.getObject((any Session).self) is GuestSession)
    }

    @Test("a grandchild sees every ancestor's bindings, the nearest winning, and shares the root's singletons")
    func grandchild() throws {
        let root = try Injector(modules: [AppModule()])
        let child = try root.childInjector(modules: [TestModule()])
        let grandchild = try child.childInjector(modules: [
            Configure { $0.bind((any Session).self, to: GuestSession.self) }
        ])

        #expect(try grandchild.getObject((any NetworkClient).self) === TestModule.fake)
        #expect(try grandchild.getObject((any Session).self) is GuestSession)
        #expect(try grandchild.getObject(Registry.self) === root.getObject(Registry.self))
        #expect(try grandchild.getObject(OrderService.self).client === TestModule.fake)
    }

    @Test("a child's eager singletons are built when it is created; the parent's are not built again")
    func childEagerSingletons() throws {
        let parentBuilds = Counter()
        let childBuilds = Counter()
        let parent = try Injector(modules: [
            Configure { binder in
                binder.bind((any Session).self, scope: .singleton) { _ in
                    parentBuilds.increment()
                    return UserSession()
                }
                binder.eagerSingleton((any Session).self)
            }
        ])

        let child = try parent.childInjector(modules: [
            Configure { binder in
                binder.bind((any Session).self, named: "guest", scope: .singleton) { _ in
                    childBuilds.increment()
                    return GuestSession()
                }
                binder.eagerSingleton((any Session).self, named: "guest")
            }
        ])

        #expect(parentBuilds.value == 1)
        #expect(childBuilds.value == 1)
        #expect(try child.getObject((any Session).self) === parent.getObject((any Session).self))
        #expect(parentBuilds.value == 1)
    }
}

// MARK: - Fixtures

extension ChildInjectorTests {
    private typealias Configure = ModuleFixtures.Configure
    private typealias Counter = ModuleFixtures.Counter

    private protocol NetworkClient: AnyObject, Sendable {
        func post(_ path: String) throws -> String
    }

    private final class LiveClient: NetworkClient, Injectable {
        init() {}
        func post(_ path: String) throws -> String { "live: POST \(path)" }
    }

    private final class FakeClient: NetworkClient {
        func post(_ path: String) throws -> String { "fake: POST \(path)" }
    }

    private protocol Session: AnyObject {}
    private final class UserSession: Session, Injectable { init() {} }
    private final class GuestSession: Session, Injectable { init() {} }

    private final class Clock: Sendable {}

    private final class Registry: Injectable {
        static let scope: Scope = .singleton
        init() {}
    }

    private final class Receipt: Injectable { init() {} }

    /// A normal-scope service: built by whichever injector is asked.
    private final class OrderService: Injectable {
        var client: (any NetworkClient)!
        var registry: Registry!
        static var requires: Requirements { Requirements(\OrderService.client, \.registry) }
        init() {}
        func placeOrder() throws -> String { try client.post("/orders") }
    }

    private final class Checkout: Injectable {
        var orders: OrderService!
        static var requires: Requirements { Requirements(\Checkout.orders) }
        init() {}
    }

    /// Not Injectable: only a closure binding makes one.
    private final class Courier {
        let client: any NetworkClient
        init(client: any NetworkClient) { self.client = client }
    }

    /// A singleton bound in the app module: it lives with the parent.
    private final class Catalog: Injectable {
        var client: (any NetworkClient)!
        static var requires: Requirements { Requirements(\Catalog.client) }
        init() {}
    }

    private struct AppModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any NetworkClient).self, to: LiveClient.self)
            binder.bind((any Session).self, to: UserSession.self, scope: .singleton)
            binder.setScope(.singleton, for: Catalog.self)
        }
    }

    private struct TestModule: Module {
        static let fake = FakeClient()
        func configure(_ binder: Binder) {
            binder.bind(Self.fake, as: (any NetworkClient).self)
            binder.bind(Clock(), named: "frozen")
        }
    }
}
