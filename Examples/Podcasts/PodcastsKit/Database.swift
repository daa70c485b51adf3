import Instill

/// The app's local store, opened asynchronously at launch: its initializer awaits,
/// so only `try await injector.getObject(...)` builds it (and what depends on it).
public actor Database: Injectable {
    private var subscriptions: [String] = []

    private init(path: String) { _ = path }

    /// One database per injector.
    public static let scope: Scope = .singleton

    /// Opens the database; the injector awaits it.
    public static let initializer = Initializer(factory: Database.open)

    /// Opens the store (here an in-memory one, after a suspension, as a file would).
    public static func open() async throws -> Database {
        await Task.yield()
        return Database(path: ":memory:")
    }

    /// An empty in-memory store, made synchronously: what previews bind instead of
    /// opening the real one (``PreviewModule``).
    public static func inMemory() -> Database { Database(path: ":memory:") }

    /// Subscribes to a podcast.
    public func subscribe(to title: String) { subscriptions.append(title) }

    /// The podcasts subscribed to, in order.
    public func subscribed() -> [String] { subscriptions }
}
