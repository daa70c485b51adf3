import Instill
import Testing

// What the injector learns about a main-actor type (its requirements, initializer,
// dependencies and scope) does not depend on which isolation asked first: only
// whether it may build the type now does. Each fixture is generic over a tag, and
// each order of requests uses its own tag, so each order meets types whose
// declarations no request has read yet (the injector reads them once per process).

// MARK: - Fixtures

private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

/// The order of the first requests: off the main actor first, or on it first. Tests
/// run in parallel, so each test has its own pair.
private enum OffMainFirst {}
private enum OnMainFirst {}
private enum HolderUnread {}
private enum HolderRead {}
private enum ProviderUnread {}
private enum ProviderRead {}
private enum LazyUnread {}
private enum LazyRead {}
private enum RootUnread {}
private enum RootRead {}

private protocol Tagged: AnyObject, Sendable {
    var tag: String { get }
}

private final class RealTagged: Tagged, Injectable {
    var tag: String { "real" }
    init() {}
}

private final class FakeTagged: Tagged {
    var tag: String { "fake" }
}

/// A main-actor singleton whose initializer depends on what a test overrides.
@MainActor
private final class TaggedModel<Order>: MainActorInjectable {
    static var scope: Scope { .singleton }
    let tagged: any Tagged
    init(tagged: any Tagged) { self.tagged = tagged }
    static var initializer: Initializer {
        Initializer(mainActorDependencies: (any Tagged).self) { TaggedModel(tagged: $0) }
    }
}

/// A nonisolated singleton that holds the main-actor one behind a provider.
private final class ModelCoordinator<Order>: Injectable, @unchecked Sendable {
    static var scope: Scope { .singleton }
    var models: Provider<TaggedModel<Order>>!
    static var requires: Requirements { fills(Provider<TaggedModel<Order>>.self) { $0.models = $1 } }
    init() {}
}

/// A nonisolated singleton that requires the main-actor one directly.
private final class DirectHolder<Order>: Injectable, @unchecked Sendable {
    static var scope: Scope { .singleton }
    var model: TaggedModel<Order>!
    static var requires: Requirements { fills(TaggedModel<Order>.self) { $0.model = $1 } }
    init() {}
}

private final class Leaf: Injectable {
    init() {}
}

/// A main-actor hierarchy whose subclass adds a requirement.
@MainActor
private class FilledBase<Order>: MainActorInjectable {
    var leaf: Leaf!
    class var requires: Requirements { fills(Leaf.self) { $0.leaf = $1 } }
    required init() {}
}

@MainActor
private final class FilledSub<Order>: FilledBase<Order> {
    var extra: Leaf!
    override class var requires: Requirements { super.requires + fills(Leaf.self) { $0.extra = $1 } }
}

@MainActor
private final class Panel<Order>: MainActorInjectable {
    init() {}
}

/// A nonisolated type whose initializer takes an optional main-actor dependency.
private final class PanelHolder<Order>: Injectable, @unchecked Sendable {
    let panel: Panel<Order>?
    init(panel: Panel<Order>?) { self.panel = panel }
    static var initializer: Initializer { Initializer(dependencies: Panel<Order>?.self) { PanelHolder(panel: $0) } }
}

/// A nonisolated singleton that fills a provider of a main-actor type.
private final class PanelCoordinator<Order>: Injectable, @unchecked Sendable {
    static var scope: Scope { .singleton }
    var panels: Provider<Panel<Order>>!
    static var requires: Requirements { fills(Provider<Panel<Order>>.self) { $0.panels = $1 } }
    init() {}
}

/// The same behind a lazy.
private final class LazyPanelHolder<Order>: Injectable, @unchecked Sendable {
    var panel: Lazy<Panel<Order>>!
    static var requires: Requirements { fills(Lazy<Panel<Order>>.self) { $0.panel = $1 } }
    init() {}
}

// MARK: - What each order of requests sees

/// The app's injector, binding the real service and starting the coordinator, and a
/// test's child that overrides the service.
private func overriddenInjectors<Order>(_: Order.Type) throws -> (app: Injector, test: Injector) {
    let app = try Injector(modules: [
        Bindings {
            $0.bind((any Tagged).self, to: RealTagged.self)
            $0.eagerSingleton(ModelCoordinator<Order>.self)
        }
    ])
    let test = try app.childInjector(modules: [Bindings { $0.bind(FakeTagged(), as: (any Tagged).self) }])
    return (app, test)
}

private struct OverrideAnswers: Equatable {
    /// The child's coordinator is its own, not the app's.
    var coordinatorIsTheChilds = false
    /// What validate() on the child reports off the main actor.
    var problems: [String] = []
    /// What the child's provider throws off the main actor.
    var providerOffMain: InjectionError.Kind?
    /// The service the child's model holds, asked for on the main actor.
    var childTag = ""
    /// The service the child's coordinator's provider builds, on the main actor.
    var providerTag = ""
    /// The service the app's model holds.
    var appTag = ""
}

private func overrideAnswersOffMain<Order: Sendable>(
    _ app: Injector, _ test: Injector, _: Order.Type, into answers: inout OverrideAnswers
) async throws {
    let (isTheChilds, problems, kind) = try await Task.detached {
        let coordinator = try test.getObject(ModelCoordinator<Order>.self)
        let problems = test.validate(roots: [ModelCoordinator<Order>.self]).problems.map(\.description)
        let kind = #expect(throws: InjectionError.self) { try coordinator.models() }?.kind
        return (try coordinator !== app.getObject(ModelCoordinator<Order>.self), problems, kind)
    }.value
    answers.coordinatorIsTheChilds = isTheChilds
    answers.problems = problems
    answers.providerOffMain = kind
}

@MainActor
private func overrideAnswersOnMain<Order>(
    _ app: Injector, _ test: Injector, _: Order.Type, into answers: inout OverrideAnswers
) throws {
    answers.childTag = try test.getObject(TaggedModel<Order>.self).tagged.tag
    answers.providerTag = try test.getObject(ModelCoordinator<Order>.self).models().tagged.tag
    answers.appTag = try app.getObject(TaggedModel<Order>.self).tagged.tag
}

private let expectedOverrideAnswers = OverrideAnswers(
    coordinatorIsTheChilds: true, problems: [], providerOffMain: .mainActorRequired, childTag: "fake",
    providerTag: "fake", appTag: "real")

@MainActor
private func panel<Order>(from injector: Injector, _: Order.Type) throws -> Panel<Order>? {
    try injector.getObject(PanelHolder<Order>.self).panel
}

// MARK: - Specifications

@Suite("What the injector learns about a main-actor type does not depend on which isolation asked first")
struct MainActorFirstLookTests {
    @Test("a child's override reaches a main-actor singleton whose declarations were first met off the main actor")
    func overrideReachesWhenOffMainAsksFirst() async throws {
        let (app, test) = try overriddenInjectors(OffMainFirst.self)
        var answers = OverrideAnswers()
        try await overrideAnswersOffMain(app, test, OffMainFirst.self, into: &answers)
        try await overrideAnswersOnMain(app, test, OffMainFirst.self, into: &answers)
        #expect(answers == expectedOverrideAnswers)
    }

    @Test("a child's override reaches a main-actor singleton whose declarations were first read on the main actor")
    @MainActor
    func overrideReachesWhenMainActorAsksFirst() async throws {
        let (app, test) = try overriddenInjectors(OnMainFirst.self)
        var answers = OverrideAnswers()
        try overrideAnswersOnMain(app, test, OnMainFirst.self, into: &answers)
        try await overrideAnswersOffMain(app, test, OnMainFirst.self, into: &answers)
        #expect(answers == expectedOverrideAnswers)
    }

    @Test(
        "validate() off the main actor reports a nonisolated holder of a main-actor type the same way, read or not")
    func directHolderReportedTheSameEitherWay() async throws {
        let modules = [Bindings { $0.bind((any Tagged).self, to: RealTagged.self) }]
        @Sendable func problems<Order>(_: Order.Type) throws -> [String] {
            try Injector(modules: modules).validate(roots: [DirectHolder<Order>.self]).problems.map(\.summary)
        }
        let unread = try problems(HolderUnread.self)
        _ = try await MainActor.run { try Injector(modules: modules).getObject(TaggedModel<HolderRead>.self) }
        let read = try await Task.detached { try problems(HolderRead.self) }.value
        func held(_ order: String) -> [String] {
            [
                "DirectHolder<\(order)> is not isolated to the main actor, and requires TaggedModel<\(order)>, which is: only the main actor can build DirectHolder<\(order)>."
            ]
        }
        #expect(unread == held("HolderUnread"))
        #expect(read == held("HolderRead"))
    }

    @Test("injectDependencies(into:) on the main actor fills the dynamic type's requirements, built before or not")
    @MainActor
    func injectDependenciesFillsTheDynamicType() throws {
        let first = FilledSub<OffMainFirst>()
        try Injector().injectDependencies(into: first as FilledBase<OffMainFirst>)
        #expect(first.leaf != nil)
        #expect(first.extra != nil)
        _ = try Injector().getObject(FilledSub<OffMainFirst>.self)

        _ = try Injector().getObject(FilledSub<OnMainFirst>.self)
        let second = FilledSub<OnMainFirst>()
        try Injector().injectDependencies(into: second as FilledBase<OnMainFirst>)
        #expect(second.leaf != nil)
        #expect(second.extra != nil)
    }

    @Test(
        "an optional main-actor initializer dependency asked for off the main actor first: mainActorRequired, then built on it"
    )
    func optionalMainActorDependencyOffMainFirst() async throws {
        let injector = Injector()
        for _ in 0..<4 {
            let error = try #require(throws: InjectionError.self) {
                try injector.getObject(PanelHolder<OffMainFirst>.self)
            }
            #expect(error.kind == .mainActorRequired)
        }
        for _ in 0..<4 { #expect(try await panel(from: injector, OffMainFirst.self) != nil) }
    }

    @Test(
        "an optional main-actor initializer dependency asked for on the main actor first: built, then mainActorRequired off it"
    )
    @MainActor
    func optionalMainActorDependencyOnMainFirst() async throws {
        let injector = Injector()
        for _ in 0..<4 { #expect(try panel(from: injector, OnMainFirst.self) != nil) }
        let kinds = await Task.detached {
            (0..<4).map { _ in
                #expect(throws: InjectionError.self) { try injector.getObject(PanelHolder<OnMainFirst>.self) }?.kind
            }
        }.value
        #expect(kinds == Array(repeating: .mainActorRequired, count: 4))
    }

    @Test(
        "a nonisolated singleton that fills a Provider of a main-actor type builds off the main actor, and validate() agrees, read or not"
    )
    func providerHolderValidatesAsItBuilds() async throws {
        @Sendable func offMain<Order>(_: Order.Type) throws -> [String] {
            let injector = Injector()
            let problems = injector.validate(roots: [PanelCoordinator<Order>.self]).problems.map(\.description)
            let coordinator = try injector.getObject(PanelCoordinator<Order>.self)
            let error = #expect(throws: InjectionError.self) { try coordinator.panels() }
            return problems + [error?.description ?? "built"]
        }
        func expected(_ order: String) -> [String] {
            [
                """
                mainActorRequired: Panel<\(order)> is isolated to the main actor, and this request does not run on the main actor.
                  Requested: Panel<\(order)>
                  To fix: call this Provider<Panel<\(order)>> from @MainActor code (`provider()` in a @MainActor function, or in `await MainActor.run { ... }`): there it builds Panel<\(order)>.
                """
            ]
        }
        let unread = try offMain(ProviderUnread.self)
        _ = try await MainActor.run { try Injector().getObject(Panel<ProviderRead>.self) }
        let read = try await Task.detached { try offMain(ProviderRead.self) }.value
        #expect(unread == expected("ProviderUnread"))
        #expect(read == expected("ProviderRead"))
    }

    @Test(
        "a Lazy of a main-actor type read off the main actor says to read it on the main actor, and validate() agrees")
    func lazyReadOffMainActor() async throws {
        @Sendable func offMain<Order>(_: Order.Type) throws -> [String] {
            let injector = Injector()
            let problems = injector.validate(roots: [LazyPanelHolder<Order>.self]).problems.map(\.description)
            let holder = try injector.getObject(LazyPanelHolder<Order>.self)
            let error = #expect(throws: InjectionError.self) { try holder.panel.value }
            return problems + [error?.fix ?? "built"]
        }
        func expected(_ order: String) -> [String] {
            [
                "call this Lazy<Panel<\(order)>> from @MainActor code (`lazy()`, not `lazy.value`, in a @MainActor function, or in `await MainActor.run { ... }`): there it builds Panel<\(order)>."
            ]
        }
        #expect(try offMain(LazyUnread.self) == expected("LazyUnread"))
        _ = try await MainActor.run { try Injector().getObject(Panel<LazyRead>.self) }
        #expect(try await Task.detached { try offMain(LazyRead.self) }.value == expected("LazyRead"))
    }

    @Test("validate() and graph() off the main actor report and draw a main-actor root the same way, read or not")
    func mainActorRootOffMain() async throws {
        let modules = [Bindings { $0.bind((any Tagged).self, to: RealTagged.self) }]
        @Sendable func offMain<Order>(_: Order.Type) throws -> (problems: [String], graph: String) {
            let injector = try Injector(modules: modules)
            let problems = injector.validate(roots: [TaggedModel<Order>.self]).problems.map(\.description)
            return (problems, injector.graph(roots: [TaggedModel<Order>.self]).textTree)
        }
        func expected(_ order: String) -> (problems: [String], graph: String) {
            (
                [
                    """
                    mainActorRequired: TaggedModel<\(order)> is isolated to the main actor, and this request does not run on the main actor.
                      Requested: TaggedModel<\(order)>
                      To fix: request it from @MainActor code (a @MainActor function, or `await MainActor.run { ... }`), or inject Provider<TaggedModel<\(order)>> and call it on the main actor.
                    """
                ],
                "TaggedModel<\(order)> (main actor: its requirements are drawn on the main actor)\n"
            )
        }
        let unread = try offMain(RootUnread.self)
        #expect(unread.problems == expected("RootUnread").problems)
        #expect(unread.graph == expected("RootUnread").graph)
        _ = try await MainActor.run { try Injector(modules: modules).getObject(TaggedModel<RootRead>.self) }
        let read = try await Task.detached { try offMain(RootRead.self) }.value
        #expect(read.problems == expected("RootRead").problems)
        #expect(read.graph == expected("RootRead").graph)
    }
}
