import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// MARK: - Fixtures: a missing and a misnamed dependency

private protocol Mailer: Sendable {}

private struct ConsoleMailer: Mailer {}

private final class Notifier: Injectable, Sendable {
    let mailer: any Mailer
    init(mailer: any Mailer) { self.mailer = mailer }
    static let initializerLine = #line + 1
    static let initializer = Initializer(dependencies: (any Mailer).self) { Notifier(mailer: $0) }
}

private final class Signup: Injectable, Sendable {
    let notifier: Notifier
    init(notifier: Notifier) { self.notifier = notifier }
    static let initializer = Initializer(dependencies: Notifier.self) { Signup(notifier: $0) }
}

private final class Store: Sendable {
    let tier: String
    init(tier: String) { self.tier = tier }
}

private final class Archive: Injectable, Sendable {
    let store: Store
    init(store: Store) { self.store = store }
    static let initializerLine = #line + 1
    static let initializer = Initializer(dependencies: .named("cold", Store.self)) { Archive(store: $0) }
}

private struct ArchiveModule: Module {
    static let bindingLine = #line + 2
    func configure(_ binder: Binder) {
        binder.bind(Store.self, named: "colde") { _ in Store(tier: "cold") }
    }
}

/// A closure binding that declares what it needs.
private final class Report: Sendable {
    let mailer: any Mailer
    init(mailer: any Mailer) { self.mailer = mailer }
}

private struct ReportModule: Module {
    static let bindingLine = #line + 2
    func configure(_ binder: Binder) {
        binder.bind(Report.self, dependencies: (any Mailer).self) { Report(mailer: $0) }
    }
}

private let noMailerFix =
    "bind an implementation in a module: binder.bind((any Mailer).self, to: SomeType.self), or an instance: binder.bind(value, as: (any Mailer).self)."

// MARK: - Fixtures: cycles

private final class Chicken: Injectable, Sendable {
    let egg: Egg
    init(egg: Egg) { self.egg = egg }
    static let initializer = Initializer(dependencies: Egg.self) { Chicken(egg: $0) }
}

private final class Egg: Injectable, Sendable {
    let chicken: Chicken
    init(chicken: Chicken) { self.chicken = chicken }
    static let initializerLine = #line + 1
    static let initializer = Initializer(dependencies: Chicken.self) { Egg(chicken: $0) }
}

/// Two singletons: the pilot requires the plane as a property, the plane takes the
/// pilot in its initializer. From the pilot it resolves; from the plane it cannot.
private final class Pilot: Injectable {
    static let scope: Scope = .singleton
    var plane: Plane!
    static var requires: Requirements { Requirements(\Pilot.plane) }
    init() {}
}

private final class Plane: Injectable {
    static let scope: Scope = .singleton
    let pilot: Pilot
    init(pilot: Pilot) { self.pilot = pilot }
    static let initializer = Initializer(dependencies: Pilot.self) { Plane(pilot: $0) }
}

/// A singleton that keeps a graph-scoped object it receives in its initializer.
private final class Ticket: Injectable, Sendable {
    static let scope: Scope = .graph
    init() {}
}

private final class Turnstile: Injectable, Sendable {
    static let scope: Scope = .singleton
    let ticket: Ticket
    let later: Provider<Ticket>
    init(ticket: Ticket, later: Provider<Ticket>) {
        self.ticket = ticket
        self.later = later
    }
    static let initializerLine = #line + 1
    static let initializer = Initializer(dependencies: Ticket.self, Provider<Ticket>.self) {
        Turnstile(ticket: $0, later: $1)
    }
}

// MARK: - Fixtures: a graph with every kind of dependency

private protocol Database: AnyObject, Sendable {}

private final class MemoryDatabase: Database, Injectable {
    static let scope: Scope = .singleton
    init() {}
}

private protocol Tracer: Sendable {}

private final class AuditLog: Sendable {}

private final class Cart: Injectable {
    init() {}
}

private final class Shop: Injectable {
    let db: any Database
    let audit: AuditLog
    let tracer: (any Tracer)?
    let carts: Provider<Cart>
    var cart: Cart!
    init(db: any Database, audit: AuditLog, tracer: (any Tracer)?, carts: Provider<Cart>) {
        self.db = db
        self.audit = audit
        self.tracer = tracer
        self.carts = carts
    }
    static let initializer = Initializer(
        dependencies: .of((any Database).self), .named("audit", AuditLog.self), .of((any Tracer)?.self),
        .of(Provider<Cart>.self)
    ) { Shop(db: $0, audit: $1, tracer: $2, carts: $3) }
    static var requires: Requirements { Requirements(\Shop.cart) }
}

private struct ShopModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any Database).self, to: MemoryDatabase.self)
        binder.bind(AuditLog.self, named: "audit") { _ in AuditLog() }
    }
}

// MARK: - Fixtures: tracing

private final class Lines: Sendable {
    private let lines = Mutex<[String]>([])
    var all: [String] { lines.withLock { $0 } }
    func append(_ line: String) { lines.withLock { $0.append(line) } }
}

private final class Logger: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
}

private final class Repository: Injectable, Sendable {
    let db: any Database
    let log: Logger
    init(db: any Database, log: Logger) {
        self.db = db
        self.log = log
    }
    static let initializer = Initializer(dependencies: (any Database).self, Logger.self) { Repository(db: $0, log: $1) }
}

// MARK: - Specification

@Suite("Initializer dependencies in diagnostics")
struct InitializerDiagnosticsTests {
    @Suite("A missing binding")
    struct MissingBinding {
        @Test("an unbound initializer dependency names the chain of initializers and where the initializer is declared")
        func unboundDependency() throws {
            let error = try #require(throws: InjectionError.self) { try Injector().getObject(Signup.self) }

            #expect(error.kind == .noBinding)
            #expect(error.chain == ["Signup.init(Notifier)", "Notifier.init(any Mailer)"])
            #expect(
                error.description == """
                    noBinding: nothing is bound to any Mailer, and it cannot be built automatically.
                      Requested: Signup
                      Chain: Signup.init(Notifier) → Notifier.init(any Mailer) (declared at \(#fileID):\(Notifier.initializerLine))
                      To fix: \(noMailerFix)
                    """)
        }

        @Test("validate() reports the same problem, with the same text, without building anything")
        func validateReportsUnboundDependency() throws {
            let runtime = try #require(throws: InjectionError.self) { try Injector().getObject(Signup.self) }

            let report = Injector().validate(roots: [Signup.self])

            #expect(report.problems.count == 1)
            #expect(report.problems.first?.description == runtime.description)
        }

        @Test("a misnamed dependency lists the binding of the same type under another name")
        func misnamedDependency() throws {
            let injector = try Injector(modules: [ArchiveModule()])

            let error = try #require(throws: InjectionError.self) { try injector.getObject(Archive.self) }
            let report = injector.validate(roots: [Archive.self])

            #expect(
                error.description == """
                    noBinding: nothing is bound to Store named "cold", and it cannot be built automatically.
                      Requested: Archive
                      Chain: Archive.init(Store named "cold") (declared at \(#fileID):\(Archive.initializerLine))
                      Bound nearby: closure → Store named "colde" in ArchiveModule (\(#fileID):\(ArchiveModule.bindingLine))
                      To fix: bind it in a module: binder.bind(Store.self, named: "cold") { _ in ... }, or use a name that is bound.
                    """)
            #expect(report.problems.map(\.description) == [error.description])
        }

        @Test("a closure binding's declared dependency is named in the chain and seen by validate()")
        func bindingDependency() throws {
            let injector = try Injector(modules: [ReportModule()])

            let error = try #require(throws: InjectionError.self) { try injector.getObject(Report.self) }
            let report = injector.validate()

            #expect(
                error.description == """
                    noBinding: nothing is bound to any Mailer, and it cannot be built automatically.
                      Requested: Report
                      Chain: Report binding(any Mailer) (declared at \(#fileID):\(ReportModule.bindingLine))
                      To fix: \(noMailerFix)
                    """)
            #expect(report.problems.map(\.description) == [error.description])
            let fixed = try injector.childInjector(modules: [Bound { $0.bind(ConsoleMailer(), as: (any Mailer).self) }])
            #expect(try fixed.getObject(Report.self).mailer is ConsoleMailer)
        }
    }

    @Test("a singleton that takes a graph-scoped object in its initializer is a lifetime mismatch; a Provider is not")
    func lifetimeMismatch() {
        let report = Injector().validate(roots: [Turnstile.self])

        #expect(report.problems.count == 1)
        #expect(report.problems.first?.kind == .lifetimeMismatch)
        #expect(report.problems.first?.chain == ["Turnstile.init(Ticket)"])
        #expect(report.problems.first?.requirementLocation == "\(#fileID):\(Turnstile.initializerLine)")
        #expect(
            report.problems.first?.summary
                == "Turnstile is .singleton but requires Ticket, which is .graph, through Turnstile.init(Ticket): it would keep the first Ticket it gets for as long as it lives."
        )
    }

    @Suite("Cycles")
    struct Cycles {
        @Test("validate() reports a cycle of initializer dependencies with the resolver's text")
        func pureCycle() throws {
            let runtime = try #require(throws: InjectionError.self) { try Injector().getObject(Chicken.self) }

            let report = Injector().validate(roots: [Chicken.self])

            #expect(report.problems.count == 1)
            #expect(report.problems.first?.kind == .cycle)
            #expect(report.problems.first?.summary == runtime.summary)
            #expect(report.problems.first?.fix == runtime.fix)
        }

        @Test(
            "a singleton built with another singleton in its initializer, which points back through a property, resolves from either end"
        )
        func backReferenceThroughProperty() throws {
            let fromPlane = Injector()
            let fromPilot = Injector()

            let plane = try fromPlane.getObject(Plane.self)
            let pilot = try fromPilot.getObject(Pilot.self)

            #expect(plane.pilot.plane === plane)
            #expect(pilot.plane.pilot === pilot)
            #expect(Injector().validate(roots: [Pilot.self]).problems.map(\.summary) == [])
            #expect(Injector().validate(roots: [Plane.self]).problems.map(\.summary) == [])
        }
    }

    @Suite("Graph")
    struct Graph {
        @Test("the text tree shows initializer dependencies first, labelled init, then properties")
        func textTree() throws {
            let graph = try Injector(modules: [ShopModule()]).graph(roots: [Shop.self])

            #expect(
                graph.textTree == """
                    Shop (normal)
                    ├─ init: any Database → MemoryDatabase (singleton)
                    ├─ init: AuditLog "audit" (normal, closure)
                    ├─ init: any Tracer (nil: nothing bound)
                    ├─ init (provider): Cart (normal)
                    └─ cart: Cart (normal)

                    """)
            #expect(graph.edges.filter(\.isDeclaredDependency).map(\.label) == ["init", "init", "init", "init"])
            #expect(graph.edges.filter { !$0.isDeclaredDependency }.map(\.label) == ["bound to", "cart"])
        }

        @Test("the DOT output draws initializer edges with a hollow arrowhead, and Graphviz accepts it")
        func dot() throws {
            let dot = try Injector(modules: [ShopModule()]).graph(roots: [Shop.self]).dot

            #expect(
                dot == #"""
                    digraph Instill {
                        rankdir=LR;
                        node [shape=box, fontname="Helvetica"];
                        edge [fontname="Helvetica", fontsize=10];
                        n0 [label="Shop\nnormal, automatic"];
                        n1 [label="any Database\nsingleton, link", style=dashed];
                        n2 [label="MemoryDatabase\nsingleton, automatic"];
                        n3 [label="AuditLog \"audit\"\nnormal, closure"];
                        n4 [label="any Tracer\nnone"];
                        n5 [label="Cart\nnormal, automatic"];
                        n0 -> n1 [label="init", arrowhead=empty];
                        n1 -> n2 [label="bound to", style="dashed"];
                        n0 -> n3 [label="init\n\"audit\"", style="bold", arrowhead=empty];
                        n0 -> n4 [label="init", arrowhead=empty];
                        n0 -> n5 [label="init", style="dotted", arrowhead=empty];
                        n0 -> n5 [label="cart"];
                    }

                    """#)
            guard let svg = try Graphviz.render(dot) else {
                Issue.record("Graphviz's dot is not on the PATH: checked the DOT text only", severity: .warning)
                return
            }
            #expect(svg.status == 0, "dot -Tsvg failed: \(svg.errors)")
            #expect(svg.output.contains(">init</text>"))
        }

        @Test("the edges of a cycle of initializer dependencies are problems")
        func cycleEdges() {
            let graph = Injector().graph(roots: [Chicken.self])

            #expect(graph.edges.count == 2)
            #expect(graph.edges.allSatisfy { $0.isDeclaredDependency && $0.isInCycle && $0.hasProblem })
        }
    }

    @Test("the tracer names the initializer each dependency is resolved for")
    func tracer() throws {
        let lines = Lines()
        let injector = try Injector(modules: [ShopModule()], tracer: PrintingTracer { lines.append($0) })

        _ = try injector.getObject(Repository.self)

        #expect(
            lines.all == [
                "requested Repository (normal)",
                "  requested any Database (normal) for Repository.init",
                "    requested MemoryDatabase (singleton)",
                "      built MemoryDatabase",
                "      awake MemoryDatabase",
                "  requested Logger (singleton) for Repository.init",
                "    built Logger",
                "    awake Logger",
                "  built Repository",
                "  awake Repository",
            ])
    }
}

/// A module made of a closure.
private struct Bound: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}
