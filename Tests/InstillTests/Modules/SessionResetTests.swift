import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

private final class Count: Sendable {
    let atomic = Atomic(0)
    func add() { atomic.add(1, ordering: .relaxed) }
    var value: Int { atomic.load(ordering: .relaxed) }
}

private final class Database: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

private final class Settings: Sendable {
    init() {}
}

private final class Account: Sendable {
    let user: String
    init(user: String) { self.user = user }
}

/// Declares no scope: the session module makes it a singleton per session.
private final class Cart: Injectable {
    var account: Account!
    var database: Database!
    static var requires: Requirements { Requirements(\Cart.account, \.database) }
    init() {}
}

private struct AppModule: Module {
    let configured: Count
    let settings: Settings
    func configure(_ binder: Binder) {
        configured.add()
        binder.bind(settings)
        binder.bind(Account.self, scope: .singleton) { _ in Account(user: "guest") }
    }
}

private struct SessionModule: Module {
    let user: String
    func configure(_ binder: Binder) {
        binder.bind(Account.self, scope: .singleton) { [user] _ in Account(user: user) }
        binder.setScope(.singleton, for: Cart.self)
    }
}

/// A module configured by a closure (the shared fixture).
private typealias Bindings = ModuleFixtures.Configure

@Suite("Resetting shared objects: fresh singletons and a child injector per session")
struct SessionResetTests {
    @Test("withFreshSingletons() builds singletons anew without configuring the modules again")
    func freshSingletons() throws {
        let configured = Count()
        let settings = Settings()
        let injector = try Injector(modules: [AppModule(configured: configured, settings: settings)])
        let database = try injector.getObject(Database.self)
        let account = try injector.getObject(Account.self)

        let fresh = try injector.withFreshSingletons()

        #expect(configured.value == 1)
        #expect(try fresh.getObject(Database.self) !== database)
        #expect(try fresh.getObject(Account.self) !== account)
        #expect(try fresh.getObject(Database.self) === (try fresh.getObject(Database.self)))
        #expect(try fresh.getObject(Settings.self) === settings)
        #expect(try injector.getObject(Database.self) === database)
    }

    @Test("withFreshSingletons() builds eager singletons again at once")
    func freshEagerSingletons() throws {
        let builds = Count()
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(Account.self, scope: .singleton) { _ in
                    builds.add()
                    return Account(user: "eager")
                }
                binder.eagerSingleton(Account.self)
            }
        ])
        #expect(builds.value == 1)

        _ = try injector.withFreshSingletons()

        #expect(builds.value == 2)
    }

    @Test("a child injector per session has its own session singletons and shares the app's")
    func childPerSession() throws {
        let app = try Injector(modules: [AppModule(configured: Count(), settings: Settings())])

        let ann = try app.childInjector(modules: [SessionModule(user: "ann")])
        let bob = try app.childInjector(modules: [SessionModule(user: "bob")])
        let annCart = try ann.getObject(Cart.self)
        let bobCart = try bob.getObject(Cart.self)

        #expect(annCart.account.user == "ann")
        #expect(bobCart.account.user == "bob")
        #expect(try ann.getObject(Cart.self) === annCart)
        #expect(annCart !== bobCart)
        #expect(annCart.database === bobCart.database)
        #expect(try app.getObject(Account.self).user == "guest")
    }

    @Test("a session's singletons are released with its child injector")
    func droppedWithTheChild() throws {
        let app = try Injector(modules: [AppModule(configured: Count(), settings: Settings())])
        weak var cart: Cart?
        weak var account: Account?
        do {
            let session = try app.childInjector(modules: [SessionModule(user: "ann")])
            let built = try session.getObject(Cart.self)
            cart = built
            account = built.account
        }

        #expect(cart == nil)
        #expect(account == nil)
        #expect(try app.getObject(Database.self) === (try app.getObject(Database.self)))
    }

    @Test("a module's set-up after the injector exists (Swinject's Assembly.loaded) is an eager singleton")
    func setUpAfterCreation() throws {
        let ran = Count()
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind(Account.self, scope: .singleton) { _ in Account(user: "ann") }
                // Runs once, when the injector is created, with every binding in place.
                binder.bind(Settings.self, scope: .singleton) { injector in
                    let account = try injector.getObject(Account.self)
                    #expect(account.user == "ann")
                    ran.add()
                    return Settings()
                }
                binder.eagerSingleton(Settings.self)
            }
        ])

        #expect(ran.value == 1)
        _ = try injector.getObject(Settings.self)
        #expect(ran.value == 1)
    }
}
