import Instill
import Testing

// A property declared on a type and left out of every declaration compiles, passes
// validate(), and crashes at first use. audit(graphOf:) finds it wherever the graph
// reached the object: through requirements, initializers, or async steps.

// MARK: - Fixtures: a habit tracker wired through initializers

private protocol HabitStore: AnyObject {}
private protocol DateProvider: AnyObject {}

private final class MemoryStore: HabitStore {}
private final class SystemClock: DateProvider {}

private final class StreakCalculator: Injectable {
    let store: any HabitStore
    let clock: any DateProvider
    init(store: any HabitStore, clock: any DateProvider) {
        self.store = store
        self.clock = clock
    }
    static let initializer = Initializer(dependencies: (any HabitStore).self, (any DateProvider).self) {
        StreakCalculator(store: $0, clock: $1)
    }
}

/// Declares `clock` and forgets to list it: nothing fills it.
private final class Reporter: Injectable {
    let calculator: StreakCalculator
    var clock: (any DateProvider)!
    var banner: String?
    init(calculator: StreakCalculator) { self.calculator = calculator }
    static let initializer = Initializer(dependencies: StreakCalculator.self) { Reporter(calculator: $0) }
}

private final class HabitApp: Injectable {
    let reporter: Reporter
    let calculator: StreakCalculator
    init(reporter: Reporter, calculator: StreakCalculator) {
        self.reporter = reporter
        self.calculator = calculator
    }
    static let initializer = Initializer(dependencies: Reporter.self, StreakCalculator.self) {
        HabitApp(reporter: $0, calculator: $1)
    }
}

private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

private let habitModule = Bindings { binder in
    binder.bind(MemoryStore(), as: (any HabitStore).self)
    binder.bind((any DateProvider).self) { _ in SystemClock() }
}

/// The store opened asynchronously, once: the graph has an async step.
private let asyncHabitModule = Bindings { binder in
    binder.bind((any HabitStore).self, scope: .singleton) { _ in
        await Task.yield()
        return MemoryStore()
    }
    binder.bind((any DateProvider).self) { _ in SystemClock() }
}

/// A store built by a closure binding that declares its settings: not `Injectable`.
private final class FileStore: HabitStore {
    let settings: StoreSettings
    init(settings: StoreSettings) { self.settings = settings }
}

private final class StoreSettings: Injectable {
    var clock: (any DateProvider)!
    init() {}
}

private let fileStoreModule = Bindings { binder in
    binder.bind((any HabitStore).self, dependencies: StoreSettings.self) { FileStore(settings: $0) }
    binder.bind((any DateProvider).self) { _ in SystemClock() }
}

// MARK: - Fixtures: objects behind a protocol, filled and left empty

private final class Headlight {}

private protocol Dashboard: AnyObject {}

/// Reached only through an initializer's protocol-typed dependency.
private final class Cockpit: Dashboard, Injectable {
    var light: Headlight?
    var lamp: Headlight?
    static var requires: Requirements { Requirements(\Cockpit.light) }
    init() {}
}

private final class Pilot: Injectable {
    let dashboard: any Dashboard
    init(dashboard: any Dashboard) { self.dashboard = dashboard }
    static let initializer = Initializer(dependencies: (any Dashboard).self) { Pilot(dashboard: $0) }
}

private let cockpitModule = Bindings { binder in
    binder.bind((any Dashboard).self, to: Cockpit.self)
    binder.bind(Headlight.self) { _ in nil }
}

// MARK: - Fixtures: what the injector could fill, and what it could not

private final class Logbook {}
private final class Sticker {}

/// Lists nothing: every `nil` property is unlisted. Only a named binding of `Logbook`.
private final class Glovebox: Injectable {
    var logbook: Logbook?
    var pilots: Provider<Pilot>?
    var factory: ObjectFactory?
    var sticker: Sticker?
    init() {}
}

private let gloveboxModule = Bindings { binder in
    binder.bind(Logbook.self, named: "trip") { _ in Logbook() }
}

// MARK: - Fixtures: a main-actor screen

@MainActor
private final class HabitScreen: MainActorInjectable {
    let app: HabitApp
    init(app: HabitApp) { self.app = app }
    static let initializer = Initializer(mainActorDependencies: HabitApp.self) { HabitScreen(app: $0) }
}

private let forgottenClock =
    "Reporter.clock is nil and not listed in requires, though the injector can fill its type (any DateProvider): "
    + "add `\\Reporter.clock` to `requires`, unless something else sets it later."

// MARK: - Specification

@Suite("A property left out of every declaration")
struct ForgottenPropertyTests {
    @Test("audit(graphOf:) follows initializers and names the forgotten property with the key path to add")
    func forgottenBehindInitializers() throws {
        let injector = try Injector(modules: [habitModule])
        #expect(injector.validate().isValid)

        let report = try injector.audit(graphOf: HabitApp.self)

        #expect(report.findings.map(\.kind) == [.unlisted, .unlisted])
        #expect(
            report.description == """
                HabitApp: 2 nil properties:
                  - \(forgottenClock)
                  - Reporter.banner is nil and not listed in requires: add it to `requires` if the injector should fill it.
                """)
    }

    @Test("objects reached through a protocol-typed initializer dependency are audited: listed but nil, and unlisted")
    func throughProtocolDependency() throws {
        let injector = try Injector(modules: [cockpitModule])

        let report = try injector.audit(graphOf: Pilot.self)

        #expect(
            report.findings.map(\.description) == [
                "Cockpit.light is listed in requires but is nil: inject the object, or bind something that is not nil.",
                "Cockpit.lamp is nil and not listed in requires, though the injector can fill its type (Headlight): "
                    + "add `\\Cockpit.lamp` to `requires`, unless something else sets it later.",
            ])
    }

    @Test(
        "the key path to add is named only when listing it unnamed would fill it: not for a type bound only under a name"
    )
    func fillableTypes() throws {
        let injector = try Injector(modules: [gloveboxModule])

        let report = injector.audit(Glovebox())

        #expect(
            report.findings.map(\.description) == [
                "Glovebox.logbook is nil and not listed in requires: add it to `requires` if the injector should fill it.",
                "Glovebox.pilots is nil and not listed in requires, though the injector can fill its type (Provider<Pilot>): "
                    + "add `\\Glovebox.pilots` to `requires`, unless something else sets it later.",
                "Glovebox.factory is nil and not listed in requires, though the injector can fill its type (ObjectFactory): "
                    + "add `\\Glovebox.factory` to `requires`, unless something else sets it later.",
                "Glovebox.sticker is nil and not listed in requires: add it to `requires` if the injector should fill it.",
            ])
    }

    @Test("what a closure binding declares is audited too, behind an object that is not injectable")
    func throughBindingDependencies() throws {
        let injector = try Injector(modules: [fileStoreModule])

        let report = try injector.audit(graphOf: StreakCalculator.self)

        #expect(
            report.findings.map(\.description) == [
                "StoreSettings.clock is nil and not listed in requires, though the injector can fill its type (any DateProvider): "
                    + "add `\\StoreSettings.clock` to `requires`, unless something else sets it later."
            ])
    }

    @Test("a graph whose properties are all set by initializers is clean")
    func initializersSetEverything() throws {
        let injector = try Injector(modules: [habitModule])
        #expect(try injector.audit(graphOf: StreakCalculator.self).isClean)
    }
}

@Suite("Audit of a graph with async steps")
struct AsyncAuditTests {
    @Test("await audit(graphOf:) builds through the async step and reports the forgotten property")
    func awaitedAudit() async throws {
        let injector = try Injector(modules: [asyncHabitModule])

        let report = try await injector.audit(graphOf: HabitApp.self)

        #expect(report.findings.map(\.description).first == forgottenClock)
    }

    @Test("the synchronous audit of a graph with an async step says to await the audit")
    func synchronousAuditSaysToAwait() throws {
        let injector = try Injector(modules: [asyncHabitModule])

        let error = try #require(throws: InjectionError.self) { try injector.audit(graphOf: HabitApp.self) }

        #expect(error.kind == .asyncRequired)
        #expect(
            error.fix
                == "audit it from async code with `try await injector.audit(graphOf: HabitApp.self)`, which runs the async steps."
        )
    }

    @MainActor
    @Test("from the main actor, audit(graphOf:) builds a main-actor root and audits what it holds")
    func mainActorRoot() throws {
        let injector = try Injector(modules: [habitModule])
        let report = try injector.audit(graphOf: HabitScreen.self)
        #expect(report.typeName == "HabitScreen")
        #expect(report.findings.map(\.description).first == forgottenClock)
    }

    @MainActor
    @Test("from the main actor, await audit(graphOf:) builds a main-actor root through an async step")
    func awaitedMainActorRoot() async throws {
        let injector = try Injector(modules: [asyncHabitModule])
        let report = try await injector.audit(graphOf: HabitScreen.self)
        #expect(report.typeName == "HabitScreen")
        #expect(report.findings.map(\.description).first == forgottenClock)
    }
}
