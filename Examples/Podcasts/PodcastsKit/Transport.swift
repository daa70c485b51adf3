import Instill

/// How the app talks to its server: one call per path.
nonisolated public protocol Transport: Sendable {
    /// The body the server answers for `path`.
    func get(_ path: String) async throws -> [String]
}

/// The production transport. This example has no network, so it answers from a
/// small catalogue, as a server would.
public final class LiveTransport: Transport, Injectable {
    /// A transport; the injector builds it through `init()`.
    public init() {}

    /// The catalogue's answer for `path`.
    public func get(_ path: String) async throws -> [String] {
        switch path {
        case "/podcasts": ["Swift by Night", "Actors in Practice"]
        case "/episodes/1": ["1: Sendable, explained"]
        case "/episodes/2": ["2: The main actor"]
        default: []
        }
    }
}
