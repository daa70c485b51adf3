import Instill
import Observation

/// The podcast list screen's model: main-actor state, built by the injector on the
/// main actor, with its services in `let` properties.
@Observable
public final class PodcastListViewModel: MainActorInjectable {
    /// The server API.
    public let api: APIClient
    /// The local store.
    public let database: Database
    /// The signed-in session.
    public let session: Session
    /// The titles shown.
    public private(set) var titles: [String] = []
    /// The last error shown, if any.
    public private(set) var message: String?

    /// A model over its services.
    public init(api: APIClient, database: Database, session: Session) {
        self.api = api
        self.database = database
        self.session = session
    }

    /// The injector resolves the three services, then calls `init` on the main actor.
    public static let initializer = Initializer(mainActor: PodcastListViewModel.init)

    /// Loads the titles.
    public func load() async {
        do {
            titles = try await api.podcasts()
        } catch {
            message = "\(error)"
        }
    }

    /// Subscribes to a podcast.
    public func subscribe(to title: String) async {
        await database.subscribe(to: title)
    }
}
