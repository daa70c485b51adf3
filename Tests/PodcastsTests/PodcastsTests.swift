import Instill
import PodcastsKit
import Testing

/// The transport tests use: it answers from memory and records every path asked.
final class FakeTransport: Transport, Injectable {
    private let asked = Recorder()

    init() {}

    func get(_ path: String) async throws -> [String] {
        await asked.record(path)
        return path == "/podcasts" ? ["Fake Podcast"] : ["fake \(path)"]
    }

    /// The paths asked so far.
    func paths() async -> [String] { await asked.paths }
}

actor Recorder {
    private(set) var paths: [String] = []
    func record(_ path: String) { paths.append(path) }
}

struct FakeTransportModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any Transport).self, to: FakeTransport.self)
    }
}

/// The podcast app's core, built with Xcode 26's defaults for app targets: each test
/// is a point of issue 27 ("an app team's first week") or a step of Getting Started.
@Suite("The podcast app's core")
struct PodcastsTests {
    @Test("from main-actor code, one await opens the database off the main actor and builds the list's model on it")
    func listFromMainActor() async throws {
        let app = try AppContainer()
        let list = try await app.injector.getObject(PodcastListViewModel.self)
        await list.load()
        #expect(list.titles == ["Swift by Night", "Actors in Practice"])
        let again = try await app.injector.getObject(PodcastListViewModel.self)
        #expect(again !== list && again.database === list.database && again.api === list.api)
    }

    @Test("a test's child injector overrides the transport under the APIClient singleton: the fake is used")
    func overrideReachesTheSingleton() async throws {
        let app = try AppContainer()
        _ = try await app.injector.getObject(PodcastListViewModel.self)  // the parent's client exists already
        let test = try app.injector.childInjector(modules: [FakeTransportModule()])
        let list = try await test.getObject(PodcastListViewModel.self)
        await list.load()
        #expect(list.titles == ["Fake Podcast"])
        let fake = try #require(list.api.transport as? FakeTransport)
        #expect(await fake.paths() == ["/podcasts"])
        let downloads = try await test.getObject(DownloadManager.self)
        #expect(downloads.transport is FakeTransport)
        #expect(try await app.injector.getObject(APIClient.self).transport is LiveTransport)
    }

    @Test("validate() on the test injector finds nothing: every override reaches, and no live binding is left")
    func testInjectorValidates() throws {
        let test = try AppContainer().injector.testInjector(modules: [FakeTransportModule()])
        let report = test.validate(roots: [PodcastListViewModel.self, DownloadManager.self])
        #expect(report.isValid, "\(report)")
    }

    @Test("a test that forgets to replace the live transport fails, naming it, instead of using the network")
    func forgottenFakeFails() async throws {
        let app = try AppContainer()
        _ = try await app.injector.getObject(PodcastListViewModel.self)  // the app's client exists already
        let test = try app.injector.testInjector(modules: [])  // no FakeTransportModule

        let error = try await #require(throws: InjectionError.self) {
            try await test.getObject(PodcastListViewModel.self)
        }
        #expect(error.kind == .liveBinding)
        #expect(
            error.description
                == """
                liveBinding: any Transport is marked live, and the modules of this test injector do not replace it.
                  Requested: PodcastListViewModel
                  Chain: PodcastListViewModel.init(APIClient) → APIClient.init(any Transport) (declared at PodcastsKit/APIClient.swift:16)
                  Bound at: PodcastsKit/AppModule.swift:11 in AppModule
                  To fix: bind a fake in the test's module: binder.bind(fake, as: (any Transport).self).
                """)
        let report = test.validate(roots: [PodcastListViewModel.self, DownloadManager.self])
        #expect(report.problems.map(\.kind) == [.liveBinding, .liveBinding])
        let holders = report.problems.map { $0.chain.last ?? "" }
        #expect(holders == ["APIClient.init(any Transport)", "DownloadManager.init(any Transport)"])
    }

    @Test("Getting Started: validate(roots:) checks the app's graph without building it")
    func graphIsComplete() throws {
        try Injector(modules: [AppModule()]).validate(roots: [PodcastListViewModel.self]).check()
        let failure = #expect(throws: ValidationReport.self) {
            try Injector().validate(roots: [PodcastListViewModel.self]).check()
        }
        #expect(failure?.description.hasPrefix("Validation failed for ") == true)
    }

    @Test("the same request from a detached task is an error that names the main-actor type and why")
    func detachedRequest() async throws {
        let injector = try AppContainer().injector
        let error = await Task.detached {
            do {
                _ = try await injector.getObject(PodcastListViewModel.self)
                return nil as InjectionError?
            } catch {
                return error as? InjectionError
            }
        }.value
        let thrown = try #require(error)
        #expect(thrown.kind == .mainActorRequired)
        #expect(
            thrown.description
                == "mainActorRequired: PodcastListViewModel is isolated to the main actor, and this `await getObject` was"
                + " made from nonisolated code (a detached task or a nonisolated function), not from the main actor: only"
                + " a request made on the main actor builds main-actor objects.\n"
                + "  Requested: PodcastListViewModel\n"
                + "  To fix: await the request from @MainActor code (a @MainActor function, or `Task { @MainActor in ... }`),"
                + " or inject Provider<PodcastListViewModel> and call it on the main actor.")
    }

    @Test("the episode screen's model takes the episode's id, typed, from main-actor code, with or without await")
    func episodeArgument() async throws {
        let injector = try AppContainer().injector
        let second = try Self.showEpisode(EpisodeID(2), from: injector)
        try await second.load()
        #expect(second.title == "2: The main actor")
        let first = try await injector.getObject(EpisodeViewModel.self, argument: EpisodeID(1))
        try await first.load()
        #expect(first.title == "1: Sendable, explained")
        #expect(first.downloads === second.downloads)
    }

    /// What a list's tap handler does: synchronous main-actor code.
    private static func showEpisode(_ id: EpisodeID, from injector: Injector) throws -> EpisodeViewModel {
        try injector.getObject(EpisodeViewModel.self, argument: id)
    }

    @Test("the episode screen's model asked for without its id is an error saying how to pass it")
    func episodeWithoutArgument() throws {
        let injector = try AppContainer().injector
        let error = try #require(throws: InjectionError.self) { try injector.getObject(EpisodeViewModel.self) }
        #expect(error.kind == .argumentMismatch)
        #expect(
            error.description
                == """
                argumentMismatch: EpisodeViewModel takes an argument (EpisodeID), but none was given.
                  Requested: EpisodeViewModel
                  To fix: request it with getObject(EpisodeViewModel.self, argument: ...); an object that builds one holds a Provider<EpisodeViewModel> and calls it with the argument (provider(argument: ...)).
                """)
    }

    @Test("a preview binds the async database to an instance, so the list's model is built without await")
    func preview() throws {
        let injector = try Injector(modules: [AppModule(), PreviewModule()])
        let list = try injector.getObject(PodcastListViewModel.self)
        #expect(list.database === (try injector.getObject(Database.self)))
    }

    @Test("logging out builds a fresh session; models already shown keep theirs")
    func logOut() async throws {
        let app = try AppContainer()
        let list = try await app.injector.getObject(PodcastListViewModel.self)
        list.session.userName = "ada"
        try app.logOut()
        let again = try await app.injector.getObject(PodcastListViewModel.self)
        #expect(again.session.userName == nil)
        #expect(list.session.userName == "ada")
    }

    @Test("Getting Started: a transport no module binds is an error with the chain and the fix")
    func missingTransport() async throws {
        let injector = Injector()
        let error = try await #require(throws: InjectionError.self) {
            try await injector.getObject(PodcastListViewModel.self)
        }
        #expect(error.kind == .noBinding)
        #expect(
            error.description
                == """
                noBinding: nothing is bound to any Transport, and it cannot be built automatically.
                  Requested: PodcastListViewModel
                  Chain: PodcastListViewModel.init(APIClient) → APIClient.init(any Transport) (declared at PodcastsKit/APIClient.swift:16)
                  To fix: bind an implementation in a module: binder.bind((any Transport).self, to: SomeType.self), or an instance: binder.bind(value, as: (any Transport).self).
                """)
    }
}
