import Instill
import PodcastsKit

// A podcast app's core, in a target built with Xcode 26's defaults for app targets:
// main-actor isolation by default, nonisolated(nonsending) async functions, and
// inferred isolated conformances (see Package.swift).

/// What the app's screens do, in order. A function rather than top-level code: in
/// top-level code Swift picks the synchronous `getObject` even under `await`.
func run() async throws {
    let app = try AppContainer()

    // From main-actor code, one await builds the list's model: the database opens off
    // the main actor, the model is built on it.
    let list = try await app.injector.getObject(PodcastListViewModel.self)
    await list.load()
    print("Podcasts:", list.titles.joined(separator: ", "))

    list.session.userName = "ada"
    await list.subscribe(to: list.titles[0])
    print("Subscribed:", await list.database.subscribed())

    // The detail screen takes the episode's id; the compiler checks its type.
    let episode = try await app.injector.getObject(EpisodeViewModel.self, argument: EpisodeID(2))
    try await episode.load()
    try await episode.download()
    print("Episode:", episode.title, "- downloaded:", await episode.downloads.downloaded())

    try app.logOut()
    let again = try await app.injector.getObject(PodcastListViewModel.self)
    print("After logging out, signed in as:", again.session.userName ?? "nobody")
}

try await run()
