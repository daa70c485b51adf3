import Instill
import Testing

@Suite("Closure and provider bindings")
struct ClosureAndProviderTests {
    // MARK: Providers

    @Test("a provider bound to a type builds through the injector, with nested requirements filled")
    func providerBuildsThroughInjector() throws {
        let injector = try Injector(modules: [Configure { $0.bind(Report.self, provider: ReportProvider()) }])

        let report = try injector.getObject(Report.self)

        #expect(report.title == "untitled")
        #expect(report.argumentCount == 0)
        #expect(report.formatter.glossary != nil)
        #expect(report.formatter.glossary.terms == ["DI": "dependency injection"])
    }

    @Test("a provider receives the arguments of the call, exactly as given")
    func providerReceivesArguments() throws {
        let injector = try Injector(modules: [Configure { $0.bind(Report.self, provider: ReportProvider()) }])

        let report = try injector.getObject(Report.self, arguments: "Q3 results", 2026)

        #expect(report.title == "Q3 results")
        #expect(report.argumentCount == 2)
    }

    @Test("a provider filling a requirement receives no arguments")
    func providerForRequirementHasNoArguments() throws {
        let injector = try Injector(modules: [Configure { $0.bind(Report.self, provider: ReportProvider()) }])

        let archive = try injector.getObject(Archive.self)

        #expect(archive.report.title == "untitled")
        #expect(archive.report.argumentCount == 0)
    }

    @Test("a provider bound to a protocol is used for that protocol and its requirements")
    func providerBoundToProtocol() throws {
        let injector = try Injector(modules: [
            Configure { $0.bind((any Renderer).self, provider: RendererProvider()) }
        ])

        let renderer = try injector.getObject((any Renderer).self)
        let loud = try injector.getObject((any Renderer).self, arguments: "LOUD")
        let page = try injector.getObject(Page.self)

        #expect(renderer.render("hi") == "<quiet>hi</quiet>")
        #expect(loud.render("hi") == "<LOUD>hi</LOUD>")
        #expect(page.renderer.render("body") == "<quiet>body</quiet>")
    }

    // MARK: Closures

    @Test("a closure bound to a type receives the injector and builds through it")
    func closureBoundToType() throws {
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind(Report.self) { injector in
                    Report(title: "weekly", argumentCount: -1, formatter: try injector.getObject(Formatter.self))
                }
            }
        ])

        let report = try injector.getObject(Report.self)
        let archive = try injector.getObject(Archive.self)

        #expect(report.title == "weekly")
        #expect(report.formatter.glossary != nil)
        #expect(archive.report.title == "weekly")
        #expect(archive.report !== report)
    }

    @Test("a closure bound to a protocol is used for that protocol and its requirements")
    func closureBoundToProtocol() throws {
        let injector = try Injector(modules: [
            Configure { $0.bind((any Renderer).self) { _ in TagRenderer(tag: "b") } }
        ])

        let renderer = try injector.getObject((any Renderer).self)
        let page = try injector.getObject(Page.self)

        #expect(renderer.render("x") == "<b>x</b>")
        #expect(page.renderer.render("y") == "<b>y</b>")
    }

    @Test("a closure returning nil for an optional requirement leaves the property nil, without error")
    func closureReturningNilForOptionalRequirement() throws {
        let calls = Counter()
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind((any Renderer).self) { _ in
                    calls.increment()
                    return nil
                }
            }
        ])

        let sidebar = try injector.getObject(Sidebar.self)

        #expect(sidebar.renderer == nil)
        #expect(sidebar.fallback == nil)
        #expect(sidebar.isAwake)
        #expect(calls.value == 2)
    }

    @Test("a closure returning nil for a non-optional request throws nilValue")
    func closureReturningNilForRequiredValue() throws {
        let bindingLine = #line + 1
        let injector = try Injector(modules: [Configure { $0.bind((any Renderer).self) { _ in nil } }])

        let error = try #require(throws: InjectionError.self) { try injector.getObject((any Renderer).self) }

        #expect(error.kind == .nilValue)
        #expect(
            error.description == """
                nilValue: the binding of any ClosureAndProviderTests.Renderer returned nil where an any ClosureAndProviderTests.Renderer is required.
                  Requested: any ClosureAndProviderTests.Renderer
                  Bound at: \(#fileID):\(bindingLine) in ModuleFixtures.Configure
                  To fix: return a value from the binding: getObject never returns nil.
                """)
    }

    @Test("a closure or provider that throws fails with providerFailed, wrapping the cause, and caches nothing")
    func throwingBindingFails() throws {
        let attempts = Counter()
        let closureLine = #line + 3
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind((any Renderer).self, scope: .singleton) { _ in
                    attempts.increment()
                    if attempts.value == 1 { throw Outage() }
                    return TagRenderer(tag: "retry")
                }
                binder.bind(Report.self, provider: FailingProvider())
            }
        ])

        let closureError = try #require(throws: InjectionError.self) { try injector.getObject((any Renderer).self) }
        let providerError = try #require(throws: InjectionError.self) { try injector.getObject(Archive.self) }

        #expect(closureError.kind == .providerFailed)
        #expect(closureError.underlyingError is Outage)
        #expect(
            closureError.description == """
                providerFailed: the closure or provider bound to any ClosureAndProviderTests.Renderer threw: the printer is on fire
                  Requested: any ClosureAndProviderTests.Renderer
                  Bound at: InstillTests/ClosureAndProviderTests.swift:\(closureLine) in ModuleFixtures.Configure
                  To fix: make the binding of any ClosureAndProviderTests.Renderer succeed; nothing it started was cached.
                """)
        #expect(providerError.kind == .providerFailed)
        #expect(providerError.chain == ["ClosureAndProviderTests.Archive.report"])
        #expect(
            providerError.summary
                == "the closure or provider bound to ClosureAndProviderTests.Report threw: the printer is on fire")
        #expect(try injector.getObject((any Renderer).self).render("ok") == "<retry>ok</retry>")
        #expect(attempts.value == 2)
    }

    @Test("a provider whose object is not of the bound type fails with instanceDoesNotConform")
    func providerOfWrongType() throws {
        let bindingLine = #line + 2
        let injector = try Injector(modules: [
            Configure { $0.bind((any Ticket).self, provider: RendererProvider()) }
        ])

        let error = try #require(throws: InjectionError.self) { try injector.getObject((any Ticket).self) }

        #expect(error.kind == .instanceDoesNotConform)
        #expect(
            error.description == """
                instanceDoesNotConform: the value bound to any ClosureAndProviderTests.Ticket is a ClosureAndProviderTests.TagRenderer, which does not conform to ClosureAndProviderTests.Ticket.
                  Requested: any ClosureAndProviderTests.Ticket
                  Bound at: InstillTests/ClosureAndProviderTests.swift:\(bindingLine) in ModuleFixtures.Configure
                  To fix: bind a value that is a ClosureAndProviderTests.Ticket, or change the type of the requirement.
                """)
    }

    @Test("a singleton provider uses the arguments of the request that builds it, and ignores later ones")
    func singletonProviderKeepsFirstArguments() throws {
        let injector = try Injector(modules: [
            Configure { $0.bind(Report.self, scope: .singleton, provider: ReportProvider()) }
        ])

        let first = try injector.getObject(Report.self, arguments: "first")
        let second = try injector.getObject(Report.self, arguments: "second", 2)

        #expect(second === first)
        #expect(second.title == "first")
        #expect(second.argumentCount == 1)
    }

    // MARK: Scope of closures and providers

    @Test(
        "closures, providers and types are shared in singleton scope and rebuilt in normal scope",
        arguments: BindingKind.allCases, [Scope.singleton, .normal])
    func scopeOfBinding(kind: BindingKind, scope: Scope) throws {
        let builds = Counter()
        let injector = try Injector(modules: [
            Configure { binder in
                binder.bind(builds)
                switch kind {
                case .closure:
                    binder.bind((any Ticket).self, scope: scope) { injector in
                        try injector.getObject(Stub.self)
                    }
                case .provider:
                    binder.bind((any Ticket).self, scope: scope, provider: StubProvider())
                case .type:
                    binder.bind((any Ticket).self, to: Stub.self, scope: scope)
                }
            }
        ])

        let first = try injector.getObject((any Ticket).self)
        let second = try injector.getObject((any Ticket).self)
        let held = try injector.getObject(Turnstile.self).ticket

        if scope == .singleton {
            #expect(first === second)
            #expect(held === first)
            #expect(builds.value == 1)
        } else {
            #expect(first !== second)
            #expect(held !== first && held !== second)
            #expect(builds.value == 3)
        }
    }
}

// MARK: - Fixtures

extension ClosureAndProviderTests {
    private typealias Configure = ModuleFixtures.Configure
    private typealias Counter = ModuleFixtures.Counter

    private final class Glossary: Injectable {
        let terms = ["DI": "dependency injection"]
        init() {}
    }

    private final class Formatter: Injectable {
        var glossary: Glossary!
        static var requires: Requirements { Requirements(\Formatter.glossary) }
        init() {}
    }

    /// Not Injectable: only its bindings can make one.
    private final class Report {
        let title: String
        let argumentCount: Int
        let formatter: Formatter
        init(title: String, argumentCount: Int, formatter: Formatter) {
            self.title = title
            self.argumentCount = argumentCount
            self.formatter = formatter
        }
    }

    private struct ReportProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> Report? {
            let title = arguments.count > 0 ? try arguments.argument(0, as: String.self) : "untitled"
            return Report(
                title: title, argumentCount: arguments.count, formatter: try injector.getObject(Formatter.self))
        }
    }

    private struct Outage: Error, CustomStringConvertible {
        var description: String { "the printer is on fire" }
    }

    private struct FailingProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> Report? { throw Outage() }
    }

    private final class Archive: Injectable {
        var report: Report!
        static var requires: Requirements { Requirements(\Archive.report) }
        init() {}
    }

    private protocol Renderer: AnyObject {
        func render(_ text: String) -> String
    }

    private final class TagRenderer: Renderer {
        let tag: String
        init(tag: String) { self.tag = tag }
        func render(_ text: String) -> String { "<\(tag)>\(text)</\(tag)>" }
    }

    private struct RendererProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> (any Renderer)? {
            TagRenderer(tag: arguments.count > 0 ? try arguments.argument(0, as: String.self) : "quiet")
        }
    }

    private final class Page: Injectable {
        var renderer: (any Renderer)!
        static var requires: Requirements { Requirements(\Page.renderer) }
        init() {}
    }

    private final class Sidebar: Injectable {
        var renderer: (any Renderer)?
        var fallback: (any Renderer)!
        private(set) var isAwake = false
        static var requires: Requirements { Requirements(\Sidebar.renderer, \.fallback) }
        init() {}
        func awakeFromInjection() { isAwake = true }
    }

    enum BindingKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case closure, provider, type
        var testDescription: String { rawValue }
    }

    private protocol Ticket: AnyObject {}

    /// Counts its builds through the counter bound in the module.
    private final class Stub: Ticket, Injectable {
        var builds: ModuleFixtures.Counter!
        static var requires: Requirements { Requirements(\Stub.builds) }
        init() {}
        func awakeFromInjection() { builds.increment() }
    }

    private struct StubProvider: ObjectProvider {
        func provide(_ injector: Injector, arguments: InjectionArguments) throws -> (any Ticket)? {
            try injector.getObject(Stub.self)
        }
    }

    private final class Turnstile: Injectable {
        var ticket: (any Ticket)!
        static var requires: Requirements { Requirements(\Turnstile.ticket) }
        init() {}
    }
}
