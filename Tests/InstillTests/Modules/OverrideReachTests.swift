import Foundation
import Instill
import Testing

@Suite("A child injector's overrides reach every object it hands out, singletons included")
struct OverrideReachTests {
    // MARK: Singletons that depend on an override

    @Test("a parent's singleton that holds the overridden transport is the child's own, built with the fake")
    func singletonReachesOverride() throws {
        let app = try Injector(modules: [NetworkModule()])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        let feed = try test.getObject(FeedViewModel.self)

        #expect(feed.api.transport === FakeTransportModule.fake)
        #expect(try test.getObject(APIClient.self) === feed.api)
        #expect(try app.getObject(APIClient.self) !== feed.api)
        #expect(try app.getObject(APIClient.self).transport is URLSessionTransport)
        #expect(try app.getObject(FeedViewModel.self).api.transport is URLSessionTransport)
    }

    @Test("a singleton the parent built before the child existed still gets a child copy built with the override")
    func alreadyBuiltSingletonGetsChildCopy() throws {
        let app = try Injector(modules: [NetworkModule()])
        let live = try app.getObject(APIClient.self)

        let test = try app.childInjector(modules: [FakeTransportModule()])
        let tested = try test.getObject(APIClient.self)

        #expect(tested !== live)
        #expect(tested.transport === FakeTransportModule.fake)
        #expect(try app.getObject(APIClient.self) === live)
    }

    @Test("two singletons holding the transport both get the fake, and validate() on the child finds nothing missed")
    func twoHoldersReachInOnePass() throws {
        let app = try Injector(modules: [NetworkModule()])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        #expect(test.validate(roots: [FeedViewModel.self]).problems.map(\.description) == [])
        #expect(test.validate().problems.map(\.description) == [])

        let feed = try test.getObject(FeedViewModel.self)
        #expect(feed.api.transport === FakeTransportModule.fake)
        #expect(feed.downloads.transport === FakeTransportModule.fake)
    }

    @Test("graph() on the child draws the child's own holders, filled with the fake")
    func graphDrawsWhatGetObjectBuilds() throws {
        let app = try Injector(modules: [NetworkModule()])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        #expect(
            test.graph(roots: [FeedViewModel.self]).textTree == """
                OverrideReachTests.FeedViewModel (normal)
                ├─ init: OverrideReachTests.APIClient (singleton)
                │  └─ init: any OverrideReachTests.Transport (normal, instance)
                ├─ downloads: OverrideReachTests.DownloadManager (singleton)
                │  └─ transport: any OverrideReachTests.Transport (normal, instance)
                └─ database: OverrideReachTests.Database (singleton)

                """)
        #expect(
            app.graph(roots: [APIClient.self]).textTree == """
                OverrideReachTests.APIClient (singleton)
                └─ init: any OverrideReachTests.Transport → OverrideReachTests.URLSessionTransport (normal)

                """)
    }

    @Test("a singleton that reaches the override through another singleton is the child's own too")
    func reachThroughAnotherSingleton() throws {
        let app = try Injector(modules: [NetworkModule()])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        let sync = try test.getObject(SyncService.self)

        #expect(sync.api.transport === FakeTransportModule.fake)
        #expect(sync.api === (try test.getObject(APIClient.self)))
        #expect(try app.getObject(SyncService.self).api.transport is URLSessionTransport)
    }

    // MARK: What stays shared

    @Test("singletons that reach no override stay the parent's instance")
    func unrelatedSingletonsStayShared() throws {
        let app = try Injector(modules: [NetworkModule()])
        let database = try app.getObject(Database.self)
        let test = try app.childInjector(modules: [FakeTransportModule()])

        #expect(try test.getObject(Database.self) === database)
        #expect(try test.getObject(FeedViewModel.self).database === database)
    }

    @Test("a child that overrides something else shares the parent's holders of the transport")
    func unrelatedOverrideShares() throws {
        let app = try Injector(modules: [NetworkModule()])
        let test = try app.childInjector(modules: [Configure { $0.bind("test", named: "environment") }])

        #expect(try test.getObject(APIClient.self) === app.getObject(APIClient.self))
        #expect(try test.getObject(DownloadManager.self) === app.getObject(DownloadManager.self))
    }

    @Test("a grandchild shares the copy its parent made for its parent's override")
    func grandchildSharesMiddleCopy() throws {
        let app = try Injector(modules: [NetworkModule()])
        let test = try app.childInjector(modules: [FakeTransportModule()])
        let screen = try test.childInjector(modules: [Configure { $0.bind("test", named: "environment") }])

        let api = try screen.getObject(APIClient.self)

        #expect(api === (try test.getObject(APIClient.self)))
        #expect(api.transport === FakeTransportModule.fake)
        #expect(try screen.getObject(Database.self) === app.getObject(Database.self))
    }

    // MARK: Every way a dependency is declared

    @Test("a named override reaches the singleton that requires that name, and only that one")
    func namedOverride() throws {
        let app = try Injector(modules: [NetworkModule()])
        let test = try app.childInjector(modules: [
            Configure { $0.bind(FakeTransportModule.fake, as: (any Transport).self, named: "uploads") }
        ])

        #expect(try test.getObject(Uploader.self).transport === FakeTransportModule.fake)
        #expect(try app.getObject(Uploader.self).transport is URLSessionTransport)
        #expect(try test.getObject(APIClient.self) === app.getObject(APIClient.self))
    }

    @Test("a closure binding that declares its dependencies reaches the override")
    func declaredClosureReaches() throws {
        let app = try Injector(modules: [
            NetworkModule(),
            Configure { binder in
                binder.bind(Courier.self, scope: .singleton, dependencies: (any Transport).self) {
                    Courier(transport: $0)
                }
            },
        ])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        #expect(try test.getObject(Courier.self).transport === FakeTransportModule.fake)
        #expect(try app.getObject(Courier.self).transport is URLSessionTransport)
    }

    @Test("a singleton that holds a Provider of the overridden type is the child's own, and provides fakes")
    func providerReaches() throws {
        let app = try Injector(modules: [NetworkModule()])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        #expect(try test.getObject(TransportPool.self).transports() === FakeTransportModule.fake)
        #expect(try app.getObject(TransportPool.self).transports() is URLSessionTransport)
    }

    @Test("a singleton that holds an ObjectFactory stays shared: the factory is its injector's, which declares nothing")
    func objectFactoryStaysShared() throws {
        let app = try Injector(modules: [NetworkModule()])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        let router = try test.getObject(Router.self)

        #expect(router === (try app.getObject(Router.self)))
        #expect(try router.factory.getObject(APIClient.self) === app.getObject(APIClient.self))
    }

    @Test("a weak-scoped object of the parent that holds the transport is the child's own")
    func weakScopeReaches() throws {
        let app = try Injector(modules: [NetworkModule(), Configure { $0.setScope(.weak, for: Monitor.self) }])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        let monitor = try test.getObject(Monitor.self)

        #expect(monitor.transport === FakeTransportModule.fake)
        #expect(try test.getObject(Monitor.self) === monitor)
        #expect(try app.getObject(Monitor.self).transport is URLSessionTransport)
    }

    @Test("a parent's eager singleton that reaches the override is built for the child when the child is made")
    func eagerSingletonReaches() throws {
        let builds = Counter()
        let app = try Injector(modules: [
            NetworkModule(),
            Configure { binder in
                binder.bind(Courier.self, scope: .singleton, dependencies: (any Transport).self) {
                    builds.increment()
                    return Courier(transport: $0)
                }
                binder.eagerSingleton(Courier.self)
            },
        ])
        #expect(builds.value == 1)

        let test = try app.childInjector(modules: [FakeTransportModule()])

        #expect(builds.value == 2)
        #expect(try test.getObject(Courier.self).transport === FakeTransportModule.fake)
        #expect(builds.value == 2)
        _ = try app.childInjector(modules: [Configure { $0.bind("test", named: "environment") }])
        #expect(builds.value == 2)
    }

    // MARK: Warm paths, main actor, async, threads

    @Test("repeated requests through the child keep the fake once compiled plans take over")
    func warmPathsKeepTheFake() throws {
        let app = try Injector(modules: [NetworkModule()])
        let test = try app.childInjector(modules: [FakeTransportModule()])
        for _ in 0..<64 {
            #expect(try test.getObject(FeedViewModel.self).api.transport === FakeTransportModule.fake)
            #expect(try app.getObject(FeedViewModel.self).api.transport is URLSessionTransport)
            #expect(try test.getObject(APIClient.self).transport === FakeTransportModule.fake)
        }
    }

    @Test("a main-actor singleton of the parent, asked from the main actor, is the child's own with the fake")
    @MainActor
    func mainActorSingletonReaches() throws {
        let app = try Injector(modules: [NetworkModule()])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        let store = try test.getObject(FeedStore.self)

        #expect(store.api.transport === FakeTransportModule.fake)
        #expect(try test.getObject(FeedStore.self) === store)
        #expect(try app.getObject(FeedStore.self).api.transport is URLSessionTransport)
        #expect(try app.getObject(FeedStore.self) !== store)
    }

    @Test("await getObject through the child builds the singleton with the fake")
    func asyncRequestReaches() async throws {
        let app = try Injector(modules: [NetworkModule()])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        let session = try await test.getObject(SessionClient.self)

        #expect(session.transport === FakeTransportModule.fake)
        #expect(try await app.getObject(SessionClient.self).transport is URLSessionTransport)
    }

    @Test("threads asking the child at once share one child copy, built once")
    func concurrentChildRequestsBuildOneCopy() throws {
        let builds = Counter()
        let app = try Injector(modules: [
            NetworkModule(),
            Configure { binder in
                binder.bind(Courier.self, scope: .singleton, dependencies: (any Transport).self) {
                    builds.increment()
                    return Courier(transport: $0)
                }
            },
        ])
        let test = try app.childInjector(modules: [FakeTransportModule()])
        let seen = Identities()

        onThreads(8) { _ in
            for _ in 0..<50 {
                if let courier = try? test.getObject(Courier.self) { seen.insert(courier) }
            }
        }

        #expect(builds.value == 1)
        #expect(seen.count == 1)
        #expect(try test.getObject(Courier.self).transport === FakeTransportModule.fake)
    }

    // MARK: Closures that declare nothing

    @Test("a closure singleton that declares nothing and asks for no override stays shared")
    func opaqueClosureStaysShared() throws {
        let app = try Injector(modules: [
            NetworkModule(),
            Configure { $0.bind(Ledger.self, scope: .singleton) { _ in Ledger() } },
        ])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        #expect(try test.getObject(Ledger.self) === app.getObject(Ledger.self))
    }

    @Test("a closure singleton that declares nothing and asks the parent for an override fails loudly")
    func opaqueClosureAskingForOverrideThrows() throws {
        let app = try Injector(modules: [
            NetworkModule(),
            Configure { binder in
                binder.bind(Courier.self, scope: .singleton) { injector in
                    Courier(transport: try injector.getObject((any Transport).self))
                }
            },
        ])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        let error = try #require(throws: InjectionError.self) { try test.getObject(Courier.self) }

        #expect(error.kind == .unseenOverride)
        #expect(
            error.description == """
                unseenOverride: this injector binds any OverrideReachTests.Transport, but OverrideReachTests.Courier never sees that binding: OverrideReachTests.Courier is shared and lives with an ancestor injector, and building it there asked that injector for any OverrideReachTests.Transport, through a closure, provider or ObjectFactory that does not declare it.
                  Requested: OverrideReachTests.Courier
                  Bound at: \(FakeTransportModule.line) in OverrideReachTests.FakeTransportModule
                  To fix: declare what that closure or provider needs (binder.bind(T.self, dependencies: …) { … }), so this injector sees it and builds its own OverrideReachTests.Courier, or bind OverrideReachTests.Courier in this injector's modules too.
                """)
        // Nothing half-built stays: the parent still builds its own, and the fix works.
        #expect(try app.getObject(Courier.self).transport is URLSessionTransport)
        let fixed = try app.childInjector(modules: [
            FakeTransportModule(),
            Configure { binder in
                binder.bind(Courier.self, scope: .singleton) { injector in
                    Courier(transport: try injector.getObject((any Transport).self))
                }
            },
        ])
        #expect(try fixed.getObject(Courier.self).transport === FakeTransportModule.fake)
    }

    @Test("await getObject fails loudly too when a closure that declares nothing asks the parent for an override")
    func opaqueClosureAskingForOverrideThrowsAsync() async throws {
        let app = try Injector(modules: [
            NetworkModule(),
            Configure { binder in
                binder.bind(Courier.self, scope: .singleton) { injector in
                    Courier(transport: try injector.getObject((any Transport).self))
                }
            },
        ])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        await #expect(throws: InjectionError.self) { try await test.getObject(Courier.self) }
        #expect(try await app.getObject(Courier.self).transport is URLSessionTransport)
    }

    @Test("a closure that declares nothing fails loudly even when the parent answers it from a singleton it built")
    func opaqueClosureAskingForPublishedSingletonThrows() throws {
        let app = try Injector(modules: [
            NetworkModule(),
            Configure { binder in
                binder.bind(Courier.self, scope: .singleton) { injector in
                    Courier(transport: try injector.getObject(DownloadManager.self).transport)
                }
            },
        ])
        for _ in 0..<4 { _ = try app.getObject(DownloadManager.self) }
        let test = try app.childInjector(modules: [FakeTransportModule()])

        let error = try #require(throws: InjectionError.self) { try test.getObject(Courier.self) }

        #expect(
            error.summary
                == "this injector binds any OverrideReachTests.Transport, but OverrideReachTests.Courier never sees that binding: OverrideReachTests.Courier is shared and lives with an ancestor injector, and building it there asked that injector for OverrideReachTests.DownloadManager, which depends on any OverrideReachTests.Transport, through a closure, provider or ObjectFactory that does not declare it."
        )
        #expect(try app.getObject(Courier.self).transport is URLSessionTransport)
    }

    @Test("a closure that asks for its own type while the parent builds for the child is an error, not a hang")
    func opaqueSelfRequestIsAnError() throws {
        let app = try Injector(modules: [
            NetworkModule(),
            Configure { binder in
                binder.bind(Ledger.self) { injector in try injector.getObject(Ledger.self) }
                binder.bind(Courier.self, scope: .singleton) { injector in
                    _ = try injector.getObject(Ledger.self)
                    return Courier(transport: URLSessionTransport())
                }
            },
        ])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        let viaChild = try #require(throws: InjectionError.self) { try test.getObject(Courier.self) }
        let viaApp = try #require(throws: InjectionError.self) { try app.getObject(Courier.self) }
        #expect(viaChild.kind == .cycle, "\(viaChild)")
        #expect(viaApp.kind == .cycle, "\(viaApp)")
    }

    @Test("a closure that declares nothing may ask the parent for what no override reaches")
    func opaqueClosureAskingForUnrelatedSucceeds() throws {
        let app = try Injector(modules: [
            NetworkModule(),
            Configure { binder in
                binder.bind(Ledger.self, scope: .singleton) { injector in
                    _ = try injector.getObject(Database.self)
                    return Ledger()
                }
            },
        ])
        _ = try app.getObject(Database.self)
        let test = try app.childInjector(modules: [FakeTransportModule()])

        #expect(try test.getObject(Ledger.self) === app.getObject(Ledger.self))
    }

    @Test("a closure that declares nothing and asks for an object that needs the override fails loudly too")
    func opaqueClosureAskingForDependentThrows() throws {
        let app = try Injector(modules: [
            NetworkModule(),
            Configure { binder in
                binder.bind(Courier.self, scope: .singleton) { injector in
                    Courier(transport: try injector.getObject(Monitor.self).transport)
                }
            },
        ])
        let test = try app.childInjector(modules: [FakeTransportModule()])

        let error = try #require(throws: InjectionError.self) { try test.getObject(Courier.self) }

        #expect(
            error.summary
                == "this injector binds any OverrideReachTests.Transport, but OverrideReachTests.Courier never sees that binding: OverrideReachTests.Courier is shared and lives with an ancestor injector, and building it there asked that injector for OverrideReachTests.Monitor, which depends on any OverrideReachTests.Transport, through a closure, provider or ObjectFactory that does not declare it."
        )
    }
}

// MARK: - Fixtures

extension OverrideReachTests {
    private typealias Configure = ModuleFixtures.Configure
    private typealias Counter = ModuleFixtures.Counter

    protocol Transport: AnyObject, Sendable {}

    final class URLSessionTransport: Transport, Injectable { init() {} }

    final class FakeTransport: Transport {}

    /// A singleton that receives the transport in its initializer.
    final class APIClient: Injectable, Sendable {
        static let scope: Scope = .singleton
        let transport: any Transport
        init(transport: any Transport) { self.transport = transport }
        static let initializer = Initializer(dependencies: (any Transport).self) { APIClient(transport: $0) }
    }

    /// A second singleton holding the transport, through `requires`.
    final class DownloadManager: Injectable {
        static let scope: Scope = .singleton
        var transport: (any Transport)!
        static var requires: Requirements { Requirements(\DownloadManager.transport) }
        init() {}
    }

    /// A singleton that needs no transport.
    final class Database: Injectable, Sendable {
        static let scope: Scope = .singleton
        init() {}
    }

    /// A view model: a new one per request.
    final class FeedViewModel: Injectable {
        let api: APIClient
        var downloads: DownloadManager!
        var database: Database!
        init(api: APIClient) { self.api = api }
        static let initializer = Initializer(dependencies: APIClient.self) { FeedViewModel(api: $0) }
        static var requires: Requirements { Requirements(\FeedViewModel.downloads, \.database) }
    }

    /// A singleton that reaches the transport only through another singleton.
    final class SyncService: Injectable {
        static let scope: Scope = .singleton
        var api: APIClient!
        static var requires: Requirements { Requirements(\SyncService.api) }
        init() {}
    }

    final class Uploader: Injectable {
        static let scope: Scope = .singleton
        var transport: (any Transport)!
        static var requires: Requirements { Requirements().named("uploads", \Uploader.transport) }
        init() {}
    }

    final class TransportPool: Injectable {
        static let scope: Scope = .singleton
        var transports: Provider<any Transport>!
        static var requires: Requirements { Requirements(\TransportPool.transports) }
        init() {}
    }

    final class Router: Injectable {
        static let scope: Scope = .singleton
        var factory: ObjectFactory!
        static var requires: Requirements { Requirements(\Router.factory) }
        init() {}
    }

    /// Normal by declaration; the app module makes it weak in one test.
    final class Monitor: Injectable {
        var transport: (any Transport)!
        static var requires: Requirements { Requirements(\Monitor.transport) }
        init() {}
    }

    /// Not Injectable: only closure bindings make one.
    final class Courier: Sendable {
        let transport: any Transport
        init(transport: any Transport) { self.transport = transport }
    }

    final class Ledger: Sendable {}

    @MainActor
    final class FeedStore: MainActorInjectable {
        static var scope: Scope { .singleton }
        var api: APIClient!
        static var requires: Requirements { Requirements(\FeedStore.api) }
        init() {}
    }

    final class SessionClient: Injectable, Sendable {
        static let scope: Scope = .singleton
        let transport: any Transport
        init(transport: any Transport) { self.transport = transport }
        static let initializer = Initializer(dependencies: (any Transport).self) { transport async -> AnyObject in
            await Task.yield()
            return SessionClient(transport: transport)
        }
    }

    struct NetworkModule: Module {
        func configure(_ binder: Binder) {
            binder.bind((any Transport).self, to: URLSessionTransport.self)
            binder.bind((any Transport).self, to: URLSessionTransport.self, named: "uploads")
        }
    }

    struct FakeTransportModule: Module {
        static let fake = FakeTransport()
        static let line = "\(#fileID):\(#line + 2)"
        func configure(_ binder: Binder) {
            binder.bind(Self.fake, as: (any Transport).self)
        }
    }

    /// Object identities seen on several threads.
    final class Identities: @unchecked Sendable {  // `seen` is only touched while holding `lock`
        private let lock = NSLock()
        private var seen: Set<ObjectIdentifier> = []
        func insert(_ object: AnyObject) { lock.withLock { _ = seen.insert(ObjectIdentifier(object)) } }
        var count: Int { lock.withLock { seen.count } }
    }
}
