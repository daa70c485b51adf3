import Instill
import Testing

// MARK: - Fixtures

private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

/// A protocol a nonisolated caller may name, bound to a main-actor type: the compiler
/// cannot see the isolation behind it, so the injector relies on the caller's proof.
private protocol Panel: AnyObject, Sendable {}

@MainActor
private final class MainPanel: Panel, MainActorInjectable {
    init() {}
}

/// A nonisolated service.
private final class Clock: Injectable, Sendable {
    init() {}
}

private func panelModule() -> Bindings {
    Bindings { binder in
        binder.bind((any Panel).self, to: MainPanel.self)
        binder.bind((any Panel).self, to: MainPanel.self, named: "side")
    }
}

/// Runs `body`, a main-actor closure, where another API decides (here: right away).
@MainActor
private func onMainActor<Result>(_ body: @MainActor () throws -> Result) rethrows -> Result {
    try body()
}

/// Synchronous nonisolated code that knows it runs on the main actor.
private func assumingMainActor(_ injector: Injector) throws -> any Panel {
    try MainActor.assumeIsolated { try injector.getObject((any Panel).self) }
}

/// An actor that requests objects from inside its own isolation.
private actor Worker {
    let injector: Injector
    init(injector: Injector) { self.injector = injector }

    func clock() throws -> Clock { try injector.getObject(Clock.self) }

    func panelKind() -> InjectionError.Kind? {
        do {
            _ = try injector.getObject((any Panel).self)
            return nil
        } catch {
            return (error as? InjectionError)?.kind
        }
    }
}

// MARK: - Specification

@Suite("The main-actor proof of a synchronous request comes from the compiler")
struct IsolationProofTests {
    @Test("MainActor.assumeIsolated, a @MainActor task and a @MainActor closure passed on are proofs")
    @MainActor
    func mainActorClosures() async throws {
        let injector = try Injector(modules: [panelModule()])
        let assumed = try assumingMainActor(injector)
        #expect(assumed is MainPanel)
        let fromTask = try await Task { @MainActor in try injector.getObject((any Panel).self) }.value
        #expect(fromTask is MainPanel)
        let passedOn = try onMainActor { try injector.getObject((any Panel).self) }
        #expect(passedOn is MainPanel)
        let fromRun = try await MainActor.run { try injector.getObject((any Panel).self) }
        #expect(fromRun is MainPanel)
    }

    @Test("a @Sendable closure made on the main actor is nonisolated: its request is not on the main actor")
    @MainActor
    func sendableClosureIsNotAProof() throws {
        let injector = try Injector(modules: [panelModule()])
        let body: @Sendable () throws -> any Panel = { try injector.getObject((any Panel).self) }
        #expect(throws: InjectionError.self) { try body() }
        #expect((try? body()) == nil)
    }

    @Test("inside an actor, a request runs on that actor: nonisolated objects yes, main-actor ones no")
    func insideAnActor() async throws {
        let injector = try Injector(modules: [panelModule()])
        let worker = Worker(injector: injector)
        _ = try await worker.clock()
        #expect(await worker.panelKind() == .mainActorRequired)
    }

    @Test("the subscript builds no main-actor object, even from main-actor code, and its fix names getObject")
    @MainActor
    func subscriptRefusesMainActorGraphs() throws {
        let injector = try Injector(modules: [panelModule()])
        var message = ""
        do {
            _ = try injector[(any Panel).self]
        } catch {
            message = String(describing: error)
        }
        #expect(
            message == """
                mainActorRequired: MainPanel is isolated to the main actor, and this request does not run on the main actor.
                  Requested: any Panel
                  To fix: request it with getObject from @MainActor code (`try injector.getObject(...)`; a subscript builds no main-actor object), or inject Provider<MainPanel> and call it on the main actor.
                """)
        #expect(throws: InjectionError.self) { try injector[(any Panel).self, named: "side"] }
        #expect(try injector.getObject((any Panel).self) is MainPanel)
    }

    @Test("the main-actor subscript reads a MainActorInjectable type from main-actor code")
    @MainActor
    func mainActorSubscript() throws {
        let injector = Injector()
        let panel: MainPanel = try injector[MainPanel.self]
        #expect(try injector[MainPanel.self] !== panel)
        let factory = try injector.getObject(ObjectFactory.self)
        _ = try factory.getObject(MainPanel.self)
        _ = try injector[Clock.self]
        _ = try factory.getObject(Clock.self)
    }
}
