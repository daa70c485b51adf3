import Instill
import Observation

/// Which episode a detail screen shows.
public struct EpisodeID: Hashable, Sendable {
    /// The server's number for the episode.
    public let number: Int

    /// The episode numbered `number`.
    public init(_ number: Int) { self.number = number }
}

/// An episode's detail screen: built for one episode, whose id each request passes,
/// checked by the compiler (`getObject(EpisodeViewModel.self, argument: id)`).
@Observable
public final class EpisodeViewModel: MainActorInjectable, TakesArgument {
    /// A request passes the episode's id.
    public typealias Argument = EpisodeID

    /// The episode shown.
    public let episode: EpisodeID
    /// The server API.
    public let api: APIClient
    /// The downloads.
    public let downloads: DownloadManager
    /// The episode's title, once loaded.
    public private(set) var title = ""

    /// A model for `episode`.
    public init(episode: EpisodeID, api: APIClient, downloads: DownloadManager) {
        self.episode = episode
        self.api = api
        self.downloads = downloads
    }

    /// The request's argument first, then the resolved services.
    public static let initializer = Initializer(mainActor: EpisodeViewModel.init, argument: Argument.self)

    /// Loads the title.
    public func load() async throws {
        title = try await api.episode(episode.number)
    }

    /// Downloads the episode.
    public func download() async throws {
        _ = try await downloads.download(episode.number)
    }
}
