import Instill
import Testing

// MARK: - Fixtures: a podcast app

/// The argument of the episode screens.
private struct EpisodeID: Hashable, Sendable {
    let value: String
}

private protocol APIClient: Sendable {
    func title(of id: EpisodeID) -> String
}

private struct FakeAPI: APIClient {
    func title(of id: EpisodeID) -> String { "Episode \(id.value)" }
}

private struct Podcasts: Module {
    func configure(_ binder: Binder) {
        binder.bind(FakeAPI(), as: (any APIClient).self)
    }
}

/// The user's report: a main-actor view model that needs the episode id.
@MainActor
private final class EpisodeViewModel: MainActorInjectable, TakesArgument {
    typealias Argument = EpisodeID
    let episodeID: EpisodeID
    let api: any APIClient
    var title = ""
    init(episodeID: EpisodeID, api: any APIClient) {
        self.episodeID = episodeID
        self.api = api
    }
    static let initializer = Initializer(argument: Argument.self, mainActorDependencies: (any APIClient).self) {
        id, api in EpisodeViewModel(episodeID: id, api: api)
    }
    func awakeFromInjection() { title = api.title(of: episodeID) }
}

/// A main-actor type whose initializer takes the argument and nothing else.
@MainActor
private final class PlayerViewModel: MainActorInjectable, TakesArgument {
    typealias Argument = EpisodeID
    let episodeID: EpisodeID
    init(episodeID: EpisodeID) { self.episodeID = episodeID }
    static let initializer = Initializer(mainActorArgument: Argument.self) { PlayerViewModel(episodeID: $0) }
}

/// A main-actor type with a named dependency.
@MainActor
private final class ShareSheet: MainActorInjectable, TakesArgument {
    typealias Argument = EpisodeID
    let text: String
    init(text: String) { self.text = text }
    static let initializer = Initializer(argument: Argument.self, mainActorDependencies: .named("share", String.self)) {
        id, prefix in ShareSheet(text: "\(prefix) \(id.value)")
    }
}

/// The async form with a named dependency.
private final class Subtitles: Injectable, Sendable, TakesArgument {
    typealias Argument = EpisodeID
    let text: String
    init(text: String) { self.text = text }
    static let initializer = Initializer(argument: Argument.self, dependencies: .named("share", String.self)) {
        id, prefix in
        await Task.yield()
        return Subtitles(text: "\(prefix) \(id.value)")
    }
}

/// A main-actor list that requires the detail view model directly: it cannot pass the id.
@MainActor
private final class EpisodeList: MainActorInjectable {
    var detail: EpisodeViewModel!
    static let requiresLine = #line + 1
    static var requires: Requirements { Requirements(\EpisodeList.detail) }
    init() {}
}

/// The fix: a provider, called with the id when a row is tapped.
@MainActor
private final class EpisodeBrowser: MainActorInjectable {
    var details: Provider<EpisodeViewModel>!
    static var requires: Requirements { Requirements(\EpisodeBrowser.details) }
    init() {}
    func open(_ id: EpisodeID) throws -> EpisodeViewModel { try details(argument: id) }
}

/// The plain form: the argument only.
private final class Download: Injectable, Sendable, TakesArgument {
    typealias Argument = String
    let url: String
    init(url: String) { self.url = url }
    static let initializer = Initializer(argument: Argument.self) { Download(url: $0) }
}

/// With dependencies: a bound protocol.
private final class EpisodeLoader: Injectable, Sendable, TakesArgument {
    typealias Argument = EpisodeID
    let id: EpisodeID
    let api: any APIClient
    init(id: EpisodeID, api: any APIClient) {
        self.id = id
        self.api = api
    }
    static let initializer = Initializer(argument: Argument.self, dependencies: (any APIClient).self) { id, api in
        EpisodeLoader(id: id, api: api)
    }
}

private final class Clock: Injectable, Sendable {
    init() {}
}

/// With `Injectable` dependencies, and a tuple for two values.
private final class Chapter: Injectable, Sendable, TakesArgument {
    typealias Argument = (episode: EpisodeID, index: Int)
    let episode: EpisodeID
    let index: Int
    let clock: Clock
    init(episode: EpisodeID, index: Int, clock: Clock) {
        self.episode = episode
        self.index = index
        self.clock = clock
    }
    static let initializer = Initializer(argument: Argument.self, dependencies: Clock.self) { argument, clock in
        Chapter(episode: argument.episode, index: argument.index, clock: clock)
    }
}

/// The async form: the closure awaits.
private final class Transcript: Injectable, Sendable, TakesArgument {
    typealias Argument = EpisodeID
    let text: String
    init(text: String) { self.text = text }
    static let initializer = Initializer(argument: Argument.self) { id in
        await Task.yield()
        return Transcript(text: "transcript of \(id.value)")
    }
}

/// The async form with a dependency.
private final class Artwork: Injectable, Sendable, TakesArgument {
    typealias Argument = EpisodeID
    let url: String
    init(url: String) { self.url = url }
    static let initializer = Initializer(argument: Argument.self, dependencies: (any APIClient).self) { id, api in
        await Task.yield()
        return Artwork(url: "\(api.title(of: id)).png")
    }
}

/// A singleton that takes an argument: the request that builds it decides it.
private final class Session: Injectable, Sendable, TakesArgument {
    typealias Argument = String
    static let scope: Scope = .singleton
    let token: String
    init(token: String) { self.token = token }
    static let initializer = Initializer(argument: Argument.self) { Session(token: $0) }
}

/// A requirement of a nonisolated type that leads to an argument type.
private final class Downloads: Injectable {
    var current: Download!
    static var requires: Requirements { Requirements(\Downloads.current) }
    init() {}
}

/// An initializer dependency that leads to an argument type.
private final class Podcatcher: Injectable, Sendable {
    let download: Download
    init(download: Download) { self.download = download }
    static let initializer = Initializer(dependencies: Download.self) { Podcatcher(download: $0) }
}

/// A type whose `Argument` and initializer disagree: the request is checked against
/// `Argument`, the initializer reads a `String`.
private final class Mislabeled: Injectable, Sendable, TakesArgument {
    typealias Argument = Int
    let label: String
    init(label: String) { self.label = label }
    static let initializer = Initializer(argument: String.self) { Mislabeled(label: $0) }
}

/// The form of the report: `defaults: ""` made a missing id an empty one.
private final class LegacyEpisodeModel: Injectable, Sendable {
    let episodeID: String
    init(episodeID: String) { self.episodeID = episodeID }
    static let initializer = Initializer(defaults: "") { arguments in
        LegacyEpisodeModel(episodeID: try arguments.argument(0, as: String.self))
    }
}

/// The variadic form, unchanged.
private final class Engine: Injectable, Sendable {
    let model: String
    let cylinders: Int
    init(model: String, cylinders: Int) {
        self.model = model
        self.cylinders = cylinders
    }
    static let initializer = Initializer(defaults: "V8", 8) { arguments in
        Engine(model: try arguments.argument(0, as: String.self), cylinders: try arguments.argument(1, as: Int.self))
    }
}

/// Requests a main-actor type from nonisolated async code.
private final class Feed: Sendable {}

private final class FeedReader: Injectable, TakesArgument, Sendable {
    typealias Argument = EpisodeID
    let episodeID: EpisodeID
    let feed: Feed
    init(episodeID: EpisodeID, feed: Feed) {
        self.episodeID = episodeID
        self.feed = feed
    }
    static let initializer = Initializer(argument: Argument.self, dependencies: Feed.self) {
        FeedReader(episodeID: $0, feed: $1)
    }
}

private func openFromBackground(_ injector: Injector, _ id: EpisodeID) async throws -> String {
    let model = try await injector.getObject(EpisodeViewModel.self, argument: id)
    return await model.title
}

// MARK: - Tests

@Suite("Typed runtime arguments")
struct TypedArgumentTests {
    private let missingFix =
        "request it with getObject(EpisodeViewModel.self, argument: ...); an object that builds one holds a Provider<EpisodeViewModel> and calls it with the argument (provider(argument: ...))."

    // MARK: Main actor

    @Test("a main-actor view model gets its argument from a synchronous main-actor request")
    @MainActor
    func mainActorSynchronous() throws {
        let injector = try Injector(modules: [Podcasts()])

        let model = try injector.getObject(EpisodeViewModel.self, argument: EpisodeID(value: "42"))

        #expect(model.episodeID == EpisodeID(value: "42"))
        #expect(model.title == "Episode 42")
    }

    @Test("a main-actor view model gets its argument from an awaited request")
    @MainActor
    func mainActorAwaited() async throws {
        let injector = try Injector(modules: [Podcasts()])

        let model = try await injector.getObject(EpisodeViewModel.self, argument: EpisodeID(value: "7"))

        #expect(model.title == "Episode 7")
    }

    @Test("nonisolated async code asking for a main-actor view model with its argument is told why it cannot have it")
    func mainActorFromBackground() async throws {
        let injector = try Injector(modules: [Podcasts()])

        let error = try await #require(throws: InjectionError.self) {
            try await openFromBackground(injector, EpisodeID(value: "9"))
        }
        #expect(error.kind == .mainActorRequired)
        #expect(
            error.description
                == "mainActorRequired: EpisodeViewModel is isolated to the main actor, and this `await getObject` was made"
                + " from nonisolated code (a detached task or a nonisolated function), not from the main actor: only a"
                + " request made on the main actor builds main-actor objects.\n"
                + "  Requested: EpisodeViewModel\n"
                + "  To fix: await the request from @MainActor code (a @MainActor function, or `Task { @MainActor in ... }`),"
                + " or inject Provider<EpisodeViewModel> and call it on the main actor.")
    }

    @Test("an awaited Provider passes a typed argument to a graph with an async step")
    @MainActor
    func awaitedProviderWithArgument() async throws {
        struct SlowFeed: Module {
            func configure(_ binder: Binder) {
                binder.bind(Feed.self, scope: .singleton) { _ in
                    await Task.yield()
                    return Feed()
                }
            }
        }
        let injector = try Injector(modules: [SlowFeed()])
        let provider = try await injector.getObject(Provider<FeedReader>.self)

        let reader = try await provider(argument: EpisodeID(value: "3"))

        #expect(reader.episodeID.value == "3")
        #expect(reader.feed === (try await injector.getObject(Feed.self)))
    }

    @Test("a main-actor initializer may take the argument and nothing else")
    @MainActor
    func mainActorArgumentOnly() throws {
        let player = try Injector().getObject(PlayerViewModel.self, argument: EpisodeID(value: "1"))

        #expect(player.episodeID.value == "1")
    }

    @Test("a Provider passes a typed argument: each call builds with its own")
    @MainActor
    func providerPassesArgument() throws {
        let injector = try Injector(modules: [Podcasts()])
        let browser = try injector.getObject(EpisodeBrowser.self)

        #expect(try browser.open(EpisodeID(value: "1")).title == "Episode 1")
        #expect(try browser.open(EpisodeID(value: "2")).title == "Episode 2")
        #expect(injector.validate(roots: [EpisodeBrowser.self]).isValid)
    }

    @Test("the forms with named dependencies (Resolved), main actor and async")
    @MainActor
    func namedDependencies() async throws {
        let injector = try Injector(modules: [
            Podcasts(), ModuleFixtures.Configure { $0.bind("Listen to", named: "share") },
        ])

        let sheet = try await injector.getObject(ShareSheet.self, argument: EpisodeID(value: "4"))
        let subtitles = try await injector.getObject(Subtitles.self, argument: EpisodeID(value: "4"))

        #expect(sheet.text == "Listen to 4")
        #expect(subtitles.text == "Listen to 4")
    }

    // MARK: Nonisolated forms

    @Test("the plain form builds from the argument")
    func plainForm() throws {
        let download = try Injector().getObject(Download.self, argument: "https://example.org/1.mp3")

        #expect(download.url == "https://example.org/1.mp3")
    }

    @Test("the form with dependencies receives the argument, then the dependencies")
    func dependenciesForm() throws {
        let injector = try Injector(modules: [Podcasts()])

        let loader = try injector.getObject(EpisodeLoader.self, argument: EpisodeID(value: "3"))
        let chapter = try injector.getObject(Chapter.self, argument: (episode: EpisodeID(value: "3"), index: 2))

        #expect(loader.id.value == "3")
        #expect(loader.api.title(of: loader.id) == "Episode 3")
        #expect(chapter.episode.value == "3" && chapter.index == 2)
    }

    @Test("an ObjectFactory passes the argument")
    func objectFactoryPassesArgument() throws {
        let injector = Injector()
        let factory = try injector.getObject(ObjectFactory.self)

        #expect(try factory.getObject(Download.self, arguments: "a.mp3").url == "a.mp3")
    }

    @Test("the async forms are awaited with their argument")
    func asyncForms() async throws {
        let injector = try Injector(modules: [Podcasts()])

        let transcript = try await injector.getObject(Transcript.self, argument: EpisodeID(value: "5"))
        let artwork = try await injector.getObject(Artwork.self, argument: EpisodeID(value: "5"))

        #expect(transcript.text == "transcript of 5")
        #expect(artwork.url == "Episode 5.png")
    }

    // MARK: A missing argument is an error

    @Test("a request without the argument throws argumentMismatch naming the argument type")
    @MainActor
    func missingArgument() throws {
        let injector = try Injector(modules: [Podcasts()])

        let error = try #require(throws: InjectionError.self) {
            try injector.getObject(EpisodeViewModel.self)
        }

        #expect(error.kind == .argumentMismatch)
        #expect(
            error.description == """
                argumentMismatch: EpisodeViewModel takes an argument (EpisodeID), but none was given.
                  Requested: EpisodeViewModel
                  To fix: \(missingFix)
                """)
    }

    @Test("the async form without the argument throws the same error")
    func missingArgumentAwaited() async throws {
        let error = await #expect(throws: InjectionError.self) {
            try await Injector().getObject(Transcript.self)
        }

        #expect(error?.summary == "Transcript takes an argument (EpisodeID), but none was given.")
    }

    @Test("reached as a requirement, the type is an error with the chain, and a validate() finding")
    @MainActor
    func reachedAsDependency() throws {
        let injector = try Injector(modules: [Podcasts()])

        let error = try #require(throws: InjectionError.self) {
            try injector.getObject(EpisodeList.self)
        }
        let report = injector.validate(roots: [EpisodeList.self])

        #expect(
            error.description == """
                argumentMismatch: EpisodeViewModel takes an argument (EpisodeID), but none was given.
                  Requested: EpisodeList
                  Chain: EpisodeList.detail (declared at \(#fileID):\(EpisodeList.requiresLine))
                  To fix: \(missingFix)
                """)
        #expect(report.problems.map(\.description) == [error.description])
    }

    @Test("reached from a nonisolated requirement, the same finding")
    func reachedFromNonisolatedRequirement() throws {
        let injector = Injector()

        #expect(throws: InjectionError.self) { try injector.getObject(Downloads.self) }
        #expect(
            injector.validate(roots: [Downloads.self]).problems.map(\.summary) == [
                "Download takes an argument (String), but none was given."
            ])
    }

    @Test("reached as an initializer dependency, the same error, with the initializer in the chain")
    func reachedAsInitializerDependency() throws {
        let injector = Injector()

        let error = try #require(throws: InjectionError.self) { try injector.getObject(Podcatcher.self) }
        let found = injector.validate(roots: [Podcatcher.self]).problems

        #expect(error.summary == "Download takes an argument (String), but none was given.")
        #expect(error.chain == ["Podcatcher.init(Download)"])
        #expect(found.map(\.summary) == [error.summary])
        #expect(found.map(\.chain) == [error.chain])
    }

    @Test("graph() shows the argument a type takes")
    @MainActor
    func graphShowsArgument() throws {
        let injector = try Injector(modules: [Podcasts()])

        let graph = injector.graph(roots: [EpisodeList.self])

        #expect(graph.nodes.map(\.argument) == [nil, "EpisodeID", nil])
        #expect(graph.edges.first { $0.label == "detail" }?.hasProblem == true)
        #expect(
            graph.textTree == """
                EpisodeList (normal)
                └─ detail: EpisodeViewModel (normal, argument: EpisodeID)
                   └─ init: any APIClient (normal, instance)

                """)
    }

    @Test("an argument of another type, passed with the variadic form, names both types")
    func mistypedThroughVariadicForm() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Download.self, arguments: 12)
        }

        #expect(
            error.description == """
                argumentMismatch: Download takes an argument of type String, but an Int was given.
                  Requested: Download
                  To fix: pass a String; declare `typealias Argument = String` and conform Download to TakesArgument, so that getObject(Download.self, argument: ...) accepts only that type.
                """)
    }

    @Test("an Argument that disagrees with the initializer's is found at the first request")
    func argumentDisagreesWithInitializer() throws {
        let error = try #require(throws: InjectionError.self) {
            try Injector().getObject(Mislabeled.self, argument: 3)
        }

        #expect(error.summary == "Mislabeled takes an argument of type String, but an Int was given.")
    }

    // MARK: The report

    @Test("defaults: \"\" made a missing id an empty one; the typed form makes it an error")
    func silentDefaultReport() throws {
        let injector = try Injector(modules: [Podcasts()])

        let legacy = try injector.getObject(LegacyEpisodeModel.self)
        #expect(legacy.episodeID == "")  // the bug the user reported

        #expect(throws: InjectionError.self) { try injector.getObject(EpisodeLoader.self) }
    }

    // MARK: Scopes and the variadic form

    @Test("a singleton that takes an argument keeps the first request's; later ones get it, with or without one")
    func singletonKeepsFirstArgument() throws {
        let injector = Injector()
        #expect(throws: InjectionError.self) { try injector.getObject(Session.self) }  // not built yet

        let first = try injector.getObject(Session.self, argument: "token-1")
        let second = try injector.getObject(Session.self, argument: "token-2")
        let third = try injector.getObject(Session.self)

        #expect(first === second && second === third)
        #expect(second.token == "token-1")
    }

    @Test("a .normal type builds a new object per request, each with its argument")
    func normalBuildsPerArgument() throws {
        let injector = Injector()

        let one = try injector.getObject(Download.self, argument: "1")
        let two = try injector.getObject(Download.self, argument: "2")

        #expect(one !== two)
        #expect([one.url, two.url] == ["1", "2"])
    }

    @Test("the variadic form still works, with defaults, and reaches a typed initializer")
    func variadicFormUnchanged() throws {
        let injector = Injector()

        #expect(try injector.getObject(Engine.self).model == "V8")
        #expect(try injector.getObject(Engine.self, arguments: "V12", 12).cylinders == 12)
        #expect(try injector.getObject(Download.self, arguments: "b.mp3").url == "b.mp3")
    }
}
