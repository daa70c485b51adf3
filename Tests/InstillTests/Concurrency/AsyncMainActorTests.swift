import Instill
// Mutex and Atomic: the stand-ins in Support/TestSynchronization.swift
import Testing

// MARK: - Fixtures: a podcast app

private struct Bindings: Module {
    let body: @Sendable (Binder) -> Void
    init(_ body: @escaping @Sendable (Binder) -> Void) { self.body = body }
    func configure(_ binder: Binder) { body(binder) }
}

/// What happened, in order: each test binds its own journal.
private final class Journal: Sendable {
    private let entries = Mutex<[String]>([])
    func record(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
    func count(_ entry: String) -> Int { all.filter { $0 == entry }.count }
}

/// The database: opened by an async initializer, once per injector.
private final class PodcastDatabase: Injectable, Sendable {
    static let scope: Scope = .singleton
    let journal: Journal
    init(journal: Journal) { self.journal = journal }
    static let initializer = Initializer(dependencies: Journal.self) { journal in
        try await Task.sleep(for: .milliseconds(20))
        journal.record("database opened")
        return PodcastDatabase(journal: journal)
    }
}

/// A nonisolated, `Sendable` service over the database.
private final class PodcastService: Injectable, Sendable {
    let database: PodcastDatabase
    init(database: PodcastDatabase) { self.database = database }
    static let initializer = Initializer(dependencies: PodcastDatabase.self) { PodcastService(database: $0) }
}

/// A main-actor object that requires the database directly.
@MainActor
private final class PlayerViewModel: MainActorInjectable {
    var database: PodcastDatabase!
    static var requires: Requirements { Requirements(\PlayerViewModel.database) }
    init() {}
    func awakeFromInjection() {
        MainActor.assertIsolated()
        database.journal.record("player awake")
    }
}

/// The view model of the report: the service by initializer injection, a main-actor
/// requirement, an awake that touches main-actor state.
@MainActor
private final class PodcastListViewModel: MainActorInjectable {
    let service: PodcastService
    var player: PlayerViewModel!
    var title = ""
    init(service: PodcastService) {
        self.service = service
        service.database.journal.record("list init")
    }
    static let initializer = Initializer(mainActorDependencies: PodcastService.self) {
        PodcastListViewModel(service: $0)
    }
    static var requires: Requirements { Requirements(\PodcastListViewModel.player) }
    func awakeFromInjection() {
        MainActor.assertIsolated()
        title = "Podcasts"
        service.database.journal.record("list awake")
    }
}

/// A main-actor singleton constructed before the async step its requirement reaches.
@MainActor
private final class LibraryStore: MainActorInjectable {
    static let scope: Scope = .singleton
    let journal: Journal
    var service: PodcastService!
    init(journal: Journal) {
        self.journal = journal
        journal.record("store init")
    }
    static let initializer = Initializer(mainActorDependencies: Journal.self) { LibraryStore(journal: $0) }
    static var requires: Requirements { Requirements(\LibraryStore.service) }
    func awakeFromInjection() {
        MainActor.assertIsolated()
        journal.record("store awake")
    }
}

/// A main-actor view model over a named service an async closure builds, and a named
/// async provider it calls with arguments, on the main actor.
@MainActor
private final class EpisodeViewModel: MainActorInjectable {
    var feed: (any EpisodeFeed)!
    var greetings: Provider<String>!
    static var requires: Requirements {
        Requirements().named("remote", \EpisodeViewModel.feed).named("greeting", \EpisodeViewModel.greetings)
    }
    init() {}
}

private protocol EpisodeFeed: Sendable {
    var url: String { get }
}

private struct RemoteFeed: EpisodeFeed {
    let url: String
}

/// A nonisolated singleton constructed before the async step its requirement reaches.
private final class Catalog: Injectable, @unchecked Sendable {  // written once, before it is published
    static let scope: Scope = .singleton
    let journal: Journal
    var database: PodcastDatabase!
    init(journal: Journal) {
        self.journal = journal
        journal.record("catalog init")
    }
    static let initializer = Initializer(dependencies: Journal.self) { Catalog(journal: $0) }
    static var requires: Requirements { Requirements(\Catalog.database) }
    func awakeFromInjection() { journal.record("catalog awake") }
}

/// A singleton whose async dependency asks, while it opens, for the singleton that
/// requires it: a cycle, which must not hang on that singleton's claim.
private final class Shelf: Injectable, @unchecked Sendable {  // written once, before it is published
    static let scope: Scope = .singleton
    var index: ShelfIndex!
    static var requires: Requirements { Requirements(\Shelf.index) }
    init() {}
}

private final class ShelfIndex: Injectable, Sendable {
    static let scope: Scope = .singleton
    init() {}
    static let initializer = Initializer(dependencies: ObjectFactory.self) { factory in
        _ = try await factory.getObject(Shelf.self)
        return ShelfIndex()
    }
}

/// A database whose first opening fails, bound per test.
private struct FlakyDatabaseModule: Module {
    let journal: Journal
    let attempts = Atomic<Int>(0)
    func configure(_ binder: Binder) {
        binder.bind(journal)
        binder.bind(PodcastDatabase.self, scope: .singleton) { [attempts, journal] _ in
            try await Task.sleep(for: .milliseconds(30))
            if attempts.add(1, ordering: .relaxed).newValue == 1 { throw DiskFull() }
            journal.record("database opened")
            return PodcastDatabase(journal: journal)
        }
    }
}

private struct DiskFull: Error, CustomStringConvertible {
    var description: String { "the disk is full" }
}

/// Requests from another actor.
private actor Importer {
    func load(_ injector: Injector) async -> String {
        do {
            _ = try await injector.getObject(PodcastListViewModel.self)
            return "built"
        } catch {
            return String(describing: error)
        }
    }
}

/// The synchronous request, as main-actor code that does not await makes it.
@MainActor
private func listSynchronously(_ injector: Injector) throws -> PodcastListViewModel {
    try injector.getObject(PodcastListViewModel.self)
}

/// The identity of the store an `await getObject` made on the main actor returns.
@MainActor
private func storeIdentity(_ injector: Injector) async throws -> ObjectIdentifier {
    ObjectIdentifier(try await injector.getObject(LibraryStore.self))
}

/// The identity of the database under a view model awaited on the main actor.
@MainActor
private func databaseIdentity(_ injector: Injector) async throws -> ObjectIdentifier {
    ObjectIdentifier(try await injector.getObject(PodcastListViewModel.self).service.database)
}

private func podcastInjector(_ journal: Journal) throws -> Injector {
    try Injector(modules: [Bindings { $0.bind(journal) }])
}

// MARK: - Specification

@Suite("await getObject from the main actor builds main-actor types over async resources")
struct AsyncMainActorTests {
    @Test("from @MainActor code, a view model whose service needs an async database is built, the database once")
    @MainActor
    func podcastReproducer() async throws {
        let journal = Journal()
        let injector = try podcastInjector(journal)
        let model = try await injector.getObject(PodcastListViewModel.self)
        #expect(model.title == "Podcasts")
        #expect(model.player.database === model.service.database)
        #expect(journal.all == ["database opened", "list init", "player awake", "list awake"])
        // The database is published: the next request, awaited or not, reuses it.
        let again = try await injector.getObject(PodcastListViewModel.self)
        #expect(again !== model)
        #expect(again.service.database === model.service.database)
        #expect(try listSynchronously(injector).service.database === model.service.database)
        #expect(journal.count("database opened") == 1)
    }

    @Test("a main-actor object built before the async step it reaches is built, filled and awoken once")
    @MainActor
    func constructedBeforeTheStep() async throws {
        let journal = Journal()
        let injector = try podcastInjector(journal)
        let store = try await injector.getObject(LibraryStore.self)
        #expect(store.service != nil)
        #expect(journal.all == ["store init", "database opened", "store awake"])
        #expect(try await injector.getObject(LibraryStore.self) === store)
    }

    @Test("main-actor singleton awaited by many main-actor tasks at once over an async database: one build")
    @MainActor
    func concurrentSingleton() async throws {
        let journal = Journal()
        let injector = try podcastInjector(journal)
        let stores = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<20 {
                group.addTask { try await storeIdentity(injector) }
            }
            var seen = Set<ObjectIdentifier>()
            for try await id in group { seen.insert(id) }
            return seen
        }
        #expect(stores.count == 1)
        #expect(journal.count("database opened") == 1)
        #expect(journal.count("store init") == 1)
        #expect(journal.count("store awake") == 1)
    }

    @Test("view models awaited from several main-actor tasks while the database opens share one database")
    @MainActor
    func concurrentViewModels() async throws {
        let journal = Journal()
        let injector = try podcastInjector(journal)
        let databases = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<10 {
                group.addTask { try await databaseIdentity(injector) }
            }
            var seen = Set<ObjectIdentifier>()
            for try await id in group { seen.insert(id) }
            return seen
        }
        #expect(databases.count == 1)
        #expect(journal.count("database opened") == 1)
        #expect(journal.count("list awake") == 10)
    }

    @Test("a main-actor type over a named async binding, and a named async provider it calls with arguments")
    @MainActor
    func namedWithArguments() async throws {
        let injector = try Injector(modules: [
            Bindings { binder in
                binder.bind((any EpisodeFeed).self, named: "remote") { _ in
                    await Task.yield()
                    return RemoteFeed(url: "https://example.org/feed")
                }
                binder.bind(String.self, named: "greeting", provider: GreetingProvider())
            }
        ])
        let model = try await injector.getObject(EpisodeViewModel.self)
        #expect(model.feed.url == "https://example.org/feed")
        #expect(try await model.greetings(arguments: "listener") == "hello, listener")
        let greeting = try await injector.getObject(String.self, named: "greeting", arguments: "subscriber")
        #expect(greeting == "hello, subscriber")
    }

    @Test("a nonisolated singleton over an async database, awaited from many detached tasks at once: one build")
    func detachedSingleton() async throws {
        let journal = Journal()
        let injector = try podcastInjector(journal)
        let catalogs = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
            for _ in 0..<20 {
                group.addTask { ObjectIdentifier(try await injector.getObject(Catalog.self)) }
            }
            var seen = Set<ObjectIdentifier>()
            for try await id in group { seen.insert(id) }
            return seen
        }
        #expect(catalogs.count == 1)
        #expect(journal.count("catalog init") == 1)
        #expect(journal.count("catalog awake") == 1)
        #expect(journal.count("database opened") == 1)
    }

    @Test("when the request that claimed a main-actor singleton fails, a task waiting for it builds it")
    @MainActor
    func claimGivenUp() async throws {
        let journal = Journal()
        let injector = try Injector(modules: [FlakyDatabaseModule(journal: journal)])
        let first = Task { @MainActor in try await injector.getObject(LibraryStore.self) }
        await Task.yield()
        let second = Task { @MainActor in try await injector.getObject(LibraryStore.self) }
        let failure = await #expect(throws: InjectionError.self) { try await first.value }
        #expect(failure?.kind == .providerFailed)
        let store = try await second.value
        #expect(store.service != nil)
        #expect(try await injector.getObject(LibraryStore.self) === store)
        #expect(journal.count("database opened") == 1)
        #expect(journal.count("store awake") == 1)
    }

    @Test(
        "an async step that asks for the singleton whose requirement it builds is a cycle, not a hang",
        .timeLimit(.minutes(1)))
    func cycleThroughClaim() async throws {
        let injector = Injector()
        let error = await #expect(throws: InjectionError.self) { try await injector.getObject(Shelf.self) }
        #expect(error?.kind == .cycle)
    }

    @Test("from a detached task, the same request throws mainActorRequired naming the view model, and builds nothing")
    func detachedRequest() async throws {
        let journal = Journal()
        let injector = try podcastInjector(journal)
        let message = await Task.detached {
            do {
                _ = try await injector.getObject(PodcastListViewModel.self)
                return "built"
            } catch {
                return String(describing: error)
            }
        }.value
        #expect(
            message == """
                mainActorRequired: PodcastListViewModel is isolated to the main actor, and this `await getObject` was made from nonisolated code (a detached task or a nonisolated function), not from the main actor: only a request made on the main actor builds main-actor objects.
                  Requested: PodcastListViewModel
                  To fix: await the request from @MainActor code (a @MainActor function, or `Task { @MainActor in ... }`), or inject Provider<PodcastListViewModel> and call it on the main actor.
                """)
        #expect(journal.all.isEmpty)
    }

    @Test("from another actor, the error names that actor and the chain to the main-actor type")
    func otherActor() async throws {
        let journal = Journal()
        let injector = try podcastInjector(journal)
        let message = await Importer().load(injector)
        #expect(
            message == """
                mainActorRequired: PodcastListViewModel is isolated to the main actor, and this `await getObject` was made from the actor Importer, not from the main actor: only a request made on the main actor builds main-actor objects.
                  Requested: PodcastListViewModel
                  To fix: await the request from @MainActor code (a @MainActor function, or `Task { @MainActor in ... }`), or inject Provider<PodcastListViewModel> and call it on the main actor.
                """)
    }

    @Test("validate() says which types only an await from @MainActor code builds, and that call builds them")
    @MainActor
    func validateNotes() async throws {
        let journal = Journal()
        let injector = try podcastInjector(journal)
        let report = injector.validate(roots: [PodcastListViewModel.self, PodcastService.self])
        #expect(
            report.description == """
                Validation passed: no problems found.

                Built only by `try await injector.getObject(...)` (async steps): PodcastService, PodcastDatabase.
                Built only by `try await injector.getObject(...)` from @MainActor code (async steps and main-actor types): PodcastListViewModel, PlayerViewModel.
                """)
        #expect(report.typesNeedingAwait.count == 4)
        for type in [PodcastListViewModel.self, PlayerViewModel.self] as [any MainActorInjectable.Type] {
            _ = try await injector.getObject(type)
        }
        _ = try await Task.detached { try await injector.getObject(PodcastService.self) }.value
    }
}

private struct GreetingProvider: AsyncObjectProvider {
    func provide(_ injector: Injector, arguments: InjectionArguments) async throws -> String? {
        await Task.yield()
        return "hello, " + (try arguments.argument(0, as: String.self))
    }
}
