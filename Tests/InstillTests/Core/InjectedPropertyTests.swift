import Foundation
import Testing

@testable import Instill

// MARK: - Fixtures

private protocol Terminal: AnyObject, Sendable {
    func write(_ line: String)
}

private final class RecordingTerminal: Terminal, Sendable {
    private let written = LockedBox<[String]>([])
    var lines: [String] { written.withLock { $0 } }
    func write(_ line: String) { written.withLock { $0.append(line) } }
}

private final class Clock: Injectable {
    init() {}
}

private final class Store: Injectable {
    static let scope: Scope = .singleton
    init() {}
}

private final class Logger: Sendable {
    let channel: String
    init(channel: String) { self.channel = channel }
}

/// The habit tracker's root: every dependency declared where the property is.
private final class HabitApp: Injectable {
    @Injected var terminal: any Terminal
    @Injected var clock: Clock
    @Injected var store: Store
    private(set) var terminalAtAwake: (any Terminal)?
    private(set) var awakeCount = 0
    init() {}
    func awakeFromInjection() {
        awakeCount += 1
        terminalAtAwake = terminal
        terminal.write("ready")
    }
}

private struct TerminalModule: Module {
    let terminal: RecordingTerminal
    func configure(_ binder: Binder) {
        binder.bind(terminal, as: (any Terminal).self)
    }
}

/// `requires` and `@Injected` in one type: the key path is filled first.
private final class Journal: Injectable {
    var log: Logger!
    @Injected var clock: Clock
    @Injected var terminal: any Terminal
    private(set) var order: [String] = []
    static var requires: Requirements { Requirements().named("audit", \Journal.log) }
    init() {}
    func awakeFromInjection() { order = [log.channel, String(describing: type(of: clock))] }
}

private final class Wheel: Injectable {
    init() {}
}

private final class Session: Injectable {
    init() {}
}

/// Handles and optionals.
private final class Workshop: Injectable {
    @Injected var wheels: Provider<Wheel>
    @Injected var session: Lazy<Session>
    @Injected var factory: ObjectFactory
    @Injected var spare: (any Terminal)?
    @Injected var clock: Clock?
    init() {}
}

/// A superclass's `@Injected` properties, filled in its subclasses.
private class Screen: Injectable {
    @Injected var clock: Clock
    required init() {}
}

private final class SettingsScreen: Screen {
    @Injected var terminal: any Terminal
}

/// A generic class: each specialization has its own fields.
private final class Holder<Value: AnyObject>: Injectable {
    @Injected var value: Value
    @Injected var clock: Clock
    init() {}
}

/// A plain field named like another class's `@Injected` storage is never written.
private final class LookAlike: Injectable {
    var _clock: Clock? = nil
    @Injected var terminal: any Terminal
    init() {}
}

@MainActor
private final class HabitViewModel: MainActorInjectable {
    @Injected var terminal: any Terminal
    @Injected var clock: Clock
    private(set) var title = ""
    init() {}
    func awakeFromInjection() { title = "ready \(clock === clock)" }
}

/// Singletons that require each other through `@Injected` properties.
private final class Pilot: Injectable {
    static let scope: Scope = .singleton
    @Injected var navigator: Navigator
    private(set) var cycleFilledAtAwake: Bool?
    init() {}
    func awakeFromInjection() { cycleFilledAtAwake = navigator.pilot === self }
}

private final class Navigator: Injectable {
    static let scope: Scope = .singleton
    @Injected var pilot: Pilot
    init() {}
}

/// `.normal` objects that require each other: a cycle error with the whole chain.
private final class Ping: Injectable {
    @Injected var pong: Pong
    init() {}
}

private final class Pong: Injectable {
    @Injected var ping: Ping
    init() {}
}

/// `.graph` objects that require each other.
private final class Left: Injectable {
    static let scope: Scope = .graph
    @Injected var right: Right
    init() {}
}

private final class Right: Injectable {
    static let scope: Scope = .graph
    @Injected var left: Left
    init() {}
}

/// A shared service whose `@Injected` dependency a child injector overrides.
private final class Reporter: Injectable {
    static let scope: Scope = .singleton
    @Injected var terminal: any Terminal
    init() {}
}

/// A dependency reached through an `@Injected` property, with a property someone
/// forgot to declare.
private final class Calculator: Injectable {
    var clock: Clock?
    init() {}
}

private final class Tracker: Injectable {
    @Injected var calculator: Calculator
    init() {}
}

// MARK: - Specification

@Suite("@Injected properties: a dependency declared in one place")
struct InjectedPropertyTests {
    private let terminal = RecordingTerminal()
    private var injector: Injector { get throws { try Injector(modules: [TerminalModule(terminal: terminal)]) } }

    @Test("getObject fills every @Injected property (bound protocols and automatic classes) before the awake")
    func fillsBeforeAwake() throws {
        let app = try injector.getObject(HabitApp.self)

        #expect(app.terminal === terminal)
        #expect(app.terminalAtAwake === terminal)
        #expect(app.awakeCount == 1)
        #expect(terminal.lines == ["ready"])
    }

    @Test("warm builds fill each new object, and a singleton is the same object in each")
    func warmBuilds() throws {
        let injector = try injector
        let apps = try (0..<5).map { _ in try injector.getObject(HabitApp.self) }

        #expect(Set(apps.map { ObjectIdentifier($0) }).count == 5)
        #expect(Set(apps.map { ObjectIdentifier($0.clock) }).count == 5)
        #expect(apps.allSatisfy { $0.store === apps[0].store && $0.terminal === terminal && $0.awakeCount == 1 })
        #expect(try injector.buildsWarm(HabitApp.self))
    }

    @Test("requires and @Injected compose: a named key path beside @Injected properties, requires first")
    func composesWithRequiresAndNamedBindings() throws {
        struct AuditModule: Module {
            func configure(_ binder: Binder) {
                binder.bind(Logger.self, named: "audit") { _ in Logger(channel: "audit") }
            }
        }
        let injector = try Injector(modules: [TerminalModule(terminal: terminal), AuditModule()])

        let journal = try injector.getObject(Journal.self)

        #expect(journal.log.channel == "audit")
        #expect(journal.terminal === terminal)
        #expect(journal.order == ["audit", "Clock"])
        #expect(injector.validate(roots: [Journal.self]).isValid)
    }

    @Test("Provider, Lazy and ObjectFactory properties, and optionals left nil when nothing fills them")
    func handlesAndOptionals() throws {
        struct NilModule: Module {
            func configure(_ binder: Binder) {
                binder.bind((any Terminal).self) { _ in nil }
            }
        }
        let injector = try Injector(modules: [NilModule()])
        let workshop = try injector.getObject(Workshop.self)

        #expect(try workshop.wheels() !== workshop.wheels())
        #expect(try workshop.session() === workshop.session())
        _ = try workshop.factory.getObject(Wheel.self)
        #expect(workshop.spare == nil)
        #expect(workshop.clock != nil)
    }

    @Test("a subclass's instances get its superclass's @Injected properties, superclass first")
    func subclasses() throws {
        let screen = try injector.getObject(SettingsScreen.self)
        let graph = try injector.graph(roots: [SettingsScreen.self]).textTree

        #expect(screen.terminal === terminal)
        _ = screen.clock
        #expect(
            graph == """
                SettingsScreen (normal)
                ├─ clock: Clock (normal)
                └─ terminal: any Terminal (normal, instance)

                """)
    }

    @Test("generic classes, and a plain field named like a wrapper's storage")
    func genericAndLookAlikeFields() throws {
        let holder = try Injector().getObject(Holder<Wheel>.self)
        let lookAlike = try injector.getObject(LookAlike.self)

        _ = holder.value
        _ = holder.clock
        #expect(lookAlike._clock == nil)
        #expect(lookAlike.terminal === terminal)
    }

    @Test("a main-actor type's @Injected properties are filled on the main actor")
    @MainActor
    func mainActorTypes() throws {
        let model = try injector.getObject(HabitViewModel.self)

        #expect(model.terminal === terminal)
        #expect(model.title == "ready true")
    }

    @Test("injectDependencies(into:) fills an object built by hand, then awakes it")
    func injectDependencies() throws {
        let app = HabitApp()

        try injector.injectDependencies(into: app)

        #expect(app.terminal === terminal)
        #expect(app.awakeCount == 1)
    }

    @Test("a child injector's override reaches a shared object that depends on it through @Injected")
    func childOverrides() throws {
        let parent = try injector
        let replacement = RecordingTerminal()
        let child = try parent.childInjector(modules: [TerminalModule(terminal: replacement)])

        #expect(try child.getObject(Reporter.self).terminal === replacement)
        #expect(try parent.getObject(Reporter.self).terminal === terminal)
    }

    @Test("singletons and graph objects that require each other through @Injected resolve, awake after the cycle")
    func sharedCycles() throws {
        let injector = Injector()

        let pilot = try injector.getObject(Pilot.self)
        let left = try injector.getObject(Left.self)

        #expect(pilot.navigator.pilot === pilot)
        #expect(pilot.cycleFilledAtAwake == true)
        #expect(left.right.left === left)
    }

    @Test("a cycle through .normal @Injected properties is an error naming the whole chain")
    func normalCycle() throws {
        let error = try #require(throws: InjectionError.self) { try Injector().getObject(Ping.self) }

        #expect(error.kind == .cycle)
        #expect(
            error.description.hasPrefix(
                """
                cycle: the requirements form a cycle with no singleton, graph or weak-scoped object: Ping.pong → Pong.ping → Ping.
                  Requested: Ping
                  Chain: Ping.pong → Pong.ping
                """))
    }

    @Test("validate() sees @Injected properties before any instance exists, with the chain a key path has")
    func validateBeforeAnyInstance() throws {
        let report = Injector().validate(roots: [HabitApp.self])

        let problem = try #require(report.problems.first)
        #expect(report.problems.count == 1)
        #expect(
            problem.description == """
                noBinding: nothing is bound to any Terminal, and it cannot be built automatically.
                  Requested: HabitApp
                  Chain: HabitApp.terminal
                  To fix: bind an implementation in a module: binder.bind((any Terminal).self, to: SomeType.self), or an instance: binder.bind(value, as: (any Terminal).self).
                """)
        let thrown = try #require(throws: InjectionError.self) { try Injector().getObject(HabitApp.self) }
        #expect(thrown.description == problem.description)
    }

    @Test("graph() draws @Injected edges with their property names")
    func graph() throws {
        #expect(
            try injector.graph(roots: [HabitApp.self]).textTree == """
                HabitApp (normal)
                ├─ terminal: any Terminal (normal, instance)
                ├─ clock: Clock (normal)
                └─ store: Store (singleton)

                """)
    }

    @Test("audit(graphOf:) follows @Injected properties to the objects they hold")
    func auditFollowsInjectedProperties() throws {
        let report = try Injector().audit(graphOf: Tracker.self)

        #expect(report.findings.map(\.property) == ["clock"])
    }

    @Test("audit of a hand-made object names each @Injected property no injector filled, until it is injected")
    func auditOfHandMadeObject() throws {
        let injector = try injector
        let app = HabitApp()

        let report = injector.audit(app)

        // `terminalAtAwake` is set by the awake, which has not run either.
        #expect(report.findings.map(\.kind) == [.injectedButNil, .injectedButNil, .injectedButNil, .unlisted])
        #expect(
            report.findings.first?.description
                == "HabitApp.terminal is @Injected and no injector filled it: get the object from the injector, "
                + "or inject it with `injectDependencies(into:)`.")
        #expect(report.findings.map(\.property) == ["terminal", "clock", "store", "terminalAtAwake"])
        try injector.injectDependencies(into: app)
        #expect(injector.audit(app).isClean)
    }

    @Test("audit of an object with filled @Injected properties finds nothing to report")
    func auditOfFilledObject() throws {
        let injector = try injector

        #expect(injector.audit(try injector.getObject(HabitApp.self)).isClean)
    }

    @Test("reading an @Injected property that no injector filled stops with a message naming it and the fix")
    func unfilledRead() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let app = HabitApp()
            _ = app.terminal
        }

        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(
            output.contains(
                """
                Fatal error: HabitApp.terminal is @Injected and was read before an injector filled it. \
                To fix: get the HabitApp from the injector (try injector.getObject(HabitApp.self)), or call \
                try injector.injectDependencies(into:) on it before reading terminal; the injector fills it after \
                init() returns, so read it in awakeFromInjection() at the earliest, not in init().
                """))
    }

    @Test(
        "the reference engine, and the resolver alone, fill @Injected properties as the accelerated engine does",
        arguments: [("accelerated", Accelerators.all), ("reference", .reference), ("resolver", .resolverOnly)])
    func everyEngine(engine: String, accelerators: Accelerators) throws {
        let injector = try Injector(
            parent: nil, modules: [TerminalModule(terminal: terminal)], tracer: nil, accelerators: accelerators)

        let apps = try (0..<3).map { _ in try injector.getObject(HabitApp.self) }
        let screens = try (0..<3).map { _ in try injector.getObject(SettingsScreen.self) }
        let pilot = try injector.getObject(Pilot.self)
        let handMade = HabitApp()
        try injector.injectDependencies(into: handMade)

        #expect(apps.allSatisfy { $0.terminal === terminal && $0.store === apps[0].store && $0.awakeCount == 1 })
        #expect(screens.allSatisfy { $0.terminal === terminal && $0.clock !== screens[0].clock || $0 === screens[0] })
        #expect(pilot.navigator.pilot === pilot && pilot.cycleFilledAtAwake == true)
        #expect(handMade.terminal === terminal && handMade.awakeCount == 1)
    }

    @Test("threads building at once each get their objects filled, and one shared singleton")
    func concurrentBuilds() throws {
        let injector = try injector
        let stores = LockedBox<[ObjectIdentifier]>([])
        let failures = LockedBox(0)

        onThreads(8) { _ in
            for _ in 0..<50 {
                guard let app = try? injector.getObject(HabitApp.self), app.awakeCount == 1 else {
                    failures.withLock { $0 += 1 }
                    continue
                }
                stores.withLock { $0.append(ObjectIdentifier(app.store)) }
            }
        }

        #expect(failures.withLock { $0 } == 0)
        #expect(Set(stores.withLock { $0 }).count == 1)
    }

    @Test("an optional @Injected property that no injector filled reads nil")
    func unfilledOptionalRead() {
        #expect(Workshop().spare == nil)
    }
}
