import Instill

/// The app's server API: one instance for the whole app, holding its transport in a
/// `let`, so it is `Sendable` and usable from any task.
public final class APIClient: Injectable, Sendable {
    /// What this client sends its requests through.
    public let transport: any Transport

    /// A client over `transport`.
    public init(transport: any Transport) { self.transport = transport }

    /// One client per injector.
    public static let scope: Scope = .singleton

    /// The injector resolves the transport, then calls `init(transport:)`.
    public static let initializer = Initializer(APIClient.init)

    /// The titles of every podcast.
    public func podcasts() async throws -> [String] { try await transport.get("/podcasts") }

    /// The title of an episode.
    public func episode(_ id: Int) async throws -> String {
        try await transport.get("/episodes/\(id)").first ?? "unknown episode \(id)"
    }
}
