import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// MARK: - Fixtures: nonisolated services

private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

private protocol WeatherService: Sendable {
    func current() -> Int
}

private final class FixedWeather: WeatherService, Injectable {
    init() {}
    func current() -> Int { 21 }
}

/// A nonisolated, `Sendable` service a main-actor type depends on.
private final class Units: Injectable, Sendable {
    init() {}
    func format(_ degrees: Int) -> String { "\(degrees) °C" }
}

// MARK: - Fixtures: main-actor types

/// Counts builds on the main actor.
@MainActor
private enum Builds {
    static var weatherModels = 0
    static var sessions = 0
    static var screens = 0
}

/// A view model: an initializer dependency, a property requirement, and an awake
/// that touches main-actor state.
@MainActor
private final class WeatherViewModel: MainActorInjectable {
    let service: any WeatherService
    var units: Units!
    var text = ""
    var awakeCount = 0

    init(service: any WeatherService) {
        self.service = service
        Builds.weatherModels += 1
    }

    static let initializer = Initializer(mainActorDependencies: (any WeatherService).self) {
        WeatherViewModel(service: $0)
    }
    static var requires: Requirements { Requirements(\WeatherViewModel.units) }

    func awakeFromInjection() {
        awakeCount += 1
        text = units.format(service.current())
    }
}

/// A main-actor singleton shared by view models.
@MainActor
private final class Session: MainActorInjectable {
    static let scope: Scope = .singleton
    var user = "ada"
    init() { Builds.sessions += 1 }
}

@MainActor
private final class ProfileViewModel: MainActorInjectable {
    var session: Session!
    static var requires: Requirements { Requirements(\ProfileViewModel.session) }
    init() {}
}

@MainActor
private final class SettingsViewModel: MainActorInjectable {
    var session: Session!
    static var requires: Requirements { Requirements(\SettingsViewModel.session) }
    init() {}
}

/// What a nonisolated type may hold: a protocol, here bound to a main-actor type.
private protocol Screen: AnyObject, Sendable {}

@MainActor
private final class MainScreen: Screen, MainActorInjectable {
    init() { Builds.screens += 1 }
}

/// A view controller that a framework builds (a storyboard), filled afterwards.
@MainActor
private final class StoryboardController: MainActorInjectable {
    var model: WeatherViewModel!
    var loaded = false
    static var requires: Requirements { Requirements(\StoryboardController.model) }
    init(storyboard: String) {}
    func awakeFromInjection() { loaded = true }
}

/// A nonisolated singleton that requires a main-actor object directly: only the main
/// actor can build it, so `validate()` flags it.
private final class Coordinator: Injectable, @unchecked Sendable {
    static let scope: Scope = .singleton
    var screen: (any Screen)!
    static var requires: Requirements { Requirements(\Coordinator.screen) }
    init() {}
}

/// The same, deferred through a provider: it may be built anywhere.
private final class DeferredCoordinator: Injectable, @unchecked Sendable {
    static let scope: Scope = .singleton
    var screen: Provider<any Screen>!
    static var requires: Requirements { Requirements(\DeferredCoordinator.screen) }
    init() {}
}

private func screenModule() -> Bindings {
    Bindings { $0.bind((any Screen).self, to: MainScreen.self) }
}

private func weatherModule() -> Bindings {
    Bindings { $0.bind((any WeatherService).self, to: FixedWeather.self) }
}

/// A non-final main-actor base whose key paths the subclass extends, with an observed
/// property: the key paths kept for main-actor types are the runtime's own.
@MainActor
private class BaseScreen: MainActorInjectable {
    var units: Units! {
        didSet { unitsSet += 1 }
    }
    var unitsSet = 0
    class var requires: Requirements { Requirements(\BaseScreen.units) }
    required init() {}
}

@MainActor
private final class DetailScreen: BaseScreen {
    var session: Session!
    override class var requires: Requirements { super.requires + Requirements(\DetailScreen.session) }
}

/// A generic main-actor type.
@MainActor
private final class ListModel<Item: Injectable & Sendable>: MainActorInjectable {
    var first: Item!
    static var requires: Requirements { Requirements(\ListModel<Item>.first) }
    init() {}
}

/// A service whose initializer awaits.
private final class Feed: Injectable, Sendable {
    init() {}
    static let initializer = Initializer(factory: { () async throws -> AnyObject in
        await Task.yield()
        return Feed()
    })
}

/// A main-actor type with an async-built dependency.
@MainActor
private final class FeedScreen: MainActorInjectable {
    var feed: Feed!
    static var requires: Requirements { Requirements(\FeedScreen.feed) }
    init() {}
}

/// Calls a provider from main-actor code, as a view would.
@MainActor
private func showScreen(_ coordinator: DeferredCoordinator) throws -> any Screen {
    try coordinator.screen()
}

/// A request through an unconstrained generic function, as nonisolated library code
/// would make it: the compiler cannot see that `T` is a main-actor type.
private func fetch<T>(_ type: T.Type, from injector: Injector) throws -> T {
    try injector.getObject(type)
}

// MARK: - Specification

@Suite("Main-actor types are injected on the main actor, with Swift 6 checking", .serialized)
struct MainActorInjectionTests {
    @Test("a main-actor view model gets its initializer dependency and its property, then awakes on the main actor")
    @MainActor
    func viewModel() throws {
        let injector = try Injector(modules: [weatherModule()])
        let model = try injector.getObject(WeatherViewModel.self)
        #expect(model.service is FixedWeather)
        #expect(model.units != nil)
        #expect(model.text == "21 °C")
        #expect(model.awakeCount == 1)
        // Warm builds (a compiled plan) give the same.
        for _ in 0..<8 {
            let again = try injector.getObject(WeatherViewModel.self)
            #expect(again !== model)
            #expect(again.text == "21 °C")
            #expect(again.awakeCount == 1)
        }
    }

    @Test("injectDependencies fills a main-actor object that something else built, on the main actor")
    @MainActor
    func injectIntoHandBuilt() throws {
        let injector = try Injector(modules: [weatherModule()])
        let controller = StoryboardController(storyboard: "Main")
        try injector.injectDependencies(into: controller)
        #expect(controller.model.text == "21 °C")
        #expect(controller.loaded)
    }

    @Test("a main-actor singleton is built once, on the main actor, and shared by the view models that require it")
    @MainActor
    func sharedSingleton() throws {
        let before = Builds.sessions
        let injector = Injector()
        let profile = try injector.getObject(ProfileViewModel.self)
        let settings = try injector.getObject(SettingsViewModel.self)
        #expect(profile.session === settings.session)
        #expect(try injector.getObject(Session.self) === profile.session)
        #expect(Builds.sessions == before + 1)
    }

    @Test("a main-actor type asked for off the main actor throws mainActorRequired, and nothing is built")
    func detachedRequest() async throws {
        let injector = try Injector(modules: [screenModule()])
        let before = await MainActor.run { Builds.screens }
        let message = await Task.detached {
            do {
                _ = try injector.getObject((any Screen).self)
                return "built"
            } catch {
                return String(describing: error)
            }
        }.value
        #expect(
            message == """
                mainActorRequired: MainScreen is isolated to the main actor, and this request does not run on the main actor.
                  Requested: any Screen
                  To fix: request it from @MainActor code (a @MainActor function, or `await MainActor.run { ... }`), or inject Provider<MainScreen> and call it on the main actor.
                """)
        #expect(await MainActor.run { Builds.screens } == before)
    }

    @Test("off the main actor, a nonisolated type that requires a main-actor one fails with the chain")
    func detachedRequirement() async throws {
        let injector = try Injector(modules: [screenModule()])
        let error = await Task.detached { () -> InjectionError? in
            do {
                _ = try injector.getObject(Coordinator.self)
                return nil
            } catch {
                return error as? InjectionError
            }
        }.value
        #expect(error?.kind == .mainActorRequired)
        #expect(error?.chain == ["Coordinator.screen"])
    }

    @Test("from the main actor, the same nonisolated type is built, and its main-actor object with it")
    @MainActor
    func nonisolatedHolderOnMainActor() throws {
        let injector = try Injector(modules: [screenModule()])
        let coordinator = try injector.getObject(Coordinator.self)
        #expect(coordinator.screen is MainScreen)
    }

    @Test("a cached main-actor singleton is not handed out off the main actor either")
    func cachedSingletonOffMainActor() async throws {
        let injector = Injector()
        let session = try await MainActor.run { try injector.getObject(Session.self) }
        #expect(try await MainActor.run { try injector.getObject(Session.self) } === session)
        let kind = await Task.detached { () -> InjectionError.Kind? in
            do {
                _ = try fetch(Session.self, from: injector)
                return nil
            } catch {
                return (error as? InjectionError)?.kind
            }
        }.value
        #expect(kind == .mainActorRequired)
    }

    @Test(
        "a Provider defers a main-actor object: the holder is built anywhere, the provider is called on the main actor")
    func providerDefers() async throws {
        let injector = try Injector(modules: [screenModule()])
        let coordinator = try await Task.detached { try injector.getObject(DeferredCoordinator.self) }.value
        let offMain = await Task.detached { () -> InjectionError.Kind? in
            do {
                _ = try coordinator.screen()
                return nil
            } catch {
                return (error as? InjectionError)?.kind
            }
        }.value
        #expect(offMain == .mainActorRequired)
        #expect(try await showScreen(coordinator) is MainScreen)
    }

    @Test(
        "validate() flags a nonisolated singleton that requires a main-actor type directly, not one behind a Provider")
    @MainActor
    func validateFlagsDirectMainActorRequirement() throws {
        let injector = try Injector(modules: [screenModule()])
        let report = injector.validate(roots: [Coordinator.self, DeferredCoordinator.self])
        let problems = report.problems.filter { $0.kind == .mainActorRequired }
        #expect(problems.count == 1)
        #expect(problems.first?.chain == ["Coordinator.screen"])
        #expect(
            problems.first?.description.contains(
                "Coordinator is not isolated to the main actor, and requires MainScreen, which is: only the main actor can build Coordinator."
            ) == true)
    }

    @Test("a non-final main-actor hierarchy, an observed property and a generic main-actor type, cold and warm")
    @MainActor
    func unusualMainActorClasses() throws {
        let injector = Injector()
        for _ in 0..<6 {
            let detail = try injector.getObject(DetailScreen.self)
            #expect(detail.units != nil)
            #expect(detail.session != nil)
            #expect(detail.unitsSet == 1)
            let list = try injector.getObject(ListModel<Units>.self)
            #expect(list.first != nil)
        }
    }

    @Test("await getObject from the main actor builds main-actor types as the synchronous form does")
    @MainActor
    func awaitedFromMainActor() async throws {
        let injector = try Injector(modules: [weatherModule(), screenModule()])
        let model = try await injector.getObject(WeatherViewModel.self)
        #expect(model.text == "21 °C")
        let screen = try await injector.getObject((any Screen).self)
        #expect(screen is MainScreen)
        let coordinator = try await injector.getObject(Coordinator.self)
        #expect(coordinator.screen is MainScreen)
    }

    @Test("a graph mixing main-actor types and async steps is built when awaited from the main actor")
    @MainActor
    func mainActorWithAsyncStep() async throws {
        let injector = Injector()
        let screen = try await injector.getObject(FeedScreen.self)
        #expect(screen.feed != nil)
    }

    @Test("main-actor singletons asked for from many main-actor tasks at once: one instance")
    @MainActor
    func singletonFromManyTasks() async throws {
        let before = Builds.sessions
        let injector = Injector()
        let sessions = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<50 {
                group.addTask { @MainActor in ObjectIdentifier(try injector.getObject(Session.self)) }
            }
            var seen = Set<ObjectIdentifier>()
            for try await id in group { seen.insert(id) }
            return seen
        }
        #expect(sessions.count == 1)
        #expect(Builds.sessions == before + 1)
    }
}
