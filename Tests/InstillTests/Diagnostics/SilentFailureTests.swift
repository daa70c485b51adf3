import Instill
import Testing

// Mistakes that used to pass every check and fail later: each is reported before it
// can crash, with a fix that works when followed.

// MARK: - Fixtures: a subclass whose requires Swift never calls

private final class Logger: Injectable {
    init() {}
}

/// Conforms without declaring `class var requires`: the protocol's default answers.
private class BaseController: Injectable {
    required init() {}
}

/// Declares its own `requires`, which Swift never calls through the protocol.
private final class ProfileController: BaseController {
    var logger: Logger!
    class var requires: Requirements { Requirements(\ProfileController.logger) }
}

/// The fix the finding gives.
private class FixedBaseController: Injectable {
    class var requires: Requirements { Requirements() }
    required init() {}
}

private final class FixedProfileController: FixedBaseController {
    var logger: Logger!
    override class var requires: Requirements { super.requires + Requirements(\FixedProfileController.logger) }
}

// MARK: - Fixtures: an override that drops super.requires

private final class Clock: Injectable {
    init() {}
}

private class Screen: Injectable {
    var clock: Clock!
    class var requires: Requirements { Requirements(\Screen.clock) }
    required init() {}
}

private final class SettingsScreen: Screen {
    var logger: Logger!
    override class var requires: Requirements { Requirements(\SettingsScreen.logger) }
}

// MARK: - Fixtures: a forgotten requirement deep in a graph

private final class Database: Injectable {
    init() {}
}

private final class Repository: Injectable {
    var database: Database!
    var logger: Logger!
    static var requires: Requirements { Requirements(\Repository.logger) }
    init() {}
}

private final class Router: Injectable {
    var repository: Repository!
    static var requires: Requirements { Requirements(\Router.repository) }
    init() {}
}

// MARK: - Fixtures: bindings and arguments

private final class Radio: Injectable {
    init() {}
}

private struct OptionalRadioModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Radio?.self) { _ in nil }
    }
}

private final class Engine: Injectable {
    let model: String
    init(model: String) { self.model = model }
    static let initializer = Initializer(defaults: "V8") { arguments in
        Engine(model: try arguments.argument(0, as: String.self))
    }
}

private final class Wiper: Sendable {}

private struct WiperModule: Module {
    func configure(_ binder: Binder) {
        binder.bind(Wiper.self) { _ in Wiper() }
    }
}

// MARK: - Specification

@Suite("Audit of a whole graph")
struct GraphAuditTests {
    @Test("a subclass's requires that Swift never calls is reported with the fix, which works")
    func requiresNeverCalled() throws {
        let injector = Injector()
        let report = try injector.audit(graphOf: ProfileController.self)
        #expect(report.findings.map(\.kind) == [.requiresNotCalled])
        #expect(
            report.findings.first?.description
                == "ProfileController.logger is nil and not listed in any requires Swift calls: BaseController conforms to Injectable without declaring `class var requires`, "
                + "so the protocol's default answers for ProfileController too, and a `class var requires` declared in ProfileController is never called. "
                + "Declare `class var requires: Requirements { Requirements() }` in BaseController and `override class var requires` in ProfileController, starting with `super.requires +` and listing logger."
        )
        #expect(
            injector.audit(try injector.getObject(ProfileController.self)).findings.map(\.kind) == [.requiresNotCalled])
        #expect(try injector.audit(graphOf: FixedProfileController.self).isClean)
    }

    @Test("an override that drops super.requires is reported on the superclass's property")
    func superRequiresDropped() throws {
        let report = try Injector().audit(graphOf: SettingsScreen.self)
        #expect(
            report.findings.map(\.description) == [
                "Screen.clock is nil: Screen.requires lists it, but SettingsScreen overrides requires without it. Start the override with `super.requires +`."
            ])
    }

    @Test("a property forgotten two levels down is found before anything reads it")
    func forgottenDeepInGraph() throws {
        let report = try Injector().audit(graphOf: Router.self)
        #expect(report.typeName == "Router")
        #expect(
            report.findings.map(\.description) == [
                "Repository.database is nil and not listed in requires, though the injector can fill its type (Database): "
                    + "add `\\Repository.database` to `requires`, unless something else sets it later."
            ])
    }
}

@Suite("Bindings that could never be used")
struct OptionalBindingTests {
    @Test("binding an optional type is refused when the injector is created")
    func optionalBindingRefused() throws {
        let error = try #require(throws: InjectionError.self) { try Injector(modules: [OptionalRadioModule()]) }
        #expect(error.kind == .invalidBinding)
        #expect(
            error.summary
                == "Optional<Radio> is bound as an optional type, but requirements of Optional<Radio> look up Radio, so this binding would never be used."
        )
        #expect(
            error.fix
                == "bind Radio instead; a closure binding of Radio that returns nil leaves an optional requirement empty."
        )
        #expect(error.bindingLocation?.hasSuffix("in OptionalRadioModule") == true)
    }
}

@Suite("Arguments nobody reads")
struct UnreadArgumentTests {
    @Test("more arguments than the initializer reads: argumentMismatch with both counts")
    func moreThanRead() throws {
        let injector = Injector()
        let error = try #require(throws: InjectionError.self) {
            try injector.getObject(Engine.self, arguments: "V12", 12)
        }
        #expect(error.kind == .argumentMismatch)
        #expect(error.summary == "Engine reads 1 argument, but 2 arguments were given.")
        #expect(error.fix == "pass only the arguments Engine's Initializer reads, or read every one of them in it.")
        #expect(try injector.getObject(Engine.self, arguments: "V12").model == "V12")
    }

    @Test("arguments for a type without an Initializer: argumentMismatch")
    func noInitializer() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Radio.self, arguments: 1) }
        #expect(error.kind == .argumentMismatch)
        #expect(error.summary == "Radio declares no Initializer, so it reads no arguments, but 1 argument was given.")
    }

    @Test("arguments for a closure binding: argumentMismatch pointing at providers")
    func closure() throws {
        let injector = try Injector(modules: [WiperModule()])
        let error = try #require(throws: InjectionError.self) { try injector.getObject(Wiper.self, arguments: 1) }
        #expect(error.summary == "Wiper is bound to a closure, which reads no arguments, but 1 argument was given.")
        #expect(error.fix.hasPrefix("bind a provider (binder.bind(Wiper.self, provider: ...))"))
    }
}

// MARK: - Fixtures: a child's override under a parent's singleton

private protocol Store: AnyObject {}
private final class RealStore: Store, Injectable {
    init() {}
}
private final class FakeStore: Store, Injectable {
    init() {}
}

/// A singleton bound nowhere: it lives with the root injector.
private final class AppRouter: Injectable {
    static let scope: Scope = .singleton
    var store: (any Store)!
    static var requires: Requirements { Requirements(\AppRouter.store) }
    init() {}
}

/// Built anew by whichever injector is asked.
private final class Screenful: Injectable {
    var router: AppRouter!
    var store: (any Store)!
    static var requires: Requirements { Requirements(\Screenful.router, \.store) }
    init() {}
}

private struct RealStoreModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any Store).self, to: RealStore.self)
    }
}

private struct FakeStoreModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any Store).self, to: FakeStore.self)
    }
}

/// The fix: the child builds its own router.
private struct FakeStoreAndRouterModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any Store).self, to: FakeStore.self)
        binder.bind(AppRouter.self, to: AppRouter.self, scope: .singleton)
    }
}

@Suite("What a child injector's overrides reach")
struct ChildOverrideTests {
    @Test("graph() shows what getObject builds: the child's own router, filled with the child's binding")
    func graphMatchesBuild() throws {
        let app = try Injector(modules: [RealStoreModule()])
        let test = try app.childInjector(modules: [FakeStoreModule()])
        let screen = try test.getObject(Screenful.self)
        #expect(screen.store is FakeStore)
        #expect(screen.router.store is FakeStore)
        #expect(try app.getObject(AppRouter.self).store is RealStore)
        #expect(
            test.graph(roots: [Screenful.self]).textTree == """
                Screenful (normal)
                ├─ router: AppRouter (singleton)
                │  └─ store: any Store → FakeStore (normal)
                └─ store: any Store → FakeStore (normal)

                """)
    }

    @Test("validate() on the child finds no unseen override: the singleton that depends on it is the child's own")
    func validateFindsNoUnseenOverride() throws {
        let app = try Injector(modules: [RealStoreModule()])
        let test = try app.childInjector(modules: [FakeStoreModule()])
        #expect(test.validate(roots: [Screenful.self]).isValid)
        #expect(app.validate(roots: [Screenful.self]).isValid)

        let fixed = try app.childInjector(modules: [FakeStoreAndRouterModule()])
        #expect(fixed.validate(roots: [Screenful.self]).isValid)
        #expect(try fixed.getObject(Screenful.self).router.store is FakeStore)
    }
}
